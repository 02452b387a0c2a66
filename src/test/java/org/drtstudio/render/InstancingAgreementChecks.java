package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Vector3f;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * An instanced mesh (mesh in object space under a nested rotate/scale/translate) must look exactly
 * like the same mesh with the transform baked into its vertices: same hit distances, same shading
 * (so the same normals). Run against each renderer.
 */
public final class InstancingAgreementChecks {
    private InstancingAgreementChecks() {
    }

    /** A bumpy sphere-ish mesh (smooth normals) so both shading and silhouettes are exercised. */
    static TriangleMesh blob() {
        return ProceduralMeshes.bumpySphere(24, 32);
    }

    static TriangleMesh baked(TriangleMesh m, Matrix4f world) {
        float[] p = m.positions().clone(), n = m.normals().clone();
        Matrix3f normalMatrix = new Matrix3f(world).invert().transpose();
        Vector3f v = new Vector3f();
        for (int i = 0; i < p.length; i += 3) {
            world.transformPosition(p[i], p[i + 1], p[i + 2], v);
            p[i] = v.x; p[i + 1] = v.y; p[i + 2] = v.z;
            normalMatrix.transform(n[i], n[i + 1], n[i + 2], v).normalize();
            n[i] = v.x; n[i + 1] = v.y; n[i + 2] = v.z;
        }
        return new TriangleMesh("baked", p, n, null, m.indices(), m.triangleMaterials());
    }

    public static void instancedMeshMatchesBakedMesh(Renderer r) throws RenderException {
        TriangleMesh mesh = blob();
        Matrix4f outer = new Matrix4f().translate(0.3f, -0.2f, 0).rotateX(0.4f);
        Matrix4f inner = new Matrix4f().rotateY(0.9f).scale(1.3f, 0.7f, 1.0f);
        Matrix4f world = new Matrix4f(outer).mul(inner);
        // A uniformly scaled sphere stays a sphere, so it can be baked too.
        Matrix4f sphereMatrix = new Matrix4f().translate(-1.6f, 0.5f, -0.5f).rotateZ(0.7f).scale(0.5f);
        Sphere unit = new Sphere(Vec3.ZERO, 1, 0);
        Vector3f c = sphereMatrix.transformPosition(new Vector3f());
        Sphere bakedSphere = new Sphere(new Vec3(c.x, c.y, c.z), 0.5f, 0);

        Scene instanced = scene(TransformNode.group("root", List.of(
                new TransformNode("outer", outer, List.of(new TransformNode("inner", inner, List.of(new MeshNode("m", mesh))))),
                new TransformNode("ball", sphereMatrix, List.of(new SphereNode("s", List.of(unit)))))));
        Scene flat = scene(TransformNode.group("root", List.of(new MeshNode("m", baked(mesh, world)),
                new SphereNode("s", List.of(bakedSphere)))));
        Frame a = render(r, instanced), b = render(r, flat);
        int agree = 0, both = 0;
        for (int i = 0; i < a.depth().length; i++) {
            float da = a.depth()[i], db = b.depth()[i];
            if (Float.isFinite(da) && Float.isFinite(db)) {
                both++;
                if (Math.abs(da - db) <= 1e-4 * db) agree++;
            } else if (Float.isFinite(da) == Float.isFinite(db)) {
                agree++;
            }
        }
        assertTrue(both > 1000, "too few hits: " + both);
        assertTrue(agree >= 0.995 * a.depth().length, "depth agreement " + agree + " of " + a.depth().length);
        double diff = 0;
        int close = 0;
        for (int i = 0; i < a.radiance().length; i++) {
            double d = Math.abs(a.radiance()[i] - b.radiance()[i]);
            diff += d;
            if (d < 2e-3) close++;
        }
        assertTrue(close >= 0.99 * a.radiance().length, "shading (normals) differ: " + close + " of " + a.radiance().length
                + " within 2e-3, mean diff " + diff / a.radiance().length);
    }

    private static Scene scene(TransformNode root) {
        Material m = Material.named("m").ambient(new Vec3(0.1f, 0.1f, 0.1f)).diffuse(new Vec3(0.7f, 0.6f, 0.5f))
                .specular(new Vec3(0.5f, 0.5f, 0.5f)).phongExponent(40).build();
        return new Scene("inst", root, List.of(m), List.of(new PointLight(new Vec3(3, 4, 5), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 0.5f, 5), new Vec3(-0.3f, 0, 0), new Vec3(0, 1, 0), 40, 0, 0),
                new RenderSettings(96, 72, 1, 3, 0, Vec3.ZERO, new Vec3(0.2f, 0.2f, 0.2f), 1, 0, 0));
    }

    private static Frame render(Renderer r, Scene s) throws RenderException {
        GeometryImage gi = GeometryImagePacker.pack(s);
        Frame f = r.render(gi, TraceParameters.of(s.camera(), s.settings(), gi), EnumSet.of(Aov.DEPTH, Aov.RADIANCE), ProgressListener.NONE);
        assertEquals(0, f.errors());
        return f;
    }
}
