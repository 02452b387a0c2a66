package org.drtstudio.render.cpu;

/**
 * Sample values for (pixel, sample, dimension, seed), the Java twin of {@code shaders/random.glsl}:
 * Owen-scrambled Sobol points (Burley 2020, "Practical Hash-based Owen Scrambling"). Dimensions
 * 0–3 (pixel position and lens) are the first four Sobol dimensions of one sample order, so pixel
 * position and lens point are stratified together in 4D (the first 16 samples put one point in
 * each of the 16 cells halving every axis), not only as two separate squares: depth of field's
 * error falls by an eighth more (docs/RESULTS.md). The other dimensions
 * come in pairs (2k, 2k + 1), each the first two Sobol dimensions — a (0, 2)-sequence, so the first
 * 2^m samples of a pair fall one in each elementary interval of the unit square. Each pair of each
 * pixel gets its own sample order (a nested uniform scramble of the index, which keeps
 * power-of-two prefixes whole) and its own Owen scramble of the values, both from a PCG hash of
 * (pixel, pair, seed): pixels and pairs are decorrelated and every point stays uniformly
 * distributed, so estimates keep their expectation. Java's wrapping int arithmetic, {@code >>>}
 * and {@link Integer#reverse} give the same bits as GLSL's uint arithmetic and
 * {@code bitfieldReverse}, so both tracers draw identical samples.
 */
public final class SampleHash {
    private SampleHash() {
    }

    /** PCG-RXS-M-XS output permutation of a 32-bit state. */
    static int pcg(int v) {
        int state = v * 747796405 + (int) 2891336453L;
        int word = ((state >>> ((state >>> 28) + 4)) ^ state) * 277803737;
        return (word >>> 22) ^ word;
    }

    /** Laine–Karras style permutation (Burley's constants): bits only mix upward. */
    static int laineKarras(int x, int seed) {
        x += seed;
        x ^= x * 0x6c50b47c;
        x ^= x * 0xb82f1e52;
        x ^= x * 0xc7afe638;
        x ^= x * 0x8d22f6e6;
        return x;
    }

    /** Owen scramble of a 32-bit fixed-point value (the permutation applied to its reversed bits). */
    static int nestedUniformScramble(int x, int seed) {
        return Integer.reverse(laineKarras(Integer.reverse(x), seed));
    }

    /** {@link #nestedUniformScramble} of {@code reverse(reversed)}: the outer reversal of the word cancels. */
    static int owenScrambleOfReversed(int reversed, int seed) {
        return Integer.reverse(laineKarras(reversed, seed));
    }

    /**
     * Second Sobol dimension (primitive polynomial x + 1), 32-bit fixed point; the first is the
     * reversed index. The generator matrix is Pascal's triangle mod 2, so bit m (from the top) is the
     * XOR of the index bits k whose positions contain m's bits (Lucas): a superset-XOR transform in
     * five word steps. The GLSL twin must not loop (llvmpipe caps a shader's loop iterations), so
     * neither does this one.
     */
    static int sobolSecond(int i) {
        return Integer.reverse(sobolSecondReversed(i));
    }

    /** {@link #sobolSecond} with its bits reversed: the superset-XOR transform alone. */
    static int sobolSecondReversed(int i) {
        i ^= (i >>> 1) & 0x55555555;
        i ^= (i >>> 2) & 0x33333333;
        i ^= (i >>> 4) & 0x0F0F0F0F;
        i ^= (i >>> 8) & 0x00FF00FF;
        return i ^ (i >>> 16) & 0x0000FFFF;
    }

    /** Direction numbers of Sobol dimensions 3 and 4 (Joe and Kuo: x² + x + 1, m 1 3; x³ + x + 1, m 1 3 1), 32-bit. */
    static final int[] SOBOL_THIRD = {
            0x80000000, 0xc0000000, 0x60000000, 0x90000000, 0xe8000000, 0x5c000000, 0x8e000000, 0xc5000000,
            0x68800000, 0x9cc00000, 0xee600000, 0x55900000, 0x80680000, 0xc09c0000, 0x60ee0000, 0x90550000,
            0xe8808000, 0x5cc0c000, 0x8e606000, 0xc5909000, 0x6868e800, 0x9c9c5c00, 0xeeee8e00, 0x5555c500,
            0x8000e880, 0xc0005cc0, 0x60008e60, 0x9000c590, 0xe8006868, 0x5c009c9c, 0x8e00eeee, 0xc5005555};
    static final int[] SOBOL_FOURTH = {
            0x80000000, 0xc0000000, 0x20000000, 0x50000000, 0xf8000000, 0x74000000, 0xa2000000, 0x93000000,
            0xd8800000, 0x25400000, 0x59e00000, 0xe6d00000, 0x78080000, 0xb40c0000, 0x82020000, 0xc3050000,
            0x208f8000, 0x51474000, 0xfbea2000, 0x75d93000, 0xa0858800, 0x914e5400, 0xdbe79e00, 0x25db6d00,
            0x58800080, 0xe54000c0, 0x79e00020, 0xb6d00050, 0x800800f8, 0xc00c0074, 0x200200a2, 0x50050093};

