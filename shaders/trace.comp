// Adds samples [uSampleStart, uSampleStart + uSampleCount) of every pixel of one tile into the
// accumulation image. The host dispatches tile by tile so progress can be reported and no single
// dispatch runs for long.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"
#if PAIRED_PRIMARY
#include "traverse_pair.glsl"
#endif

uniform bool uCameraMotion;

layout(binding = 0, rgba32f) uniform image2D uAccumulation;
layout(std430, binding = 0) buffer Diagnostics { uint overflowPixels; };

uniform ivec2 uTileOffset;
uniform int uSampleStart;
uniform int uSampleCount;
uniform int uSamplesPerPixel;
uniform int uFilter;

// The camera ray of sample s of a pixel (filtered position, lens point, time); returns its time.
float sampleCameraRay(ivec2 pixel, uint pixelIndex, int s, out vec3 origin, out vec3 direction) {
    uint si = uint(s);
    vec2 imagePoint = vec2(pixel) + vec2(0.5);
    if (uSamplesPerPixel > 1) {
        imagePoint += pixelOffset(uFilter, s, uSamplesPerPixel, uniformSample(pixelIndex, si, DIM_PIXEL_X, uSeed),
                                  uniformSample(pixelIndex, si, DIM_PIXEL_Y, uSeed));
    }
    float time = uMotion || uCameraMotion ? uniformSample(pixelIndex, si, DIM_TIME, uSeed) : 0.0;
    cameraRay(imagePoint, time, uniformSample(pixelIndex, si, DIM_LENS_U, uSeed),
              uniformSample(pixelIndex, si, DIM_LENS_V, uSeed), origin, direction);
    return time;
}

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 sum = vec3(0.0);
    int end = uSampleStart + uSampleCount;
    int s = uSampleStart;
#if PAIRED_PRIMARY
    // Two samples of the pixel at a time: their camera rays walk the hierarchy together, sharing
    // the node fetches (the DRT paper's parallel traversal); each is then shaded on its own.
    for (; s + 1 < end; s += 2) {
        vec3 o0, d0, o1, d1;
        float time0 = sampleCameraRay(pixel, pixelIndex, s, o0, d0);
        float time1 = sampleCameraRay(pixel, pixelIndex, s + 1, o1, d1);
        Hit h0 = newHit(INFINITY);
        Hit h1 = newHit(INFINITY);
        traversePair(o0, d0, time0, o1, d1, time1, h0, h1);
        traversalOverflowed = traversalOverflowed || h0.overflow;
        sum += shadeRayFromHit(o0, d0, time0, pixelIndex, uint(s), true, h0.primitive >= 0, h0);
        sum += shadeRayFromHit(o1, d1, time1, pixelIndex, uint(s + 1), true, h1.primitive >= 0, h1);
    }
#endif
    for (; s < end; s++) {
        vec3 origin, direction;
        float time = sampleCameraRay(pixel, pixelIndex, s, origin, direction);
        sum += shadeRay(origin, direction, time, pixelIndex, uint(s));
    }
    vec4 previous = uSampleStart == 0 ? vec4(0.0) : imageLoad(uAccumulation, pixel);
    imageStore(uAccumulation, pixel, vec4(previous.rgb + sum, 1.0));
    if (traversalOverflowed) atomicAdd(overflowPixels, 1u);
}
