package org.drtstudio.accel;

import org.drtstudio.math.Aabb;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.Scene;

import java.util.List;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Packs a scene into the geometry image: RGBA32F texels that the GLSL tracer reads with
 * {@code texelFetch} and the CPU reference reads from the same arrays. Integers are stored as the
 * raw bits of a float ({@code Float.intBitsToFloat} here, {@code floatBitsToInt} in GLSL); texel
 * {@code i} lies at column {@code i % TEXTURE_WIDTH}, row {@code i / TEXTURE_WIDTH}.
 *
 * <h2>Nodes ({@link #NODE_TEXELS} = 2 texels per node, node 0 is the root)</h2>
 * <pre>
 * texel 2i   : centre.x, centre.y, centre.z, radius      bounding sphere (inflated, conservative)
 * texel 2i+1 : hit, miss, primCount, primStart           int bits
 *   hit       node to visit when the ray meets the sphere: i+1 for inner nodes, = miss for leaves
 *   miss      skip link: first node after i's subtree, or END (-1); always greater than i
 *   primCount 0 for inner nodes; 1..MAX_LEAF_SIZE primitives for leaves, tested when the sphere is hit
 *   primStart index of the leaf's first primitive in the primitive texture
 * </pre>
 * <h2>Primitives ({@link #PRIMITIVE_TEXELS} = 3 texels each, in leaf order)</h2>
 * <pre>
 * triangle: texel 3p = v0.xyz, kind=KIND_TRIANGLE | texel 3p+1 = (v1-v0).xyz, material | texel 3p+2 = (v2-v0).xyz, source id
 * sphere  : texel 3p = centre.xyz, kind=KIND_SPHERE | texel 3p+1 = radius, 0, 0, material | texel 3p+2 = 0, 0, 0, source id
 * </pre>
 * The w components are int bits. The source id is the primitive's index in the flattened scene
 * (triangles first, then spheres), reported as the primitive id of a hit.
 * <h2>Normals ({@link #NORMAL_TEXELS} = 3 texels per primitive, same order)</h2>
 * Triangles: unit vertex normals n0, n1, n2 in xyz (w = 0). Spheres: unused zeros.
 * <h2>Materials ({@link #MATERIAL_TEXELS} = 4 texels each, scene order)</h2>
 * <pre>
 * ambient.rgb, phongExponent | diffuse.rgb, reflectivity | specular.rgb, transparency | absorption.rgb, ior
 * </pre>
 * <h2>Lights ({@link #LIGHT_TEXELS} = 2 texels each)</h2>
 * <pre>
 * position.xyz, radius | colour * intensity (rgb), 0
 * </pre>
 */
public final class GeometryImagePacker {
    private GeometryImagePacker() {
    }

    public static GeometryImage pack(Scene scene) {
        FlatScene flat = SceneFlattener.flatten(scene);
        return pack(flat, SphereHierarchyBuilder.build(flat), scene.materials(), scene.lights());
    }

    public static GeometryImage pack(FlatScene flat, SphereHierarchy h, List<Material> materials, List<PointLight> lights) {
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
                for (int v = 0; v < 3; v++) {
                    normals[no + 4 * v] = tn[b + 3 * v];
                    normals[no + 4 * v + 1] = tn[b + 3 * v + 1];
                    normals[no + 4 * v + 2] = tn[b + 3 * v + 2];
                }
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
        float[] mats = new float[4 * MATERIAL_TEXELS * materials.size()];
        for (int m = 0; m < materials.size(); m++) {
            Material mat = materials.get(m);
            int o = 4 * MATERIAL_TEXELS * m;
            put(mats, o, mat.ambient().x(), mat.ambient().y(), mat.ambient().z(), mat.phongExponent());
            put(mats, o + 4, mat.diffuse().x(), mat.diffuse().y(), mat.diffuse().z(), mat.reflectivity());
            put(mats, o + 8, mat.specular().x(), mat.specular().y(), mat.specular().z(), mat.transparency());
            put(mats, o + 12, mat.absorption().x(), mat.absorption().y(), mat.absorption().z(), mat.ior());
        }
        // A zero-size array would make a zero-size texture; keep one texel so binding stays valid.
        float[] lts = new float[Math.max(4, 4 * LIGHT_TEXELS * lights.size())];
        for (int l = 0; l < lights.size(); l++) {
            PointLight light = lights.get(l);
            int o = 4 * LIGHT_TEXELS * l;
            put(lts, o, light.position().x(), light.position().y(), light.position().z(), light.radius());
            put(lts, o + 4, light.color().x() * light.intensity(), light.color().y() * light.intensity(),
                    light.color().z() * light.intensity(), 0);
        }
        Aabb b = flat.bounds();
        float radius = 0.5f * b.extent().length();
        return new GeometryImage(nodes, prims, normals, mats, lts, nodeCount, tris, flat.sphereCount(),
                materials.size(), lights.size(), h.depth(), radius,
                new float[]{b.center().x(), b.center().y(), b.center().z()});
    }

    private static void put(float[] a, int o, float x, float y, float z, float w) {
        a[o] = x;
        a[o + 1] = y;
        a[o + 2] = z;
        a[o + 3] = w;
    }
}
