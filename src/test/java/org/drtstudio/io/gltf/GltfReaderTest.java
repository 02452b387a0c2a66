package org.drtstudio.io.gltf;

import org.drtstudio.io.GeometryAovs;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.math.Aabb;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TextureWrap;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix3f;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.drtstudio.io.gltf.GltfFiles.map;
import static org.junit.jupiter.api.Assertions.*;

/**
 * glTF import: files shaped like the Khronos sample models (a textured box, a node hierarchy with
 * rotations, scales and shared meshes, a multi-primitive mesh, a .glb with an embedded texture)
 * import with the right placement, and the CPU tracer sees a glTF as it sees an OBJ of the same
 * geometry baked into world space; materials, cameras and lights map as docs/GLTF.md says; hostile
 * files end in one line.
 */
class GltfReaderTest {
    @TempDir
    Path dir;

    private static final float[] OPAQUE_WHITE = {1, 1, 1, 1};

    /** Root at (0.5, 0, -1) turned 30° about y; under it the box at (-1, 0, 0) scaled (1, 2, 1), and the same box by a matrix. */
    private static final Matrix4f ROOT = new Matrix4f().translate(0.5f, 0, -1).rotate(new Quaternionf().rotationY((float) Math.toRadians(30)));
    private static final Matrix4f LEFT = new Matrix4f().translate(-1, 0, 0).scale(1, 2, 1);
    private static final Matrix4f RIGHT = new Matrix4f().translate(1, 0.5f, 0).rotate(new Quaternionf().rotationX((float) Math.toRadians(45)));

    /** The hierarchy above, both boxes one mesh with a textured material (a checker beside the file). */
    private GltfFiles hierarchy() throws Exception {
        writeChecker(dir.resolve("checker.png"));
        GltfFiles g = new GltfFiles();
        int material = g.material(map("name", "checker", "pbrMetallicRoughness", map("baseColorFactor", OPAQUE_WHITE,
                "metallicFactor", 0, "roughnessFactor", 1, "baseColorTexture", map("index", g.texture("checker.png", 10497)))));
        int box = g.mesh("box", List.of(g.primitive(GltfFiles.boxPositions(), GltfFiles.boxNormals(), GltfFiles.boxTexCoords(),
                GltfFiles.boxIndices(), material)));
        Quaternionf q = ROOT.getNormalizedRotation(new Quaternionf());
        int left = g.node(map("name", "left", "mesh", box, "translation", new float[] {-1, 0, 0}, "scale", new float[] {1, 2, 1}));
        int right = g.node(map("name", "right", "mesh", box, "matrix", RIGHT.get(new float[16])));
        int root = g.node(map("name", "root", "translation", new float[] {0.5f, 0, -1}, "rotation", new float[] {q.x, q.y, q.z, q.w},
                "children", List.of(left, right)));
        g.sceneNodes.add(root);
        return g;
    }

    /** The same two boxes as one OBJ, baked into world space, with an MTL naming the same checker. */
    private Path bakedObj() throws Exception {
        StringBuilder obj = new StringBuilder("mtllib m.mtl\nusemtl checker\n");
        float[] p = GltfFiles.boxPositions(), n = GltfFiles.boxNormals(), uv = GltfFiles.boxTexCoords();
        int[] idx = GltfFiles.boxIndices();
        int base = 0;
        for (Matrix4f local : List.of(LEFT, RIGHT)) {
            Matrix4f world = new Matrix4f(ROOT).mul(local);
            Matrix3f normalMatrix = world.normal(new Matrix3f());
            for (int v = 0; v < 24; v++) {
                Vector3f x = world.transformPosition(new Vector3f(p[3 * v], p[3 * v + 1], p[3 * v + 2]));
                Vector3f nn = normalMatrix.transform(new Vector3f(n[3 * v], n[3 * v + 1], n[3 * v + 2])).normalize();
                obj.append(String.format(Locale.ROOT, "v %.9g %.9g %.9g%nvn %.9g %.9g %.9g%nvt %.9g %.9g%n", x.x, x.y, x.z, nn.x, nn.y, nn.z,
                        uv[2 * v], 1 - uv[2 * v + 1]));
            }
            for (int t = 0; t < 36; t += 3) {
                obj.append('f');
                for (int k = 0; k < 3; k++) {
                    int i = base + idx[t + k] + 1;
                    obj.append(' ').append(i).append('/').append(i).append('/').append(i);
                }
                obj.append('\n');
            }
            base += 24;
        }
        Files.writeString(dir.resolve("m.mtl"), "newmtl checker\nKd 1 1 1\nKa 0.125 0.125 0.125\nmap_Kd checker.png\n");
        Path file = dir.resolve("baked.obj");
        Files.writeString(file, obj.toString());
        return file;
    }

