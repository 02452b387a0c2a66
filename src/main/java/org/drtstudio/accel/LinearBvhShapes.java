package org.drtstudio.accel;

import org.drtstudio.scene.TriangleMesh;

import java.util.concurrent.ForkJoinPool;

/**
 * A mesh's shape made from a {@link LinearBvh}: the geometry image's sphere tree over the same
 * tree and leaves (the scene's contract: {@code --nodes spheres}, instances and the validator read
 * it), and the box layout the walks read, taken from the build as it is ({@link BoxLayout#ofLinearBvh}).
 */
final class LinearBvhShapes {
    private LinearBvhShapes() {
    }

    /** The shape and its own box layout. */
    record Built(ShapeHierarchy hierarchy, BoxLayout boxes) {
    }

    /** The shape of {@code built}, its parts deeper than the walk's stack balanced first ({@link LinearBvhHeightLimit}). */
    static Built of(TriangleMesh mesh, LinearBvh built) {
        LinearBvh bvh = LinearBvhHeightLimit.apply(built, mesh.positions(), mesh.indices(), BoxLayout.STACK_SIZE);
        FlatScene scene = new FlatScene(mesh.positions(), mesh.indices(), mesh.triangleMaterials(), new float[0], new int[0]);
        SphereHierarchy spheres = sphereTree(bvh, scene);
        ShapeHierarchy h = ShapeHierarchyBuilder.packed(spheres, mesh, null);
        return new Built(h, BoxLayout.ofLinearBvh(bvh, h.primitives(), h.vertices()));
    }

    /** The bounding-sphere tree of the same nodes, leaf spheres made as the CPU builders make them. */
    static SphereHierarchy sphereTree(LinearBvh bvh, FlatScene scene) {
        int n = bvh.triangleCount();
        int[] order = bvh.order();
        float[] leafSpheres = new float[4 * n];
        ParallelRanges.forEach(n, (from, to) -> {
            for (int s = from; s < to; s++) leafSphere(scene, order, s, leafSpheres);
        });
        return HierarchyFlattener.flatten(nodeList(bvh), leafSpheres, order, ForkJoinPool.commonPool());
    }

    /** The tree as one {@link NodeList}: leaves of one slot each, inner nodes as the links say. */
    private static NodeList nodeList(LinearBvh bvh) {
        int n = bvh.triangleCount();
        NodeList list = new NodeList(2 * n);
        if (n == 1) {
            list.add(0, 1);
            return list;
        }
        // pairs (the tree's inner node, its node in the list)
        int[] stack = new int[2 * 64];
        int sp = 0;
        stack[sp++] = 0;
        stack[sp++] = list.add(0, 0);
        while (sp > 0) {
            int at = stack[--sp], node = stack[--sp];
            int first = list.addChildren(at, 0, 0, 0);
            for (int side = 0; side < 2; side++) {
                int link = bvh.link(node, side), child = first + side;
                if (link < 0) {
                    list.start[child] = ~link >>> BoxLayout.LEAF_COUNT_BITS;
                    list.count[child] = 1;
                } else {
                    if (sp + 2 > stack.length) stack = java.util.Arrays.copyOf(stack, 2 * stack.length);
                    stack[sp++] = link;
                    stack[sp++] = child;
                }
            }
        }
        return list;
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
