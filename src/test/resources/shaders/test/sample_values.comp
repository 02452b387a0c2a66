// Writes uniformSample(pixel = x, sample = y, uDimension, uSeed) for the sampler twin test.
layout(local_size_x = 8, local_size_y = 8) in;
#include "../random.glsl"
layout(binding = 0, r32f) uniform writeonly image2D uValues;
uniform ivec2 uSize;
uniform uint uDimension;
uniform uint uSeed;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= uSize.x || p.y >= uSize.y) return;
    imageStore(uValues, p, vec4(uniformSample(uint(p.x) * 7919u, uint(p.y), uDimension, uSeed), 0.0, 0.0, 1.0));
}
