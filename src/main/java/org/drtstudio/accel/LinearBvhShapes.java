package org.drtstudio.accel;

import org.drtstudio.scene.TriangleMesh;

/**
 * A mesh's shape made from a {@link LinearBvh}: the geometry image's sphere tree over the same
 * tree and leaves (the scene's contract: {@code --nodes spheres}, instances and the validator read
 * it), and the box layout the walks read, taken from the build as it is ({@link BoxLayout#ofLinearBvh}).
 */
final class LinearBvhShapes {
    private LinearBvhShapes() {
    }

    /** The shape and its own box layout, with what each step on the CPU took (ms). */
    record Built(ShapeHierarchy hierarchy, BoxLayout boxes, double limitMillis, double spheresMillis, double packMillis,
                 double boxesMillis) {
        /** The steps for messages: "then height limit 252 ms, sphere tree 1,105 ms, …", as {@code drt render -v} formats numbers. */
        String describe() {
            return String.format(java.util.Locale.ROOT, "then height limit %,.0f ms, sphere tree %,.0f ms, shape packing %,.0f ms, boxes %,.0f ms",
                    limitMillis, spheresMillis, packMillis, boxesMillis);
        }
    }

    /**
     * The shape of {@code built}, its parts deeper than the walk's stack balanced first, in place
     * ({@link LinearBvhHeightLimit}): the tree is the caller's to give.
     */
    static Built of(TriangleMesh mesh, LinearBvh built) {
        long t0 = System.nanoTime();
        LinearBvhSubtrees subtrees = new LinearBvhSubtrees(built); // for the limit and the sphere tree: timed with the limit
        LinearBvh bvh = LinearBvhHeightLimit.apply(built, subtrees, mesh.positions(), mesh.indices(), BoxLayout.STACK_SIZE);
        long t1 = System.nanoTime();
        FlatScene scene = new FlatScene(mesh.positions(), mesh.indices(), mesh.triangleMaterials(), new float[0], new int[0]);
        LinearBvhSpheres.Packed spheres = LinearBvhSpheres.of(bvh, subtrees, leafSpheres(bvh, scene));
        long t2 = System.nanoTime();
        ShapeHierarchy h = ShapeHierarchyBuilder.packed(spheres.nodes(), spheres.nodeCount(), spheres.depth(), bvh.order(), mesh, null);
        long t3 = System.nanoTime();
        BoxLayout boxes = BoxLayout.ofLinearBvh(bvh, h.primitives(), h.vertices());
        return new Built(h, boxes, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (System.nanoTime() - t3) / 1e6);
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
