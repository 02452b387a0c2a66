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

// Where in the window slot `at` of a part lies. Whole pixels go in 8x4 tiles, bands of 4 rows
// (the last band and a band's last tile may be smaller), so that 32 neighbouring slots -- a warp --
// start their camera rays from a square patch, not a 32-pixel strip of a row: the rays, and the
// reflected rays after them, then walk more of the same nodes. The active pixel list is already in
// its own order, so its entries are taken as listed.
ivec2 windowPlace(int at) {
    if (uActiveCount >= 0) return ivec2(at % uSlotWidth, at / uSlotWidth);
    int rows = uWindowPixels / uSlotWidth;
    int band = at / (uSlotWidth * 4), bandRows = min(4, rows - band * 4);
    int inBand = at - band * uSlotWidth * 4;
    int tile = inBand / (8 * bandRows), tileWidth = min(8, uSlotWidth - tile * 8);
    int inTile = inBand - tile * 8 * bandRows;
    return ivec2(tile * 8 + inTile % tileWidth, band * 4 + inTile / tileWidth);
}

bool startSlot(int slot) {
    ivec2 pixel;
    int part = slot / uWindowPixels, at = slot - part * uWindowPixels;
    if (!framePixel(windowPlace(at), pixel)) {
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
