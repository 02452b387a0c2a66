package org.drtstudio.accel;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.TextureWrap;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.drtstudio.accel.GeometryImageLayout.*;
import static org.junit.jupiter.api.Assertions.*;

/** Texture coordinates, the atlas and the material texels that refer into it, as GeometryImagePacker documents them. */
class TextureAtlasTest {
    /** 2 × 1 and 1 × 3 images whose texel values are their own atlas-independent ids. */
    private static final Map<String, TextureImage> FILES = Map.of(
            "a.png", new TextureImage(2, 1, new float[]{1, 2, 3, 4, 5, 6}),
            "b.png", new TextureImage(1, 3, new float[]{7, 7, 7, 8, 8, 8, 9, 9, 9}));

    private static final Material PLAIN = Material.DEFAULT;

    private static Scene scene(List<Material> materials, List<SceneNode> nodes) {
        return TestScenes.scene(nodes, materials, List.of(), org.drtstudio.scene.Camera.DEFAULT);
    }

    private static TriangleMesh triangles(int material) {
        float[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0, 3, 0, 0, 2, 1, 0};
        float[] n = new float[18];
        for (int i = 2; i < 18; i += 3) n[i] = 1;
        float[] uv = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 1.1f, 1.2f, 1.3f, 1.4f, 1.5f, 1.6f};
        return new TriangleMesh("two", p, n, uv, new int[]{0, 1, 2, 3, 4, 5}, new int[]{material, material});
    }

    @Test
    void materialsReferToTheirImagesInTheAtlas() {
        List<String> asked = new ArrayList<>();
        TextureSource source = (path, encoding) -> {
            asked.add(path + " " + encoding);
            return FILES.get(path);
        };
        Material a = PLAIN.withDiffuseTexture("a.png").withTextureWrap(TextureWrap.CLAMP);
        Material ab = PLAIN.withDiffuseTexture("a.png").withBump("b.png", 2.5f);
        Material missing = PLAIN.withDiffuseTexture("gone.png").withBump("a.png", -1);
        GeometryImage gi = GeometryImagePacker.pack(scene(List.of(PLAIN, a, ab, missing),
                List.of(new MeshNode("m", triangles(1)))), source);
        // Each distinct (file, encoding) is asked for once; a.png as colour and as height are two images.
        assertEquals(List.of("a.png COLOR", "b.png HEIGHT", "gone.png COLOR", "a.png HEIGHT"), asked);
        assertEquals(3, gi.textureCount());
        float[] t = gi.textures();
        assertEquals(4 * (2 + 3 + 2), t.length);
        assertArrayEquals(new float[]{1, 2, 3, 1, 4, 5, 6, 1, 7, 7, 7, 1, 8, 8, 8, 1, 9, 9, 9, 1, 1, 2, 3, 1, 4, 5, 6, 1}, t);
        assertRef(gi, 0, MATERIAL_DIFFUSE_MAP, NO_TEXTURE, 0, 0, WRAP_REPEAT);
        assertRef(gi, 0, MATERIAL_BUMP_MAP, NO_TEXTURE, 0, 0, WRAP_REPEAT);
        assertRef(gi, 1, MATERIAL_DIFFUSE_MAP, 0, 2, 1, WRAP_CLAMP);
        assertRef(gi, 2, MATERIAL_DIFFUSE_MAP, 0, 2, 1, WRAP_REPEAT);
        assertRef(gi, 2, MATERIAL_BUMP_MAP, 2, 1, 3, WRAP_REPEAT);
        assertEquals(2.5f, gi.materials()[4 * (MATERIAL_TEXELS * 2 + 4) + 1], "bump scale");
        assertRef(gi, 3, MATERIAL_DIFFUSE_MAP, NO_TEXTURE, 0, 0, WRAP_REPEAT);
        assertRef(gi, 3, MATERIAL_BUMP_MAP, 5, 2, 1, WRAP_REPEAT);
        assertEquals(List.of(), GeometryImageValidator.validate(gi));

        float[] corrupt = gi.materials().clone();
        corrupt[4 * (MATERIAL_TEXELS * 2 + MATERIAL_BUMP_MAP) + 2] = Float.intBitsToFloat(6); // 1 x 6 at texel 2 ends at 8: past the 7 texels
        GeometryImage broken = new GeometryImage(gi.nodes(), gi.primitives(), gi.vertices(), gi.topNodes(),
                gi.instances(), corrupt, gi.lights(), gi.textures(), gi.nodeCount(), gi.topNodeCount(), gi.instanceCount(),
                gi.triangleCount(), gi.sphereCount(), gi.instancedPrimitiveCount(), gi.materialCount(), gi.lightCount(),
                gi.hierarchyDepth(), gi.stepBound(), gi.sceneRadius(), gi.sceneCenter(), gi.motion(), gi.textureCount());
        assertEquals(List.of("material 2's bump map (1x6 at texel 2) lies outside the atlas of 7 texels"),
                GeometryImageValidator.validate(broken));
    }

    @Test
    void texCoordsTravelWithTheSharedVertices() {
        TriangleMesh mesh = triangles(0);
        GeometryImage gi = GeometryImagePacker.pack(scene(List.of(PLAIN), List.of(new MeshNode("m", mesh),
                new SphereNode("s", List.of(new Sphere(new Vec3(5, 0, 0), 1, 0))))));
        int triangles = 0;
        for (int p = 0; p < 3; p++) {
            int info = Float.floatToRawIntBits(gi.primitives()[4 * PRIMITIVE_TEXELS * p + 3]);
            if (kindOf(info) == KIND_SPHERE) continue;
            triangles++;
            assertTrue((info & PRIMITIVE_HAS_UV) != 0, "primitive " + p + " is flagged as having texture coordinates");
            for (int k = 0; k < 3; k++) {
                int v = Float.floatToRawIntBits(gi.primitives()[4 * PRIMITIVE_TEXELS * p + k]);
                int o = 4 * VERTEX_TEXELS * v;
                // The vertex entry holds the mesh's position and coordinates of that very vertex.
                assertEquals(mesh.positions()[3 * v], gi.vertices()[o], "position x of vertex " + v);
                assertEquals(mesh.texCoords()[2 * v], gi.vertices()[o + 3], "u of vertex " + v);
                assertEquals(mesh.texCoords()[2 * v + 1], gi.vertices()[o + 7], "v of vertex " + v);
            }
        }
        assertEquals(2, triangles);
        // Without texture coordinates, the flag is clear: the tracers use (0,0) (1,0) (1,1).
        TriangleMesh bare = TestScenes.floor(0, 1, 0);
        GeometryImage floor = GeometryImagePacker.pack(scene(List.of(PLAIN), List.of(new MeshNode("f", bare))));
        assertEquals(0, Float.floatToRawIntBits(floor.primitives()[3]) & PRIMITIVE_HAS_UV);
    }

    @Test
    void theAtlasIsRebuiltOnlyWhenTheSetOfTexturesChanges() {
        int[] loads = {0};
        TextureSource source = (path, encoding) -> {
            loads[0]++;
            return FILES.get(path);
        };
        GeometryImageBuilder builder = new GeometryImageBuilder(source);
        List<SceneNode> nodes = List.of(new MeshNode("m", triangles(0)));
        Material a = PLAIN.withDiffuseTexture("a.png");
        GeometryImage first = builder.build(scene(List.of(a), nodes));
        GeometryImage recoloured = builder.build(scene(List.of(a.withName("renamed")), nodes));
        assertSame(first.textures(), recoloured.textures(), "same textures: the atlas is not re-uploaded");
        assertNotSame(first.materials(), recoloured.materials());
        assertSame(first.vertices(), recoloured.vertices(), "texture coordinates belong to the cached shape's vertices");
        assertEquals(1, loads[0]);
        GeometryImage swapped = builder.build(scene(List.of(PLAIN.withDiffuseTexture("b.png")), nodes));
        assertNotSame(first.textures(), swapped.textures());
        assertRef(swapped, 0, MATERIAL_DIFFUSE_MAP, 0, 1, 3, WRAP_REPEAT);
    }

    @Test
    void withoutASourceMaterialsAreUntextured() {
        GeometryImage gi = GeometryImagePacker.pack(scene(List.of(PLAIN.withDiffuseTexture("a.png").withBump("b.png", 1)),
                List.of(new MeshNode("m", triangles(0)))));
        assertEquals(0, gi.textureCount());
        assertRef(gi, 0, MATERIAL_DIFFUSE_MAP, NO_TEXTURE, 0, 0, WRAP_REPEAT);
        assertRef(gi, 0, MATERIAL_BUMP_MAP, NO_TEXTURE, 0, 0, WRAP_REPEAT);
        assertEquals(4, gi.textures().length, "one texel keeps the GPU texture valid");
    }

    private static void assertRef(GeometryImage gi, int material, int texel, int first, int width, int height, int wrap) {
        int o = 4 * (MATERIAL_TEXELS * material + texel);
        float[] m = gi.materials();
        int[] got = {Float.floatToRawIntBits(m[o]), Float.floatToRawIntBits(m[o + 1]), Float.floatToRawIntBits(m[o + 2]),
                Float.floatToRawIntBits(m[o + 3])};
        assertArrayEquals(new int[]{first, width, height, wrap}, got, "material " + material + " texel " + texel);
    }
}
