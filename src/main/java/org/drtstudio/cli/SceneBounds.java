package org.drtstudio.cli;

import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;

/** The world bounds of a scene's vertices (and spheres): min xyz, max xyz. */
final class SceneBounds {
    private SceneBounds() {
    }

    static double[] of(Scene scene) {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        visit(scene.root(), new Matrix4f(), b);
        return b;
    }

    private static void visit(SceneNode node, Matrix4fc parent, double[] b) {
        if (node instanceof TransformNode t) {
            Matrix4f m = new Matrix4f(parent).mul(t.transform());
            for (SceneNode child : t.children()) visit(child, m, b);
        } else if (node instanceof MeshNode m) {
            float[] p = m.mesh().positions();
            Vector3f v = new Vector3f();
            for (int i = 0; i < p.length; i += 3) {
                parent.transformPosition(p[i], p[i + 1], p[i + 2], v);
                include(b, v.x, v.y, v.z, 0);
            }
        } else if (node instanceof SphereNode s) {
            Vector3f v = new Vector3f();
            for (var sphere : s.spheres()) {
                parent.transformPosition(sphere.center().x(), sphere.center().y(), sphere.center().z(), v);
                include(b, v.x, v.y, v.z, Math.abs(sphere.radius()));
            }
        }
    }

    private static void include(double[] b, double x, double y, double z, double r) {
        b[0] = Math.min(b[0], x - r);
        b[1] = Math.min(b[1], y - r);
        b[2] = Math.min(b[2], z - r);
        b[3] = Math.max(b[3], x + r);
        b[4] = Math.max(b[4], y + r);
        b[5] = Math.max(b[5], z + r);
    }
}
