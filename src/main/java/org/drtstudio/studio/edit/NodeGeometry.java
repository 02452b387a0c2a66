package org.drtstudio.studio.edit;

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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/** Where authored nodes are in the world at a time: parent matrices, gizmo pivots and bounds. */
public final class NodeGeometry {
    private NodeGeometry() {
    }

    /** The groups from the root down to (excluding) node {@code id}; empty when it is not in the model. */
    static List<GroupNode> ancestors(SceneModel model, int id) {
        List<GroupNode> path = new ArrayList<>();
        return find(model.root(), id, path) ? path : List.of();
    }

    private static boolean find(AuthoredNode n, int id, List<GroupNode> path) {
        if (n.id() == id) return true;
        if (n instanceof GroupNode g) {
            path.add(g);
            for (AuthoredNode c : g.children()) if (find(c, id, path)) return true;
            path.remove(path.size() - 1);
        }
        return false;
    }

    /** Parent space of node {@code id} to world space. */
    public static Matrix4f parentWorld(SceneModel model, int id, double time) {
        Matrix4f m = new Matrix4f();
        for (GroupNode g : ancestors(model, id)) m.mul(g.transformAt(time).toMatrix());
        return m;
    }

    /** Where the gizmo of group {@code g} sits: its pivot after its transform, in world space. */
    public static Vec3 pivotWorld(SceneModel model, GroupNode g, double time) {
        var trs = g.transformAt(time);
        Vec3 local = trs.translation().plus(trs.pivot());
        return transform(parentWorld(model, g.id(), time), local);
    }

    static Vec3 transform(Matrix4f m, Vec3 p) {
        Vector3f v = m.transformPosition(new Vector3f(p.x(), p.y(), p.z()));
        return new Vec3(v.x, v.y, v.z);
    }

    /** World bounding sphere {x, y, z, r} of node {@code id} and everything below it, if it has geometry. */
    public static Optional<float[]> worldBounds(SceneModel model, int id, double time) {
        Optional<AuthoredNode> node = model.node(id);
        if (node.isEmpty()) return Optional.empty();
        Box box = new Box();
        collect(node.get(), parentWorld(model, id, time), time, box);
        return box.empty() ? Optional.empty() : Optional.of(box.sphere());
    }

    /** Object-space bounding sphere of a scene graph (e.g. a model about to be imported). */
    public static Optional<float[]> bounds(SceneNode root) {
        Box box = new Box();
        collectScene(root, new Matrix4f(), box);
        return box.empty() ? Optional.empty() : Optional.of(box.sphere());
    }

    private static void collect(AuthoredNode n, Matrix4f parent, double time, Box box) {
        if (n instanceof GroupNode g) {
            Matrix4f w = new Matrix4f(parent).mul(g.transformAt(time).toMatrix());
            for (AuthoredNode c : g.children()) collect(c, w, time, box);
        } else if (n instanceof ModelLeaf m) {
            collectScene(m.asset().root(), parent, box);
        } else if (n instanceof MeshLeaf m) {
            collectScene(new MeshNode(m.name(), m.mesh()), parent, box);
        } else if (n instanceof SpheresLeaf s) {
            collectScene(new SphereNode(s.name(), s.spheres()), parent, box);
        }
    }

    private static void collectScene(SceneNode n, Matrix4f world, Box box) {
        if (n instanceof TransformNode t) {
            Matrix4f w = new Matrix4f(world).mul(t.transform());
            for (SceneNode c : t.children()) collectScene(c, w, box);
        } else if (n instanceof MeshNode m) {
            float[] b = localBounds(m.mesh());
            if (b == null) return;
            for (int corner = 0; corner < 8; corner++) {
                box.addSphere(world, b[(corner & 1) == 0 ? 0 : 3], b[(corner & 2) == 0 ? 1 : 4], b[(corner & 4) == 0 ? 2 : 5], 0);
            }
        } else if (n instanceof SphereNode s) {
            for (Sphere sp : s.spheres()) box.addSphere(world, sp.center().x(), sp.center().y(), sp.center().z(), sp.radius());
        }
    }

    /**
     * Each mesh's object-space box {min x, y, z, max x, y, z}, measured once per mesh: the viewport asks
     * for the scene's bounds after every document change (ViewportNotice), and while a node is dragged
     * that is every frame; going over a 1.1M-triangle model's vertices each time held the FX thread for
     * tens of milliseconds. Meshes are immutable and a record's hash and equality of its arrays are by
     * identity, so the key is the mesh itself; weak, so a deleted model's entry goes with it.
     */
    private static final Map<TriangleMesh, float[]> LOCAL_BOUNDS = Collections.synchronizedMap(new WeakHashMap<>());

    private static float[] localBounds(TriangleMesh mesh) {
        float[] p = mesh.positions();
        if (p.length == 0) return null;
        return LOCAL_BOUNDS.computeIfAbsent(mesh, k -> {
            float[] b = {p[0], p[1], p[2], p[0], p[1], p[2]};
            for (int i = 0; i < p.length; i += 3) {
                for (int a = 0; a < 3; a++) {
                    b[a] = Math.min(b[a], p[i + a]);
                    b[3 + a] = Math.max(b[3 + a], p[i + a]);
                }
            }
            return b;
        });
    }

    /** An axis-aligned box grown by the world boxes of object-space spheres (points have radius 0). */
    private static final class Box {
        float minX = Float.MAX_VALUE, minY = Float.MAX_VALUE, minZ = Float.MAX_VALUE;
        float maxX = -Float.MAX_VALUE, maxY = -Float.MAX_VALUE, maxZ = -Float.MAX_VALUE;

        void addSphere(Matrix4f world, float x, float y, float z, float r) {
            Vector3f c = world.transformPosition(new Vector3f(x, y, z));
            Vector3f scales = world.getScale(new Vector3f());
            float wr = r * Math.max(scales.x, Math.max(scales.y, scales.z));
            minX = Math.min(minX, c.x - wr); maxX = Math.max(maxX, c.x + wr);
            minY = Math.min(minY, c.y - wr); maxY = Math.max(maxY, c.y + wr);
            minZ = Math.min(minZ, c.z - wr); maxZ = Math.max(maxZ, c.z + wr);
        }

        boolean empty() {
            return minX > maxX;
        }

        float[] sphere() {
            float cx = (minX + maxX) / 2, cy = (minY + maxY) / 2, cz = (minZ + maxZ) / 2;
            float dx = maxX - cx, dy = maxY - cy, dz = maxZ - cz;
            return new float[]{cx, cy, cz, (float) Math.sqrt(dx * dx + dy * dy + dz * dz)};
        }
    }
}
