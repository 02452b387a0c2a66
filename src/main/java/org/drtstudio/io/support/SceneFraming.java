package org.drtstudio.io.support;

import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;

/**
 * Default views for imported scenes whose file names no camera: world bounds of a scene graph and
 * a camera that shows all of them.
 */
public final class SceneFraming {
    private SceneFraming() {
    }

    /** World-space bounds of everything under {@code root}, transforms applied; empty when there is no geometry. */
    public static Aabb bounds(TransformNode root) {
        return bounds(root, new Matrix4f());
    }

    private static Aabb bounds(SceneNode node, Matrix4fc parentToWorld) {
        if (node instanceof TransformNode t) {
            Matrix4f toWorld = new Matrix4f(parentToWorld).mul(t.transform());
            Aabb box = Aabb.EMPTY;
            for (SceneNode child : t.children()) box = box.union(bounds(child, toWorld));
            return box;
        }
        Aabb local = Aabb.EMPTY;
        if (node instanceof MeshNode m) {
            local = Aabb.ofPoints(m.mesh().positions());
        } else if (node instanceof SphereNode s) {
            for (Sphere sp : s.spheres()) {
                Vec3 r = new Vec3(sp.radius(), sp.radius(), sp.radius());
                local = local.include(sp.center().minus(r)).include(sp.center().plus(r));
            }
        }
        return transform(local, parentToWorld);
    }

    private static Aabb transform(Aabb box, Matrix4fc m) {
        if (box.isEmpty()) return box;
        Aabb out = Aabb.EMPTY;
        Vector3f v = new Vector3f();
        for (int corner = 0; corner < 8; corner++) {
            v.set((corner & 1) == 0 ? box.min().x() : box.max().x(),
                    (corner & 2) == 0 ? box.min().y() : box.max().y(),
                    (corner & 4) == 0 ? box.min().z() : box.max().z());
            m.transformPosition(v);
            out = out.include(new Vec3(v.x, v.y, v.z));
        }
        return out;
    }

    /**
     * A camera looking at the centre of {@code bounds} from the front-right-above diagonal (+z toward
     * the viewer, +y up), far enough that the bounding sphere fits the vertical field of view.
     * Empty or non-finite bounds give {@link Camera#DEFAULT} with the requested field of view.
     *
     * @param fovY vertical field of view in degrees, in (0, 180)
     */
    public static Camera frame(Aabb bounds, float fovY) {
        if (bounds.isEmpty() || !bounds.min().isFinite() || !bounds.max().isFinite()) {
            return Camera.DEFAULT.withView(Camera.DEFAULT.eye(), Camera.DEFAULT.look(), Camera.DEFAULT.up(), fovY);
        }
        Vec3 center = bounds.center();
        float radius = bounds.extent().length() * 0.5f;
        if (!(radius > 0) || !Float.isFinite(radius)) radius = 1f;
        double halfFov = Math.toRadians(fovY) * 0.5;
        // Distance at which a sphere of this radius just fits the view, with a 10 % margin.
        float distance = (float) (1.1 * radius / Math.sin(halfFov));
        Vec3 direction = new Vec3(0.5f, 0.4f, 1f).normalized();
        Vec3 eye = center.plus(direction.times(distance));
        if (!eye.isFinite() || eye.minus(center).length() == 0) {
            return Camera.DEFAULT.withView(Camera.DEFAULT.eye(), Camera.DEFAULT.look(), Camera.DEFAULT.up(), fovY);
        }
        return new Camera(eye, center, new Vec3(0, 1, 0), fovY, 0f, 0f);
    }
}
