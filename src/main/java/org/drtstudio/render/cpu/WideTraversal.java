package org.drtstudio.render.cpu;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.BoxLayout.BoxPrimitiveField;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.WideBoxLayout;

import static org.drtstudio.accel.GeometryImageLayout.INSTANCE_TEXELS;
import static org.drtstudio.accel.GeometryImageLayout.KIND_TRIANGLE;
import static org.drtstudio.accel.WideBoxLayout.NODE_FLOATS;
import static org.drtstudio.accel.WideBoxLayout.WIDTH;

/**
 * The Java production walk: two levels of {@link WideBoxLayout} trees, the instances' above the
 * shapes'. In a node the four children's slabs are tested without branches and the hit children
 * taken nearest first, the others kept on a stack with their entry distance (skipped when a nearer
 * hit was found since). Leaves test the box layout's primitive copies with the twin's own
 * Möller–Trumbore and sphere tests ({@link Traversal#intersectTriangle}), so a hit found by both
 * walks has the same distance and barycentrics to the bit; the walks can differ only where two
 * primitives tie, or at the rounding of a slab test at a box's edge (the boxes are padded so
 * neither culls what a ray hits). Instances are entered as the twin enters them ({@link InstanceRows}).
 *
 * <p>Measured against the twin, Embree and on the peers' rays: docs/BENCHMARKS.md, "The CPU tracer".
 * One instance per thread.
 */
final class WideTraversal implements RayCaster {
    private final float[] bounds, prims;
    private final int[] children;
    /** The instances' tree (leaf word: the instance), or null when there is one instance. */
    private final float[] topBounds;
    private final int[] topChildren;
    private final int topRoot;
    private final int[] instanceRoots;
    /** Per instance, whether its world-to-object rows are the identity at open and close: its rays need no carrying. */
    private final boolean[] identity;
    private final InstanceRows instanceRows;
    private final int[] stackNode, topNode;
    private final float[] stackT, topT;
    private final float[] objectRay = new float[6];
    private final int[] laneNode = new int[WIDTH];
    private final float[] laneT = new float[WIDTH];

    WideTraversal(GeometryImage image, WideLayouts.Layouts layouts) {
        BoxLayout boxes = layouts.boxes();
        WideBoxLayout wide = layouts.shapes();
        this.bounds = wide.bounds();
        this.children = wide.children();
        this.prims = boxes.primitives();
        this.instanceRows = new InstanceRows(image);
        this.instanceRoots = layouts.instanceRoots();
        this.identity = layouts.identity();
        WideBoxLayout top = layouts.instances();
        this.topBounds = image.instanceCount() > 1 ? top.bounds() : null;
        this.topChildren = image.instanceCount() > 1 ? top.children() : null;
        this.topRoot = image.instanceCount() > 1 ? top.roots()[0] : 0;
        this.stackNode = new int[(WIDTH - 1) * wide.height() + 1];
        this.stackT = new float[stackNode.length];
        int topHeight = top == null ? 1 : top.height();
        this.topNode = new int[(WIDTH - 1) * topHeight + 1];
        this.topT = new float[topNode.length];
    }

