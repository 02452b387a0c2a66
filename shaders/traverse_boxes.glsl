// Experiment (issue #6): the two-level walk of traverse.glsl with axis-aligned boxes instead of
// spheres at the shape level (accel.BoxNodes: same node order, skip links and leaves). The top level
// keeps its spheres. Only the bounding test differs, so both walks find the same closest hits.
layout(binding = 8) uniform sampler2D uBoxNodes;

vec4 boxNodeTexel(int node, int k) { return fetchTexel(uBoxNodes, node * GI_NODE_TEXELS + k); }

// Slab test: whether o + t d meets the box for some t in [0, tMax]; invD = 1 / d per component.
bool hitsBox(vec3 lo, vec3 hi, vec3 o, vec3 invD, float tMax) {
    vec3 t0 = (lo - o) * invD;
    vec3 t1 = (hi - o) * invD;
    vec3 tn = min(t0, t1);
    vec3 tf = max(t0, t1);
    float enter = max(max(tn.x, tn.y), max(tn.z, 0.0));
    float leave = min(min(tf.x, tf.y), min(tf.z, tMax));
    return enter <= leave;
}

bool traverseBoxes(vec3 o, vec3 d, inout Hit hit) {
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
            vec4 sphere = topNodeTexel(topNode, 0);
            ivec4 links = floatBitsToInt(topNodeTexel(topNode, 1));
            if (hitsBoundingSphere(sphere, o, d, hit.t)) {
                if (links.z > 0) {
                    instance = links.w;
                    toObjectRay(instance, 0.0, o, d, lo, ld);
                    invD = 1.0 / ld;
                    node = floatBitsToInt(instanceTexel(instance, 12).x);
                    topNode = links.y;
                } else {
                    topNode = links.x;
                }
            } else {
                topNode = links.y;
            }
            continue;
        }
        vec4 a = boxNodeTexel(node, 0);
        vec4 b = boxNodeTexel(node, 1);
        int miss = floatBitsToInt(a.w);
        int leaf = floatBitsToInt(b.w);
        if (hitsBox(a.xyz, b.xyz, lo, invD, hit.t)) {
            int count = leaf >> BOX_LEAF_COUNT_SHIFT;
            int first = leaf & ((1 << BOX_LEAF_COUNT_SHIFT) - 1);
            for (int p = first; p < first + count; p++) {
                if (intersectPrimitive(p, lo, ld, hit)) {
                    hit.instance = instance;
                    found = true;
                }
            }
            node = count > 0 ? miss : node + 1;
        } else {
            node = miss;
        }
    }
    return found;
}
