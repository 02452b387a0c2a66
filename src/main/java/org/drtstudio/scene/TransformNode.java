package org.drtstudio.scene;

import org.joml.Matrix4f;
import org.joml.Matrix4fc;

import java.util.List;

/**
 * A transform node: an affine matrix from its children's space to its parent's, and the children.
 * The matrix is copied in and handed out read-only, so the node stays immutable.
 */
public record TransformNode(String name, Matrix4fc transform, List<SceneNode> children) implements SceneNode {
    public TransformNode {
        transform = new Matrix4f(transform);
        if (!transform.isAffine()) throw new IllegalArgumentException("transform of node '" + name + "' is not affine");
        if (!Float.isFinite(transform.determinant()) || transform.determinant() == 0)
            throw new IllegalArgumentException("transform of node '" + name + "' is singular");
        children = List.copyOf(children);
    }

    public static TransformNode group(String name, List<SceneNode> children) {
        return new TransformNode(name, new Matrix4f(), children);
    }
}
