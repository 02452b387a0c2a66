package org.drtstudio.render.cpu;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.BoxLayout.BoxPrimitiveField;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.accel.GeometryImageLayout.NodeField;
import org.drtstudio.accel.SpatialLayout;

import static org.drtstudio.accel.GeometryImageLayout.END;
import static org.drtstudio.accel.GeometryImageLayout.NODE_TEXELS;

/**
 * The walks of the spatial structures ({@link SpatialLayout}: a uniform grid or a skip-list octree
 * per shape), twin of {@code shaders/traverse_grid.glsl} and {@code shaders/traverse_octree.glsl}:
 * the top level is the geometry image's sphere walk as in {@link Traversal}; inside an instance the
 * shape's structure is walked and primitives are tested from the {@link BoxLayout}'s copy, so a
 * hit names the geometry image's primitive and shading is the same as with the BVH.
 *
 * <p><b>Grid</b> (3D-DDA, Amanatides &amp; Woo): from the cell where the ray enters the grid, cell by
 * cell in ray order, testing each cell's primitives; a primitive listed in several cells may be hit
 * beyond the current cell, so the walk stops only once the closest hit so far lies before the
 * cell's exit (no mailbox: a primitive is tested again in each of its cells, which costs tests but
 * keeps the walk free of per-ray state). <b>Octree</b> (either construction): the skip list in
 * pre-order; a node whose box the ray meets before the closest hit has its primitives tested, if it
 * lists any (a leaf, or an inner box keeping straddlers in the report's construction), and leads to
 * the next node (its first child, or a leaf's skip); a missed node leads to its skip, until the end.
 */
final class SpatialTraversal {
    private final float[] words, prims;
    private final int[] roots;
    private final boolean grid;
    private final long maxTopSteps;
    /** The top level, as every walk of the shapes has it (one per walker: it serves one thread). */
    private final TopLevelWalk topLevel;
    /** One walker serves one thread, so plain counters. */
    private long primitiveTests, cellVisits;

    SpatialTraversal(GeometryImage image, SpatialLayout layout) {
        this.words = layout.words();
        this.prims = BoxLayout.of(image).primitives();
        float[] r = layout.instanceRoots(image.instances(), image.instanceCount());
        this.roots = new int[image.instanceCount()];
        for (int k = 0; k < roots.length; k++) roots[k] = Float.floatToRawIntBits(r[4 * k]);
        this.grid = layout.structure() == org.drtstudio.accel.AccelStructure.GRID;
        this.maxTopSteps = image.stepBound() + 2L * image.instanceCount();
        this.topLevel = new TopLevelWalk(image, new InstanceRows(image));
    }

    boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit) {
        TopLevelWalk t = topLevel.start();
        long steps = 0;
        boolean found = false;
        while (t.node != END) {
            if (++steps > maxTopSteps) {
                hit.overflow = true;
                return found;
            }
            if (!t.enterNextInstance(ox, oy, oz, dx, dy, dz, time, hit.t)) continue;
            int instance = t.instance;
            boolean inShape = grid
                    ? walkGrid(roots[instance], t.lox, t.loy, t.loz, t.ldx, t.ldy, t.ldz, instance, hit, anyHit)
                    : walkOctree(roots[instance], t.lox, t.loy, t.loz, t.ldx, t.ldy, t.ldz, instance, hit, anyHit);
            if (inShape) {
                found = true;
                if (anyHit) return true;
            }
            if (hit.overflow) return found;
        }
        return found;
    }

    /** The 3D-DDA through the grid whose header is at {@code root} (a texel index). */
    private boolean walkGrid(int root, float ox, float oy, float oz, float dx, float dy, float dz, int instance, Hit hit, boolean anyHit) {
        float[] w = words;
        int g = 4 * (root + SpatialLayout.GRID_ORIGIN), c = 4 * (root + SpatialLayout.GRID_CELL), n = 4 * (root + SpatialLayout.GRID_RES);
        float gx = w[g], gy = w[g + 1], gz = w[g + 2];
        int bound = Float.floatToRawIntBits(w[g + 3]);
        float cx = w[c], cy = w[c + 1], cz = w[c + 2];
        int table = Float.floatToRawIntBits(w[c + 3]);
        int nx = Float.floatToRawIntBits(w[n]), ny = Float.floatToRawIntBits(w[n + 1]), nz = Float.floatToRawIntBits(w[n + 2]);
        float ix = Traversal.safeInverse(dx), iy = Traversal.safeInverse(dy), iz = Traversal.safeInverse(dz);
        float t0x = (gx - ox) * ix, t1x = (gx + nx * cx - ox) * ix;
        float t0y = (gy - oy) * iy, t1y = (gy + ny * cy - oy) * iy;
        float t0z = (gz - oz) * iz, t1z = (gz + nz * cz - oz) * iz;
        float enter = Math.max(Math.max(Math.min(t0x, t1x), Math.min(t0y, t1y)), Math.max(Math.min(t0z, t1z), 0f));
        float leave = Math.min(Math.min(Math.max(t0x, t1x), Math.max(t0y, t1y)), Math.min(Math.max(t0z, t1z), hit.t));
        if (!(enter <= leave)) return false;
        int x = entryCell(ox + enter * dx, gx, cx, nx), y = entryCell(oy + enter * dy, gy, cy, ny), z = entryCell(oz + enter * dz, gz, cz, nz);
        int sx = dx >= 0f ? 1 : -1, sy = dy >= 0f ? 1 : -1, sz = dz >= 0f ? 1 : -1;
        float nextX = (gx + (x + (sx > 0 ? 1 : 0)) * cx - ox) * ix;
        float nextY = (gy + (y + (sy > 0 ? 1 : 0)) * cy - oy) * iy;
        float nextZ = (gz + (z + (sz > 0 ? 1 : 0)) * cz - oz) * iz;
        float deltaX = cx * Math.abs(ix), deltaY = cy * Math.abs(iy), deltaZ = cz * Math.abs(iz);
        boolean found = false;
        for (int steps = 1; ; steps++) {
            if (steps > bound) {
                hit.overflow = true;
                return found;
            }
            cellVisits++;
            int cell = table + x + nx * (y + ny * z);
            int end = Float.floatToRawIntBits(w[cell + 1]);
            for (int k = Float.floatToRawIntBits(w[cell]); k < end; k++) {
                if (intersect(Float.floatToRawIntBits(w[k]), ox, oy, oz, dx, dy, dz, hit)) {
                    hit.instance = instance;
                    found = true;
                    if (anyHit) return true;
                }
            }
            float exit = Math.min(nextX, Math.min(nextY, nextZ));
            if (hit.t <= exit) return found; // every cell after this one lies beyond the closest hit
            if (nextX <= nextY && nextX <= nextZ) {
                x += sx;
                if (x < 0 || x >= nx) return found;
                nextX += deltaX;
            } else if (nextY <= nextZ) {
                y += sy;
                if (y < 0 || y >= ny) return found;
                nextY += deltaY;
            } else {
                z += sz;
                if (z < 0 || z >= nz) return found;
                nextZ += deltaZ;
            }
        }
    }

    /** The cell along one axis holding coordinate p, clamped to the grid (the entry point lies on its surface). */
    static int entryCell(float p, float origin, float cell, int cells) {
        float i = (float) Math.floor((p - origin) / cell);
        return (int) Math.max(0f, Math.min(cells - 1f, i));
    }

    /** The skip-list walk of the octree whose header is at {@code root}. */
    private boolean walkOctree(int root, float ox, float oy, float oz, float dx, float dy, float dz, int instance, Hit hit, boolean anyHit) {
        float[] w = words;
        int bound = Float.floatToRawIntBits(w[4 * (root + SpatialLayout.OCTREE_HEADER)]);
        float ix = Traversal.safeInverse(dx), iy = Traversal.safeInverse(dy), iz = Traversal.safeInverse(dz);
        boolean found = false;
        int node = root + 1, steps = 0;
        int last = root + 1 + SpatialLayout.OCTREE_NODE_TEXELS * bound;
        while (node != SpatialLayout.END) {
            if (++steps > bound) {
                hit.overflow = true;
                return found;
            }
            int lo = 4 * (node + SpatialLayout.OCTREE_LO), hi = 4 * (node + SpatialLayout.OCTREE_HI);
            int skip = Float.floatToRawIntBits(w[lo + 3]);
            if (Traversal.boxEntry(w, lo, hi, ox, oy, oz, ix, iy, iz, hit.t) < 0f) {
                node = skip;
                continue;
            }
            int list = Float.floatToRawIntBits(w[hi + 3]);
            if (list != SpatialLayout.NO_LIST) {
                int end = list + 1 + Float.floatToRawIntBits(w[list]);
                for (int k = list + 1; k < end; k++) {
                    if (intersect(Float.floatToRawIntBits(w[k]), ox, oy, oz, dx, dy, dz, hit)) {
                        hit.instance = instance;
                        found = true;
                        if (anyHit) return true;
                    }
                }
            }
            // The next node in pre-order: an inner node's first child, a leaf's skip.
            node += SpatialLayout.OCTREE_NODE_TEXELS;
            if (node == last) node = SpatialLayout.END;
        }
        return found;
    }

    /** Primitive tests so far: what a structure costs a ray, free of the machine's load (GridTestCounts). */
    long primitiveTests() {
        return primitiveTests;
    }

    /** Grid cells visited so far (the 3D-DDA's steps). */
    long cellVisits() {
        return cellVisits;
    }

    /** Primitive p from the box layout's copy, as {@code Traversal.intersectLeafPrimitive}. */
    private boolean intersect(int p, float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        primitiveTests++;
        float[] q = prims;
        int b = 4 * BoxLayout.PRIMITIVE_TEXELS * p;
        if (Float.floatToRawIntBits(q[b + BoxPrimitiveField.KIND]) != GeometryImageLayout.KIND_TRIANGLE)
            return Traversal.intersectSphere(p, q[b], q[b + 1], q[b + 2], q[b + BoxPrimitiveField.RADIUS], ox, oy, oz, dx, dy, dz, hit);
        return Traversal.intersectTriangle(p, q[b], q[b + 1], q[b + 2],
                q[b + BoxPrimitiveField.E1], q[b + BoxPrimitiveField.E1 + 1], q[b + BoxPrimitiveField.E1 + 2],
                q[b + BoxPrimitiveField.E2], q[b + BoxPrimitiveField.E2 + 1], q[b + BoxPrimitiveField.E2 + 2],
                ox, oy, oz, dx, dy, dz, hit);
    }
}
