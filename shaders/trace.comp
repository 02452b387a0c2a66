// Adds samples [uSampleStart, uSampleStart + uSampleCount) of every pixel of one tile into the
// accumulation image. The host dispatches tile by tile so progress can be reported and no single
// dispatch runs for long.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "camera.glsl"
#include "whitted.glsl"

layout(binding = 0, rgba32f) uniform image2D uAccumulation;
layout(std430, binding = 0) buffer Diagnostics { uint overflowPixels; };

uniform ivec2 uTileOffset;
uniform int uSampleStart;
uniform int uSampleCount;
uniform int uSamplesPerPixel;
uniform uint uSeed;

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 sum = vec3(0.0);
    for (int s = uSampleStart; s < uSampleStart + uSampleCount; s++) {
        vec2 jitter = vec2(0.5);
        if (uSamplesPerPixel > 1) {
            jitter = vec2(uniformSample(pixelIndex, uint(s), 0u, uSeed), uniformSample(pixelIndex, uint(s), 1u, uSeed));
        }
        sum += shadeRay(uEye, primaryDirection(vec2(pixel) + jitter));
    }
    vec4 previous = uSampleStart == 0 ? vec4(0.0) : imageLoad(uAccumulation, pixel);
    imageStore(uAccumulation, pixel, vec4(previous.rgb + sum, 1.0));
    if (traversalOverflowed) atomicAdd(overflowPixels, 1u);
}