    /** A Sobol dimension from its direction numbers: the XOR of those whose index bit is set. */
    static int sobol(int[] directions, int index) {
        int r = 0;
        for (int k = 0; k < 32; k++) {
            if ((index >>> k & 1) != 0) r ^= directions[k];
        }
        return r;
    }

    /**
     * {@link #sobol} of each byte value at each byte position, XORed together four at a time: the
     * same bits in four table reads instead of 32 tests (the lens's two dimensions took 110 ns a
     * value, a fifth of a camera sample's cost on the CPU).
     */
    private static final int[] SOBOL_THIRD_BYTES = byteTables(SOBOL_THIRD), SOBOL_FOURTH_BYTES = byteTables(SOBOL_FOURTH);
    /** The same tables with each entry's bits reversed: reversal is linear over XOR, so they give the reversed dimensions. */
    private static final int[] SOBOL_THIRD_REVERSED_BYTES = reversed(SOBOL_THIRD_BYTES),
            SOBOL_FOURTH_REVERSED_BYTES = reversed(SOBOL_FOURTH_BYTES);

    private static int[] reversed(int[] table) {
        int[] t = new int[table.length];
        for (int i = 0; i < t.length; i++) t[i] = Integer.reverse(table[i]);
        return t;
    }

    private static int[] byteTables(int[] directions) {
        int[] t = new int[4 * 256];
        for (int position = 0; position < 4; position++) {
            for (int value = 0; value < 256; value++) t[256 * position + value] = sobol(directions, value << 8 * position);
        }
        return t;
    }

    /** Sobol dimension 3 of {@code index}, as {@code sobol(SOBOL_THIRD, index)}. */
    static int sobolThird(int index) {
        return sobolBytes(SOBOL_THIRD_BYTES, index);
    }

    /** Sobol dimension 4 of {@code index}, as {@code sobol(SOBOL_FOURTH, index)}. */
    static int sobolFourth(int index) {
        return sobolBytes(SOBOL_FOURTH_BYTES, index);
    }

    /** {@link #sobolThird} with its bits reversed. */
    static int sobolThirdReversed(int index) {
        return sobolBytes(SOBOL_THIRD_REVERSED_BYTES, index);
    }

    /** {@link #sobolFourth} with its bits reversed. */
    static int sobolFourthReversed(int index) {
        return sobolBytes(SOBOL_FOURTH_REVERSED_BYTES, index);
    }

    private static int sobolBytes(int[] t, int index) {
        return t[index & 0xff] ^ t[256 + (index >>> 8 & 0xff)] ^ t[512 + (index >>> 16 & 0xff)] ^ t[768 + (index >>> 24)];
    }

    /** Uniform float in [0, 1) with 24 bits: dimension {@code dimension} of sample {@code sample} of the pixel. */
    public static float uniform(int pixel, int sample, int dimension, int seed) {
        int pixelSeed = pcg(pixel ^ pcg(seed));
        int pairSeed = pcg(pcg(pixelSeed + (dimension >>> 1)) + 0x9e3779b9);
        int bits;
        if (dimension == 2 || dimension == 3) {
            // The lens: in the pixel pair's sample order (pair 0's seed), Sobol dimensions 3 and 4.
            int index = nestedUniformScramble(sample, pcg(pcg(pixelSeed) + 0x9e3779b9));
            bits = sobolBytes(dimension == 2 ? SOBOL_THIRD_BYTES : SOBOL_FOURTH_BYTES, index);
        } else {
            int index = nestedUniformScramble(sample, pairSeed);
            bits = (dimension & 1) == 0 ? Integer.reverse(index) : sobolSecond(index);
        }
        int h = nestedUniformScramble(bits, pcg(pairSeed + 1 + (dimension & 1)));
        return (h >>> 8) * (1f / 16777216f);
    }

    /**
     * Dimensions {@code dimension} and {@code dimension + 1} ({@code dimension} even: one pair) of a
     * sample into out[0] and out[1]: the same values as two {@link #uniform} calls, with the pixel's
     * and the pair's hashes and the scrambled index computed once.
     */
    public static void pair(int pixel, int sample, int dimension, int seed, float[] out) {
        if ((dimension & 1) != 0) {
            out[0] = uniform(pixel, sample, dimension, seed);
            out[1] = uniform(pixel, sample, dimension + 1, seed);
            return;
        }
        int pixelSeed = pcg(pixel ^ pcg(seed));
        int pairSeed = pcg(pcg(pixelSeed + (dimension >>> 1)) + 0x9e3779b9);
        int first, second;
        if (dimension == 2) {
            int index = nestedUniformScramble(sample, pcg(pcg(pixelSeed) + 0x9e3779b9));
            first = sobolBytes(SOBOL_THIRD_BYTES, index);
            second = sobolBytes(SOBOL_FOURTH_BYTES, index);
        } else {
            int index = nestedUniformScramble(sample, pairSeed);
            first = Integer.reverse(index);
            second = sobolSecond(index);
        }
        out[0] = (nestedUniformScramble(first, pcg(pairSeed + 1)) >>> 8) * (1f / 16777216f);
        out[1] = (nestedUniformScramble(second, pcg(pairSeed + 2)) >>> 8) * (1f / 16777216f);
    }
}
