// Random numbers from a hash of (pixel, sample, dimension, seed).
// Twin of org.drtstudio.render.cpu.SampleHash: keep the two bit-identical.
uint pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

float uniformSample(uint pixel, uint sampleIndex, uint dimension, uint seed) {
    uint h = pcg(pcg(pcg(pixel ^ pcg(seed)) + sampleIndex) + dimension);
    return float(h >> 8u) * (1.0 / 16777216.0);
}
