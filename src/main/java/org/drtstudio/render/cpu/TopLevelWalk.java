package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

import org.drtstudio.accel.GeometryImageLayout.NodeField;

import static org.drtstudio.accel.GeometryImageLayout.NODE_TEXELS;

/**
 * The top level of every CPU walk of the shapes (the sphere and box walks of {@link Traversal}, the
 * grid and octree walks of {@link SpatialTraversal}): the instance tree's nodes, followed by their
 * links one step at a time; on a leaf the ray meets, the ray carried into that instance's object
 * space. Twin of {@code enterNextInstance} in {@code shaders/traverse.glsl}. It holds the walk's
 * state, so one serves one thread and a walk allocates nothing.
 */
final class TopLevelWalk {
    private final float[] top;
    private final InstanceRows instanceRows;
    private final float[] ray = new float[6];
    /** The top node the walk stands at; {@code GeometryImageLayout.END} once it is done. */
    int node;
    /** After {@link #enterNextInstance} returned true: the instance entered. */
    int instance;
    /** ... and the ray in its object space (direction not renormalised, so t stays a world distance). */
    float lox, loy, loz, ldx, ldy, ldz;

    TopLevelWalk(GeometryImage image, InstanceRows instanceRows) {
        this.top = image.topNodes();
        this.instanceRows = instanceRows;
    }

    /** At the root, no instance entered. */
    TopLevelWalk start() {
        node = 0;
        instance = -1;
        return this;
    }

    /**
     * One step: tests top node {@link #node} against the world ray. On a leaf it meets, returns true
     * with the leaf's instance and the object-space ray in the fields, and {@link #node} at the leaf's
     * skip link, where the walk goes on once the shape is done; otherwise advances {@link #node} (hit
     * link into the subtree, or skip link) and returns false.
     */
    boolean enterNextInstance(float ox, float oy, float oz, float dx, float dy, float dz, float time, float tMax) {
        int b = 4 * NODE_TEXELS * node;
        if (!Traversal.hitsSphere(top[b], top[b + 1], top[b + 2], top[b + 3], ox, oy, oz, dx, dy, dz, tMax)) {
            node = Float.floatToRawIntBits(top[b + NodeField.MISS]);
            return false;
        }
        if (Float.floatToRawIntBits(top[b + NodeField.PRIM_COUNT]) <= 0) {
            node = Float.floatToRawIntBits(top[b + NodeField.HIT]);
            return false;
        }
        instance = Float.floatToRawIntBits(top[b + NodeField.PRIM_START]);
        float[] r = ray;
        instanceRows.objectRay(instance, time, ox, oy, oz, dx, dy, dz, r);
        lox = r[0];
        loy = r[1];
        loz = r[2];
        ldx = r[3];
        ldy = r[4];
        ldz = r[5];
        node = Float.floatToRawIntBits(top[b + NodeField.MISS]);
        return true;
    }
}
