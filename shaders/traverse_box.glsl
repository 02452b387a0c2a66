// Twin of the box walk in org.drtstudio.render.cpu.Traversal. Traversal over axis-aligned-box nodes
// (org.drtstudio.accel.BoxNodeVariants documents the layout): the same two-level stackless walk as
// traverse.glsl with boxes instead of spheres at the shape level, optionally in the layout ordered
// near-first for the ray's octant. Both tracers walk the ordered layouts by default (--nodes boxes);
// drt bench and the traversal experiment measure them against the sphere walk.
layout(binding = 8) uniform sampler2D uBoxNodes;
uniform int uShapeNodeCount;  // nodes of one layout (the ordered variant holds eight)

vec4 boxTexel(int node, int k) { return fetchTexel(uBoxNodes, node * 2 + k); }

// Whether the ray o + t d meets the box for some t in [0, tMax]; invD = 1 / d.
bool hitsBox(vec3 lo, vec3 hi, vec3 o, vec3 invD, float tMax) {
    vec3 t0 = (lo - o) * invD;
    vec3 t1 = (hi - o) * invD;
    vec3 tn = min(t0, t1);
    vec3 tf = max(t0, t1);
    float enter = max(max(tn.x, tn.y), max(tn.z, 0.0));
    float leave = min(min(tf.x, tf.y), min(tf.z, tMax));
    return enter <= leave;
}

// 1 / d with zero components replaced by +-1e-20 (by sign bit-free comparison, as the Java twin does),
// so the slab test never forms 0 * inf.
vec3 safeInverse(vec3 d) {
    vec3 tiny = vec3(d.x >= 0.0 ? 1e-20 : -1e-20, d.y >= 0.0 ? 1e-20 : -1e-20, d.z >= 0.0 ? 1e-20 : -1e-20);
    return 1.0 / mix(d, tiny, lessThan(abs(d), vec3(1e-20)));
}

int octantOf(vec3 d) {
    return (d.x < 0.0 ? 1 : 0) | (d.y < 0.0 ? 2 : 0) | (d.z < 0.0 ? 4 : 0);
}

bool traverseBoxes(vec3 o, vec3 d, float time, inout Hit hit, bool anyHit, bool ordered) {
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
                    toObjectRay(instance, time, o, d, lo, ld);
                    invD = safeInverse(ld);
                    node = floatBitsToInt(instanceTexel(instance, 12).x);
                    if (ordered) node += octantOf(ld) * uShapeNodeCount;
                    topNode = links.y;
                } else {
                    topNode = links.x;
                }
            } else {
                topNode = links.y;
            }
            continue;
        }
        vec4 a = boxTexel(node, 0);
        vec4 b = boxTexel(node, 1);
        int miss = floatBitsToInt(a.w);
        if (hitsBox(a.xyz, b.xyz, lo, invD, hit.t)) {
            int leaf = floatBitsToInt(b.w);
            if (leaf != 0) {
                int start = leaf >> 6;
                int end = start + ((leaf >> 1) & 31);
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
