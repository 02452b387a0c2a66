package org.drtstudio.render.cpu;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sampler's measured properties: stratified pairs, uniform values, pixels and pairs decorrelated. */
class SampleHashTest {

    /** Whether the first n = 2^m samples of the pair fill every elementary interval of size 1/n once. */
    private static boolean isNet(int pixel, int pairStart, int n, int seed) {
        return isNet(pixel, pairStart, n, seed, 1);
    }

    /** Whether the first n samples of the pair put {@code perCell} points in each elementary interval of size perCell/n (a (t, m, 2)-net, perCell = 2^t). */
    private static boolean isNet(int pixel, int pairStart, int n, int seed, int perCell) {
        int cells = n / perCell;
        for (int xBits = 1; xBits <= cells; xBits *= 2) {
            int yBits = cells / xBits;
            int[] count = new int[cells];
            for (int s = 0; s < n; s++) {
                int cx = (int) (SampleHash.uniform(pixel, s, pairStart, seed) * xBits);
                int cy = (int) (SampleHash.uniform(pixel, s, pairStart + 1, seed) * yBits);
                int cell = cx * yBits + cy;
                if (++count[cell] > perCell) return false;
            }
        }
        return true;
    }

    @Test
    void everyPairOfEveryPixelIsStratifiedAtPowerOfTwoCounts() {
        int[] pairs = {0, 4, 65536, 65540, 3 * 65536 + 6};
        for (int pixel = 0; pixel < 50; pixel++) {
            for (int pair : pairs) {
                for (int n : new int[]{4, 16, 64}) {
                    assertTrue(isNet(pixel * 7919, pair, n, 12345), "pixel " + pixel + " pair " + pair + " at " + n + " samples");
                }
            }
            // The lens (Sobol dimensions 3 and 4, stratified with the pixel position in 4D) as a square
            // alone: a (1, m, 2)-net, two points in every elementary interval of size 2/n.
            for (int n : new int[]{4, 16, 64}) {
                assertTrue(isNet(pixel * 7919, 2, n, 12345, 2), "pixel " + pixel + " lens at " + n + " samples");
            }
        }
    }

    @Test
    void pixelPositionAndLensAreStratifiedTogetherIn4d() {
        // The first 16 samples put one point in each of the 16 cells that halve every one of the four
        // axes; independently ordered pairs would leave cells empty and doubled in almost every pixel.
        for (int pixel = 0; pixel < 200; pixel++) {
            boolean[] seen = new boolean[16];
            for (int s = 0; s < 16; s++) {
                int cell = 0;
                for (int dim = 0; dim < 4; dim++) cell = 2 * cell + (SampleHash.uniform(pixel * 7919, s, dim, 77) < 0.5f ? 0 : 1);
                assertTrue(!seen[cell], "pixel " + pixel + ": cell " + cell + " twice");
                seen[cell] = true;
            }
        }
    }

    @Test
    void theLensLightsFirstHitPointIsStratifiedWithThePixelPositionIn4d() {
        // With the lens closed the first area light's point at the first hit is drawn from the lens's
        // dimensions (LensLight); elsewhere, and for the other lights, from its segment's own pair.
        int lensLight = 1;
        for (int pixel = 0; pixel < 200; pixel++) {
            boolean[] seen = new boolean[16];
            for (int s = 0; s < 16; s++) {
                int light = Sampling.lightDimension(0, lensLight, lensLight);
                float[] v = {SampleHash.uniform(pixel, s, Sampling.DIM_PIXEL_X, 5), SampleHash.uniform(pixel, s, Sampling.DIM_PIXEL_Y, 5),
                        SampleHash.uniform(pixel, s, light, 5), SampleHash.uniform(pixel, s, light + 1, 5)};
                int cell = 0;
                for (float x : v) cell = 2 * cell + (x < 0.5f ? 0 : 1);
                assertTrue(!seen[cell], "pixel " + pixel + ": cell " + cell + " twice");
                seen[cell] = true;
            }
        }
        assertEquals(Sampling.segmentDimension(0, Sampling.SLOT_LIGHTS), Sampling.lightDimension(0, 0, lensLight));
        assertEquals(Sampling.segmentDimension(1, Sampling.SLOT_LIGHTS + 2), Sampling.lightDimension(1, lensLight, lensLight));
    }

    @Test
    void valuesAreUniformOverPixelsAtEachSampleIndex() {
        // Over many pixels one sample index must look uniform: the per-pixel scramble decorrelates pixels.
        int bins = 16, pixels = 32000;
        for (int sample : new int[]{0, 1, 5}) {
            for (int dim : new int[]{0, 1, 4, 65541}) {
                int[] counts = new int[bins];
                for (int p = 0; p < pixels; p++) counts[(int) (SampleHash.uniform(p, sample, dim, 7) * bins)]++;
                double expected = (double) pixels / bins, chi2 = 0;
                for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
                // 15 degrees of freedom: 37.7 is the 0.1% quantile, far from any failure by chance.
                assertTrue(chi2 < 37.7, "sample " + sample + " dimension " + dim + ": chi² " + chi2);
            }
        }
    }

