// Adds samples [uSampleStart, uSampleStart + uSampleCount) of every pixel of one tile into the
// accumulation image. The host dispatches tile by tile so progress can be reported and no single
// dispatch runs for long.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"

uniform bool uCameraMotion;

layout(binding = 0, rgba32f) uniform image2D uAccumulation;
layout(std430, binding = 0) buffer Diagnostics { uint overflowPixels; };

uniform ivec2 uTileOffset;
uniform int uSampleStart;
uniform int uSampleCount;
uniform int uSamplesPerPixel;
uniform int uFilter;

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 sum = vec3(0.0);
    for (int s = uSampleStart; s < uSampleStart + uSampleCount; s++) {
        uint si = uint(s);
        vec2 imagePoint = vec2(pixel) + vec2(0.5);
        if (uSamplesPerPixel > 1) {
            imagePoint += pixelOffset(uFilter, s, uSamplesPerPixel, uniformSample(pixelIndex, si, DIM_PIXEL_X, uSeed),
                                      uniformSample(pixelIndex, si, DIM_PIXEL_Y, uSeed));
        }
        float time = uMotion || uCameraMotion ? uniformSample(pixelIndex, si, DIM_TIME, uSeed) : 0.0;
        vec3 origin;
        vec3 direction;
        cameraRay(imagePoint, time, uniformSample(pixelIndex, si, DIM_LENS_U, uSeed),
                  uniformSample(pixelIndex, si, DIM_LENS_V, uSeed), origin, direction);
        sum += shadeRay(origin, direction, time, pixelIndex, si);
    }
    vec4 previous = uSampleStart == 0 ? vec4(0.0) : imageLoad(uAccumulation, pixel);
    imageStore(uAccumulation, pixel, vec4(previous.rgb + sum, 1.0));
    if (traversalOverflowed) atomicAdd(overflowPixels, 1u);
}
