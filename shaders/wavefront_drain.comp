// The wavefront frame's last pass when few slots are left (wavefront.glsl): each invocation takes a
// slot of generation uGeneration's closest-hit list and walks it to its end, tracing its rays itself
// step after step as the trace passes would. The last steps of a frame hold the pixels with the
// deepest ray trees (glass); a pass per step for them would cost a few dispatches each for little work.
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
    if (entry >= counts[uGeneration * WF_KINDS + WF_CLOSEST]) return;
    int slot = lists[listBase(uGeneration, WF_CLOSEST) + int(entry)];
    int shadowMask;
    do {
        if ((intField(slot, WF_WALK).w & WF_SHADOWS) != 0) {
            for (int l = 0; l < uLightCount + ENV_SHADOW_RAYS; l++) {
                if (shadows[slot * uShadowStride + l].light.w != 0.0) traceShadowRay(slot * uShadowStride + l);
            }
        }
        traceClosestRay(slot);
    } while (shadeSlot(slot, shadowMask));
}
