// Node-variant benchmark (issue #6): one ray per invocation through sphere nodes (NODE_VARIANT 0,
// traverse.glsl), box nodes in the same next/skip layout (NODE_VARIANT 1, traverse_boxes.glsl) or box
// nodes walked near child first with a short stack (NODE_VARIANT 2).
// NODE_VARIANT is a #define, one program per variant: llvmpipe would pay for a uniform branch's
// untaken side.
// Coherent rays: a jittered primary ray of the pixel; incoherent: a direction drawn uniformly over
// the sphere from the eye. Writes the hit distance so both variants' hits can be compared.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "traverse.glsl"
#include "traverse_boxes.glsl"
#include "sampling.glsl"
#include "camera.glsl"

layout(binding = 2, r32f) uniform writeonly image2D uOut;
uniform int uCoherent;
uniform uint uSeed;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pi = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 d;
    if (uCoherent != 0) {
        d = primaryDirection(vec2(pixel) + vec2(uniformSample(pi, 0u, 0u, uSeed), uniformSample(pi, 0u, 1u, uSeed)));
    } else {
        float z = 1.0 - 2.0 * uniformSample(pi, 0u, 0u, uSeed);
        float phi = 6.283185307 * uniformSample(pi, 0u, 1u, uSeed);
        float r = sqrt(max(0.0, 1.0 - z * z));
        d = vec3(r * cos(phi), r * sin(phi), z);
    }
    Hit h = newHit(INFINITY);
#if NODE_VARIANT == 2
    traverseBoxesOrdered(uEye, d, h);
#elif NODE_VARIANT == 1
    traverseBoxes(uEye, d, h);
#else
    traverse(uEye, d, 0.0, h, false);
#endif
    imageStore(uOut, pixel, vec4(isinf(h.t) ? -1.0 : h.t));
}
