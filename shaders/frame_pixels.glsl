// Which pixel an invocation of a frame pass traces, and how its samples are added to the frame's
// sums; shared by the frame kernel (trace.comp) and the wavefront passes (wavefront_start.comp,
// wavefront_finish.comp) so both cover and sum alike. Needs camera.glsl (uImageSize) and
// guide_sums.glsl.
//
// uSampleState holds each pixel's sample count, negated once converge.comp found it converged
// (adaptive sampling): such a pixel is skipped, so it costs no tracing and keeps its mean. After a
// convergence test the host dispatches over the list of active pixels converge.comp made
// (uActiveCount >= 0) instead of the image, so active pixels sit side by side in the SIMD lanes and
// a converged one takes no lane at all; a pixel's samples do not depend on its lane, so the image is
// the same either way.
layout(binding = DRT_BINDING_ACCUMULATION, rgba32f) uniform image2D uAccumulation;
layout(binding = DRT_BINDING_SAMPLE_STATE, r32f) uniform image2D uSampleState;
layout(std430, binding = DRT_BINDING_DIAGNOSTICS) buffer Diagnostics { uint overflowPixels; };
layout(std430, binding = DRT_BINDING_ACTIVE_LIST) readonly buffer ActivePixelList { int activeList[]; };

uniform ivec2 uTileOffset;
uniform int uSampleStart;
uniform int uSampleCount;
// Number of entries of activeList to trace (the invocations are laid out uImageSize.x wide), or -1: every pixel.
uniform int uActiveCount;

// The pixel at place `at` of the tile (or of the active list); false when there is none to trace there.
bool framePixel(ivec2 at, out ivec2 pixel) {
    pixel = uTileOffset + at;
    if (uActiveCount >= 0) {
        int entry = pixel.y * uImageSize.x + pixel.x;
        if (pixel.x >= uImageSize.x || entry >= uActiveCount) return false;
        int listed = activeList[entry];
        pixel = ivec2(listed % uImageSize.x, listed / uImageSize.x);
    }
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return false;
    // The first pass starts the states over; later ones skip converged (negative) pixels.
    return !(uSampleStart > 0 && imageLoad(uSampleState, pixel).r < 0.0);
}

// The first sample of part `part` of the pass's samples cut in `parts` (the wavefront's slots of one
// pixel): part p takes samples [passPartStart(p, parts), passPartStart(p + 1, parts)).
int passPartStart(int part, int parts) {
    return uSampleStart + uSampleCount * part / parts;
}

// Adds the radiance sum, squared luminances and guides of the pixel's samples [first, end) to the
// pixel's and records its sample count. Parts of a pass are added in order, each after the last.
void storeSampleSums(ivec2 pixel, int first, int end, vec3 sum, float squares, GuideSums guides) {
    vec4 previous = first == 0 ? vec4(0.0) : imageLoad(uAccumulation, pixel);
    imageStore(uAccumulation, pixel, previous + vec4(sum, squares));
    imageStore(uSampleState, pixel, vec4(float(end)));
    if (uGuides) storeGuideSums(pixel, first == 0, guides);
}

// Adds a pass's sums to the pixel's (storeSampleSums) and counts it when its walk overflowed.
void storePixelSums(ivec2 pixel, vec3 sum, float squares, GuideSums guides, bool overflowed) {
    storeSampleSums(pixel, uSampleStart, uSampleStart + uSampleCount, sum, squares, guides);
    if (overflowed) atomicAdd(overflowPixels, 1u);
}

// A camera sample's colour added to the pass's sums (the square of its luminance for the variance).
void addSample(vec3 c, inout vec3 sum, inout float squares) {
    sum += c;
    float l = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    squares += l * l;
}
