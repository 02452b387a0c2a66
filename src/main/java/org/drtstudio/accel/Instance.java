package org.drtstudio.accel;

import org.joml.Matrix4f;
import org.joml.Matrix4fc;

/**
 * One placement of a shape: the shape's identity (a {@code TriangleMesh} or a sphere list) and its
 * object-to-world matrices at shutter open and close (equal for a still scene).
 */
public record Instance(Object shape, Matrix4fc open, Matrix4fc close) {
    public Instance {
        open = new Matrix4f(open);
        close = new Matrix4f(close);
    }
}
