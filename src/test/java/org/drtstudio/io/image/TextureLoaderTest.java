package org.drtstudio.io.image;

import org.drtstudio.scene.TextureImage;
import org.drtstudio.testing.TestData;
import org.drtstudio.testing.TestTextures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class TextureLoaderTest {
    @TempDir
    Path dir;

    @Test
    void colourIsSrgbDecodedAndRowsRunFromTheBottom() throws Exception {
        Path png = TestTextures.rgbPng(dir.resolve("c.png"), new int[][][]{
                {{255, 0, 128}, {10, 20, 30}},    // top row of the picture
                {{0, 64, 255}, {200, 100, 50}}});
        TextureImage t = TextureLoader.read(png, TextureImage.Encoding.COLOR);
        assertEquals(2, t.width());
        assertEquals(2, t.height());
        // Row 0 of the texture is the bottom row of the picture (v = 0).
        assertTexel(t, 0, 0, 0, 64, 255);
        assertTexel(t, 1, 0, 200, 100, 50);
        assertTexel(t, 0, 1, 255, 0, 128);
        assertTexel(t, 1, 1, 10, 20, 30);
    }

    @Test
    void greyPicturesKeepTheirStoredValues() throws Exception {
        // Java's getRGB would brighten a stored 128 to 187 (linear-grey colour space); heights must not move.
        Path png = TestTextures.grayPng(dir.resolve("g.png"), new int[][]{{0, 128, 255}});
        TextureImage height = TextureLoader.read(png, TextureImage.Encoding.HEIGHT);
        assertArrayEquals(new float[]{0, 0, 0, 128 / 255f, 128 / 255f, 128 / 255f, 1, 1, 1}, height.rgb());
        TextureImage colour = TextureLoader.read(png, TextureImage.Encoding.COLOR);
        assertEquals(TestTextures.srgbToLinear(128), colour.rgb()[3], 1e-7);
    }

    @Test
    void heightOfAColourPictureIsItsLuminanceAsStored() throws Exception {
        Path png = TestTextures.rgbPng(dir.resolve("h.png"), new int[][][]{{{255, 0, 0}, {0, 255, 0}, {51, 102, 204}}});
        float[] h = TextureLoader.read(png, TextureImage.Encoding.HEIGHT).rgb();
        assertEquals(0.2126, h[0], 1e-6);
        assertEquals(0.7152, h[3], 1e-6);
        assertEquals((0.2126 * 51 + 0.7152 * 102 + 0.0722 * 204) / 255, h[6], 1e-6);
        assertEquals(h[6], h[7]);
        assertEquals(h[6], h[8]);
    }

    @Test
    void palettePicturesAndJpegsAreRead() throws Exception {
        BufferedImage indexed = new BufferedImage(2, 1, BufferedImage.TYPE_BYTE_INDEXED);
        indexed.setRGB(0, 0, 0xff0000);
        indexed.setRGB(1, 0, 0xffffff);
        Path png = dir.resolve("p.png");
        ImageIO.write(indexed, "png", png.toFile());
        TextureImage t = TextureLoader.read(png, TextureImage.Encoding.COLOR);
        assertTexel(t, 0, 0, 255, 0, 0);
        assertTexel(t, 1, 0, 255, 255, 255);
        TextureImage jpeg = TextureLoader.read(TestData.resource("obj/spider_milkshape/SpiderTex.jpg"), TextureImage.Encoding.COLOR);
        assertTrue(jpeg.width() > 1 && jpeg.height() > 1);
        for (float v : jpeg.rgb()) assertTrue(v >= 0 && v <= 1, "linear values in 0..1");
    }

    @Test
    void problemsAreOneWarningNamingTheFileAndNoTexture() throws Exception {
        Files.writeString(dir.resolve("text.png"), "not a picture");
        List<String> warnings = new ArrayList<>();
        TextureLoader loader = new TextureLoader(warnings::add);
        String missing = dir.resolve("missing.png").toString(), text = dir.resolve("text.png").toString();
        assertNull(loader.load(missing, TextureImage.Encoding.COLOR));
        assertNull(loader.load(missing, TextureImage.Encoding.COLOR));
        assertNull(loader.load(text, TextureImage.Encoding.HEIGHT));
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith(missing + ": texture not found"), warnings.get(0));
        assertTrue(warnings.get(1).startsWith(text + ": cannot read bump map (not a PNG, JPEG"), warnings.get(1));
        assertNull(loader.load("\0bad", TextureImage.Encoding.COLOR));
        assertEquals(3, warnings.size(), "an invalid path is a missing file: " + warnings);
    }

    @Test
    void loadsAreCachedByPathAndEncoding() throws Exception {
        Path png = TestTextures.grayPng(dir.resolve("g.png"), new int[][]{{100}});
        TextureLoader loader = new TextureLoader(w -> fail(w));
        TextureImage a = loader.load(png.toString(), TextureImage.Encoding.COLOR);
        assertSame(a, loader.load(png.toString(), TextureImage.Encoding.COLOR));
        TextureImage h = loader.load(png.toString(), TextureImage.Encoding.HEIGHT);
        assertNotSame(a, h);
        assertEquals(100 / 255f, h.rgb()[0]);
    }

    private static void assertTexel(TextureImage t, int x, int y, int r, int g, int b) {
        int o = 3 * (y * t.width() + x);
        assertEquals(TestTextures.srgbToLinear(r), t.rgb()[o], 1e-6, "red at " + x + "," + y);
        assertEquals(TestTextures.srgbToLinear(g), t.rgb()[o + 1], 1e-6, "green at " + x + "," + y);
        assertEquals(TestTextures.srgbToLinear(b), t.rgb()[o + 2], 1e-6, "blue at " + x + "," + y);
    }
}
