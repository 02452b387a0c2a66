// Sample values for (pixel, sample, dimension, seed): Owen-scrambled Sobol points (Burley 2020,
// "Practical Hash-based Owen Scrambling"). Dimensions 0-3 (pixel, lens) are Sobol dimensions 1-4 of
// one sample order (see sobolLens). The others come in pairs (2k, 2k + 1); each pair is the
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

// Direction numbers of Sobol dimensions 3 and 4 (Joe and Kuo), for the lens: dimensions 0-3 (pixel
// position, lens) are the first four Sobol dimensions of one sample order, stratified together in 4D.
const uint SOBOL_THIRD[32] = uint[32](
    0x80000000u, 0xc0000000u, 0x60000000u, 0x90000000u, 0xe8000000u, 0x5c000000u, 0x8e000000u, 0xc5000000u,
    0x68800000u, 0x9cc00000u, 0xee600000u, 0x55900000u, 0x80680000u, 0xc09c0000u, 0x60ee0000u, 0x90550000u,
    0xe8808000u, 0x5cc0c000u, 0x8e606000u, 0xc5909000u, 0x6868e800u, 0x9c9c5c00u, 0xeeee8e00u, 0x5555c500u,
    0x8000e880u, 0xc0005cc0u, 0x60008e60u, 0x9000c590u, 0xe8006868u, 0x5c009c9cu, 0x8e00eeeeu, 0xc5005555u);
const uint SOBOL_FOURTH[32] = uint[32](
    0x80000000u, 0xc0000000u, 0x20000000u, 0x50000000u, 0xf8000000u, 0x74000000u, 0xa2000000u, 0x93000000u,
    0xd8800000u, 0x25400000u, 0x59e00000u, 0xe6d00000u, 0x78080000u, 0xb40c0000u, 0x82020000u, 0xc3050000u,
    0x208f8000u, 0x51474000u, 0xfbea2000u, 0x75d93000u, 0xa0858800u, 0x914e5400u, 0xdbe79e00u, 0x25db6d00u,
    0x58800080u, 0xe54000c0u, 0x79e00020u, 0xb6d00050u, 0x800800f8u, 0xc00c0074u, 0x200200a2u, 0x50050093u);

// XOR of the direction numbers whose index bit is set; unrolled, since llvmpipe caps a shader's loop
// iterations.
uint sobolLens(uint i, bool fourth) {
    uint d[32] = fourth ? SOBOL_FOURTH : SOBOL_THIRD;
    uint r = 0u;
    if ((i & 0x00000001u) != 0u) r ^= d[0];
    if ((i & 0x00000002u) != 0u) r ^= d[1];
    if ((i & 0x00000004u) != 0u) r ^= d[2];
    if ((i & 0x00000008u) != 0u) r ^= d[3];
    if ((i & 0x00000010u) != 0u) r ^= d[4];
    if ((i & 0x00000020u) != 0u) r ^= d[5];
    if ((i & 0x00000040u) != 0u) r ^= d[6];
    if ((i & 0x00000080u) != 0u) r ^= d[7];
    if ((i & 0x00000100u) != 0u) r ^= d[8];
    if ((i & 0x00000200u) != 0u) r ^= d[9];
    if ((i & 0x00000400u) != 0u) r ^= d[10];
    if ((i & 0x00000800u) != 0u) r ^= d[11];
    if ((i & 0x00001000u) != 0u) r ^= d[12];
    if ((i & 0x00002000u) != 0u) r ^= d[13];
    if ((i & 0x00004000u) != 0u) r ^= d[14];
    if ((i & 0x00008000u) != 0u) r ^= d[15];
    if ((i & 0x00010000u) != 0u) r ^= d[16];
    if ((i & 0x00020000u) != 0u) r ^= d[17];
    if ((i & 0x00040000u) != 0u) r ^= d[18];
    if ((i & 0x00080000u) != 0u) r ^= d[19];
    if ((i & 0x00100000u) != 0u) r ^= d[20];
    if ((i & 0x00200000u) != 0u) r ^= d[21];
    if ((i & 0x00400000u) != 0u) r ^= d[22];
    if ((i & 0x00800000u) != 0u) r ^= d[23];
    if ((i & 0x01000000u) != 0u) r ^= d[24];
    if ((i & 0x02000000u) != 0u) r ^= d[25];
    if ((i & 0x04000000u) != 0u) r ^= d[26];
    if ((i & 0x08000000u) != 0u) r ^= d[27];
    if ((i & 0x10000000u) != 0u) r ^= d[28];
    if ((i & 0x20000000u) != 0u) r ^= d[29];
    if ((i & 0x40000000u) != 0u) r ^= d[30];
    if ((i & 0x80000000u) != 0u) r ^= d[31];
    return r;
}

float uniformSample(uint pixel, uint sampleIndex, uint dimension, uint seed) {
    uint pixelSeed = pcg(pixel ^ pcg(seed));
    uint pairSeed = pcg(pcg(pixelSeed + (dimension >> 1u)) + 0x9e3779b9u);
    uint bits;
    if (dimension == 2u || dimension == 3u) {
        uint index = nestedUniformScramble(sampleIndex, pcg(pcg(pixelSeed) + 0x9e3779b9u));
        bits = sobolLens(index, dimension == 3u);
    } else {
        uint index = nestedUniformScramble(sampleIndex, pairSeed);
        bits = (dimension & 1u) == 0u ? bitfieldReverse(index) : sobolSecond(index);
    }
    uint h = nestedUniformScramble(bits, pcg(pairSeed + 1u + (dimension & 1u)));
    return float(h >> 8u) * (1.0 / 16777216.0);
}