    @Test
    void pairsAndNeighbouringPixelsAreUncorrelated() {
        int n = 20000;
        double sxy = 0, sxz = 0;
        for (int p = 0; p < n; p++) {
            double x = SampleHash.uniform(p, 3, 2, 1) - 0.5;
            double y = SampleHash.uniform(p, 3, 4, 1) - 0.5;   // another pair, same pixel and sample
            double z = SampleHash.uniform(p + 1, 3, 2, 1) - 0.5; // the neighbouring pixel
            sxy += x * y;
            sxz += x * z;
        }
        // Correlation coefficients: variance of a uniform value is 1/12; noise of the estimate ~ 1/sqrt(n) = 0.007.
        assertTrue(Math.abs(sxy / n * 12) < 0.03, "pairs correlated: " + sxy / n * 12);
        assertTrue(Math.abs(sxz / n * 12) < 0.03, "pixels correlated: " + sxz / n * 12);
    }

    @Test
    void seedChangesTheValuesAndTheSameInputsRepeat() {
        assertEquals(SampleHash.uniform(10, 3, 1, 42), SampleHash.uniform(10, 3, 1, 42));
        int differ = 0;
        for (int s = 0; s < 64; s++) if (SampleHash.uniform(10, s, 1, 42) != SampleHash.uniform(10, s, 1, 43)) differ++;
        assertTrue(differ > 60, "another seed should give other values: " + differ + " of 64 differ");
        assertNotEquals(SampleHash.uniform(10, 0, 0, 42), SampleHash.uniform(11, 0, 0, 42));
    }

    @Test
    void sobolSecondDimensionMatchesItsDefinition() {
        // The first points of Sobol's second dimension (direction numbers 1/2, 3/4, 5/8, 15/16, ...).
        double[] expected = {0, 0.5, 0.75, 0.25, 0.625, 0.125, 0.375, 0.875};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], (SampleHash.sobolSecond(i) >>> 1) / (double) (1L << 31), 1e-12, "point " + i);
        }
        // The textbook construction: XOR of direction numbers v_k = v_(k-1) ^ (v_(k-1) >> 1), one per index bit.
        java.util.Random random = new java.util.Random(5);
        for (int n = 0; n < 10000; n++) {
            int i = n < 5000 ? n : random.nextInt();
            int r = 0;
            int bits = i;
            for (int v = 0x80000000; bits != 0; bits >>>= 1, v ^= v >>> 1) if ((bits & 1) != 0) r ^= v;
            assertEquals(r, SampleHash.sobolSecond(i), "index " + i);
        }
    }

    /** The lens dimensions' byte tables give the loop's bits; a pair gives two uniform calls' values, to the bit. */
    @Test
    void pairsAndByteTablesGiveTheSameBitsAsOneValueAtATime() {
        java.util.Random random = new java.util.Random(5);
        float[] out = new float[2];
        int[] dimensions = {0, 2, 4, 6, 65536, 65540, 2 * 65536 + 6, 3, 65541};
        for (int i = 0; i < 20_000; i++) {
            int pixel = random.nextInt(1 << 22), sample = random.nextInt(1 << 12), seed = random.nextInt();
            int d = dimensions[i % dimensions.length];
            SampleHash.pair(pixel, sample, d, seed, out);
            assertEquals(Float.floatToRawIntBits(SampleHash.uniform(pixel, sample, d, seed)), Float.floatToRawIntBits(out[0]),
                    "dimension " + d + " of pixel " + pixel + " sample " + sample);
            assertEquals(Float.floatToRawIntBits(SampleHash.uniform(pixel, sample, d + 1, seed)), Float.floatToRawIntBits(out[1]),
                    "dimension " + (d + 1) + " of pixel " + pixel + " sample " + sample);
        }
        for (int i = 0; i < 20_000; i++) {
            int index = random.nextInt();
            assertEquals(SampleHash.sobol(SampleHash.SOBOL_THIRD, index), SampleHash.sobolThird(index), "index " + index);
            assertEquals(SampleHash.sobol(SampleHash.SOBOL_FOURTH, index), SampleHash.sobolFourth(index), "index " + index);
        }
    }

    /** The per-thread seed cache gives SampleHash's values to the bit, whatever order pixels and pairs come in. */
    @Test
    void cachedSeedsGiveTheSameBits() {
        java.util.Random random = new java.util.Random(9);
        int seed = 12345;
        SampleSeeds seeds = new SampleSeeds(seed);
        float[] out = new float[2];
        int[] dimensions = {0, 2, 4, 6, 65536, 65540, 65542, 2 * 65536 + 6, 3 * 65536, 5, 65541};
        for (int i = 0; i < 50_000; i++) {
            int pixel = random.nextInt(8), sample = random.nextInt(1 << 10), d = dimensions[random.nextInt(dimensions.length)];
            if ((d & 1) == 0 && random.nextBoolean()) {
                seeds.pair(pixel, sample, d, out);
                assertEquals(Float.floatToRawIntBits(SampleHash.uniform(pixel, sample, d, seed)), Float.floatToRawIntBits(out[0]), "pair " + d);
                assertEquals(Float.floatToRawIntBits(SampleHash.uniform(pixel, sample, d + 1, seed)), Float.floatToRawIntBits(out[1]), "pair " + d);
            } else {
                assertEquals(Float.floatToRawIntBits(SampleHash.uniform(pixel, sample, d, seed)),
                        Float.floatToRawIntBits(seeds.uniform(pixel, sample, d)), "dimension " + d);
            }
        }
    }
}
