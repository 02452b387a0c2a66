// Sample values for (pixel, sample, dimension, seed): Owen-scrambled Sobol points (Burley 2020,
// "Practical Hash-based Owen Scrambling"). Dimensions come in pairs (2k, 2k + 1); each pair is the
// first two Sobol dimensions, a (0, 2)-sequence, so the first 2^m samples of a pair stratify the
// unit square in every elementary interval. Each pair of each pixel gets its own sample order
// (a nested uniform scramble of the index, which keeps power-of-two prefixes whole) and its own
// Owen scramble of the values: pixels and pairs are decorrelated, every point stays uniform, so
// the estimator keeps its expectation. Twin of org.drtstudio.render.cpu.SampleHash: keep the two
// bit-identical.
uint pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

// Laine-Karras style permutation with the constants of Burley 2020 / Vegdahl: it mixes only
// towards higher bits, so on bit-reversed values it is an Owen scramble.
uint laineKarras(uint x, uint seed) {
    x += seed;
    x ^= x * 0x6c50b47cu;
    x ^= x * 0xb82f1e52u;
    x ^= x * 0xc7afe638u;
    x ^= x * 0x8d22f6e6u;
    return x;
}

uint nestedUniformScramble(uint x, uint seed) {
    return bitfieldReverse(laineKarras(bitfieldReverse(x), seed));
}

// The second Sobol dimension (primitive polynomial x + 1) as 32-bit fixed point; the first is
// bitfieldReverse(i). Its generator matrix is Pascal's triangle mod 2, so bit m (from the top) is
// the XOR of the index bits k whose positions contain m's bits (Lucas): a superset-XOR transform
// in five word steps. No loop: llvmpipe ends a shader's loops after 65535 iterations in all, which
// a bit loop per sample reached at 1024 samples per pixel.
uint sobolSecond(uint i) {
    i ^= (i >> 1u) & 0x55555555u;
    i ^= (i >> 2u) & 0x33333333u;
    i ^= (i >> 4u) & 0x0F0F0F0Fu;
    i ^= (i >> 8u) & 0x00FF00FFu;
    i ^= (i >> 16u) & 0x0000FFFFu;
    return bitfieldReverse(i);
}

float uniformSample(uint pixel, uint sampleIndex, uint dimension, uint seed) {
    uint pairSeed = pcg(pcg(pcg(pixel ^ pcg(seed)) + (dimension >> 1u)) + 0x9e3779b9u);
    uint index = nestedUniformScramble(sampleIndex, pairSeed);
    uint bits = (dimension & 1u) == 0u ? bitfieldReverse(index) : sobolSecond(index);
    uint h = nestedUniformScramble(bits, pcg(pairSeed + 1u + (dimension & 1u)));
    return float(h >> 8u) * (1.0 / 16777216.0);
}
