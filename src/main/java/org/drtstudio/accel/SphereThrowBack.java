package org.drtstudio.accel;

/**
 * The DRT paper's non-binary sphere tree: a bounding sphere that is bad for its parent is "thrown
 * back", that is removed, and its children are attached to the parent in its place, so a node may
 * have more than two children. A sphere is bad when its radius is at least {@code ratio} times the
 * radius of the sphere of the node it would hang under (the nearest ancestor that is kept): a ray
 * that hits the parent then hits that child almost surely too, so testing it is a node visit that
 * culls next to nothing. The paper gives the idea, not a number; the ratio is ours to choose
 * (measured in docs/ACCEL.md, the lead's table from issue 42).
 *
 * <p>Works on the flattened binary hierarchy: nodes stay in depth-first pre-order with the removed
 * ones left out, so a kept node's first child is the next kept node and its skip link is the first
 * kept node after its original subtree. Kept spheres are unchanged and still enclose everything
 * below them (they enclosed the removed sphere, which enclosed its children). Leaves and the root
 * are never removed. The stackless walk follows next/skip links of any arity, so the sphere walk
 * of both tracers reads the result unchanged; the box layouts, which are binary, cannot be derived
 * from it (see {@link BoxTree}).
 */
public final class SphereThrowBack {
    private SphereThrowBack() {
    }

    /**
     * @param ratio in (0, 1]: children whose radius is at least this fraction of their parent's are
     *              thrown back (1 removes only children as large as their parent)
     * @return the hierarchy with bad spheres removed; {@code binary} itself when none is bad
     */
    public static SphereHierarchy apply(SphereHierarchy binary, float ratio) {
        if (!(ratio > 0 && ratio <= 1)) throw new IllegalArgumentException("the throw-back ratio must be in (0, 1], got " + ratio);
        int n = binary.nodeCount();
        boolean[] removed = removedNodes(binary, ratio);
        int[] newIndex = new int[n + 1]; // newIndex[i]: kept nodes before i, so the index of the first kept node at or after i
        for (int i = 0; i < n; i++) newIndex[i + 1] = newIndex[i] + (removed[i] ? 0 : 1);
        int kept = newIndex[n];
        if (kept == n) return binary;
        float[] spheres = new float[4 * kept];
        int[] hit = new int[kept], miss = new int[kept], primStart = new int[kept], primCount = new int[kept];
        for (int i = 0; i < n; i++) {
            if (removed[i]) continue;
            int k = newIndex[i];
            System.arraycopy(binary.spheres(), 4 * i, spheres, 4 * k, 4);
            int skip = binary.miss()[i];
            miss[k] = skip == GeometryImageLayout.END || newIndex[skip] == kept ? GeometryImageLayout.END : newIndex[skip];
            primStart[k] = binary.primStart()[i];
            primCount[k] = binary.primCount()[i];
            hit[k] = binary.isLeaf(i) ? miss[k] : k + 1;
        }
        return new SphereHierarchy(spheres, hit, miss, primStart, primCount, binary.primOrder(), depthOf(hit, miss, primCount));
    }

    /**
     * Marks, in pre-order, each inner non-root node whose radius is at least {@code ratio} times that
     * of its nearest kept ancestor. An explicit stack of open subtrees (their end and kept node) gives
     * that ancestor; a removed node's children are compared with the same ancestor, so a chain of bad
     * spheres collapses into one node.
     */
    private static boolean[] removedNodes(SphereHierarchy h, float ratio) {
        int n = h.nodeCount();
        boolean[] removed = new boolean[n];
        int[] keptStack = new int[64], endStack = new int[64];
        int sp = 0;
        for (int i = 0; i < n; i++) {
            while (sp > 0 && i >= endStack[sp - 1]) sp--;
            int end = h.miss()[i] == GeometryImageLayout.END ? n : h.miss()[i];
            if (sp > 0 && !h.isLeaf(i)) {
                int parent = keptStack[sp - 1];
                removed[i] = h.spheres()[4 * i + 3] >= ratio * h.spheres()[4 * parent + 3];
            }
            if (h.isLeaf(i) || removed[i]) continue;
            if (sp == keptStack.length) {
                keptStack = java.util.Arrays.copyOf(keptStack, 2 * sp);
                endStack = java.util.Arrays.copyOf(endStack, 2 * sp);
            }
            keptStack[sp] = i;
            endStack[sp++] = end;
        }
        return removed;
    }

    /** The longest root-to-leaf path in nodes, from the links alone. */
    static int depthOf(int[] hit, int[] miss, int[] primCount) {
        int n = hit.length, deepest = 0;
        int[] endStack = new int[64];
        int sp = 0;
        for (int i = 0; i < n; i++) {
            while (sp > 0 && i >= endStack[sp - 1]) sp--;
            deepest = Math.max(deepest, sp + 1);
            if (primCount[i] > 0) continue;
            if (sp == endStack.length) endStack = java.util.Arrays.copyOf(endStack, 2 * sp);
            endStack[sp++] = miss[i] == GeometryImageLayout.END ? n : miss[i];
        }
        return deepest;
    }

    /**
     * Children per inner node of packed sphere nodes (a geometry image's shape level, several shapes
     * one after another), for reports: {inner nodes, most children of one node, children in all}.
     */
    public static int[] arity(float[] nodes, int n) {
        int inner = 0, most = 0, children = 0;
        for (int i = 0; i < n; i++) {
            int miss = link(nodes, i, 1);
            if (link(nodes, i, 0) == miss) continue; // a leaf
            inner++;
            int count = 0;
            for (int c = i + 1; c != GeometryImageLayout.END && c != miss && c < n; c = link(nodes, c, 1)) count++;
            most = Math.max(most, count);
            children += count;
        }
        return new int[]{inner, most, children};
    }

    private static int link(float[] nodes, int node, int component) {
        return Float.floatToRawIntBits(nodes[4 * (GeometryImageLayout.NODE_TEXELS * node + 1) + component]);
    }
}
