package org.drtstudio.io.image;

import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.scene.TextureImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Textures in the formats artists use beside PNG and JPEG: TGA and BMP (8-bit, sRGB-decoded as a
 * PNG is), Radiance HDR and OpenEXR (linear, kept as they are, values above 1 included); and the
 * header budgets hold for the new formats.
 */
class TextureFormatsTest {
    @TempDir
    Path dir;

    private static BufferedImage picture() {
        BufferedImage img = new BufferedImage(5, 3, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 3; y++) for (int x = 0; x < 5; x++) img.setRGB(x, y, (40 * x) << 16 | (80 * y) << 8 | (x * y * 15));
        return img;
    }

    @Test
    void tgaAndBmpGiveThePngsTexture() throws Exception {
        BufferedImage img = picture();
        Path png = dir.resolve("t.png"), tga = dir.resolve("t.tga"), bmp = dir.resolve("t.bmp");
        assertTrue(ImageIO.write(img, "png", png.toFile()));
        BufferedImage bgr = new BufferedImage(5, 3, BufferedImage.TYPE_3BYTE_BGR);
        bgr.getGraphics().drawImage(img, 0, 0, null);
        assertTrue(ImageIO.write(bgr, "tga", tga.toFile()), "a TGA writer (TwelveMonkeys)");
        assertTrue(ImageIO.write(bgr, "bmp", bmp.toFile()));
        TextureImage expected = TextureLoader.read(png, TextureImage.Encoding.COLOR);
        for (Path p : List.of(tga, bmp)) {
            TextureImage t = TextureLoader.read(p, TextureImage.Encoding.COLOR);
            assertEquals(5, t.width());
            assertArrayEquals(expected.rgb(), t.rgb(), 0f, p.getFileName().toString());
        }
    }

