// Adds samples [uSampleStart, uSampleStart + uSampleCount) of every pixel of one tile into the
// accumulation image (alpha: the sum of each sample's squared luminance, for the variance
// estimate; twin of CpuRenderer's squares). The host dispatches tile by tile so progress can be reported and no single
// dispatch runs for long. uSampleState holds each pixel's sample count, negated once converge.comp found it
// converged (adaptive sampling): such a pixel returns at once, so it costs no tracing and keeps its mean. After a
// convergence test the host dispatches over the list of active pixels converge.comp made (uActiveCount ≥ 0) instead
// of the image, so active pixels sit side by side in the SIMD lanes and a converged one takes no lane at all; a
// pixel's samples do not depend on its lane, so the image is the same either way.
// The work group BoxLayout chose for the walk's stacks in shared memory (BL_GROUP_INVOCATIONS invocations).
layout(local_size_x = BL_GROUP_WIDTH, local_size_y = BL_GROUP_HEIGHT) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"
#include "guide_sums.glsl"
#if PAIRED_PRIMARY
#include "traverse_pair.glsl"
#endif

uniform bool uCameraMotion;

layout(binding = 0, rgba32f) uniform image2D uAccumulation;
layout(binding = 1, r32f) uniform image2D uSampleState;
layout(std430, binding = 0) buffer Diagnostics { uint overflowPixels; };
layout(std430, binding = 2) readonly buffer ActivePixelList { int activeList[]; };

uniform ivec2 uTileOffset;
uniform int uSampleStart;
uniform int uSampleCount;
uniform int uSamplesPerPixel;
uniform int uFilter;
// Number of entries of activeList to trace (the invocations are laid out uImageSize.x wide), or -1: every pixel.
uniform int uActiveCount;

// The camera ray of sample s of a pixel (filtered position, lens point, time); returns its time.
float sampleCameraRay(ivec2 pixel, uint pixelIndex, int s, out vec3 origin, out vec3 direction) {
    uint si = uint(s);
    vec2 imagePoint = vec2(pixel) + vec2(0.5);
    if (uSamplesPerPixel > 1) {
        imagePoint += pixelOffset(uFilter, uniformSample(pixelIndex, si, DIM_PIXEL_X, uSeed),
                                  uniformSample(pixelIndex, si, DIM_PIXEL_Y, uSeed));
    }
    float time = uMotion || uCameraMotion ? uniformSample(pixelIndex, si, DIM_TIME, uSeed) : 0.0;
    cameraRay(imagePoint, time, uniformSample(pixelIndex, si, DIM_LENS_U, uSeed),
              uniformSample(pixelIndex, si, DIM_LENS_V, uSeed), origin, direction);
    return time;
}

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (uActiveCount >= 0) {
        int entry = pixel.y * uImageSize.x + pixel.x;
        if (pixel.x >= uImageSize.x || entry >= uActiveCount) return;
        int listed = activeList[entry];
        pixel = ivec2(listed % uImageSize.x, listed / uImageSize.x);
    }
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    // The first pass starts the states over; later ones skip converged (negative) pixels.
    if (uSampleStart > 0 && imageLoad(uSampleState, pixel).r < 0.0) return;
    uint pixelIndex = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 sum = vec3(0.0);
    float squares = 0.0;
    int end = uSampleStart + uSampleCount;
    int s = uSampleStart;
    GuideSums guides = noGuideSums();
#if PAIRED_PRIMARY
    // Two samples of the pixel at a time: their camera rays walk the hierarchy together, sharing
    // the node fetches (the DRT paper's parallel traversal); each is then shaded on its own. The
    // shading is written once, in a loop over the pair, so the kernel holds one copy of it.
    while (s < end) {
        vec3 o[2], d[2];
        float t[2];
        Hit h[2];
        int n = min(2, end - s);
        for (int k = 0; k < n; k++) {
            t[k] = sampleCameraRay(pixel, pixelIndex, s + k, o[k], d[k]);
            h[k] = newHit(INFINITY);
        }
        if (n == 2) {
            traversePair(o[0], d[0], t[0], o[1], d[1], t[1], h[0], h[1]);
        } else {
            traverse(o[0], d[0], t[0], h[0], false);
        }
        for (int k = 0; k < n; k++) {
            if (uGuides) addGuideSample(o[k], d[k], t[k], h[k].primitive >= 0, h[k], guides);
            vec3 c = shadeRayFromHit(o[k], d[k], t[k], pixelIndex, uint(s + k), true, h[k].primitive >= 0, h[k]);
            sum += c;
            float l = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
            squares += l * l;
        }
        s += n;
    }
#else
    for (; s < end; s++) {
        vec3 origin, direction;
        float time = sampleCameraRay(pixel, pixelIndex, s, origin, direction);
        // The first hit is found here, for the guides, and not searched again by the shading.
        Hit hit = newHit(INFINITY);
        bool found = traverse(origin, direction, time, hit, false);
        if (uGuides) addGuideSample(origin, direction, time, found, hit, guides);
        vec3 c = shadeRayFromHit(origin, direction, time, pixelIndex, uint(s), true, found, hit);
        sum += c;
        float l = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
        squares += l * l;
    }
#endif
    vec4 previous = uSampleStart == 0 ? vec4(0.0) : imageLoad(uAccumulation, pixel);
    imageStore(uAccumulation, pixel, previous + vec4(sum, squares));
    imageStore(uSampleState, pixel, vec4(float(end)));
    if (uGuides) storeGuideSums(pixel, uSampleStart == 0, guides);
    if (traversalOverflowed) atomicAdd(overflowPixels, 1u);
}
