package org.drtstudio.io.image;

import org.drtstudio.scene.TextureImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

/** Texture bombs and many large textures stay within the loader's memory budget (issue 14, item 4). */
class TextureBudgetTest {
    @TempDir
    Path dir;

    @Test
    void stepIsTheSmallestSubsamplingThatFits() {
        AtomicLong left = new AtomicLong(100);
        assertEquals(1, TextureBudget.step(10, 10, 1000, 8, left, 100), "fits whole");
        assertEquals(0, left.get(), "its texels are taken from the budget");
        left.set(30);
        assertEquals(2, TextureBudget.step(10, 10, 1000, 8, left, 100), "5x5 = 25 fits in 30");
        assertEquals(5, left.get());
        assertEquals(-1, TextureBudget.step(100, 100, 1000, 8, new AtomicLong(1), 100), "even 13x13 does not fit in 1");
        assertEquals(4, TextureBudget.step(16, 16, 16, 8, new AtomicLong(1000), 1000), "the per-texture limit counts too");
        assertEquals(-1, TextureBudget.step(0, 5, 16, 8, new AtomicLong(1000), 1000), "a picture of no texels is refused");
    }

    @Test
    void aBombIsDecodedSubsampledNeverAtFullSize() throws Exception {
        Path bomb = PngBombs.grey(dir.resolve("bomb.png"), 16384, 16384, 200);
        assertTrue(Files.size(bomb) < 1 << 20, "a small file: " + Files.size(bomb));
        List<String> warnings = new ArrayList<>();
        TextureImage t = new TextureLoader(warnings::add, Long.MAX_VALUE).load(bomb.toString(), TextureImage.Encoding.HEIGHT);
        assertEquals(4096, t.width());
        assertEquals(4096, t.height());
        assertEquals(200 / 255f, t.rgb()[3 * (4096 * 4096 - 1)], 1e-6, "the samples are the picture's");
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith(bomb + ": bump map is 16384x16384; read at 1/4 of its size (4096x4096)"), warnings.get(0));
    }

    @Test
    void aBombTooLargeEvenSubsampledIsRefusedFromItsHeader() throws Exception {
        // The header claims 65535² texels; the data holds one row: refused before any decoding.
        Path bomb = PngBombs.grey(dir.resolve("huge.png"), 65535, 65535, 0, 1);
        List<String> warnings = new ArrayList<>();
        assertNull(new TextureLoader(warnings::add, Long.MAX_VALUE).load(bomb.toString(), TextureImage.Encoding.COLOR));
        assertEquals(List.of(bomb + ": cannot read texture (picture is 65535x65535, too large to use even at 1/8 of its size);"
                + " the material renders without it"), warnings);
    }

    @Test
    void manyLargeTexturesShareTheBudgetAndTheRestAreRefusedWithAdvice() throws Exception {
        Path first = PngBombs.grey(dir.resolve("t0.png"), 1024, 1024, 128);
        List<Path> files = new ArrayList<>(List.of(first));
        for (int i = 1; i < 48; i++) files.add(Files.copy(first, dir.resolve("t" + i + ".png")));
        long budget = 2L * 1024 * 1024 + 1024 * 1024 / 4; // two whole textures and a quarter
        List<String> warnings = new ArrayList<>();
        TextureLoader loader = new TextureLoader(warnings::add, budget);
        long texels = 0;
        int whole = 0, reduced = 0, refused = 0;
        for (Path f : files) {
            TextureImage t = loader.load(f.toString(), TextureImage.Encoding.COLOR);
            if (t == null) {
                refused++;
                continue;
            }
            texels += (long) t.width() * t.height();
            if (t.width() == 1024) whole++;
            else reduced++;
        }
        assertTrue(texels <= budget, texels + " texels over a budget of " + budget);
        assertEquals(2, whole);
        assertEquals(1, reduced, "the third fits at half size");
        assertEquals(45, refused);
        assertEquals(8, warnings.size(), "one warning per file that is not whole, up to 8: " + warnings);
        String last = warnings.get(warnings.size() - 1);
        assertTrue(last.contains("texture memory budget") && last.contains("JAVA_OPTS=-Xmx"), last);
        assertTrue(last.endsWith("(further texture warnings are not listed)"), last);
    }

    // ---- issue 37, item 7 ----

    @Test
    void aHeaderThatOverflowsIntArithmeticIsRefusedWithItsSize() throws Exception {
        AtomicLong left = new AtomicLong(1L << 40);
        assertEquals(-1, TextureBudget.step(Integer.MAX_VALUE, 3, TextureLoader.MAX_TEXELS, 8, left, 1L << 40));
        assertEquals(1L << 40, left.get(), "nothing taken from the budget");
        Path bomb = PngBombs.header(dir.resolve("wide.png"), Integer.MAX_VALUE, 3);
        List<String> warnings = new ArrayList<>();
        assertNull(new TextureLoader(warnings::add, Long.MAX_VALUE).load(bomb.toString(), TextureImage.Encoding.COLOR));
        assertEquals(1, warnings.size(), "a refusal is reported: " + warnings);
        assertTrue(warnings.get(0).startsWith(bomb + ": cannot read texture (picture is 2147483647x3, too large"), warnings.get(0));
    }

    @Test
    void aPictureThatClaimsNoSizeOrFailsToDecodeIsReported() throws Exception {
        List<String> warnings = new ArrayList<>();
        TextureLoader loader = new TextureLoader(warnings::add, Long.MAX_VALUE);
        Path empty = PngBombs.header(dir.resolve("empty.png"), 0, 0);
        Path truncated = dir.resolve("truncated.png");
        byte[] whole = Files.readAllBytes(PngBombs.grey(dir.resolve("whole.png"), 64, 64, 9));
        Files.write(truncated, java.util.Arrays.copyOf(whole, 40)); // the header and a few bytes of the data
        assertNull(loader.load(empty.toString(), TextureImage.Encoding.COLOR));
        assertNull(loader.load(truncated.toString(), TextureImage.Encoding.COLOR));
        assertEquals(2, warnings.size(), warnings.toString());
        for (String w : warnings) {
            assertTrue(w.contains(": cannot read texture (") && w.endsWith("; the material renders without it"), w);
            assertFalse(w.contains("Exception") || w.contains("java."), w);
        }
    }

    @Test
    void aProgressiveJpegWhoseDecoderWouldOutgrowTheBudgetIsRefusedFromItsHeader() throws Exception {
        // A progressive JPEG's decoder holds every DCT coefficient of the picture (2 bytes per sample) in
        // native memory, subsampled or not: 4096x4096 claimed is about 96 MiB, over a budget of 28 MiB.
        Path bomb = PngBombs.progressiveJpeg(dir.resolve("bomb.jpg"), 16, 4096, 4096);
        assertTrue(Files.size(bomb) < 2048, "a small file: " + Files.size(bomb));
        List<String> warnings = new ArrayList<>();
        TextureLoader loader = new TextureLoader(warnings::add, 1 << 20);
        assertNull(loader.load(bomb.toString(), TextureImage.Encoding.COLOR), "decoded: " + warnings);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("progressive JPEG of 4096x4096") && warnings.get(0).contains("MiB"), warnings.get(0));
        // the same kind of file, small enough for its decoder, is read
        Path small = PngBombs.progressiveJpeg(dir.resolve("small.jpg"), 16, 64, 64);
        TextureImage t = loader.load(small.toString(), TextureImage.Encoding.COLOR);
        assertNotNull(t, warnings.toString());
        assertEquals(64, t.width());
    }
}
