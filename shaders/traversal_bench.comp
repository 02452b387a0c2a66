// Traversal benchmark: two rays per invocation, walked one after the other through the sphere
// hierarchy (VARIANT 0), together (1), one after the other through box nodes in fixed order (2) or
// in the layouts ordered near-first for each ray's octant (3), through 4-wide box nodes with a
// short stack, nearest child first (4), or through the tracers' box layout (5, traverse_box.glsl). VARIANT is a #define, so each variant
// is its own program and holds only the registers it needs. Coherent rays: two jittered primary rays of the pixel; incoherent: two
// directions drawn uniformly over the sphere from the eye. Writes the sum of hit distances so the
// work cannot be optimised away.
layout(local_size_x = 8, local_size_y = 8) in;
#include "random.glsl"
#include "traverse.glsl"
#include "traverse_pair.glsl"
#include "traverse_octant.glsl"
#include "sampling.glsl"
#include "camera.glsl"

layout(binding = DRT_BINDING_BENCH_OUT, r32f) uniform writeonly image2D uOut;

#if VARIANT == 4
// 4-wide box nodes (org.drtstudio.accel.BoxNodeVariants.Wide), walked with a short stack, the
// nearest child first; the top level is the same stackless sphere walk as everywhere else.
layout(binding = WIDE_NODES_UNIT) uniform sampler2D uWideNodes;
layout(binding = WIDE_ROOTS_UNIT) uniform sampler2D uWideRoots;
#define WIDE_STACK 64

vec4 wideTexel(int node, int k) { return fetchTexel(uWideNodes, node * WIDE_TEXELS + k); }

// boxEntry (traverse_box.glsl): entry distance into a box, or -1 when the ray misses it within [0, tMax].
bool walkWide(int root, int instance, vec3 lo, vec3 ld, inout Hit hit, inout int steps) {
    vec3 invD = safeInverse(ld);
    int stack[WIDE_STACK];
    int sp = 0;
    int node = root;
    bool found = false;
    while (node >= 0) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        int inner[4];
        float entry[4];
        int n = 0;
        for (int k = 0; k < 4; k++) {
            vec4 a = wideTexel(node, 2 * k);
            int child = floatBitsToInt(a.w);
            if (child == WIDE_EMPTY) break;
            vec4 b = wideTexel(node, 2 * k + 1);
            float t = boxEntry(a.xyz, b.xyz, lo, invD, hit.t);
            if (t < 0.0) continue;
            if (child < 0) {
                int leaf = floatBitsToInt(b.w);
                int start = leaf >> BOX_VARIANT_START_SHIFT;
                int end = start + ((leaf >> 1) & BOX_VARIANT_COUNT_MASK);
                for (int p = start; p < end; p++) {
                    if (intersectPrimitive(p, lo, ld, hit)) {
                        hit.instance = instance;
                        found = true;
                    }
                }
            } else {
                // insertion sort, nearest last so it is visited next
                int j = n++;
                while (j > 0 && entry[j - 1] < t) {
                    inner[j] = inner[j - 1];
                    entry[j] = entry[j - 1];
                    j--;
                }
                inner[j] = child;
                entry[j] = t;
            }
        }
        if (n == 0) {
            node = sp > 0 ? stack[--sp] : -1;
            continue;
        }
        if (sp + n - 1 > WIDE_STACK) {
            hit.overflow = true;
            return found;
        }
        for (int k = 0; k < n - 1; k++) stack[sp++] = inner[k];
        node = inner[n - 1];
    }
    return found;
}

bool traverseWide(vec3 o, vec3 d, float time, inout Hit hit) {
    int topNode = 0;
    int steps = 0;
    bool found = false;
    while (topNode != GI_END) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        vec4 sphere = topNodeTexel(topNode, GI_NODE_SPHERE);
        ivec4 links = floatBitsToInt(topNodeTexel(topNode, GI_NODE_LINKS));
        if (hitsBoundingSphere(sphere, o, d, hit.t)) {
            if (links.z > 0) {
                int instance = links.w;
                vec3 lo, ld;
                toObjectRay(instance, time, o, d, lo, ld);
                int root = floatBitsToInt(fetchTexel(uWideRoots, instance).x);
                if (walkWide(root, instance, lo, ld, hit, steps)) found = true;
                topNode = links.y;
            } else {
                topNode = links.x;
            }
        } else {
            topNode = links.y;
        }
    }
    return found;
}
#endif
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
#elif VARIANT == 4
    traverseWide(uEye, d0, 0.0, h0);
    traverseWide(uEye, d1, 0.0, h1);
#elif VARIANT == 5
    traverseBoxes(uEye, d0, 0.0, h0, false);
    traverseBoxes(uEye, d1, 0.0, h1, false);
#elif VARIANT >= 2
    traverseOctantBoxes(uEye, d0, 0.0, h0, false, VARIANT == 3);
    traverseOctantBoxes(uEye, d1, 0.0, h1, false, VARIANT == 3);
#else
    traverse(uEye, d0, 0.0, h0, false);
    traverse(uEye, d1, 0.0, h1, false);
#endif
    float s = (isinf(h0.t) ? 0.0 : h0.t) + (isinf(h1.t) ? 0.0 : h1.t);
    imageStore(uOut, pixel, vec4(s));
}
