// The octree's pre-ordered skip list, walked without a stack as in the CUDA octree ray tracer report;
// twin of SpatialTraversal.walkOctree. A node whose box the ray meets before the closest hit leads to
// its first child, the next node (a leaf: its primitives, then its skip); a missed node to its skip;
// the end marker AX_END finishes the shape.
bool walkOctree(int root, vec3 o, vec3 d, int instance, inout Hit hit, bool anyHit) {
    int bound = floatBitsToInt(spatialTexel(root, AX_OCTREE_HEADER).x);
    vec3 invD = safeInverse(d);
    bool found = false;
    int node = root + 1;
    int steps = 0;
    while (node != AX_END) {
        if (++steps > bound) {
            hit.overflow = true;
            return found;
        }
        vec4 lo = spatialTexel(node, AX_OCTREE_LO);
        vec4 hi = spatialTexel(node, AX_OCTREE_HI);
        int skip = floatBitsToInt(lo.w);
        if (boxEntry(lo.xyz, hi.xyz, o, invD, hit.t) < 0.0) {
            node = skip;
            continue;
        }
        int list = floatBitsToInt(hi.w);
        if (list == AX_INNER) {
            node += AX_OCTREE_NODE_TEXELS;
            continue;
        }
        if (testList(list + 1, list + 1 + spatialWord(list), instance, o, d, hit, anyHit)) {
            found = true;
            if (anyHit) return true;
        }
        node = skip;
    }
    return found;
}
