// Traversal benchmark: two rays per invocation, walked one after the other through the sphere
// hierarchy (uVariant 0), together (1), one after the other through box nodes in fixed order (2) or
// in the layout ordered near-first for each ray's octant (3). VARIANT is a #define, so each variant
// is its own program and holds only the registers it needs. Coherent rays: two jittered primary rays of the pixel; incoherent: two
// directions drawn uniformly over the sphere from the eye. Writes the sum of hit distances so the
// work cannot be optimised away.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "traverse.glsl"
#include "traverse_pair.glsl"
#include "sampling.glsl"
#include "camera.glsl"

layout(binding = 2, r32f) uniform writeonly image2D uOut;
uniform int uCoherent;
uniform uint uSeed;

vec3 randomDirection(uint pixel, uint k) {
    float z = 1.0 - 2.0 * uniformSample(pixel, k, 0u, uSeed);
    float phi = 6.283185307 * uniformSample(pixel, k, 1u, uSeed);
    float r = sqrt(max(0.0, 1.0 - z * z));
    return vec3(r * cos(phi), r * sin(phi), z);
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= uImageSize.x || pixel.y >= uImageSize.y) return;
    uint pi = uint(pixel.y * uImageSize.x + pixel.x);
    vec3 d0, d1;
    if (uCoherent != 0) {
        d0 = primaryDirection(vec2(pixel) + vec2(uniformSample(pi, 0u, 0u, uSeed), uniformSample(pi, 0u, 1u, uSeed)));
        d1 = primaryDirection(vec2(pixel) + vec2(uniformSample(pi, 1u, 0u, uSeed), uniformSample(pi, 1u, 1u, uSeed)));
    } else {
        d0 = randomDirection(pi, 0u);
        d1 = randomDirection(pi, 1u);
    }
    Hit h0 = newHit(INFINITY);
    Hit h1 = newHit(INFINITY);
#if VARIANT == 1
    traversePair(uEye, d0, 0.0, uEye, d1, 0.0, h0, h1);
#elif VARIANT >= 2
    traverseBoxes(uEye, d0, 0.0, h0, false, VARIANT == 3);
    traverseBoxes(uEye, d1, 0.0, h1, false, VARIANT == 3);
#else
    traverse(uEye, d0, 0.0, h0, false);
    traverse(uEye, d1, 0.0, h1, false);
#endif
    float s = (isinf(h0.t) ? 0.0 : h0.t) + (isinf(h1.t) ? 0.0 : h1.t);
    imageStore(uOut, pixel, vec4(s));
}
