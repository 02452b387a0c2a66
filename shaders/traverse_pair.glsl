// Parallel traversal of the DRT paper: two rays walk the hierarchy together. Each node's sphere is
// tested against both; the walk descends while either ray meets it, and a leaf's primitives are
// intersected with each ray that met the leaf. The rays share one walk's fetches of node texels.
// Used for the camera rays of a pixel (trace.comp with PAIRED_PRIMARY); docs/RESULTS.md records what it pays.
// t0, t1: each ray's shutter time in [0, 1] (instances move between their open and close matrices).
// Its top level tests two rays at once and steps as traverse.glsl's stepTopLevel says for either.
bool traversePairTree(vec3 o0, vec3 d0, float t0, vec3 o1, vec3 d1, float t1, inout Hit h0, inout Hit h1);

// Both rays test the ground plane first (traverse.glsl), which clips their walk as it clips traverse's.
bool traversePair(vec3 o0, vec3 d0, float t0, vec3 o1, vec3 d1, float t1, inout Hit h0, inout Hit h1) {
    bool ground0 = uGroundPlane && intersectGround(o0, d0, h0);
    bool ground1 = uGroundPlane && intersectGround(o1, d1, h1);
    return traversePairTree(o0, d0, t0, o1, d1, t1, h0, h1) || ground0 || ground1;
}

bool traversePairTree(vec3 o0, vec3 d0, float t0, vec3 o1, vec3 d1, float t1, inout Hit h0, inout Hit h1) {
    int topNode = 0;
    int node = GI_END;
    int instance = -1;
    vec3 lo0 = vec3(0.0), ld0 = vec3(0.0), lo1 = vec3(0.0), ld1 = vec3(0.0);
    bool in0 = false, in1 = false;  // which rays met the current instance's top-level sphere
    int steps = 0;
    bool found = false;
    while (true) {
        if (++steps > 2 * uStepBound) {
            h0.overflow = true;
            h1.overflow = true;
            return found;
        }
        if (node == GI_END) {
            if (topNode == GI_END) return found;
            vec4 sphere = topNodeTexel(topNode, GI_NODE_SPHERE);
            ivec4 links = floatBitsToInt(topNodeTexel(topNode, GI_NODE_LINKS));
            bool a = hitsBoundingSphere(sphere, o0, d0, h0.t);
            bool b = hitsBoundingSphere(sphere, o1, d1, h1.t);
            int entered = stepTopLevel(topNode, links, a || b);
            if (entered >= 0) {
                instance = entered;
                toObjectRay(instance, t0, o0, d0, lo0, ld0);
                toObjectRay(instance, t1, o1, d1, lo1, ld1);
                in0 = a;
                in1 = b;
                node = floatBitsToInt(instanceTexel(instance, GI_INSTANCE_SHAPE).x);
            }
            continue;
        }
        vec4 sphere = nodeTexel(node, GI_NODE_SPHERE);
        ivec4 links = floatBitsToInt(nodeTexel(node, GI_NODE_LINKS));
        bool a = in0 && hitsBoundingSphere(sphere, lo0, ld0, h0.t);
        bool b = in1 && hitsBoundingSphere(sphere, lo1, ld1, h1.t);
        if (a || b) {
            for (int p = links.w; p < links.w + links.z; p++) {
                if (a && intersectPrimitive(p, lo0, ld0, h0)) { h0.instance = instance; found = true; }
                if (b && intersectPrimitive(p, lo1, ld1, h1)) { h1.instance = instance; found = true; }
            }
            node = links.x;
        } else {
            node = links.y;
        }
    }
    return found;
}
