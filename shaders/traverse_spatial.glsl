// The walks of the spatial structures (--accel grid|octree); twin of
// org.drtstudio.render.cpu.SpatialTraversal. The top level is the geometry image's sphere walk; inside
// an instance the shape's uniform grid (traverse_grid.glsl) or skip-list octree (traverse_octree.glsl)
// is walked, primitives tested from the box layout's copy (intersectLeafPrimitive), so a hit names
// the geometry image's primitive and shading is the BVH's. The words are documented on
// org.drtstudio.accel.SpatialLayout (AX_* defines): four 32-bit words a texel, integers as float bits.
layout(binding = AX_WORDS_UNIT) uniform sampler2D uSpatialWords;
layout(binding = AX_ROOTS_UNIT) uniform sampler2D uSpatialRoots;  // per instance: x = its shape's root texel (int bits)

vec4 spatialTexel(int texel, int k) { return fetchTexel(uSpatialWords, texel + k); }
int spatialWord(int word) { return floatBitsToInt(fetchTexel(uSpatialWords, word >> AX_WORDS_PER_TEXEL_LOG2)[word & ((1 << AX_WORDS_PER_TEXEL_LOG2) - 1)]); }

// Tests the primitives listed in words [first, end); with anyHit stops at the first hit.
bool testList(int first, int end, int instance, vec3 lo, vec3 ld, inout Hit hit, bool anyHit) {
    bool found = false;
    for (int k = first; k < end; k++) {
        if (intersectLeafPrimitive(spatialWord(k), lo, ld, hit)) {
            hit.instance = instance;
            found = true;
            if (anyHit) return true;
        }
    }
    return found;
}

#include "traverse_grid.glsl"
#include "traverse_octree.glsl"

bool traverseSpatial(vec3 o, vec3 d, float time, inout Hit hit, bool anyHit) {
    int topNode = 0;
    int steps = 0;
    bool found = false;
    int instance = -1;
    vec3 lo = vec3(0.0), ld = vec3(0.0);
    while (topNode != GI_END) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        if (!enterNextInstance(topNode, o, d, time, hit.t, instance, lo, ld)) continue;
        int root = floatBitsToInt(fetchTexel(uSpatialRoots, instance).x);
#if ACCEL_WALK == AX_WALK_GRID
        bool inShape = walkGrid(root, lo, ld, instance, hit, anyHit);
#else
        bool inShape = walkOctree(root, lo, ld, instance, hit, anyHit);
#endif
        if (inShape) {
            found = true;
            if (anyHit) return true;
        }
        if (hit.overflow) return found;
    }
    return found;
}
