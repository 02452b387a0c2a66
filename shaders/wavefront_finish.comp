// The wavefront frame's last pass (wavefront.glsl): adds each traced slot's sums to its pixel's, as
// trace.comp does at the end of an invocation.
layout(local_size_x = WF_GROUP) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"
#include "guide_sums.glsl"
#include "frame_pixels.glsl"
#include "wavefront.glsl"

uniform int uSlotCount;

void main() {
    int slot = int(gl_GlobalInvocationID.x);
    if (slot >= uSlotCount) return;
    ivec4 place = intField(slot, WF_PLACE);
    if (place.x < 0) return;
    vec4 sumSquares = field(slot, WF_SUM_SQUARES);
    GuideSums guides = GuideSums(field(slot, WF_GUIDE_ALBEDO_HITS), field(slot, WF_GUIDE_NORMAL_DEPTH),
                                 field(slot, WF_GUIDE_DIFFUSE), field(slot, WF_SAMPLE_DIFFUSE).w);
    storePixelSums(place.xy, sumSquares.xyz, sumSquares.w, guides, (intField(slot, WF_WALK).w & WF_OVERFLOWED) != 0);
}
