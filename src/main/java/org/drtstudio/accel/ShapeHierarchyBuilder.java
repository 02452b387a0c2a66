package org.drtstudio.accel;

import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;

import java.util.List;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Builds the {@link ShapeHierarchy} of a mesh or of a group of spheres, in object space, with the
 * per-primitive texture coordinates: a mesh's own, or for a mesh without them pbrt's default
 * (0,0), (1,0), (1,1) per triangle, so a textured material still shows its texture; spheres get
 * zeros (both tracers compute a sphere's coordinates from the hit point).
 */
public final class ShapeHierarchyBuilder {
    private ShapeHierarchyBuilder() {
    }

    /** Texture coordinates of a triangle's corners when the mesh has none. */
    private static final float[] DEFAULT_UV = {0, 0, 1, 0, 1, 1};

    public static ShapeHierarchy of(TriangleMesh mesh) {
        int tris = mesh.triangleCount();
        float[] v = new float[9 * tris], n = new float[9 * tris], uv = new float[6 * tris];
        float[] p = mesh.positions(), vn = mesh.normals(), vt = mesh.texCoords();
        int[] idx = mesh.indices();
        for (int t = 0; t < tris; t++) {
            for (int c = 0; c < 3; c++) {
                int vi = idx[3 * t + c];
                System.arraycopy(p, 3 * vi, v, 9 * t + 3 * c, 3);
                System.arraycopy(vn, 3 * vi, n, 9 * t + 3 * c, 3);
                if (vt != null) System.arraycopy(vt, 2 * vi, uv, 6 * t + 2 * c, 2);
            }
            if (vt == null) System.arraycopy(DEFAULT_UV, 0, uv, 6 * t, 6);
        }
        return pack(new FlatScene(v, n, mesh.triangleMaterials().clone(), new float[0], new int[0]), uv);
    }

    public static ShapeHierarchy of(List<Sphere> spheres) {
        float[] s = new float[4 * spheres.size()];
        int[] m = new int[spheres.size()];
        for (int i = 0; i < spheres.size(); i++) {
            Sphere sp = spheres.get(i);
            s[4 * i] = sp.center().x();
            s[4 * i + 1] = sp.center().y();
            s[4 * i + 2] = sp.center().z();
            s[4 * i + 3] = sp.radius();
            m[i] = sp.material();
        }
        return pack(new FlatScene(new float[0], new float[0], new int[0], s, m), new float[0]);
    }

    /**
     * Builds the hierarchy and writes nodes, primitives, normals and texture coordinates in the
     * layout of {@link GeometryImagePacker}.
     *
     * @param triangleTexCoords 6 floats per triangle of {@code flat}: u, v at v0, v1, v2
     */
    static ShapeHierarchy pack(FlatScene flat, float[] triangleTexCoords) {
        SphereHierarchy h = SphereHierarchyBuilder.build(flat);
        int nodeCount = h.nodeCount();
        float[] nodes = new float[4 * NODE_TEXELS * nodeCount];
        for (int i = 0; i < nodeCount; i++) {
            int o = 4 * NODE_TEXELS * i;
            System.arraycopy(h.spheres(), 4 * i, nodes, o, 4);
            nodes[o + 4] = Float.intBitsToFloat(h.hit()[i]);
            nodes[o + 5] = Float.intBitsToFloat(h.miss()[i]);
            nodes[o + 6] = Float.intBitsToFloat(h.primCount()[i]);
            nodes[o + 7] = Float.intBitsToFloat(h.primStart()[i]);
        }
        int primCount = flat.primitiveCount(), tris = flat.triangleCount();
        float[] prims = new float[4 * PRIMITIVE_TEXELS * primCount];
        float[] normals = new float[4 * NORMAL_TEXELS * primCount];
        float[] texCoords = new float[4 * TEXCOORD_TEXELS * primCount];
        float[] tv = flat.triangleVertices(), tn = flat.triangleNormals(), sp = flat.spheres();
        int[] order = h.primOrder();
        for (int p = 0; p < primCount; p++) {
            int id = order[p];
            int o = 4 * PRIMITIVE_TEXELS * p;
            if (id < tris) {
                int b = 9 * id;
                prims[o] = tv[b];
                prims[o + 1] = tv[b + 1];
                prims[o + 2] = tv[b + 2];
                prims[o + 3] = Float.intBitsToFloat(KIND_TRIANGLE);
                for (int a = 0; a < 3; a++) {
                    prims[o + 4 + a] = tv[b + 3 + a] - tv[b + a];
                    prims[o + 8 + a] = tv[b + 6 + a] - tv[b + a];
                }
                prims[o + 7] = Float.intBitsToFloat(flat.triangleMaterials()[id]);
                int no = 4 * NORMAL_TEXELS * p;
                for (int v = 0; v < 3; v++) System.arraycopy(tn, b + 3 * v, normals, no + 4 * v, 3);
                System.arraycopy(triangleTexCoords, 6 * id, texCoords, 4 * TEXCOORD_TEXELS * p, 6);
            } else {
                int b = 4 * (id - tris);
                prims[o] = sp[b];
                prims[o + 1] = sp[b + 1];
                prims[o + 2] = sp[b + 2];
                prims[o + 3] = Float.intBitsToFloat(KIND_SPHERE);
                prims[o + 4] = sp[b + 3];
                prims[o + 7] = Float.intBitsToFloat(flat.sphereMaterials()[id - tris]);
            }
            prims[o + 11] = Float.intBitsToFloat(id);
        }
        float[] bound = {h.spheres()[0], h.spheres()[1], h.spheres()[2], h.spheres()[3]};
        return new ShapeHierarchy(nodes, prims, normals, texCoords, nodeCount, tris, flat.sphereCount(), h.depth(), bound);
    }
}
