package org.drtstudio.io.image.exr;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The Java EXR writer: halves rounded to the nearest (ties to even), and files that tinyexr reads back to exactly the
 * values written (half channels as their halves, float channels bit for bit), through compressed blocks and blocks
 * stored as they are, a last block of fewer lines, one-pixel pictures. (OpenEXR's own tools read drt's files in
 * cli.ExrOutputTest.)
 */
class ExrWriterTest {
    @Test
    void everyHalfComesBackAsItself() {
        for (int bits = 0; bits < 0x10000; bits++) {
            int h = bits;
            short half = (short) h;
            float f = HalfFloat.toFloat(half);
            if (Float.isNaN(f)) {
                assertTrue(Float.isNaN(HalfFloat.toFloat(HalfFloat.fromFloat(f))), "NaN stays NaN");
                continue;
            }
            assertEquals(half, HalfFloat.fromFloat(f), () -> "half " + Integer.toHexString(h));
        }
    }

    @Test
    void floatsRoundToTheNearestHalfTiesToEven() {
        // Between each pair of neighbouring positive halves: just below, at and just above the midpoint.
        for (int h = 0; h < 0x7bff; h++) {
            float lo = HalfFloat.toFloat((short) h), hi = HalfFloat.toFloat((short) (h + 1));
            float mid = (float) (((double) lo + hi) / 2); // exact: a half's 11 bits and one more fit a float
            int even = (h & 1) == 0 ? h : h + 1;
            assertEquals(h, HalfFloat.fromFloat(Math.nextDown(mid)), "below the middle of " + lo + " and " + hi);
            assertEquals(even, HalfFloat.fromFloat(mid), "the middle of " + lo + " and " + hi + " goes to the even one");
            assertEquals(h + 1, HalfFloat.fromFloat(Math.nextUp(mid)), "above the middle");
            assertEquals((short) (h | 0x8000), HalfFloat.fromFloat(-Math.nextDown(mid)), "negative the same");
        }
        assertEquals((short) 0x7bff, HalfFloat.fromFloat(65504f));
        assertEquals((short) 0x7bff, HalfFloat.fromFloat(65519.99f), "below the middle to infinity");
        assertEquals((short) 0x7c00, HalfFloat.fromFloat(65520f), "the middle goes to the even one: infinity");
        assertEquals((short) 0x7c00, HalfFloat.fromFloat(Float.POSITIVE_INFINITY));
        assertEquals((short) 0xfc00, HalfFloat.fromFloat(-1e30f));
        assertEquals((short) 0, HalfFloat.fromFloat(0x1p-25f), "half the least subnormal: ties to zero");
        assertEquals((short) 1, HalfFloat.fromFloat(Math.nextUp(0x1p-25f)));
        assertEquals((short) 0x8000, HalfFloat.fromFloat(-0f));
        assertEquals((short) 0, HalfFloat.fromFloat(Float.MIN_VALUE));
    }

    @Test
    void tinyexrReadsBackExactlyWhatWasWritten() throws Exception {
        int w = 37, h = 45, n = w * h; // three blocks of 16 lines, the last of 13
        SplittableRandom r = new SplittableRandom(3);
        float[] smooth = new float[n], noise = new float[n], exact = new float[n], bits = new float[n];
        for (int i = 0; i < n; i++) {
            smooth[i] = (float) (0.5 + 0.4 * Math.sin(i * 0.01));
            noise[i] = (float) r.nextDouble(-1e4, 1e4);
            exact[i] = i == 5 ? Float.POSITIVE_INFINITY : i == 6 ? Float.NEGATIVE_INFINITY : i == 7 ? -0f : i == 8 ? Float.NaN
                    : (float) r.nextGaussian() * 1e-3f;
            if (i == 9) noise[i] = Float.NaN;
            bits[i] = Float.intBitsToFloat(r.nextInt() & 0x7f7fffff); // incompressible: stored as it is
        }
        List<TinyExr.Channel> channels = List.of(new TinyExr.Channel("A", smooth, true), new TinyExr.Channel("B", noise, true),
                new TinyExr.Channel("depth.Z", exact, false), new TinyExr.Channel("noise.Y", bits, false));
        readsBack(w, h, channels);
        // Random bits alone do not deflate: every block stored as it is, and read as such.
        List<TinyExr.Channel> incompressible = List.of(new TinyExr.Channel("noise.Y", bits, false));
        assertEquals(3, storedAsTheyAre(readsBack(w, h, incompressible), 3), "blocks stored undeflated");
    }