    /**
     * A Radiance picture (8 to 128 texels wide), rows top to bottom, each row run-length encoded as
     * readers expect: 2, 2, the width, then per component one literal run of all its bytes.
     */
    static byte[] radiance(int w, int h, float[] rgb) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " + h + " +X " + w + "\n").getBytes(StandardCharsets.US_ASCII));
        for (int y = 0; y < h; y++) {
            int[][] rgbe = new int[4][w];
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                float r = rgb[3 * i], g = rgb[3 * i + 1], b = rgb[3 * i + 2], m = Math.max(r, Math.max(g, b));
                if (m < 1e-32f) continue;
                int e = Math.getExponent(m) + 1; // m = f * 2^e with f in [0.5, 1)
                double scale = 256.0 / Math.pow(2, e);
                rgbe[0][x] = (int) (r * scale);
                rgbe[1][x] = (int) (g * scale);
                rgbe[2][x] = (int) (b * scale);
                rgbe[3][x] = e + 128;
            }
            out.writeBytes(new byte[] {2, 2, (byte) (w >> 8), (byte) w});
            for (int c = 0; c < 4; c++) {
                out.write(w); // a literal run of w bytes
                for (int x = 0; x < w; x++) out.write(rgbe[c][x]);
            }
        }
        return out.toByteArray();
    }

    @Test
    void radianceHdrAndExrStayLinearAboveOne() throws Exception {
        int w = 8, h = 2;
        float[] rgb = new float[3 * w * h];
        for (int i = 0; i < w * h; i++) {
            rgb[3 * i] = 0.5f * (i + 1);    // up to 4: a sun is far brighter than white
            rgb[3 * i + 1] = 0.25f;
            rgb[3 * i + 2] = 12f * (i % 2);
        }
        Path hdr = dir.resolve("sky.hdr"), exr = dir.resolve("sky.exr");
        Files.write(hdr, radiance(w, h, rgb));
        AtomicFileWriter.write(exr, new ExrPicture(w, h, ExrPicture.Precision.FLOAT).rgba(rgb).body());
        for (Path p : List.of(hdr, exr)) {
            TextureImage t = TextureLoader.read(p, TextureImage.Encoding.COLOR);
            assertEquals(w, t.width());
            assertEquals(h, t.height());
            for (int i = 0; i < w * h; i++) {
                int x = i % w, fileRow = i / w, row = h - 1 - fileRow; // the file's first row is the texture's top
                int o = 3 * (row * w + x);
                float tolerance = p == hdr ? 0.01f * Math.max(1, rgb[3 * i + 2]) : 0f; // RGBE keeps 8 bits of mantissa
                assertEquals(rgb[3 * i], t.rgb()[o], tolerance, p + " red at " + i);
                assertEquals(rgb[3 * i + 1], t.rgb()[o + 1], p == hdr ? 0.01f * Math.max(rgb[3 * i], rgb[3 * i + 2]) : 0f, p + " green");
                assertEquals(rgb[3 * i + 2], t.rgb()[o + 2], tolerance, p + " blue at " + i);
            }
        }
    }

    @Test
    void hdrAndExrHeadersThatLieAreBudgetedBeforeDecoding() throws Exception {
        // a Radiance header claiming 40000x40000 over 16 bytes: read subsampled or refused, one warning, nothing large allocated
        Path hdr = dir.resolve("huge.hdr");
        byte[] head = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 40000 +X 40000\n".getBytes(StandardCharsets.US_ASCII);
        byte[] file = java.util.Arrays.copyOf(head, head.length + 16);
        Files.write(hdr, file);
        List<String> warnings = new ArrayList<>();
        TextureLoader small = new TextureLoader(warnings::add, 1 << 16);
        assertNull(small.load(hdr.toString(), TextureImage.Encoding.COLOR));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("40000x40000"), warnings.get(0));
        // an EXR whose whole decoding would outgrow the budget: refused from its header
        int side = 64;
        Path exr = dir.resolve("big.exr");
        AtomicFileWriter.write(exr, new ExrPicture(side, side, ExrPicture.Precision.HALF).rgba(new float[3 * side * side]).body());
        warnings.clear();
        TextureLoader tiny = new TextureLoader(warnings::add, 1 << 10);
        assertNull(tiny.load(exr.toString(), TextureImage.Encoding.COLOR));
        assertTrue(warnings.get(0).contains("EXR of 64x64 with 4 channels, needs 0 MiB to decode (tinyexr decodes it whole), more than the 0 MiB"),
                warnings.get(0));
        // a cut EXR: one warning, no crash
        byte[] whole = Files.readAllBytes(exr);
        Path cut = dir.resolve("cut.exr");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        warnings.clear();
        assertNull(new TextureLoader(warnings::add).load(cut.toString(), TextureImage.Encoding.COLOR));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("cut.exr: cannot read texture"), warnings.get(0));
    }

    /**
     * Mutated HDR, EXR and TGA files (byte flips, cut files, changed header digits, fixed seed): each
     * is a texture or one warning, never a crash of the native EXR decoder or a hang. Part of the
     * fuzzing of issue 38 (ImporterFuzzTest reaches them through an MTL too, but seldom).
     */
    @Test
    void mutatedHdrExrAndTgaFilesAreTexturesOrOneWarning() throws Exception {
        int w = 8, h = 3;
        float[] rgb = new float[3 * w * h];
        for (int i = 0; i < rgb.length; i++) rgb[i] = 0.3f * i;
        java.io.ByteArrayOutputStream exr = new java.io.ByteArrayOutputStream();
        new ExrPicture(w, h, ExrPicture.Precision.HALF).rgba(rgb).colourLayer("albedo", rgb).body().writeTo(exr);
        java.io.ByteArrayOutputStream tga = new java.io.ByteArrayOutputStream();
        BufferedImage bgr = new BufferedImage(5, 3, BufferedImage.TYPE_3BYTE_BGR);
        bgr.getGraphics().drawImage(picture(), 0, 0, null);
        ImageIO.write(bgr, "tga", tga);
        List<byte[]> seeds = List.of(radiance(w, h, rgb), exr.toByteArray(), tga.toByteArray());
        java.util.Random random = new java.util.Random(38);
        int loaded = 0, warned = 0;
        for (int i = 0; i < 600; i++) {
            byte[] b = seeds.get(i % 3).clone();
            switch (random.nextInt(4)) {
                case 0 -> { for (int k = 0; k < 1 + random.nextInt(8); k++) b[random.nextInt(b.length)] = (byte) random.nextInt(256); }
                case 1 -> b = java.util.Arrays.copyOf(b, random.nextInt(b.length));
                case 2 -> { int at = random.nextInt(Math.min(b.length, 400)); b[at] = (byte) ('0' + random.nextInt(10)); }
                default -> { int at = random.nextInt(b.length); for (int k = at; k < Math.min(b.length, at + 8); k++) b[k] = (byte) 0xff; }
            }
            Path file = dir.resolve("m" + i + (i % 3 == 0 ? ".hdr" : i % 3 == 1 ? ".exr" : ".tga"));
            Files.write(file, b);
            List<String> warnings = new ArrayList<>();
            TextureImage t = new TextureLoader(warnings::add, 1 << 16).load(file.toString(), TextureImage.Encoding.COLOR);
            if (t != null) {
                loaded++;
                for (float v : t.rgb()) assertTrue(v >= 0 && Float.isFinite(v), file + ": a texel that is not a finite radiance");
            } else {
                warned++;
                assertEquals(1, warnings.size(), file + ": " + warnings);
                assertFalse(warnings.get(0).contains("\n"), warnings.get(0));
                // a cut file's end of input or a decoder's fault in the user's words, not a Java class name
                assertFalse(warnings.get(0).contains("Exception") || warnings.get(0).contains("java."), warnings.get(0));
            }
            Files.delete(file);
        }
        assertTrue(loaded > 0 && warned > 0, "both outcomes met: " + loaded + " loaded, " + warned + " refused");
    }
}
