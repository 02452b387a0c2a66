package org.drtstudio.render.cpu;

/**
 * {@link SampleHash}'s values for one thread, with what does not depend on the sample number
 * computed once per pixel and dimension pair: the pixel's hash, each pair's sample-order and
 * value-scramble seeds (eight of a pair's eleven hashes). The CPU tracer asks for a pixel's pairs
 * sample after sample, so a small direct-mapped table keyed by pixel and pair serves nearly every
 * request (a table emptied whenever the pixel changed cost more than it saved: the guide pass's
 * probes visit the neighbours between a pixel's own samples). The values are {@link SampleHash#uniform}'s to the bit ({@code SampleHashTest}).
 * One instance per thread.
 */
final class SampleSeeds {
    private static final int SLOTS = 128;
    private final int seed;
    private int pixel = -1, pixelSeed;
    private int lastSample = -1, lastIndexSeed, lastIndex;
    /** Direct-mapped by pair: the pixel and pair + 1 held (0: empty), and that pair's index seed and two value seeds. */
    private final int[] pixels = new int[SLOTS], keys = new int[SLOTS], indexSeeds = new int[SLOTS], firstSeeds = new int[SLOTS],
            secondSeeds = new int[SLOTS];

    SampleSeeds(int seed) {
        this.seed = seed;
    }

    /**
     * Dimensions {@code dimension} and {@code dimension + 1} of the sample into out[0], out[1], as {@link SampleHash#pair}.
     * The same bits with fewer bit reversals: an Owen scramble is reverse(permute(reverse(x))), and
     * each value here is the scramble of a reversed word (the index's first Sobol dimension is its
     * reversal, the others' tables reverse linearly), so the inner reversals cancel
     * ({@link SampleHash#owenScrambleOfReversed}): a camera sample's two pairs took 49 ns, now 32–36 (2-core machine).
     */
    void pair(int pixel, int sample, int dimension, float[] out) {
        if ((dimension & 1) != 0) {
            SampleHash.pair(pixel, sample, dimension, seed, out);
            return;
        }
        int slot = slot(pixel, dimension >>> 1);
        int index = index(sample, indexSeeds[slot]);
        int firstReversed, secondReversed;
        if (dimension == 2) {
            firstReversed = SampleHash.sobolThirdReversed(index);
            secondReversed = SampleHash.sobolFourthReversed(index);
        } else {
            firstReversed = index;
            secondReversed = SampleHash.sobolSecondReversed(index);
        }
        out[0] = (SampleHash.owenScrambleOfReversed(firstReversed, firstSeeds[slot]) >>> 8) * (1f / 16777216f);
        out[1] = (SampleHash.owenScrambleOfReversed(secondReversed, secondSeeds[slot]) >>> 8) * (1f / 16777216f);
    }

    /**
     * The sample's scrambled index in the order of {@code indexSeed}; the last one is kept, as a
     * camera ray asks for it twice (the lens takes the pixel pair's order).
     */
    private int index(int sample, int indexSeed) {
        if (sample != lastSample || indexSeed != lastIndexSeed) {
            lastSample = sample;
            lastIndexSeed = indexSeed;
            lastIndex = SampleHash.nestedUniformScramble(sample, indexSeed);
        }
        return lastIndex;
    }

    /** One dimension of the sample, as {@link SampleHash#uniform}. */
    float uniform(int pixel, int sample, int dimension) {
        if (dimension == 2 || dimension == 3) return SampleHash.uniform(pixel, sample, dimension, seed);
        int slot = slot(pixel, dimension >>> 1);
        int index = SampleHash.nestedUniformScramble(sample, indexSeeds[slot]);
        int bits = (dimension & 1) == 0 ? Integer.reverse(index) : SampleHash.sobolSecond(index);
        int h = SampleHash.nestedUniformScramble(bits, (dimension & 1) == 0 ? firstSeeds[slot] : secondSeeds[slot]);
        return (h >>> 8) * (1f / 16777216f);
    }

    /** The table slot of the pair's seeds for the pixel, computed on first use. */
    private int slot(int pixel, int pair) {
        int key = pair + 1;
        int slot = (key * 0x9E3779B1 + pixel * 0x85EBCA6B) >>> 25; // 7 bits: SLOTS
        if (keys[slot] == key && pixels[slot] == pixel) return slot;
        if (pixel != this.pixel) {
            this.pixel = pixel;
            pixelSeed = SampleHash.pcg(pixel ^ SampleHash.pcg(seed));
        }
        keys[slot] = key;
        pixels[slot] = pixel;
        int pairSeed = SampleHash.pcg(SampleHash.pcg(pixelSeed + pair) + 0x9e3779b9);
        // The lens (pair 1) takes its sample order from the pixel pair's seed (pair 0), its value scrambles from its own.
        indexSeeds[slot] = pair == 1 ? SampleHash.pcg(SampleHash.pcg(pixelSeed) + 0x9e3779b9) : pairSeed;
        firstSeeds[slot] = SampleHash.pcg(pairSeed + 1);
        secondSeeds[slot] = SampleHash.pcg(pairSeed + 2);
        return slot;
    }
}
