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

// Ordered variant: at the shape level, an inner node's two children (i + 1 and that child's skip
// link) are both tested and the nearer is visited first, the farther kept on a short stack with its
// entry distance, dropped when it is popped beyond the closest hit found meanwhile. A stack, not a
// bit trail: the simplest form of "near child first", to learn whether ordering pays at all.
#define BOX_STACK_SIZE 64

// Entry distance of the ray into the box, or INFINITY when it misses within [0, tMax].
float boxEntry(vec3 lo, vec3 hi, vec3 o, vec3 invD, float tMax) {
    vec3 t0 = (lo - o) * invD;
    vec3 t1 = (hi - o) * invD;
    vec3 tn = min(t0, t1);
    vec3 tf = max(t0, t1);
    float enter = max(max(tn.x, tn.y), max(tn.z, 0.0));
    float leave = min(min(tf.x, tf.y), min(tf.z, tMax));
    return enter <= leave ? enter : INFINITY;
}

// Closest hit within one instance's shape, whose root is node root; lo, ld, invD in object space.
bool walkShapeOrdered(int root, int instance, vec3 lo, vec3 ld, vec3 invD, inout Hit hit, inout int steps) {
    int stackNode[BOX_STACK_SIZE];
    float stackT[BOX_STACK_SIZE];
    int sp = 0;
    bool found = false;
    vec4 a = boxNodeTexel(root, 0);
    vec4 b = boxNodeTexel(root, 1);
    if (boxEntry(a.xyz, b.xyz, lo, invD, hit.t) == INFINITY) return false;
    int node = root;
    int leaf = floatBitsToInt(b.w);
    while (true) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        bool descend = false;
        if (leaf != 0) {
            int count = leaf >> BOX_LEAF_COUNT_SHIFT;
            int first = leaf & ((1 << BOX_LEAF_COUNT_SHIFT) - 1);
            for (int p = first; p < first + count; p++) {
                if (intersectPrimitive(p, lo, ld, hit)) {
                    hit.instance = instance;
                    found = true;
                }
            }
        } else {
            int c0 = node + 1;
            vec4 a0 = boxNodeTexel(c0, 0);
            vec4 b0 = boxNodeTexel(c0, 1);
            int c1 = floatBitsToInt(a0.w);
            vec4 a1 = boxNodeTexel(c1, 0);
            vec4 b1 = boxNodeTexel(c1, 1);
            float t0 = boxEntry(a0.xyz, b0.xyz, lo, invD, hit.t);
            float t1 = boxEntry(a1.xyz, b1.xyz, lo, invD, hit.t);
            if (t0 != INFINITY || t1 != INFINITY) {
                descend = true;
                bool firstNear = t0 <= t1;
                int near = firstNear ? c0 : c1;
                int nearLeaf = floatBitsToInt(firstNear ? b0.w : b1.w);
                float farT = firstNear ? t1 : t0;
                if (farT != INFINITY) {
                    if (sp == BOX_STACK_SIZE) {
                        hit.overflow = true;
                        return found;
                    }
                    stackNode[sp] = firstNear ? c1 : c0;
                    stackT[sp] = farT;
                    sp++;
                }
                node = near;
                leaf = nearLeaf;
            }
        }
        if (descend) continue;
        // Pop the next pending subtree that can still hold a closer hit.
        while (sp > 0 && stackT[sp - 1] > hit.t) sp--;
        if (sp == 0) return found;
        sp--;
        node = stackNode[sp];
        leaf = floatBitsToInt(boxNodeTexel(node, 1).w);
    }
    return found;
}

bool traverseBoxesOrdered(vec3 o, vec3 d, inout Hit hit) {
    int topNode = 0;
    int steps = 0;
    bool found = false;
    while (topNode != GI_END) {
        if (++steps > uStepBound) {
            hit.overflow = true;
            return found;
        }
        vec4 sphere = topNodeTexel(topNode, 0);
        ivec4 links = floatBitsToInt(topNodeTexel(topNode, 1));
        if (hitsBoundingSphere(sphere, o, d, hit.t)) {
            if (links.z > 0) {
                int instance = links.w;
                vec3 lo, ld;
                toObjectRay(instance, 0.0, o, d, lo, ld);
                int root = floatBitsToInt(instanceTexel(instance, 12).x);
                if (walkShapeOrdered(root, instance, lo, ld, 1.0 / ld, hit, steps)) found = true;
                if (hit.overflow) return found;
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