    @Override
    public boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit) {
        if (topBounds == null) return enter(0, ox, oy, oz, dx, dy, dz, time, hit, anyHit);
        float ix = Traversal.safeInverse(dx), iy = Traversal.safeInverse(dy), iz = Traversal.safeInverse(dz);
        float oix = ox * ix, oiy = oy * iy, oiz = oz * iz;
        int nx = ix < 0f ? 4 : 0, ny = 8 + (iy < 0f ? 4 : 0), nz = 16 + (iz < 0f ? 4 : 0);
        int fx = 4 - nx, fy = 20 - ny, fz = 36 - nz;
        final float[] b = topBounds;
        int sp = 0, node = topRoot;
        boolean found = false;
        while (true) {
            if (node >= 0) {
                int o = NODE_FLOATS * node, c = WIDTH * node, n = 0;
                float tMax = hit.t;
                for (int lane = 0; lane < WIDTH; lane++) {
                    float tn = max(max(Math.fma(b[o + nx + lane], ix, -oix), Math.fma(b[o + ny + lane], iy, -oiy)),
                            max(Math.fma(b[o + nz + lane], iz, -oiz), 0f));
                    float tf = min(min(Math.fma(b[o + fx + lane], ix, -oix), Math.fma(b[o + fy + lane], iy, -oiy)),
                            min(Math.fma(b[o + fz + lane], iz, -oiz), tMax));
                    if (tn <= tf) n = insert(laneNode, laneT, n, topChildren[c + lane], tn);
                }
                if (n > 0) {
                    for (int j = 0; j < n - 1; j++) {
                        topNode[sp] = laneNode[j];
                        topT[sp++] = laneT[j];
                    }
                    node = laneNode[n - 1];
                    continue;
                }
            } else if (node != BoxLayout.leafLink(0, 0)) {
                int instance = ~node >>> BoxLayout.LEAF_COUNT_BITS;
                if (enter(instance, ox, oy, oz, dx, dy, dz, time, hit, anyHit)) {
                    found = true;
                    if (anyHit) return true;
                }
                if (hit.overflow) return found;
            }
            do {
                if (sp == 0) return found;
                node = topNode[--sp];
            } while (topT[sp] > hit.t);
        }
    }

    /** Walks instance {@code instance}'s shape with the ray carried into its object space (direction not renormalised). */
    private boolean enter(int instance, float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit) {
        // A scene file's meshes sit under the identity: their rays are the world's (the product with the
        // identity rows gives the same floats), and the rows need not be read.
        if (identity[instance]) return shape(instanceRoots[instance], instance, ox, oy, oz, dx, dy, dz, hit, anyHit);
        float[] r = objectRay;
        instanceRows.objectRay(instance, time, ox, oy, oz, dx, dy, dz, r);
        return shape(instanceRoots[instance], instance, r[0], r[1], r[2], r[3], r[4], r[5], hit, anyHit);
    }

    /**
     * The shape's walk. A node's four slab tests run without branches (ternary min/max, which the
     * JIT compiles to conditional moves: 20 % more rays a second than Math.min/max, which must order
     * NaN and signed zeros) and give a mask of the children met; one child is taken at once, more
     * are sorted by entry distance.
     */
    private boolean shape(int root, int instance, float ox, float oy, float oz, float dx, float dy, float dz, Hit hit, boolean anyHit) {
        float ix = Traversal.safeInverse(dx), iy = Traversal.safeInverse(dy), iz = Traversal.safeInverse(dz);
        float oix = ox * ix, oiy = oy * iy, oiz = oz * iz;
        int nx = ix < 0f ? 4 : 0, ny = 8 + (iy < 0f ? 4 : 0), nz = 16 + (iz < 0f ? 4 : 0);
        int fx = 4 - nx, fy = 20 - ny, fz = 36 - nz;
        final float[] b = bounds;
        final int[] ch = children;
        final int[] sNode = stackNode;
        final float[] sT = stackT;
        final int[] lNode = laneNode;
        final float[] lT = laneT;
        int sp = 0;
        int node = root;
        boolean found = false;
        while (true) {
            if (node >= 0) {
                int o = NODE_FLOATS * node;
                float tMax = hit.t;
                float n0 = max(max(Math.fma(b[o + nx], ix, -oix), Math.fma(b[o + ny], iy, -oiy)), max(Math.fma(b[o + nz], iz, -oiz), 0f));
                float f0 = min(min(Math.fma(b[o + fx], ix, -oix), Math.fma(b[o + fy], iy, -oiy)), min(Math.fma(b[o + fz], iz, -oiz), tMax));
                float n1 = max(max(Math.fma(b[o + nx + 1], ix, -oix), Math.fma(b[o + ny + 1], iy, -oiy)), max(Math.fma(b[o + nz + 1], iz, -oiz), 0f));
                float f1 = min(min(Math.fma(b[o + fx + 1], ix, -oix), Math.fma(b[o + fy + 1], iy, -oiy)), min(Math.fma(b[o + fz + 1], iz, -oiz), tMax));
                float n2 = max(max(Math.fma(b[o + nx + 2], ix, -oix), Math.fma(b[o + ny + 2], iy, -oiy)), max(Math.fma(b[o + nz + 2], iz, -oiz), 0f));
                float f2 = min(min(Math.fma(b[o + fx + 2], ix, -oix), Math.fma(b[o + fy + 2], iy, -oiy)), min(Math.fma(b[o + fz + 2], iz, -oiz), tMax));
                float n3 = max(max(Math.fma(b[o + nx + 3], ix, -oix), Math.fma(b[o + ny + 3], iy, -oiy)), max(Math.fma(b[o + nz + 3], iz, -oiz), 0f));
                float f3 = min(min(Math.fma(b[o + fx + 3], ix, -oix), Math.fma(b[o + fy + 3], iy, -oiy)), min(Math.fma(b[o + fz + 3], iz, -oiz), tMax));
                int mask = (n0 <= f0 ? 1 : 0) | (n1 <= f1 ? 2 : 0) | (n2 <= f2 ? 4 : 0) | (n3 <= f3 ? 8 : 0);
                if (mask != 0) {
                    int c = WIDTH * node;
                    if ((mask & (mask - 1)) == 0) {
                        node = ch[c + Integer.numberOfTrailingZeros(mask)];
                        continue;
                    }
                    int n = 0;
                    if ((mask & 1) != 0) n = insert(lNode, lT, n, ch[c], n0);
                    if ((mask & 2) != 0) n = insert(lNode, lT, n, ch[c + 1], n1);
                    if ((mask & 4) != 0) n = insert(lNode, lT, n, ch[c + 2], n2);
                    if ((mask & 8) != 0) n = insert(lNode, lT, n, ch[c + 3], n3);
                    for (int j = 0; j < n - 1; j++) {
                        sNode[sp] = lNode[j];
                        sT[sp++] = lT[j];
                    }
                    node = lNode[n - 1];
                    continue;
                }
            } else {
                int word = ~node;
                int start = word >>> BoxLayout.LEAF_COUNT_BITS, end = start + (word & BoxLayout.LEAF_COUNT_MASK);
                float[] q = prims;
                for (int p = start; p < end; p++) {
                    int a = 4 * BoxLayout.PRIMITIVE_TEXELS * p;
                    boolean met = Float.floatToRawIntBits(q[a + BoxPrimitiveField.KIND]) != KIND_TRIANGLE
                            ? Traversal.intersectSphere(p, q[a], q[a + 1], q[a + 2], q[a + BoxPrimitiveField.RADIUS], ox, oy, oz, dx, dy, dz, hit)
                            : Traversal.intersectTriangle(p, q[a], q[a + 1], q[a + 2],
                            q[a + BoxPrimitiveField.E1], q[a + BoxPrimitiveField.E1 + 1], q[a + BoxPrimitiveField.E1 + 2],
                            q[a + BoxPrimitiveField.E2], q[a + BoxPrimitiveField.E2 + 1], q[a + BoxPrimitiveField.E2 + 2], ox, oy, oz, dx, dy, dz, hit);
                    if (met) {
                        hit.instance = instance;
                        found = true;
                        if (anyHit) return true;
                    }
                }
            }
            do {
                if (sp == 0) return found;
                node = sNode[--sp];
            } while (sT[sp] > hit.t);
        }
    }

    /** Inserts (node, t) into the first n entries, kept in descending t; returns n + 1. */
    private static int insert(int[] nodes, float[] ts, int n, int node, float t) {
        int j = n;
        while (j > 0 && ts[j - 1] < t) {
            ts[j] = ts[j - 1];
            nodes[j] = nodes[j - 1];
            j--;
        }
        ts[j] = t;
        nodes[j] = node;
        return n + 1;
    }

    private static float max(float a, float b) {
        return a > b ? a : b;
    }

    private static float min(float a, float b) {
        return a < b ? a : b;
    }

    /**
     * An instance's world box: the corners of its shape's box carried to world space at shutter open
     * and close (the to-world rows), padded by 1e-4 of its extent so rounding never culls a hit.
     */
    static float[] worldBox(float[] instances, int instance, WideBoxLayout shapes, int root) {
        int o = NODE_FLOATS * root;
        float[] lo = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        float[] hi = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        float[] b = shapes.bounds();
        for (int c = 0; c < WIDTH; c++) {
            for (int a = 0; a < 3; a++) {
                lo[a] = Math.min(lo[a], b[o + 8 * a + c]);
                hi[a] = Math.max(hi[a], b[o + 8 * a + 4 + c]);
            }
        }
        float[] box = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        int m = 4 * INSTANCE_TEXELS * instance;
        for (int step = 0; step < 2; step++) {
            int r = m + 24 + 12 * step;
            for (int corner = 0; corner < 8; corner++) {
                float x = (corner & 1) == 0 ? lo[0] : hi[0], y = (corner & 2) == 0 ? lo[1] : hi[1], z = (corner & 4) == 0 ? lo[2] : hi[2];
                for (int a = 0; a < 3; a++) {
                    float v = instances[r + 4 * a] * x + instances[r + 4 * a + 1] * y + instances[r + 4 * a + 2] * z + instances[r + 4 * a + 3];
                    box[a] = Math.min(box[a], v);
                    box[3 + a] = Math.max(box[3 + a], v);
                }
            }
        }
        for (int a = 0; a < 3; a++) {
            float pad = 1e-4f * (box[3 + a] - box[a]) + 1e-30f;
            box[a] -= pad;
            box[3 + a] += pad;
        }
        return box;
    }
}
