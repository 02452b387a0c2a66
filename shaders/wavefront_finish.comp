// The wavefront frame's last pass (wavefront.glsl), once per part of the pixels' samples, in order:
// adds the sums of part uPart's slots to their pixels', as trace.comp does at the end of an
// invocation (so a pixel's parts sum as that many passes of the kernel would).
layout(local_size_x = WF_GROUP) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"
#include "guide_sums.glsl"
#include "frame_pixels.glsl"
#include "wavefront.glsl"

uniform int uWindowPixels;
uniform int uParts;
uniform int uPart;

// Whether the walk of the slot's part of its pixel overflowed, and no earlier part's did (a pixel is counted once).
bool firstOverflow(int at) {
    if ((intField(uPart * uWindowPixels + at, WF_WALK).w & WF_OVERFLOWED) == 0) return false;
    for (int part = 0; part < uPart; part++) {
        if ((intField(part * uWindowPixels + at, WF_WALK).w & WF_OVERFLOWED) != 0) return false;
    }
    return true;
}

void main() {
    int at = int(gl_GlobalInvocationID.x);
    if (at >= uWindowPixels) return;
    int slot = uPart * uWindowPixels + at;
    ivec4 place = intField(slot, WF_PLACE);
    if (place.x < 0) return;
    vec4 sumSquares = field(slot, WF_SUM_SQUARES);
    GuideSums guides = GuideSums(field(slot, WF_GUIDE_ALBEDO_HITS), field(slot, WF_GUIDE_NORMAL_DEPTH),
                                 field(slot, WF_GUIDE_DIFFUSE), field(slot, WF_SAMPLE_DIFFUSE).w);
    storeSampleSums(place.xy, passPartStart(uPart, uParts), place.w, sumSquares.xyz, sumSquares.w, guides);
    if (firstOverflow(at)) atomicAdd(overflowPixels, 1u);
}
