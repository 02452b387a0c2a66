package org.drtstudio.io.gltf;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes glTF 2.0 files for tests, shaped like the Khronos sample models: meshes of float
 * positions, normals and texture coordinates with int indices in one buffer, nodes with TRS or a
 * matrix, materials, cameras, KHR_lights_punctual lights. The buffer goes beside the JSON
 * ({@code NAME.bin}), into a data URI, or into a {@code .glb}'s binary chunk.
 */
public final class GltfFiles {
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    public final List<Map<String, Object>> accessors = new ArrayList<>(), bufferViews = new ArrayList<>(), meshes = new ArrayList<>(),
            nodes = new ArrayList<>(), materials = new ArrayList<>(), textures = new ArrayList<>(), images = new ArrayList<>(),
            cameras = new ArrayList<>(), lights = new ArrayList<>(), samplers = new ArrayList<>();
    public final List<Integer> sceneNodes = new ArrayList<>();
    /** Extra top-level members, put last (a test's own "asset", "animations"). */
    public final Map<String, Object> extra = new LinkedHashMap<>();

    /** An accessor of float elements of {@code width} components; its index. */
    public int floats(float[] values, int width, String type) {
        int view = view(bytes(values), 34962);
        Map<String, Object> a = map("bufferView", view, "componentType", 5126, "count", values.length / width, "type", type);
        if (type.equals("VEC3")) {
            float[] min = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE}, max = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
            for (int i = 0; i < values.length; i++) {
                min[i % 3] = Math.min(min[i % 3], values[i]);
                max[i % 3] = Math.max(max[i % 3], values[i]);
            }
            a.put("min", min);
            a.put("max", max);
        }
        accessors.add(a);
        return accessors.size() - 1;
    }

    /** An accessor of unsigned int indices; its index. */
    public int indices(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) b.putInt(v);
        int view = view(b.array(), 34963);
        accessors.add(map("bufferView", view, "componentType", 5125, "count", values.length, "type", "SCALAR"));
        return accessors.size() - 1;
    }

    /** A primitive: POSITION, and NORMAL / TEXCOORD_0 / indices where not null; material -1 for none. */
    public Map<String, Object> primitive(float[] positions, float[] normals, float[] uvs, int[] indices, int material) {
        Map<String, Object> attributes = map("POSITION", floats(positions, 3, "VEC3"));
        if (normals != null) attributes.put("NORMAL", floats(normals, 3, "VEC3"));
        if (uvs != null) attributes.put("TEXCOORD_0", floats(uvs, 2, "VEC2"));
        Map<String, Object> p = map("attributes", attributes);
        if (indices != null) p.put("indices", indices(indices));
        if (material >= 0) p.put("material", material);
        return p;
    }

    /**
     * As {@link #primitive}, laid out as exporters also write it: positions, normals and texture
     * coordinates interleaved in one buffer view (a stride of 32 bytes), and unsigned short indices
     * starting 4 bytes into their view. The reader takes such accessors element by element, packed ones in bulk.
     */
    public Map<String, Object> interleavedPrimitive(float[] positions, float[] normals, float[] uvs, int[] indices) {
        int n = positions.length / 3;
        ByteBuffer v = ByteBuffer.allocate(32 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) v.putFloat(positions[3 * i + c]);
            for (int c = 0; c < 3; c++) v.putFloat(normals[3 * i + c]);
            for (int c = 0; c < 2; c++) v.putFloat(uvs[2 * i + c]);
        }
        int view = view(v.array(), 34962);
        bufferViews.get(view).put("byteStride", 32);
        Map<String, Object> attributes = new LinkedHashMap<>();
        String[] names = {"POSITION", "NORMAL", "TEXCOORD_0"}, types = {"VEC3", "VEC3", "VEC2"};
        int[] offsets = {0, 12, 24};
        for (int k = 0; k < 3; k++) {
            accessors.add(map("bufferView", view, "byteOffset", offsets[k], "componentType", 5126, "count", n, "type", types[k]));
            attributes.put(names[k], accessors.size() - 1);
        }
        ByteBuffer ix = ByteBuffer.allocate(4 + 2 * indices.length).order(ByteOrder.LITTLE_ENDIAN);
        ix.putInt(0xdeadbeef);
        for (int i : indices) ix.putShort((short) i);
        accessors.add(map("bufferView", view(ix.array(), 34963), "byteOffset", 4, "componentType", 5123, "count", indices.length,
                "type", "SCALAR"));
        return map("attributes", attributes, "indices", accessors.size() - 1);
    }

    public int mesh(String name, List<Map<String, Object>> primitives) {
        meshes.add(map("name", name, "primitives", primitives));
        return meshes.size() - 1;
    }

    public int node(Map<String, Object> node) {
        nodes.add(node);
        return nodes.size() - 1;
    }

    public int material(Map<String, Object> material) {
        materials.add(material);
        return materials.size() - 1;
    }

    /** A texture of an image file beside the glTF (or a data URI), with a sampler of this wrap mode; its index. */
    public int texture(String uri, int wrap) {
        images.add(map("uri", uri));
        samplers.add(map("wrapS", wrap, "wrapT", wrap));
        textures.add(map("source", images.size() - 1, "sampler", samplers.size() - 1));
        return textures.size() - 1;
    }

    /** A buffer view holding a picture's bytes (an image embedded in the buffer); its index. */
    public int embed(byte[] picture) {
        return view(picture, 0);
    }

    /** The JSON with the buffer as {@code bufferUri} (null: the .glb's binary chunk; "data:": a data URI). */
    public String json(String bufferUri) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("asset", map("version", "2.0", "generator", "GltfFiles"));
        root.put("scene", 0);
        root.put("scenes", List.of(map("nodes", sceneNodes)));
        root.put("nodes", nodes);
        root.put("meshes", meshes);
        if (!materials.isEmpty()) root.put("materials", materials);
        if (!textures.isEmpty()) {
            root.put("textures", textures);
            root.put("images", images);
            root.put("samplers", samplers);
        }
        if (!cameras.isEmpty()) root.put("cameras", cameras);
        if (!lights.isEmpty()) {
            root.put("extensionsUsed", List.of("KHR_lights_punctual"));
            root.put("extensions", map("KHR_lights_punctual", map("lights", lights)));
        }
        root.put("accessors", accessors);
        root.put("bufferViews", bufferViews);
        Map<String, Object> b = map("byteLength", buffer.size());
        if (bufferUri != null) {
            b.put("uri", bufferUri.equals("data:") ? "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(buffer.toByteArray()) : bufferUri);
        }
        root.put("buffers", List.of(b));
        root.putAll(extra);
        return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    /** {@code NAME.gltf} and {@code NAME.bin} in {@code dir}; the .gltf's path. */
    public Path writeGltf(Path dir, String name) throws IOException {
        Files.write(dir.resolve(name + ".bin"), buffer.toByteArray());
        Path p = dir.resolve(name + ".gltf");
        Files.writeString(p, json(name + ".bin"));
        return p;
    }

    /** {@code NAME.gltf} with its buffer in a data URI. */
    public Path writeEmbedded(Path dir, String name) throws IOException {
        Path p = dir.resolve(name + ".gltf");
        Files.writeString(p, json("data:"));
        return p;
    }

    /** The binary glTF bytes. */
    public byte[] glb() throws IOException {
        return glb(null);
    }

    /** The binary glTF bytes, with buffer 0 naming {@code bufferUri} as well (glTF forbids that; {@link #json}). */
    public byte[] glb(String bufferUri) throws IOException {
        byte[] json = pad(json(bufferUri).getBytes(StandardCharsets.UTF_8), (byte) ' ');
        byte[] bin = pad(buffer.toByteArray(), (byte) 0);
        ByteBuffer out = ByteBuffer.allocate(12 + 8 + json.length + 8 + bin.length).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(0x46546C67).putInt(2).putInt(out.capacity());
        out.putInt(json.length).putInt(0x4E4F534A).put(json);
        out.putInt(bin.length).putInt(0x004E4942).put(bin);
        return out.array();
    }

    public static Map<String, Object> map(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) m.put((String) keyValues[i], keyValues[i + 1]);
        return m;
    }

    private int view(byte[] data, int target) {
        while (buffer.size() % 4 != 0) buffer.write(0);
        Map<String, Object> v = map("buffer", 0, "byteOffset", buffer.size(), "byteLength", data.length);
        if (target != 0) v.put("target", target);
        bufferViews.add(v);
        buffer.writeBytes(data);
        return bufferViews.size() - 1;
    }

    private static byte[] bytes(float[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) b.putFloat(v);
        return b.array();
    }

    private static byte[] pad(byte[] data, byte with) {
        int n = (data.length + 3) / 4 * 4;
        byte[] out = java.util.Arrays.copyOf(data, n);
        for (int i = data.length; i < n; i++) out[i] = with;
        return out;
    }

    /**
     * A fuzzing sample: two instances of a textured box under a turned root (the texture named
     * {@code tex.png}), a camera and a point light.
     */
    public static GltfFiles sample() {
        GltfFiles g = new GltfFiles();
        int material = g.material(map("name", "tex", "pbrMetallicRoughness", map("baseColorFactor", new float[] {1, 1, 1, 1},
                "metallicFactor", 0.5, "roughnessFactor", 0.3, "baseColorTexture", map("index", g.texture("tex.png", 33071)))));
        int box = g.mesh("box", List.of(g.primitive(boxPositions(), boxNormals(), boxTexCoords(), boxIndices(), material)));
        int a = g.node(map("mesh", box, "translation", new float[] {-1, 0, 0}, "scale", new float[] {1, 2, 1}));
        int b = g.node(map("mesh", box, "matrix", new float[] {1, 0, 0, 0, 0, 0.7f, 0.7f, 0, 0, -0.7f, 0.7f, 0, 1, 0.5f, 0, 1}));
        g.cameras.add(map("type", "perspective", "perspective", map("yfov", 0.8, "aspectRatio", 1.5, "znear", 0.1)));
        int cam = g.node(map("camera", 0, "translation", new float[] {0, 0, 6}));
        g.lights.add(map("type", "point", "color", new float[] {1, 1, 1}, "intensity", 20));
        int light = g.node(map("translation", new float[] {2, 4, 3}, "extensions", map("KHR_lights_punctual", map("light", 0))));
        g.sceneNodes.add(g.node(map("name", "root", "rotation", new float[] {0, 0.2588f, 0, 0.9659f}, "children", List.of(a, b))));
        g.sceneNodes.add(cam);
        g.sceneNodes.add(light);
        int times = g.floats(new float[] {0, 0.5f, 1}, 1, "SCALAR");
        int slide = g.floats(new float[] {-1, 0, 0, -1, 1, 0, -1, 0, 0}, 3, "VEC3");
        int turn = g.floats(new float[] {0, 0, 0, 1, 0, 0.7071f, 0, 0.7071f, 0, 1, 0, 0}, 4, "VEC4");
        g.extra.put("animations", List.of(map("name", "bob", "samplers", List.of(map("input", times, "output", slide),
                        map("input", times, "output", turn, "interpolation", "STEP")),
                "channels", List.of(map("sampler", 0, "target", map("node", a, "path", "translation")),
                        map("sampler", 1, "target", map("node", b, "path", "rotation"))))));
        return g;
    }

    /** The external buffer's bytes (for {@code NAME.bin} beside {@link #json}). */
    public byte[] bufferBytes() {
        return buffer.toByteArray();
    }

    // ---- a box, as the Khronos sample "Box" and "BoxTextured" are: 24 vertices, 12 triangles ----

    /** Positions of a unit box centred at the origin: four vertices per face, so each face has its own normals and texture coordinates. */
    public static float[] boxPositions() {
        float[][] faces = {
                {-0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0.5f}, // +z
                {0.5f, -0.5f, -0.5f, -0.5f, -0.5f, -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f}, // -z
                {0.5f, -0.5f, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0.5f, 0.5f}, // +x
                {-0.5f, -0.5f, -0.5f, -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, -0.5f}, // -x
                {-0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f, -0.5f}, // +y
                {-0.5f, -0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f}}; // -y
        float[] out = new float[72];
        for (int f = 0; f < 6; f++) System.arraycopy(faces[f], 0, out, 12 * f, 12);
        return out;
    }

    public static float[] boxNormals() {
        float[][] n = {{0, 0, 1}, {0, 0, -1}, {1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}};
        float[] out = new float[72];
        for (int f = 0; f < 6; f++) for (int v = 0; v < 4; v++) System.arraycopy(n[f], 0, out, 12 * f + 3 * v, 3);
        return out;
    }

    /** glTF texture coordinates (v down the picture): each face shows the whole texture upright. */
    public static float[] boxTexCoords() {
        float[] face = {0, 1, 1, 1, 1, 0, 0, 0};
        float[] out = new float[48];
        for (int f = 0; f < 6; f++) System.arraycopy(face, 0, out, 8 * f, 8);
        return out;
    }

    public static int[] boxIndices() {
        int[] out = new int[36];
        for (int f = 0; f < 6; f++) {
            int b = 4 * f;
            int[] t = {b, b + 1, b + 2, b, b + 2, b + 3};
            System.arraycopy(t, 0, out, 6 * f, 6);
        }
        return out;
    }
}