    private static void writeChecker(Path file) throws Exception {
        BufferedImage img = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 8; y++) for (int x = 0; x < 8; x++) img.setRGB(x, y, ((x + y) & 1) == 0 ? 0xff2020 : 0x20ff20 + 8 * y);
        ImageIO.write(img, "png", file.toFile());
    }

    private static List<MeshNode> meshNodes(SceneNode node) {
        List<MeshNode> out = new ArrayList<>();
        if (node instanceof MeshNode m) out.add(m);
        if (node instanceof TransformNode t) for (SceneNode c : t.children()) out.addAll(meshNodes(c));
        return out;
    }

    @Test
    void theCpuTracerSeesTheHierarchyAsItSeesTheObjOfItsBakedGeometry() throws Exception {
        ImportResult gltf = SceneLoader.load(hierarchy().writeGltf(dir, "boxes"));
        ImportResult obj = SceneLoader.load(bakedObj());
        var camera = gltf.scene().camera();
        var expected = GeometryAovs.render(obj.scene(), camera, true);
        var actual = GeometryAovs.render(gltf.scene(), camera, true);
        // depth, normals and the textured albedo; a pixel whose centre grazes an edge may fall either side of float rounding
        GeometryAovs.assertSame(expected, actual, 2e-4f, true, 250, 3);
    }

    @Test
    void aNodeHierarchyWithRotationsScalesAndASharedMeshIsPlacedAndInstanced() throws Exception {
        Scene s = SceneLoader.load(hierarchy().writeGltf(dir, "boxes")).scene();
        List<MeshNode> boxes = meshNodes(s.root());
        assertEquals(2, boxes.size());
        assertSame(boxes.get(0).mesh(), boxes.get(1).mesh(), "one mesh, placed twice");
        assertEquals(12, boxes.get(0).mesh().triangleCount());
        Aabb bounds = SceneFraming.bounds(s.root());
        // the baked OBJ's bounds are the reference
        Aabb baked = SceneFraming.bounds(SceneLoader.load(bakedObj()).scene().root());
        assertEquals(baked.min().x(), bounds.min().x(), 1e-5);
        assertEquals(baked.max().y(), bounds.max().y(), 1e-5);
        assertEquals(baked.min().z(), bounds.min().z(), 1e-5);
        TransformNode root = (TransformNode) s.root().children().get(0);
        assertEquals("root", root.name());
        assertTrue(root.transform().equals(ROOT, 1e-6f), "the root's TRS as its transform: " + root.transform());
    }

    @Test
    void theTexturedBoxHasItsTextureBesideItAndTextureCoordinatesTurnedUp() throws Exception {
        ImportResult r = SceneLoader.load(hierarchy().writeGltf(dir, "boxes"));
        Material m = r.scene().materials().get(1);
        assertEquals(dir.resolve("checker.png").toAbsolutePath().normalize().toString(), m.diffuseTexture());
        assertEquals(TextureWrap.REPEAT, m.textureWrap());
        TriangleMesh mesh = meshNodes(r.scene().root()).get(0).mesh();
        assertArrayEquals(new float[] {0, 0, 1, 0, 1, 1, 0, 1}, java.util.Arrays.copyOf(mesh.texCoords(), 8), "glTF v runs down, ours up");
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
    }

    @Test
    void embeddedAndBinaryBuffersGiveTheSameScene() throws Exception {
        GltfFiles g = hierarchy();
        TriangleMesh external = meshNodes(SceneLoader.load(g.writeGltf(dir, "ext")).scene().root()).get(0).mesh();
        TriangleMesh dataUri = meshNodes(SceneLoader.load(g.writeEmbedded(dir, "emb")).scene().root()).get(0).mesh();
        Path glb = dir.resolve("bin.glb");
        Files.write(glb, g.glb());
        TriangleMesh binary = meshNodes(SceneLoader.load(glb).scene().root()).get(0).mesh();
        for (TriangleMesh m : List.of(dataUri, binary)) {
            assertArrayEquals(external.positions(), m.positions());
            assertArrayEquals(external.normals(), m.normals());
            assertArrayEquals(external.indices(), m.indices());
        }
    }

    @Test
    void packedAccessorsReadInBulkGiveTheMeshOfInterleavedOnesReadOneByOne() throws Exception {
        List<TriangleMesh> meshes = new ArrayList<>();
        for (boolean interleaved : new boolean[] {false, true}) {
            GltfFiles g = new GltfFiles();
            float[] p = GltfFiles.boxPositions(), n = GltfFiles.boxNormals(), uv = GltfFiles.boxTexCoords();
            int[] ix = GltfFiles.boxIndices();
            var primitive = interleaved ? g.interleavedPrimitive(p, n, uv, ix) : g.primitive(p, n, uv, ix, -1);
            g.sceneNodes.add(g.node(map("mesh", g.mesh("box", List.of(primitive)))));
            Path glb = dir.resolve((interleaved ? "interleaved" : "packed") + ".glb");
            Files.write(glb, g.glb());
            ImportResult r = SceneLoader.load(glb);
            assertTrue(r.warnings().isEmpty(), r.warnings().toString());
            meshes.add(meshNodes(r.scene().root()).get(0).mesh());
        }
        TriangleMesh packed = meshes.get(0), interleaved = meshes.get(1);
        assertEquals(24, packed.positions().length / 3);
        assertArrayEquals(interleaved.positions(), packed.positions());
        assertArrayEquals(interleaved.normals(), packed.normals());
        assertArrayEquals(interleaved.texCoords(), packed.texCoords());
        assertArrayEquals(interleaved.indices(), packed.indices());
        assertArrayEquals(GltfFiles.boxIndices(), packed.indices());
    }

    @Test
    void aSparseAccessorSubstitutesItsValuesOverPackedAndInterleavedPositions() throws Exception {
        // jgltf-model's own accessor data read these as zeros (packed) and at the replaced view's stride (interleaved).
        float[] box = GltfFiles.boxPositions();
        for (boolean interleaved : new boolean[] {false, true}) {
            Path glb = sparseBox(interleaved, 5);
            float[] p = meshNodes(SceneLoader.load(glb).scene().root()).get(0).mesh().positions();
            String layout = interleaved ? "interleaved: " : "packed: ";
            assertArrayEquals(new float[] {0.25f, 0.5f, 2f}, java.util.Arrays.copyOfRange(p, 15, 18), layout + "vertex 5 substituted");
            assertArrayEquals(java.util.Arrays.copyOfRange(box, 0, 15), java.util.Arrays.copyOfRange(p, 0, 15), layout + "the others as stored");
            assertArrayEquals(java.util.Arrays.copyOfRange(box, 18, box.length), java.util.Arrays.copyOfRange(p, 18, p.length), layout);
        }
        Path outside = sparseBox(false, 99);
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(outside));
        assertTrue(e.getMessage().startsWith(outside + ": "), e.getMessage());
    }

    @Test
    void sparseValuesAreCheckedAsTheyAreReadTightlyPackedWhateverTheirViewsStride() throws Exception {
        // glTF forbids a stride on a sparse accessor's views; the reader ignores one, and the check measured with it
        GltfFiles g = new GltfFiles();
        var primitive = g.primitive(GltfFiles.boxPositions(), null, null, GltfFiles.boxIndices(), -1);
        @SuppressWarnings("unchecked")
        int position = (Integer) ((Map<String, Object>) primitive.get("attributes")).get("POSITION");
        java.nio.ByteBuffer at = java.nio.ByteBuffer.allocate(4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putShort((short) 1).putShort((short) 5);
        int values = g.embed(new byte[16]); // two VEC3 floats need 24 bytes; at a stride of 4 they would end at byte 16
        g.bufferViews.get(values).put("byteStride", 4);
        g.accessors.get(position).put("sparse", map("count", 2, "indices", map("bufferView", g.embed(at.array()), "componentType", 5123),
                "values", map("bufferView", values)));
        g.sceneNodes.add(g.node(map("mesh", g.mesh("box", List.of(primitive)))));
        Path glb = dir.resolve("sparse-stride.glb");
        Files.write(glb, g.glb());
        String message = refusal(glb);
        assertTrue(message.contains("(sparse values) reads 2 elements to byte 24 of bufferView " + values + ", which has 16"), message);
    }

    @Test
    void aGlbWhoseBufferZeroNamesAUriBesideItsBinaryChunkIsRefused() throws Exception {
        // jgltf-model reads the chunk; the check had measured the uri's bytes (a file beside it, or a data URI)
        GltfFiles g = new GltfFiles();
        g.sceneNodes.add(g.node(map("mesh", g.mesh("box", List.of(g.primitive(GltfFiles.boxPositions(), null, null, GltfFiles.boxIndices(), -1))))));
        Path glb = dir.resolve("bin-and-uri.glb");
        Files.write(glb, g.glb("data:"));
        assertTrue(refusal(glb).contains("buffer 0 names a uri, but in a .glb with a binary chunk buffer 0 is that chunk"));
        Files.write(glb, g.glb());
        assertEquals(12, meshNodes(SceneLoader.load(glb).scene().root()).get(0).mesh().triangleCount(), "the same file without the uri");
    }

    @Test
    void accessorsWithoutAViewAreBoundedTogether() throws Exception {
        GltfFiles g = new GltfFiles();
        g.sceneNodes.add(g.node(map("mesh", g.mesh("box", List.of(g.primitive(GltfFiles.boxPositions(), null, null, GltfFiles.boxIndices(), -1))))));
        int each = (int) (GltfLayoutCheck.MAX_ZERO_BYTES / 4 / 3); // a third of the bound in floats
        for (int i = 0; i < 3; i++) g.accessors.add(map("componentType", 5126, "count", each, "type", "SCALAR"));
        Path fits = dir.resolve("zeros-fit.glb");
        Files.write(fits, g.glb());
        assertEquals(12, meshNodes(SceneLoader.load(fits).scene().root()).get(0).mesh().triangleCount(), "three thirds fit");
        g.accessors.add(map("componentType", 5126, "count", each, "type", "SCALAR"));
        Path over = dir.resolve("zeros-over.glb");
        Files.write(over, g.glb());
        String message = refusal(over);
        assertTrue(message.contains("has no bufferView") && message.contains("with the accessors before it"), message);
    }

    @Test
    void animationChannelsPastTheFilesBudgetOfKeysAreDroppedBeforeTheyAreRead() throws Exception {
        GltfFiles g = new GltfFiles();
        float[] tri = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        int node = g.node(map("mesh", g.mesh("t", List.of(g.primitive(tri, null, null, null, -1)))));
        g.sceneNodes.add(node);
        int times = g.floats(new float[] {0, 1}, 1, "SCALAR");
        int slide = g.floats(new float[] {0, 0, 0, 2, 0, 0}, 3, "VEC3");
        // view-less (zeros) times and values: 2 x 300,000 elements a channel, shared by every channel
        int many = (int) (GltfAnimations.MIN_ELEMENT_BUDGET * 3 / 10);
        g.accessors.add(map("componentType", 5126, "count", many, "type", "SCALAR"));
        g.accessors.add(map("componentType", 5126, "count", many, "type", "VEC3"));
        int zeroTimes = g.accessors.size() - 2, zeroValues = g.accessors.size() - 1;
        List<Object> channels = new java.util.ArrayList<>(List.of(map("sampler", 0, "target", map("node", node, "path", "translation"))));
        for (int i = 0; i < 6; i++) channels.add(map("sampler", 1, "target", map("node", node, "path", "scale")));
        g.extra.put("animations", List.of(map("name", "flood", "samplers", List.of(map("input", times, "output", slide),
                map("input", zeroTimes, "output", zeroValues)), "channels", channels)));
        var animated = SceneLoader.loadAnimated(g.writeGltf(dir, "flood"));
        long dropped = animated.warnings().stream().filter(w -> w.contains("channel is dropped (its " + 2 * many
                + " key times and values are more than the file's data can hold)")).count();
        assertEquals(5, dropped, "one flood channel fits the budget of 2^20 elements, the five after it do not: " + animated.warnings());
        Matrix4f moved = new Matrix4f(((TransformNode) ((TransformNode) animated.scene().at(1.0).root()).children().get(0)).transform());
        assertEquals(2f, moved.m30(), 1e-6, "the channel within the budget is read");
    }

    /** The box with vertex {@code index}'s position replaced by (0.25, 0.5, 2) through a sparse accessor. */
    private Path sparseBox(boolean interleaved, int index) throws Exception {
        float[] box = GltfFiles.boxPositions();
        GltfFiles g = new GltfFiles();
        var primitive = interleaved ? g.interleavedPrimitive(box, GltfFiles.boxNormals(), GltfFiles.boxTexCoords(), GltfFiles.boxIndices())
                : g.primitive(box, GltfFiles.boxNormals(), null, GltfFiles.boxIndices(), -1);
        @SuppressWarnings("unchecked")
        int position = (Integer) ((Map<String, Object>) primitive.get("attributes")).get("POSITION");
        java.nio.ByteBuffer at = java.nio.ByteBuffer.allocate(4).order(java.nio.ByteOrder.LITTLE_ENDIAN).putShort((short) index);
        java.nio.ByteBuffer value = java.nio.ByteBuffer.allocate(12).order(java.nio.ByteOrder.LITTLE_ENDIAN).putFloat(0.25f).putFloat(0.5f).putFloat(2f);
        g.accessors.get(position).put("sparse", map("count", 1, "indices", map("bufferView", g.embed(at.array()), "componentType", 5123),
                "values", map("bufferView", g.embed(value.array()))));
        g.sceneNodes.add(g.node(map("mesh", g.mesh("box", List.of(primitive)))));
        Path glb = dir.resolve("sparse-" + interleaved + "-" + index + ".glb");
        Files.write(glb, g.glb());
        return glb;
    }

    @Test
    void aGlbWithAnEmbeddedTextureRendersAsTheGltfWithTheTextureBesideIt() throws Exception {
        GltfFiles beside = hierarchy();
        ImportResult external = SceneLoader.load(beside.writeGltf(dir, "beside"));
        // the same file as a .glb, the checker inside its binary chunk; and as a .gltf with the checker in a data URI
        GltfFiles inside = hierarchy();
        byte[] png = Files.readAllBytes(dir.resolve("checker.png"));
        inside.images.set(0, map("bufferView", inside.embed(png), "mimeType", "image/png"));
        Path glb = dir.resolve("sub").resolve("embedded.glb");
        Files.createDirectories(glb.getParent());
        Files.write(glb, inside.glb());
        GltfFiles dataUri = hierarchy();
        dataUri.images.set(0, map("uri", "data:image/png;base64," + java.util.Base64.getEncoder().encodeToString(png)));
        Path uriFile = dataUri.writeEmbedded(dir.resolve("sub"), "datauri");
        var camera = external.scene().camera();
        var expected = GeometryAovs.render(external.scene(), camera, true);
        for (Path p : List.of(glb, uriFile)) {
            ImportResult r = SceneLoader.load(p);
            assertEquals(p + "#gltf-image-0", r.scene().materials().get(1).diffuseTexture(), "the picture inside the file");
            assertTrue(r.warnings().isEmpty(), r.warnings().toString());
            GeometryAovs.assertSame(expected, GeometryAovs.render(r.scene(), camera, true), 1e-6f, true, 250);
        }
    }

    @Test
    void anEmbeddedPictureThatIsNotThereIsATextureWarning() throws Exception {
        GltfFiles g = hierarchy();
        g.images.set(0, map("bufferView", 0, "mimeType", "image/png")); // the positions, not a picture
        Path glb = dir.resolve("bad.glb");
        Files.write(glb, g.glb());
        Scene s = SceneLoader.load(glb).scene();
        List<String> warnings = new ArrayList<>();
        var loader = new org.drtstudio.io.image.TextureLoader(warnings::add);
        assertNull(loader.load(s.materials().get(1).diffuseTexture(), org.drtstudio.scene.TextureImage.Encoding.COLOR));
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("bad.glb#gltf-image-0: cannot read texture"), warnings.get(0));
        assertNull(loader.load(dir.resolve("bad.glb") + "#gltf-image-7", org.drtstudio.scene.TextureImage.Encoding.COLOR));
        assertTrue(warnings.get(1).contains("the glTF file has no image 7"), warnings.toString());
    }

    @Test
    void aMultiPrimitiveMeshIsOneMeshWithAMaterialPerPrimitive() throws Exception {
        GltfFiles g = new GltfFiles();
        int red = g.material(map("name", "red", "pbrMetallicRoughness", map("baseColorFactor", new float[] {1, 0, 0, 1}, "metallicFactor", 0)));
        float[] tri = {0, 0, 0, 1, 0, 0, 0, 1, 0}, tri2 = {0, 0, 1, 1, 0, 1, 0, 1, 1};
        int mesh = g.mesh("two", List.of(g.primitive(tri, null, null, null, red), g.primitive(tri2, null, null, new int[] {0, 1, 2}, -1),
                map("attributes", map("POSITION", g.floats(tri, 3, "VEC3")), "mode", 1)));
        g.sceneNodes.add(g.node(map("mesh", mesh)));
        ImportResult r = SceneLoader.load(g.writeGltf(dir, "multi"));
        TriangleMesh m = meshNodes(r.scene().root()).get(0).mesh();
        assertEquals(2, m.triangleCount());
        assertArrayEquals(new int[] {1, 0}, m.triangleMaterials());
        assertArrayEquals(new float[] {0, 0, 1}, java.util.Arrays.copyOf(m.normals(), 3), "flat normals without NORMAL");
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("primitive 2: points and lines are not rendered; skipped")), r.warnings().toString());
    }

    @Test
    void stripsAndFansBecomeTrianglesFacingTheSameWay() throws Exception {
        GltfFiles g = new GltfFiles();
        float[] quad = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
        Map<String, Object> strip = g.primitive(quad, null, null, null, -1);
        strip.put("mode", 5);
        Map<String, Object> fan = g.primitive(quad, null, null, new int[] {0, 1, 3, 2}, -1);
        fan.put("mode", 6);
        g.sceneNodes.add(g.node(map("mesh", g.mesh("sf", List.of(strip, fan)))));
        TriangleMesh m = meshNodes(SceneLoader.load(g.writeGltf(dir, "sf")).scene().root()).get(0).mesh();
        assertEquals(4, m.triangleCount());
        for (int v = 0; v < m.vertexCount(); v++) assertEquals(1f, m.normals()[3 * v + 2], "every triangle faces +z");
    }

    @Test
    void materialsMapMetallicRoughnessTransmissionAlphaAndEmission() throws Exception {
        GltfFiles g = new GltfFiles();
        g.material(map("name", "gold", "pbrMetallicRoughness", map("baseColorFactor", new float[] {1, 0.8f, 0.2f, 1}, "metallicFactor", 1,
                "roughnessFactor", 0.25)));
        g.material(map("name", "glass", "pbrMetallicRoughness", map("metallicFactor", 0, "roughnessFactor", 0),
                "extensions", map("KHR_materials_transmission", map("transmissionFactor", 0.9), "KHR_materials_ior", map("ior", 1.33))));
        g.material(map("name", "veil", "alphaMode", "BLEND", "pbrMetallicRoughness", map("baseColorFactor", new float[] {0.5f, 0.5f, 0.5f, 0.25f},
                "metallicFactor", 0)));
        g.material(map("name", "lamp", "emissiveFactor", new float[] {1, 0.5f, 0}, "pbrMetallicRoughness", map("metallicFactor", 0,
                "baseColorFactor", new float[] {0, 0, 0, 1})));
        g.material(map("name", "default metal"));
        float[] tri = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        g.sceneNodes.add(g.node(map("mesh", g.mesh("t", List.of(g.primitive(tri, null, null, null, 0))))));
        List<Material> ms = SceneLoader.load(g.writeGltf(dir, "mat")).scene().materials();
        Material gold = ms.get(1), glass = ms.get(2), veil = ms.get(3), lamp = ms.get(4), metal = ms.get(5);
        assertEquals(1f, gold.reflectivity());
        assertEquals(0f, gold.diffuse().x(), "a metal has no diffuse colour");
        assertEquals(0.8f, gold.specular().y(), 1e-6, "its highlight takes the base colour");
        assertEquals(0.25f, gold.roughness());
        assertEquals(30f, gold.phongExponent(), 1e-4, "2/r² - 2");
        assertEquals(0.9f, glass.transparency(), 1e-6);
        assertEquals(1.33f, glass.ior(), 1e-6);
        assertEquals(0.75f, veil.transparency(), 1e-6);
        assertEquals(1f, veil.ior(), "blended alpha is seen through unbent");
        assertEquals(10f, lamp.ambient().x(), 1e-5, "emission in the ambient term, ×10 for the default ambient light");
        assertEquals(5f, lamp.ambient().y(), 1e-5);
        assertEquals(1f, metal.reflectivity(), "glTF's default metallic factor is 1");
    }

    @Test
    void theFirstPerspectiveCameraAndPunctualLightsAreTheScenes() throws Exception {
        GltfFiles g = new GltfFiles();
        float[] tri = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        g.sceneNodes.add(g.node(map("mesh", g.mesh("t", List.of(g.primitive(tri, null, null, null, -1))))));
        g.cameras.add(map("type", "perspective", "perspective", map("yfov", Math.toRadians(60), "aspectRatio", 2.0, "znear", 0.1)));
        g.sceneNodes.add(g.node(map("name", "cam", "camera", 0, "translation", new float[] {0, 0, 5})));
        g.lights.add(map("type", "point", "color", new float[] {1, 0.5f, 0.25f}, "intensity", 40));
        g.lights.add(map("type", "directional", "intensity", 10));
        g.sceneNodes.add(g.node(map("translation", new float[] {1, 2, 3}, "extensions", map("KHR_lights_punctual", map("light", 0)))));
        // a directional light pointing down -y (its node turned -90° about x)
        Quaternionf down = new Quaternionf().rotationX((float) Math.toRadians(-90));
        g.sceneNodes.add(g.node(map("rotation", new float[] {down.x, down.y, down.z, down.w}, "extensions",
                map("KHR_lights_punctual", map("light", 1)))));
        Scene s = SceneLoader.load(g.writeGltf(dir, "cam")).scene();
        assertEquals(5f, s.camera().eye().z(), 1e-6);
        assertEquals(4f, s.camera().look().z(), 1e-6, "looking down -z");
        assertEquals(60f, s.camera().fovY(), 1e-4);
        assertEquals(2, s.lights().size());
        PointLight point = (PointLight) s.lights().get(0), sun = (PointLight) s.lights().get(1);
        assertEquals(3f, point.position().z(), 1e-6);
        assertEquals(0.5f, point.color().y(), 1e-6);
        assertEquals(1f, point.intensity(), "the brightest is 1");
        assertEquals(0.25f, sun.intensity(), 1e-6, "the others relative to it");
        assertTrue(sun.position().y() > 10, "a directional light shining down is placed far above: " + sun.position());
    }

    @Test
    void nodeAnimationsBecomeKeyframesThatPlayAsGltfViewersPlayThem() throws Exception {
        GltfFiles g = new GltfFiles();
        float[] tri = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        int mesh = g.mesh("t", List.of(g.primitive(tri, null, null, null, -1)));
        int mover = g.node(map("name", "mover", "mesh", mesh));
        int stepper = g.node(map("name", "stepper", "mesh", mesh, "translation", new float[] {0, 5, 0}));
        g.sceneNodes.add(mover);
        g.sceneNodes.add(stepper);
        int times = g.floats(new float[] {0, 1, 2}, 1, "SCALAR");
        int slide = g.floats(new float[] {0, 0, 0, 2, 0, 0, 2, 4, 0}, 3, "VEC3");
        Quaternionf quarter = new Quaternionf().rotationY((float) Math.toRadians(90));
        int turns = g.floats(new float[] {0, 0, 0, 1, quarter.x, quarter.y, quarter.z, quarter.w, 0, 0, 0, 1}, 4, "VEC4");
        g.extra.put("animations", List.of(map("name", "move", "samplers", List.of(
                        map("input", times, "output", slide, "interpolation", "LINEAR"),
                        map("input", times, "output", turns, "interpolation", "STEP")),
                "channels", List.of(map("sampler", 0, "target", map("node", mover, "path", "translation")),
                        map("sampler", 1, "target", map("node", stepper, "path", "rotation"))))));
        Path file = g.writeGltf(dir, "anim");
        var animated = SceneLoader.loadAnimated(file);
        assertEquals(48, animated.scene().animation().endFrame(), "24 frames a second up to the last key at 2 s");
        Scene half = animated.scene().at(0.5), late = animated.scene().at(1.5);
        Matrix4f moverAtHalf = new Matrix4f(((TransformNode) ((TransformNode) half.root()).children().get(0)).transform());
        assertEquals(1f, moverAtHalf.m30(), 1e-6, "halfway between the first two keys");
        Matrix4f moverLate = new Matrix4f(((TransformNode) ((TransformNode) late.root()).children().get(0)).transform());
        assertEquals(2f, moverLate.m30(), 1e-6);
        assertEquals(2f, moverLate.m31(), 1e-6);
        Matrix4f stepperHalf = new Matrix4f(((TransformNode) ((TransformNode) half.root()).children().get(1)).transform());
        Matrix4f stepperLate = new Matrix4f(((TransformNode) ((TransformNode) late.root()).children().get(1)).transform());
        assertEquals(1f, stepperHalf.m00(), 1e-6, "a STEP key holds until the next");
        assertEquals(0f, stepperLate.m00(), 1e-6, "then jumps to the quarter turn");
        assertEquals(5f, stepperLate.m31(), 1e-6, "its own translation stays");
        // the still model is the rest pose, and says the animation is left out
        ImportResult still = SceneLoader.load(file);
        assertTrue(still.warnings().stream().anyMatch(w -> w.contains("animations are not shown in a still model")), still.warnings().toString());
    }

    @Test
    void aMirroredAnimatedFileIsReadStillWithAWarning() throws Exception {
        GltfFiles g = new GltfFiles();
        float[] tri = {0, 0, 0, 1, 0, 0, 0, 1, 0};
        int node = g.node(map("mesh", g.mesh("t", List.of(g.primitive(tri, null, null, null, -1))), "scale", new float[] {-1, 1, 1}));
        g.sceneNodes.add(node);
        int times = g.floats(new float[] {0, 1}, 1, "SCALAR");
        int slide = g.floats(new float[] {0, 0, 0, 1, 0, 0}, 3, "VEC3");
        g.extra.put("animations", List.of(map("samplers", List.of(map("input", times, "output", slide)),
                "channels", List.of(map("sampler", 0, "target", map("node", node, "path", "translation"))))));
        var animated = SceneLoader.loadAnimated(g.writeGltf(dir, "mirror"));
        assertTrue(animated.scene().isStatic());
        assertTrue(animated.warnings().stream().anyMatch(w -> w.contains("animations are not used: node 'node 0' is mirrored")),
                animated.warnings().toString());
    }

    // ---- hostile files ----

    private String refusal(Path p) {
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(p));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(p.toString()), e.getMessage());
        return e.getMessage();
    }

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void filesThatAreNoGltfAreRefusedWithoutQuotingThem() throws Exception {
        String m = refusal(write("secret.gltf", "root:x:0:0:TOPSECRET:/root\n"));
        assertTrue(m.contains("does not look like a glTF 2.0 file") && !m.contains("TOPSECRET"), m);
        m = refusal(write("creds.gltf", "{ \"auths\": { \"registry\": { \"auth\": \"TOPSECRET\" } } }"));
        assertTrue(m.contains("does not look like a glTF 2.0 file (it has no asset with a version)") && !m.contains("TOPSECRET"), m);
        m = refusal(write("broken.gltf", "{ \"TOPSECRET\": [1, 2,, }"));
        assertTrue(m.contains("broken.gltf:1: does not look like a glTF 2.0 file (it is not valid JSON at column") && !m.contains("TOPSECRET"), m);
        m = refusal(write("old.gltf", "{ \"asset\": { \"version\": \"1.0\" } }"));
        assertTrue(m.endsWith("is glTF 1.0; only glTF 2.0 is read"), m);
    }

    @Test
    void buffersOutsideTheFolderAreRefusedBeforeTheyAreRead() throws Exception {
        GltfFiles g = hierarchy();
        Path secret = org.drtstudio.io.HostileFilesAccess.secretBeside(dir);
        String json = g.json("../" + dir.getFileName() + "-private/passwd");
        String m = refusal(write("out.gltf", json));
        assertTrue(m.contains("buffer 0 '../" + dir.getFileName() + "-private/passwd' is outside the scene's folder"), m);
        m = refusal(write("abs.gltf", g.json(secret.toString())));
        assertTrue(m.contains("is outside the scene's folder") && !m.contains("TOPSECRET"), m);
        Files.createSymbolicLink(dir.resolve("link.bin"), secret);
        m = refusal(write("link.gltf", g.json("link.bin")));
        assertTrue(m.contains("(a link) is outside the scene's folder"), m);
        m = refusal(write("dev.gltf", g.json("/dev/zero")));
        assertTrue(m.contains("is outside the scene's folder"), m);
        m = refusal(write("missing.gltf", g.json("nothing.bin")));
        assertTrue(m.contains("buffer 0 'nothing.bin': file not found"), m);
    }

    @Test
    void aTextureOutsideTheFolderIsRefusedWithAWarning() throws Exception {
        GltfFiles g = hierarchy();
        g.images.set(0, map("uri", "../elsewhere/x.png"));
        ImportResult r = SceneLoader.load(g.writeGltf(dir, "tex"));
        assertNull(r.scene().materials().get(1).diffuseTexture());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("is outside the scene's folder")), r.warnings().toString());
    }

    @Test
    void countsAndLengthsThatLieAreRefusedBeforeAnythingIsAllocated() throws Exception {
        GltfFiles g = hierarchy();
        g.accessors.get(0).put("count", 2_000_000_000);
        assertTrue(refusal(write("count.gltf", g.json("data:"))).contains("accessor 0 reads 2000000000 elements"));
        GltfFiles zeros = hierarchy();
        zeros.accessors.get(0).remove("bufferView");
        zeros.accessors.get(0).put("count", 1_000_000_000);
        assertTrue(refusal(write("zeros.gltf", zeros.json("data:"))).contains("accessor 0 has no bufferView and 1000000000 elements"));
        GltfFiles view = hierarchy();
        view.bufferViews.get(0).put("byteLength", Integer.MAX_VALUE);
        assertTrue(refusal(write("view.gltf", view.json("data:"))).contains("bufferView 0 (bytes 0 + 2147483647) lies outside buffer 0"));
        GltfFiles index = hierarchy();
        String json = index.json("data:");
        Path p = write("index.gltf", json);
        // an index past the mesh's vertices: rewrite the first index to 99 in the data URI's bytes
        byte[] bin = java.util.Base64.getDecoder().decode(json.substring(json.indexOf("base64,") + 7, json.indexOf('"', json.indexOf("base64,"))));
        int indexOffset = (Integer) index.bufferViews.get(3).get("byteOffset");
        java.nio.ByteBuffer.wrap(bin).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(indexOffset, 99);
        Files.writeString(p, json.replaceFirst("base64,[A-Za-z0-9+/=]+", "base64," + java.util.Base64.getEncoder().encodeToString(bin)));
        assertTrue(refusal(p).contains("mesh 'box' primitive 0: index 99 is out of range 0..23"));
    }

    @Test
    void glbContainersThatLieAreRefused() throws Exception {
        byte[] good = hierarchy().glb();
        byte[] negative = good.clone();
        java.nio.ByteBuffer.wrap(negative).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(12, -8); // the JSON chunk's length
        Path p = dir.resolve("neg.glb");
        Files.write(p, negative);
        assertTrue(refusal(p).contains("chunk 0 claims 4294967288 bytes"));
        byte[] cut = java.util.Arrays.copyOf(good, good.length - 10);
        Files.write(p, cut);
        assertTrue(refusal(p).contains("its header says " + good.length + " bytes but the file has " + cut.length));
        Files.write(p, "glTF\u0001\u0000\u0000\u0000TOPSECRET-and-more-bytes".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        String m = refusal(p);
        assertTrue(m.contains("is a binary glTF of version 1; only version 2 is read") && !m.contains("TOPSECRET"), m);
    }

    @Test
    void aNodeCycleAndASecondParentEndWithAWarning() throws Exception {
        GltfFiles g = hierarchy();
        // node 1 ("right") lists the root as its child: a cycle; node 0 is also listed twice
        g.nodes.get(1).put("children", List.of(2));
        g.nodes.get(2).put("children", List.of(0, 1, 0));
        ImportResult r = SceneLoader.load(g.writeGltf(dir, "cycle"));
        assertEquals(2, meshNodes(r.scene().root()).size());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("is reached twice")), r.warnings().toString());
    }
}
