package org.drtstudio.studio.viewport;

import org.drtstudio.math.Aabb;
import org.drtstudio.math.RayTriangle;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.joml.Matrix4f;
import org.joml.Vector3f;

import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Finds what is under the cursor: intersects a world ray with every triangle and sphere of the
 * authored model at a time (bounding spheres skip whole meshes), in Java on the calling thread.
 * A click is rare, so brute force over the hit meshes is fast enough (a 70k-triangle mesh takes
 * a few milliseconds) and needs nothing from the renderer. The hit names the innermost transform
 * group holding the surface (what the gizmo moves), or the leaf itself when it sits at the root.
 */
public final class ScenePicker {
    /** Bounding sphere (x, y, z, r) per mesh, in the mesh's own space; meshes are immutable. */
    private static final Map<TriangleMesh, float[]> BOUNDS = new WeakHashMap<>();

    /** @param nodeId the node to select; point is the world hit point; distance along the unit ray */
    public record Hit(int nodeId, double distance, Vec3 point) {
    }

    private final Vec3 origin, direction;
    private Hit best;

    private ScenePicker(Vec3 origin, Vec3 direction) {
        this.origin = origin;
        this.direction = direction.normalized();
    }

    /** The nearest surface along the ray, or null when it hits nothing. */
    public static Hit pick(SceneModel model, double time, Vec3 origin, Vec3 direction) {
        ScenePicker p = new ScenePicker(origin, direction);
        p.visit(model.root(), new Matrix4f(), -1, time, true);
        return p.best;
    }

    private void visit(AuthoredNode node, Matrix4f parentWorld, int group, double time, boolean isRoot) {
        if (node instanceof GroupNode g) {
            Matrix4f world = new Matrix4f(parentWorld).mul(g.transformAt(time).toMatrix());
            for (AuthoredNode c : g.children()) visit(c, world, isRoot ? -1 : g.id(), time, false);
        } else if (node instanceof ModelLeaf m) {
            visitScene(m.asset().placed(m.materialOffset()), parentWorld, group >= 0 ? group : m.id());
        } else if (node instanceof MeshLeaf m) {
            mesh(m.mesh(), parentWorld, group >= 0 ? group : m.id());
        } else if (node instanceof SpheresLeaf s) {
            spheres(s.spheres(), parentWorld, group >= 0 ? group : s.id());
        }
    }

    private void visitScene(SceneNode node, Matrix4f parentWorld, int id) {
        if (node instanceof TransformNode t) {
            Matrix4f world = new Matrix4f(parentWorld).mul(t.transform());
            for (SceneNode c : t.children()) visitScene(c, world, id);
        } else if (node instanceof MeshNode m) {
            mesh(m.mesh(), parentWorld, id);
        } else if (node instanceof SphereNode s) {
            spheres(s.spheres(), parentWorld, id);
        }
    }

    /** The ray in the object space of {@code world}: origin and (unnormalised) direction, so t is the world distance. */
    private float[] objectRay(Matrix4f world) {
        Matrix4f inv = new Matrix4f(world).invert();
        Vector3f o = inv.transformPosition(new Vector3f(origin.x(), origin.y(), origin.z()));
        Vector3f d = inv.transformDirection(new Vector3f(direction.x(), direction.y(), direction.z()));
        return new float[]{o.x, o.y, o.z, d.x, d.y, d.z};
    }

    private void mesh(TriangleMesh mesh, Matrix4f world, int id) {
        float[] r = objectRay(world);
        float[] b;
        synchronized (BOUNDS) {
            b = BOUNDS.computeIfAbsent(mesh, ScenePicker::boundsOf);
        }
        if (!Double.isFinite(sphereHit(r, b[0], b[1], b[2], b[3], true))) return;
        float[] p = mesh.positions();
        int[] idx = mesh.indices();
        for (int i = 0; i < idx.length; i += 3) {
            int a = 3 * idx[i], bb = 3 * idx[i + 1], c = 3 * idx[i + 2];
            double t = triangleHit(r, p[a], p[a + 1], p[a + 2], p[bb], p[bb + 1], p[bb + 2], p[c], p[c + 1], p[c + 2]);
            offer(t, id);
        }
    }

    private void spheres(List<Sphere> spheres, Matrix4f world, int id) {
        float[] r = objectRay(world);
        for (Sphere s : spheres) offer(sphereHit(r, s.center().x(), s.center().y(), s.center().z(), s.radius(), false), id);
    }

    private void offer(double t, int id) {
        if (t > 1e-6 && Double.isFinite(t) && (best == null || t < best.distance())) {
            best = new Hit(id, t, origin.plus(direction.times((float) t)));
        }
    }

    /** Möller–Trumbore ({@link RayTriangle}) on the object-space ray r (origin, direction); NaN on a miss. */
    private static double triangleHit(float[] r, float ax, float ay, float az, float bx, float by, float bz,
                                      float cx, float cy, float cz) {
        return RayTriangle.intersect(ax, ay, az, bx - ax, by - ay, bz - az, cx - ax, cy - ay, cz - az,
                r[0], r[1], r[2], r[3], r[4], r[5], null);
    }

    /** Nearest positive ray parameter on the sphere; with {@code anyOverlap}, 0 when the origin is inside. */
    private static double sphereHit(float[] r, float cx, float cy, float cz, float radius, boolean anyOverlap) {
        double ox = r[0] - cx, oy = r[1] - cy, oz = r[2] - cz;
        double a = r[3] * r[3] + r[4] * r[4] + r[5] * r[5];
        double b = ox * r[3] + oy * r[4] + oz * r[5];
        double c = ox * ox + oy * oy + oz * oz - (double) radius * radius;
        double disc = b * b - a * c;
        if (disc < 0) return Double.POSITIVE_INFINITY;
        double sq = Math.sqrt(disc);
        double t0 = (-b - sq) / a, t1 = (-b + sq) / a;
        if (t0 > 1e-6) return t0;
        if (t1 > 1e-6) return anyOverlap ? 0 : t1;
        return Double.POSITIVE_INFINITY;
    }

    static float[] boundsOf(TriangleMesh mesh) {
        float[] p = mesh.positions();
        Vec3 centre = Aabb.ofPoints(p).center();
        float cx = centre.x(), cy = centre.y(), cz = centre.z(), r2 = 0;
        for (int i = 0; i < p.length; i += 3) {
            float dx = p[i] - cx, dy = p[i + 1] - cy, dz = p[i + 2] - cz;
            r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
        }
        return new float[]{cx, cy, cz, (float) Math.sqrt(r2) * 1.0001f + 1e-6f};
    }
}