    private static byte[] readsBack(int w, int h, List<TinyExr.Channel> channels) throws Exception {
        int n = w * h;
        byte[] file = write(w, h, channels);
        TinyExr.Picture back = TinyExr.decode(file);
        assertEquals(w, back.width());
        assertEquals(h, back.height());
        for (TinyExr.Channel c : channels) {
            TinyExr.Channel read = back.channel(c.name());
            assertNotNull(read, c.name());
            assertEquals(c.half(), read.half(), c.name() + "'s type");
            for (int i = 0; i < n; i++) {
                float want = c.half() ? HalfFloat.toFloat(HalfFloat.fromFloat(c.values()[i])) : c.values()[i];
                if (c.half() && Float.isNaN(want)) {
                    assertTrue(Float.isNaN(read.values()[i]), c.name() + " at " + i + ": NaN stays NaN");
                    continue;
                }
                assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(read.values()[i]), c.name() + " at " + i);
            }
        }
        return file;
    }

    @Test
    void onePixelAndOneColumnPictures() throws Exception {
        for (int[] size : new int[][]{{1, 1}, {1, 40}, {300, 1}}) {
            int n = size[0] * size[1];
            float[] v = new float[n];
            for (int i = 0; i < n; i++) v[i] = i * 0.25f;
            TinyExr.Picture back = TinyExr.decode(write(size[0], size[1], List.of(new TinyExr.Channel("Y", v, true))));
            assertArrayEquals(v, back.channel("Y").values(), size[0] + "x" + size[1]);
        }
    }

    @Test
    void refusesWhatItCannotWrite() {
        float[] one = {1f};
        assertThrows(IllegalArgumentException.class, () -> write(1, 1, List.of(new TinyExr.Channel("R", one, true),
                new TinyExr.Channel("G", one, true))), "not sorted by name");
        assertThrows(IllegalArgumentException.class, () -> write(2, 1, List.of(new TinyExr.Channel("R", one, true))), "wrong size");
        assertThrows(IllegalArgumentException.class, () -> write(1, 1, List.of()), "no channels");
        assertThrows(IllegalArgumentException.class, () -> write(1, 1, List.of(new TinyExr.Channel("R\0G", one, true))), "NUL in a name");
        assertThrows(IllegalArgumentException.class, () -> write(0, 1, List.of(new TinyExr.Channel("R", new float[0], true))));
    }

    private static byte[] write(int w, int h, List<TinyExr.Channel> channels) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ExrWriter.write(w, h, channels, out);
        return out.toByteArray();
    }

    /** How many of a 37×45 one-float-channel file's blocks are stored at their raw size (the offset table read as a reader does). */
    private static int storedAsTheyAre(byte[] file, int blocks) {
        ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        int headerEnd = file.length;
        // The table follows the header, whose end is found from the first block's offset: the table's first entry.
        for (int p = 8; p < file.length - 8; p++) {
            if (file[p] == 0 && b.getLong(p + 1) == p + 1 + 8L * blocks) {
                headerEnd = p + 1;
                break;
            }
        }
        int raw = 0;
        for (int k = 0; k < blocks; k++) {
            long offset = b.getLong(headerEnd + 8 * k);
            int lines = Math.min(16, 45 - 16 * k), size = b.getInt((int) offset + 4);
            if (size == lines * 37 * 4) raw++;
        }
        return raw;
    }
}
