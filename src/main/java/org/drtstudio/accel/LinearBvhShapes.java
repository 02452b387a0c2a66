package org.drtstudio.accel;

import org.drtstudio.scene.TriangleMesh;

import java.util.Arrays;

/**
 * A mesh's shape made from a {@link LinearBvh}: the box layout the walks read, taken from the build
 * as it is ({@link BoxLayout#ofLinearBvh}), and the geometry image's sphere tree over the same tree
 * and leaves (the scene's contract: {@code --nodes spheres}, instances and the validator read it),
 * deferred until one of them asks ({@link DeferredFloats}). The shape's bound is then its root box's
 * sphere, its depth the tree's height and a leaf.
 */
final class LinearBvhShapes {
    private LinearBvhShapes() {
    }

    /** The shape and its own box layout, with what each step on the CPU took (ms). */
    record Built(ShapeHierarchy hierarchy, BoxLayout boxes, double limitMillis, double packMillis, double boxesMillis) {
        /** The steps for messages: "then height limit 252 ms, shape packing 340 ms, …", as {@code drt render -v} formats numbers. */
        String describe() {
            return String.format(java.util.Locale.ROOT, "then height limit %,.0f ms, shape packing %,.0f ms, boxes %,.0f ms "
                    + "(the sphere tree and the boxes' primitives made where first needed)", limitMillis, packMillis, boxesMillis);
        }
    }

    /**
     * The shape of {@code built}, its parts deeper than the walk's stack balanced first, in place
     * ({@link LinearBvhHeightLimit}): the tree is the caller's to give, and nobody may change it
     * afterwards (the deferred sphere tree reads it).
     */
    static Built of(TriangleMesh mesh, LinearBvh built) {
        return of(mesh, built, null);
    }

    /** As {@link #of(TriangleMesh, LinearBvh)} with the mesh's vertices already packed ({@code ShapeHierarchyBuilder.packedVertices}), or null. */
    static Built of(TriangleMesh mesh, LinearBvh built, float[] vertices) {
        long t0 = System.nanoTime();
        LinearBvhSubtrees subtrees = LinearBvhSubtrees.of(built); // for the limit: timed with it
        // Without the builder's sizes: the deferred sphere tree keeps the tree, and measures it again when wanted.
        LinearBvh bvh = LinearBvhHeightLimit.apply(built, subtrees, BoxLayout.STACK_SIZE).withoutSizes();
        long t1 = System.nanoTime();
        DeferredFloats nodes;
        int depth;
        if (bvh.triangleCount() == 1) { // one triangle: its leaf is the whole tree
            nodes = DeferredFloats.of(sphereNodes(mesh, bvh, subtrees));
            depth = 1;
        } else {
            // Measured again when wanted rather than kept: 12 bytes an inner node (216 MB for bunny_18m).
            long floats = 4L * GeometryImageLayout.NODE_TEXELS * (2L * bvh.triangleCount() - 1);
            nodes = DeferredFloats.deferred(floats, () -> sphereNodes(mesh, bvh, new LinearBvhSubtrees(bvh)));
            depth = bvh.height() + 1;
        }
        float[] bound = bvh.triangleCount() == 1 ? Arrays.copyOf(nodes.get(), 4) : rootBoxSphere(bvh);
        ShapeHierarchy h = ShapeHierarchyBuilder.packed(nodes, bound, 2 * bvh.triangleCount() - 1, depth, bvh.order(), mesh, vertices);
        long t2 = System.nanoTime();
        BoxLayout boxes = BoxLayout.ofLinearBvh(bvh, h.primitives(), h.vertices());
        return new Built(h, boxes, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (System.nanoTime() - t2) / 1e6);
    }

    /** The sphere tree's packed nodes over {@code bvh}, measured by {@code subtrees}. */
    static float[] sphereNodes(TriangleMesh mesh, LinearBvh bvh, LinearBvhSubtrees subtrees) {
        FlatScene scene = new FlatScene(mesh.positions(), mesh.indices(), mesh.triangleMaterials(), new float[0], new int[0]);
        return LinearBvhSpheres.of(bvh, subtrees, leafSpheres(bvh, scene)).nodes();
    }

    /**
     * The shape's bound without its sphere tree: the sphere through the corners of the root's box
     * (the union of its children's), made as leaf spheres are. Tighter than a tree's root sphere, so
     * the scene radius, and the rays' epsilon taken from it ({@code render.TraceParameters}), are a
     * quarter to a third smaller than the binned build's (the bunny's scene radius 0.22 against 0.29).
     */
    static float[] rootBoxSphere(LinearBvh bvh) {
        float[] n = bvh.nodes();
        double[] lo = new double[3], hi = new double[3];
        for (int axis = 0; axis < 3; axis++) {
            lo[axis] = Math.min(n[BoxLayout.BoxNodeField.A_LO + axis], n[BoxLayout.BoxNodeField.B_LO + axis]);
            hi[axis] = Math.max(n[BoxLayout.BoxNodeField.A_HI + axis], n[BoxLayout.BoxNodeField.B_HI + axis]);
        }
        double dx = hi[0] - lo[0], dy = hi[1] - lo[1], dz = hi[2] - lo[2];
        float[] sphere = new float[4];
        SphereHierarchyBuilder.store(sphere, 0, 0.5 * (lo[0] + hi[0]), 0.5 * (lo[1] + hi[1]), 0.5 * (lo[2] + hi[2]),
                0.5 * Math.sqrt(dx * dx + dy * dy + dz * dz));
        return sphere;
    }

    /** Per slot, the sphere of its triangle, made as the CPU builders make leaf spheres. */
    static float[] leafSpheres(LinearBvh bvh, FlatScene scene) {
        int n = bvh.triangleCount();
        int[] order = bvh.order();
        float[] leafSpheres = new float[4 * n];
        ParallelRanges.forEach(n, (from, to) -> {
            for (int s = from; s < to; s++) leafSphere(scene, order, s, leafSpheres);
        });
        return leafSpheres;
    }

    private static void leafSphere(FlatScene scene, int[] order, int s, float[] out) {
        float[] pos = scene.positions();
        float x0 = Float.POSITIVE_INFINITY, y0 = x0, z0 = x0, x1 = Float.NEGATIVE_INFINITY, y1 = x1, z1 = x1;
        for (int v = 0; v < 3; v++) {
            int b = scene.corner(order[s], v);
            x0 = Math.min(x0, pos[b]);
            y0 = Math.min(y0, pos[b + 1]);
            z0 = Math.min(z0, pos[b + 2]);
            x1 = Math.max(x1, pos[b]);
            y1 = Math.max(y1, pos[b + 1]);
            z1 = Math.max(z1, pos[b + 2]);
        }
        SphereHierarchyBuilder.storeLeafSphere(scene, order, s, 1, x0, y0, z0, x1, y1, z1, out);
    }
}
