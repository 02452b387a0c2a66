// Adds samples [uSampleStart, uSampleStart + uSampleCount) of every pixel of one tile into the
// accumulation image (alpha: the sum of each sample's squared luminance, for the variance
// estimate; twin of CpuRenderer's squares), tracing every ray of a pixel's samples in one
// invocation. The host dispatches tile by tile so progress can be reported and no single dispatch
// runs for long. frame_pixels.glsl says which pixels are traced; the wavefront passes
// (wavefront_*.comp) trace the same samples one ray per pass.
// The work group BoxLayout chose for the walk's stacks in shared memory (BL_GROUP_INVOCATIONS invocations).
layout(local_size_x = BL_GROUP_WIDTH, local_size_y = BL_GROUP_HEIGHT) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"
#include "camera_samples.glsl"
#include "guide_sums.glsl"
#include "frame_pixels.glsl"
#if PAIRED_PRIMARY
#include "traverse_pair.glsl"
#endif

void main() {
    ivec2 pixel;
    if (!framePixel(ivec2(gl_GlobalInvocationID.xy), pixel)) return;
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
            ChainGuide guide;
            bool found = h[k].primitive >= 0;
            vec3 c = shadeRayFromHit(o[k], d[k], t[k], pixelIndex, uint(s + k), true, found, h[k], uGuides, guide);
            addSample(c, sum, squares);
            if (uGuides) addGuideSample(found, h[k].t, guide.normal, guide.albedo, guides);
            if (uGuides) addSplitSample(c, guide.diffuse, guides);
        }
        s += n;
    }
#else
    for (; s < end; s++) {
        vec3 origin, direction;
        float time = sampleCameraRay(pixel, pixelIndex, s, origin, direction);
        // The first hit is found here, for the guides' distance, and not searched again by the shading.
        Hit hit = newHit(INFINITY);
        bool found = traverse(origin, direction, time, hit, false);
        ChainGuide guide;
        vec3 c = shadeRayFromHit(origin, direction, time, pixelIndex, uint(s), true, found, hit, uGuides, guide);
        addSample(c, sum, squares);
        if (uGuides) addGuideSample(found, hit.t, guide.normal, guide.albedo, guides);
        if (uGuides) addSplitSample(c, guide.diffuse, guides);
    }
#endif
    storePixelSums(pixel, sum, squares, guides, traversalOverflowed);
}
