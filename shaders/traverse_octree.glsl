// The octree's pre-ordered skip list (either construction), walked without a stack as in the CUDA
// octree ray tracer report; twin of SpatialTraversal.walkOctree. A node whose box the ray meets before
// the closest hit has its list tested, if it has one (a leaf, or an inner box keeping straddlers), and
// leads to the next node: its first child, or a leaf's skip; a missed node to its skip; the end
// marker AX_END, or the node after the last, finishes the shape.
bool walkOctree(int root, vec3 o, vec3 d, int instance, inout Hit hit, bool anyHit) {
    int bound = floatBitsToInt(spatialTexel(root, AX_OCTREE_HEADER).x);
    vec3 invD = safeInverse(d);
    bool found = false;
    int node = root + 1;
    int last = root + 1 + AX_OCTREE_NODE_TEXELS * bound;
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
        if (list != AX_NO_LIST && testList(list + 1, list + 1 + spatialWord(list), instance, o, d, hit, anyHit)) {
            found = true;
            if (anyHit) return true;
        }
        // The next node in pre-order: an inner node's first child, a leaf's skip.
        node += AX_OCTREE_NODE_TEXELS;
        if (node == last) node = AX_END;
    }
    return found;
}
