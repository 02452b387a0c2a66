package org.drtstudio.render.cpu;

/**
 * Sample values for (pixel, sample, dimension, seed), the Java twin of {@code shaders/random.glsl}:
 * Owen-scrambled Sobol points (Burley 2020, "Practical Hash-based Owen Scrambling"). Dimensions
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

    /**
     * Second Sobol dimension (primitive polynomial x + 1), 32-bit fixed point; the first is the
     * reversed index. The generator matrix is Pascal's triangle mod 2, so bit m (from the top) is the
     * XOR of the index bits k whose positions contain m's bits (Lucas): a superset-XOR transform in
     * five word steps. The GLSL twin must not loop (llvmpipe caps a shader's loop iterations), so
     * neither does this one.
     */
    static int sobolSecond(int i) {
        i ^= (i >>> 1) & 0x55555555;
        i ^= (i >>> 2) & 0x33333333;
        i ^= (i >>> 4) & 0x0F0F0F0F;
        i ^= (i >>> 8) & 0x00FF00FF;
        i ^= (i >>> 16) & 0x0000FFFF;
        return Integer.reverse(i);
    }

    /** Uniform float in [0, 1) with 24 bits: dimension {@code dimension} of sample {@code sample} of the pixel. */
    public static float uniform(int pixel, int sample, int dimension, int seed) {
        int pairSeed = pcg(pcg(pcg(pixel ^ pcg(seed)) + (dimension >>> 1)) + 0x9e3779b9);
        int index = nestedUniformScramble(sample, pairSeed);
        int bits = (dimension & 1) == 0 ? Integer.reverse(index) : sobolSecond(index);
        int h = nestedUniformScramble(bits, pcg(pairSeed + 1 + (dimension & 1)));
        return (h >>> 8) * (1f / 16777216f);
    }
}
