// The traversal experiment's stackless box walks (org.drtstudio.accel.BoxNodeVariants documents the
// layouts): the same two-level stackless walk as traverse.glsl with boxes instead of spheres at the
// shape level, in the sphere tree's fixed order or in eight layouts ordered near-first per ray
// octant (the tracers' default until the single box layout of traverse_box.glsl replaced it).
layout(binding = OCTANT_BOXES_UNIT) uniform sampler2D uOctantBoxes;
uniform int uShapeNodeCount;  // nodes of one layout (the ordered variant holds eight)

vec4 octantBoxTexel(int node, int k) { return fetchTexel(uOctantBoxes, node * BOX_VARIANT_NODE_TEXELS + k); }

int octantOf(vec3 d) {
    return (d.x < 0.0 ? 1 : 0) | (d.y < 0.0 ? 2 : 0) | (d.z < 0.0 ? 4 : 0);
}

bool traverseOctantBoxes(vec3 o, vec3 d, float time, inout Hit hit, bool anyHit, bool ordered) {
    int topNode = 0;
    int node = GI_END;
    int instance = -1;
    vec3 lo = vec3(0.0), ld = vec3(0.0), invD = vec3(0.0);
    int steps = 0;
    bool found = false;
    while (true) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        if (node == GI_END) {
            if (topNode == GI_END) return found;
            if (enterNextInstance(topNode, o, d, time, hit.t, instance, lo, ld)) {
                invD = safeInverse(ld);
                node = floatBitsToInt(instanceTexel(instance, GI_INSTANCE_SHAPE).x);
                if (ordered) node += octantOf(ld) * uShapeNodeCount;
            }
            continue;
        }
        vec4 a = octantBoxTexel(node, BOX_VARIANT_MIN);
        vec4 b = octantBoxTexel(node, BOX_VARIANT_MAX);
        int miss = floatBitsToInt(a.w);
        if (hitsBox(a.xyz, b.xyz, lo, invD, hit.t)) {
            int leaf = floatBitsToInt(b.w);
            if (leaf != 0) {
                int start = leaf >> BOX_VARIANT_START_SHIFT;
                int end = start + ((leaf >> 1) & BOX_VARIANT_COUNT_MASK);
                for (int p = start; p < end; p++) {
                    if (intersectPrimitive(p, lo, ld, hit)) {
                        hit.instance = instance;
                        found = true;
                        if (anyHit) return true;
                    }
                }
                node = miss;
            } else {
                node = node + 1;
            }
        } else {
            node = miss;
        }
    }
    return found;
}
