// The wavefront frame's first pass (wavefront.glsl): uParts slots per pixel of the window
// (uSlotWidth wide from uTileOffset, or entries of the active pixel list as in trace.comp), slot
// part * uWindowPixels + i taking that part of pixel i's samples (passPartStart); sets up each
// slot's sums and sends its first camera ray. Slots with no pixel to trace are done.
layout(local_size_x = WF_GROUP) in;
#include "random.glsl"
#include "whitted.glsl"
#include "camera.glsl"
#include "camera_samples.glsl"
#include "guide_sums.glsl"
#include "frame_pixels.glsl"
#include "wavefront.glsl"
#include "wavefront_paths.glsl"

uniform int uSlotCount;     // uWindowPixels * uParts
uniform int uSlotWidth;
uniform int uWindowPixels;
uniform int uParts;

bool startSlot(int slot) {
    ivec2 pixel;
    int part = slot / uWindowPixels, at = slot - part * uWindowPixels;
    if (!framePixel(ivec2(at % uSlotWidth, at / uSlotWidth), pixel)) {
        setIntField(slot, WF_PLACE, ivec4(-1));
        return false;
    }
    int start = passPartStart(part, uParts), end = passPartStart(part + 1, uParts);
    setIntField(slot, WF_PLACE, ivec4(pixel, start, end));
    setField(slot, WF_SUM_SQUARES, vec4(0.0));
    setField(slot, WF_GUIDE_ALBEDO_HITS, vec4(0.0));
    setField(slot, WF_GUIDE_NORMAL_DEPTH, vec4(0.0));
    setField(slot, WF_GUIDE_DIFFUSE, vec4(0.0));
    setField(slot, WF_SAMPLE_DIFFUSE, vec4(0.0));
    setField(slot, WF_SAMPLE_ALBEDO, vec4(0.0));
    setField(slot, WF_SAMPLE_NORMAL, vec4(0.0));
    if (start >= end) {
        setIntField(slot, WF_WALK, ivec4(0, 0, 0, WF_PHASE_DONE));
        return false;
    }
    startSample(slot, pixel, start, vec3(0.0), 0);
    return true;
}

void main() {
    int slot = int(gl_GlobalInvocationID.x);
    bool sent = slot < uSlotCount && startSlot(slot);
    enqueueGroup(slot, sent, 0);
}
