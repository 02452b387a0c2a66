// The wavefront frame's shading pass (wavefront.glsl): for each slot listed in generation
// uGeneration's closest-hit list, adds the light of the surface it shaded last (its shadow rays
// are back), then shades its new hit as whitted.glsl's shadeRayFromHit would: sends a shadow ray
// toward each light it faces, and its next closest-hit ray (the reflected or refracted ray, the
// next one off the stack, or the next sample's camera ray), all to the next generation.
layout(local_size_x = WF_GROUP) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"
#include "camera_samples.glsl"
#include "guide_sums.glsl"
#include "frame_pixels.glsl"
#include "wavefront.glsl"
#include "wavefront_paths.glsl"
#include "wavefront_shading.glsl"

void main() {
    uint entry = gl_GlobalInvocationID.x;
    int slot = -1, shadowMask = 0;
    bool sent = false;
    if (entry < counts[uGeneration * WF_KINDS + WF_CLOSEST]) {
        slot = lists[listBase(uGeneration, WF_CLOSEST) + int(entry)];
        sent = shadeSlot(slot, shadowMask);
    }
    enqueueGroup(slot, sent, shadowMask);
}
