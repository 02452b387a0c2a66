package org.drtstudio.io.project;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.TextureWrap;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Track;
import org.drtstudio.scene.authored.TransformTracks;
import org.drtstudio.scene.authored.Trs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link SceneModel} as project JSON. The output is a pure function of the model and the
 * project's folder: keys in a fixed order, floats as {@link Float#toString} (the shortest text
 * that reads back to the same float), doubles as {@link Double#toString}, two-space indentation,
 * {@code \n} line ends, arrays of numbers on one line. So save → load → save is byte-identical.
 */
final class ProjectEncoder {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private final JsonGenerator g;
    private final ProjectPaths paths;
    /** Inline meshes in order of first use; leaves refer to them by index, so instances stay shared. */
    private final Map<TriangleMesh, Integer> meshIndex = new IdentityHashMap<>();
    private final List<TriangleMesh> meshes = new ArrayList<>();

    private ProjectEncoder(JsonGenerator g, ProjectPaths paths) {
        this.g = g;
        this.paths = paths;
    }

    /** The project file's bytes for {@code model} saved at {@code projectFile}. */
    static byte[] encode(SceneModel model, Path projectFile) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            write(model, projectFile, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    static void write(SceneModel model, Path projectFile, OutputStream out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(printer());
            new ProjectEncoder(g, new ProjectPaths(projectFile)).project(model);
        }
        out.write('\n');
        out.flush();
    }

    private static DefaultPrettyPrinter printer() {
        DefaultPrettyPrinter p = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        p.indentObjectsWith(new DefaultIndenter("  ", "\n")); // never the platform's line separator
        p.indentArraysWith(DefaultPrettyPrinter.FixedSpaceIndenter.instance);
        return p;
    }

    private void project(SceneModel m) throws IOException {
        for (AuthoredNode n : m.nodes()) {
            if (n instanceof MeshLeaf leaf && !meshIndex.containsKey(leaf.mesh())) {
                meshIndex.put(leaf.mesh(), meshes.size());
                meshes.add(leaf.mesh());
            }
        }
        g.writeStartObject();
        g.writeStringField("format", ProjectFormat.NAME);
        g.writeNumberField("version", ProjectFormat.VERSION);
        g.writeStringField("name", m.name());
        animation(m.animation());
        settings(m.settings());
        g.writeFieldName("camera");
        camera(m.camera());
        if (!m.cameraTrack().isEmpty()) {
            g.writeArrayFieldStart("cameraKeys");
            for (Key<Camera> k : m.cameraTrack().keys()) {
                g.writeStartObject();
                keyHead(k);
                g.writeFieldName("camera");
                camera(k.value());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        g.writeArrayFieldStart("lights");
        for (Light l : m.lights()) light(l);
        g.writeEndArray();
        g.writeArrayFieldStart("materials");
        for (Material mat : m.materials()) material(mat);
        g.writeEndArray();
        g.writeFieldName("root");
        node(m.root());
        g.writeArrayFieldStart("meshes");
        for (TriangleMesh mesh : meshes) mesh(mesh);
        g.writeEndArray();
        g.writeEndObject();
    }

    private void animation(AnimationSettings a) throws IOException {
        g.writeObjectFieldStart("animation");
        g.writeNumberField("fps", a.fps());
        g.writeNumberField("startFrame", a.startFrame());
        g.writeNumberField("endFrame", a.endFrame());
        g.writeNumberField("shutterOpen", a.shutterOpen());
        g.writeNumberField("shutterClose", a.shutterClose());
        g.writeEndObject();
    }

    private void settings(RenderSettings s) throws IOException {
        g.writeObjectFieldStart("settings");
        g.writeNumberField("width", s.width());
        g.writeNumberField("height", s.height());
        g.writeNumberField("samplesPerPixel", s.samplesPerPixel());
        g.writeNumberField("maxDepth", s.maxDepth());
        g.writeNumberField("seed", s.seed());
        vec3("background", s.background());
        vec3("ambientLight", s.ambientLight());
        floats("attenuation", new float[]{s.attenuationC1(), s.attenuationC2(), s.attenuationC3()});
        // Optional, written only when not the box filter, so older files stay byte-identical.
        if (s.filter() != PixelFilter.BOX) g.writeStringField("filter", s.filter().name().toLowerCase(java.util.Locale.ROOT));
        if (s.previewSamples() != RenderSettings.DEFAULT_PREVIEW_SAMPLES) g.writeNumberField("previewSamples", s.previewSamples());
        if (s.noiseThreshold() != 0) g.writeNumberField("noiseThreshold", s.noiseThreshold());
        if (s.environment() != null) {
            g.writeObjectFieldStart("environment");
            g.writeStringField("file", paths.storeTexture(s.environment().path()));
            if (s.environment().rotationDegrees() != 0) g.writeNumberField("rotation", s.environment().rotationDegrees());
            if (s.environment().strength() != 1) g.writeNumberField("strength", s.environment().strength());
            g.writeEndObject();
        }
        if (s.ground() != null) {
            g.writeObjectFieldStart("groundPlane");
            vec3("point", s.ground().point());
            vec3("normal", s.ground().normal());
            g.writeNumberField("material", s.ground().material());
            if (s.ground().textureSize() != 1) g.writeNumberField("textureSize", s.ground().textureSize());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private void camera(Camera c) throws IOException {
        g.writeStartObject();
        vec3("eye", c.eye());
        vec3("look", c.look());
        vec3("up", c.up());
        g.writeNumberField("fov", c.fovY());
        g.writeNumberField("aperture", c.aperture());
        g.writeNumberField("focusDistance", c.focusDistance());
        g.writeEndObject();
    }

    private void light(Light l) throws IOException {
        g.writeStartObject();
        vec3("position", l.position());
        vec3("color", l.color());
        g.writeNumberField("intensity", l.intensity());
        g.writeNumberField("radius", l.radius());
        if (l instanceof RectLight rect) {
            vec3("edgeU", rect.edgeU());
            vec3("edgeV", rect.edgeV());
        }
        g.writeEndObject();
    }

    private void material(Material m) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", m.name());
        vec3("ambient", m.ambient());
        vec3("diffuse", m.diffuse());
        vec3("specular", m.specular());
        g.writeNumberField("phongExponent", m.phongExponent());
        g.writeNumberField("reflectivity", m.reflectivity());
        g.writeNumberField("transparency", m.transparency());
        g.writeNumberField("ior", m.ior());
        vec3("absorption", m.absorption());
        if (m.diffuseTexture() != null) g.writeStringField("diffuseTexture", paths.storeTexture(m.diffuseTexture()));
        // Optional keys are written only when they differ from their defaults, so older files stay byte-identical.
        if (m.roughness() != 0) g.writeNumberField("roughness", m.roughness());
        if (m.bumpTexture() != null) g.writeStringField("bumpTexture", paths.storeTexture(m.bumpTexture()));
        if (m.bumpScale() != 1) g.writeNumberField("bumpScale", m.bumpScale());
        if (m.textureWrap() != TextureWrap.REPEAT) g.writeStringField("textureWrap", m.textureWrap().name().toLowerCase(java.util.Locale.ROOT));
        g.writeEndObject();
    }

    private void node(AuthoredNode n) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", n.id());
        if (n instanceof GroupNode grp) {
            g.writeStringField("type", "group");
            g.writeStringField("name", grp.name());
            transform(grp.transform());
            tracks(grp.tracks());
            g.writeArrayFieldStart("children");
            for (AuthoredNode c : grp.children()) node(c);
            g.writeEndArray();
        } else if (n instanceof MeshLeaf m) {
            g.writeStringField("type", "mesh");
            g.writeStringField("name", m.name());
            g.writeNumberField("mesh", meshIndex.get(m.mesh()));
        } else if (n instanceof SpheresLeaf s) {
            g.writeStringField("type", "spheres");
            g.writeStringField("name", s.name());
            g.writeArrayFieldStart("spheres");
            for (Sphere sp : s.spheres()) {
                g.writeStartArray();
                g.writeNumber(sp.center().x());
                g.writeNumber(sp.center().y());
                g.writeNumber(sp.center().z());
                g.writeNumber(sp.radius());
                g.writeNumber(sp.material());
                g.writeEndArray();
            }
            g.writeEndArray();
        } else if (n instanceof ModelLeaf m) {
            g.writeStringField("type", "model");
            g.writeStringField("name", m.name());
            g.writeStringField("file", paths.store(m.asset().file()));
            if (m.asset().partIndex() >= 0) g.writeNumberField("part", m.asset().partIndex());
            g.writeNumberField("materialOffset", m.materialOffset());
        }
        g.writeEndObject();
    }

    private void transform(Trs t) throws IOException {
        g.writeObjectFieldStart("transform");
        vec3("translation", t.translation());
        quat("rotation", t.rotation());
        vec3("scale", t.scale());
        vec3("pivot", t.pivot());
        g.writeEndObject();
    }

    private void tracks(TransformTracks t) throws IOException {
        if (t.isEmpty()) return;
        g.writeObjectFieldStart("keys");
        if (!t.position().isEmpty()) vec3Track("position", t.position());
        if (!t.rotation().isEmpty()) {
            g.writeArrayFieldStart("rotation");
            for (Key<Quat> k : t.rotation().keys()) {
                g.writeStartObject();
                keyHead(k);
                quat("value", k.value());
                g.writeEndObject();
            }
            g.writeEndArray();
        }
        if (!t.scale().isEmpty()) vec3Track("scale", t.scale());
        g.writeEndObject();
    }

    private void vec3Track(String name, Track<Vec3> track) throws IOException {
        g.writeArrayFieldStart(name);
        for (Key<Vec3> k : track.keys()) {
            g.writeStartObject();
            keyHead(k);
            vec3("value", k.value());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void keyHead(Key<?> k) throws IOException {
        g.writeNumberField("time", k.time());
        g.writeStringField("interpolation", k.interpolation().name().toLowerCase(Locale.ROOT));
    }

    private void mesh(TriangleMesh m) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", m.name());
        floats("positions", m.positions());
        floats("normals", m.normals());
        if (m.texCoords() != null) floats("texCoords", m.texCoords());
        ints("indices", m.indices());
        ints("materials", m.triangleMaterials());
        g.writeEndObject();
    }

    private void vec3(String name, Vec3 v) throws IOException {
        floats(name, new float[]{v.x(), v.y(), v.z()});
    }

    private void quat(String name, Quat q) throws IOException {
        floats(name, new float[]{q.x(), q.y(), q.z(), q.w()});
    }

    private void floats(String name, float[] values) throws IOException {
        g.writeArrayFieldStart(name);
        for (float f : values) g.writeNumber(f);
        g.writeEndArray();
    }

    private void ints(String name, int[] values) throws IOException {
        g.writeArrayFieldStart(name);
        for (int i : values) g.writeNumber(i);
        g.writeEndArray();
    }
}
