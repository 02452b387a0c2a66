// Depth AOV: distance from the eye to the first hit along the normalised pixel-centre ray,
// +Inf where nothing is hit.
layout(local_size_x = 8, local_size_y = 8) in;
#include "traverse.glsl"
#include "sampling.glsl"
#include "camera.glsl"

layout(binding = 2, r32f) uniform writeonly image2D uDepth;
uniform ivec2 uTileOffset;

void main() {
    ivec2 pixel = uTileOffset + ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    Hit hit = newHit(INFINITY);
    bool found = traverse(uEye, primaryDirection(vec2(pixel) + vec2(0.5)), 0.0, hit, false);
    imageStore(uDepth, pixel, vec4(found ? hit.t : INFINITY));
}
