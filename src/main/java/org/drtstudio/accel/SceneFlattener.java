package org.drtstudio.accel;

import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Vector3f;

/**
 * Composes the nested transforms of a scene graph and writes all geometry out in world space.
 * Spheres under a non-uniform scale are approximated by the sphere of the largest axis scale
 * (an exact ellipsoid would need its own primitive kind; no importer produces one today).
 */
public final class SceneFlattener {
    private final FloatList triVerts = new FloatList();
    private final FloatList triNormals = new FloatList();
    private final IntList triMaterials = new IntList();
    private final FloatList spheres = new FloatList();
    private final IntList sphereMaterials = new IntList();
    private final int materialCount;

    private SceneFlattener(int materialCount) {
        this.materialCount = materialCount;
    }

    public static FlatScene flatten(Scene scene) {
        SceneFlattener f = new SceneFlattener(scene.materials().size());
        f.visit(scene.root(), new Matrix4f());
        return new FlatScene(f.triVerts.toArray(), f.triNormals.toArray(), f.triMaterials.toArray(),
                f.spheres.toArray(), f.sphereMaterials.toArray());
    }

    private void visit(SceneNode node, Matrix4f parent) {
        if (node instanceof TransformNode t) {
            Matrix4f world = new Matrix4f(parent).mul(t.transform());
            for (SceneNode child : t.children()) visit(child, world);
        } else if (node instanceof MeshNode m) {
            addMesh(m.mesh(), parent);
        } else if (node instanceof SphereNode s) {
            addSpheres(s, parent);
        }
    }

    private void addMesh(TriangleMesh mesh, Matrix4f world) {
        Matrix3f normalMatrix = new Matrix3f(world).invert().transpose();
        float[] p = mesh.positions(), n = mesh.normals();
        int[] idx = mesh.indices();
        Vector3f tmp = new Vector3f();
        for (int t = 0; t < mesh.triangleCount(); t++) {
            for (int c = 0; c < 3; c++) {
                int v = idx[3 * t + c];
                world.transformPosition(p[3 * v], p[3 * v + 1], p[3 * v + 2], tmp);
                triVerts.add(tmp.x, tmp.y, tmp.z);
                normalMatrix.transform(n[3 * v], n[3 * v + 1], n[3 * v + 2], tmp);
                if (tmp.lengthSquared() > 0) tmp.normalize();
                triNormals.add(tmp.x, tmp.y, tmp.z);
            }
            triMaterials.add(checkedMaterial(mesh.triangleMaterials()[t], mesh.name()));
        }
    }

    private void addSpheres(SphereNode node, Matrix4f world) {
        Vector3f scale = world.getScale(new Vector3f());
        float maxScale = Math.max(scale.x, Math.max(scale.y, scale.z));
        Vector3f c = new Vector3f();
        for (Sphere s : node.spheres()) {
            world.transformPosition(s.center().x(), s.center().y(), s.center().z(), c);
            spheres.add(c.x, c.y, c.z);
            spheres.add(s.radius() * maxScale);
            sphereMaterials.add(checkedMaterial(s.material(), node.name()));
        }
    }

    private int checkedMaterial(int material, String owner) {
        if (material < 0 || material >= materialCount)
            throw new IllegalArgumentException("'" + owner + "' uses material " + material + " but the scene has " + materialCount);
        return material;
    }
}
