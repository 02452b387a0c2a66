package org.drtstudio.io.project;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.TextureWrap;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.GroundPlane;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Interpolation;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Track;
import org.drtstudio.scene.authored.TransformTracks;
import org.drtstudio.scene.authored.Trs;

import java.nio.file.InvalidPathException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Turns a project's JSON tree into a {@link SceneModel}, checking every value; each problem is a
 * {@link ProjectProblem} at the line and path of the offending value.
 */
final class ProjectDecoder {
    private static final Set<String> TOP = Set.of("format", "version", "name", "animation", "settings", "camera",
            "cameraKeys", "lights", "materials", "root", "meshes");
    private static final Set<String> ANIMATION = Set.of("fps", "startFrame", "endFrame", "shutterOpen", "shutterClose");
    private static final Set<String> SETTINGS = Set.of("width", "height", "samplesPerPixel", "maxDepth", "seed", "filter", "previewSamples",
            "noiseThreshold", "background", "ambientLight", "attenuation", "environment", "groundPlane");
    private static final Set<String> ENVIRONMENT = Set.of("file", "rotation", "strength");
    private static final Set<String> GROUND_PLANE = Set.of("point", "normal", "material", "textureSize");
    private static final Set<String> CAMERA = Set.of("eye", "look", "up", "fov", "aperture", "focusDistance");
    private static final Set<String> LIGHT = Set.of("position", "color", "intensity", "radius", "edgeU", "edgeV");
    private static final Set<String> MATERIAL = Set.of("name", "ambient", "diffuse", "specular", "phongExponent",
            "reflectivity", "transparency", "ior", "absorption", "diffuseTexture", "roughness", "bumpTexture", "bumpScale",
            "textureWrap");
    private static final Set<String> MESH = Set.of("name", "positions", "normals", "texCoords", "indices", "materials");
    private static final Set<String> GROUP = Set.of("id", "type", "name", "transform", "keys", "children");
    private static final Set<String> MESH_LEAF = Set.of("id", "type", "name", "mesh");
    private static final Set<String> SPHERES_LEAF = Set.of("id", "type", "name", "spheres");
    private static final Set<String> MODEL_LEAF = Set.of("id", "type", "name", "file", "part", "materialOffset");
    private static final Set<String> TRANSFORM = Set.of("translation", "rotation", "scale", "pivot");
    private static final Set<String> KEYS = Set.of("position", "rotation", "scale");
    private static final Set<String> KEY = Set.of("time", "interpolation", "value");
    private static final Set<String> CAMERA_KEY = Set.of("time", "interpolation", "camera");

    private final ModelLibrary models;
    private final List<String> warnings;
    private final Set<Integer> ids = new HashSet<>();
    private List<TriangleMesh> meshes;
    private boolean[] meshUsed;
    private int materialCount;

    private ProjectDecoder(ModelLibrary models, List<String> warnings) {
        this.models = models;
        this.warnings = warnings;
    }

    static SceneModel decode(JsonValue doc, ModelLibrary models, List<String> warnings) {
        return new ProjectDecoder(models, warnings).project(doc);
    }

    private SceneModel project(JsonValue doc) {
        if (doc.kind() != JsonValue.Kind.OBJECT) throw doc.problem("not a DRT Studio project: expected a JSON object, got " + doc.describe());
        checkFormat(doc);
        doc.allowOnly(TOP);
        String name = doc.get("name").asString();
        AnimationSettings animation = animation(doc.get("animation"));
        RenderSettings settings = settings(doc.get("settings"));
        Camera camera = camera(doc.get("camera"));
        JsonValue cameraKeys = doc.optional("cameraKeys");
        Track<Camera> cameraTrack = cameraKeys == null ? Track.empty() : track(cameraKeys, k -> {
            k.allowOnly(CAMERA_KEY);
            return camera(k.get("camera"));
        });
        List<Light> lights = list(doc.get("lights"), this::light);
        List<Material> materials = list(doc.get("materials"), this::material);
        if (materials.isEmpty()) throw doc.get("materials").problem("a project needs at least one material");
        materialCount = materials.size();
        if (settings.ground() != null && settings.ground().material() >= materialCount)
            throw doc.get("settings").get("groundPlane").get("material").problem("material " + settings.ground().material()
                    + " does not exist; there are " + materialCount);
        meshes = list(doc.get("meshes"), this::mesh);
        meshUsed = new boolean[meshes.size()];
        AuthoredNode root = node(doc.get("root"));
        if (!(root instanceof GroupNode group)) throw doc.get("root").problem("the root must be a group");
        for (int i = 0; i < meshUsed.length; i++) {
            if (!meshUsed[i]) warnings.add("meshes[" + i + "] (\"" + meshes.get(i).name() + "\") is not used by any node and will not be saved again");
        }
        return build(doc, () -> new SceneModel(name, group, materials, lights, camera, cameraTrack, settings, animation));
    }

    private static void checkFormat(JsonValue doc) {
        JsonValue format = doc.optional("format");
        if (format == null || format.kind() != JsonValue.Kind.STRING || !format.asString().equals(ProjectFormat.NAME))
            throw doc.problem("not a DRT Studio project (it needs \"format\": \"" + ProjectFormat.NAME + "\")");
        int version = doc.get("version").asInt();
        if (version > ProjectFormat.VERSION)
            throw doc.get("version").problem("project format version " + version + " is newer than this DRT Studio reads (up to "
                    + ProjectFormat.VERSION + "); open it with a newer DRT Studio");
        if (version < 1) throw doc.get("version").problem("unknown project format version " + version);
    }

    private AnimationSettings animation(JsonValue v) {
        v.allowOnly(ANIMATION);
        return build(v, () -> new AnimationSettings(v.get("fps").asDouble(), v.get("startFrame").asInt(),
                v.get("endFrame").asInt(), v.get("shutterOpen").asDouble(), v.get("shutterClose").asDouble()));
    }

    private RenderSettings settings(JsonValue v) {
        v.allowOnly(SETTINGS);
        List<JsonValue> att = v.get("attenuation").items(3);
        JsonValue filter = v.optional("filter");
        JsonValue preview = v.optional("previewSamples"); // optional: files before the preview's sample target lack it
        JsonValue noise = v.optional("noiseThreshold"); // optional: 0 (off) when absent
        JsonValue env = v.optional("environment"); // optional: no environment light when absent
        Environment environment = env == null ? null : environment(env);
        JsonValue ground = v.optional("groundPlane"); // optional: no analytic ground plane when absent
        GroundPlane groundPlane = ground == null ? null : groundPlane(ground);
        return build(v, () -> new RenderSettings(v.get("width").asInt(), v.get("height").asInt(),
                v.get("samplesPerPixel").asInt(), v.get("maxDepth").asInt(), v.get("seed").asLong(),
                color(v.get("background")), color(v.get("ambientLight")),
                att.get(0).asFloat(), att.get(1).asFloat(), att.get(2).asFloat(),
                filter == null ? PixelFilter.BOX : filter.asEnum(PixelFilter.class),
                preview == null ? RenderSettings.DEFAULT_PREVIEW_SAMPLES : preview.asInt(),
                noise == null ? 0f : noise.asFloat(), environment, groundPlane));
    }

    /**
     * The analytic ground plane: a point (default the origin), the normal (default +y), a material
     * (checked against the materials once they are read) and the texture repeat (default 1). Each
     * value is checked at its own line.
     */
    private GroundPlane groundPlane(JsonValue v) {
        v.allowOnly(GROUND_PLANE);
        Vec3 origin = new Vec3(0, 0, 0), up = new Vec3(0, 1, 0);
        JsonValue point = v.optional("point"), normal = v.optional("normal"), size = v.optional("textureSize");
        Vec3 p = point == null ? origin : point.asVec3();
        Vec3 n = normal == null ? up : normal.asVec3();
        float repeat = size == null ? 1f : size.asFloat();
        if (point != null) build(point, () -> new GroundPlane(p, up, 0, 1f));
        if (normal != null) build(normal, () -> new GroundPlane(origin, n, 0, 1f));
        if (size != null) build(size, () -> new GroundPlane(origin, up, 0, repeat));
        JsonValue material = v.get("material");
        int m = material.asInt();
        return build(material, () -> new GroundPlane(p, n, m, repeat));
    }

    /** The environment light: its picture (named as a texture is) and, optionally, its turn and strength. */
    private Environment environment(JsonValue v) {
        v.allowOnly(ENVIRONMENT);
        ConfinedPath file = texturePath(v.get("file"));
        JsonValue rotation = v.optional("rotation"), strength = v.optional("strength");
        return build(v, () -> new Environment(file.toString(), rotation == null ? 0f : rotation.asFloat(),
                strength == null ? 1f : strength.asFloat()));
    }

    private Camera camera(JsonValue v) {
        v.allowOnly(CAMERA);
        // Checked here as well as by Camera, so the message points at the fov's own line.
        float fov = v.get("fov").asFloat();
        if (!(fov > 0 && fov < 180)) throw v.get("fov").problem("must be between 0 and 180 degrees, got " + fov);
        return build(v, () -> new Camera(v.get("eye").asVec3(), v.get("look").asVec3(), v.get("up").asVec3(),
                fov, v.get("aperture").asFloat(), v.get("focusDistance").asFloat()));
    }

    private Light light(JsonValue v) {
        v.allowOnly(LIGHT);
        JsonValue edgeU = v.optional("edgeU"), edgeV = v.optional("edgeV");
        return build(v, () -> {
            Vec3 position = v.get("position").asVec3(), color = color(v.get("color"));
            float intensity = nonNegative(v.get("intensity")), radius = v.get("radius").asFloat();
            if (radius < 0 || !Float.isFinite(radius)) throw new IllegalArgumentException("light radius must be ≥ 0, got " + radius);
            if (edgeU == null && edgeV == null) return Light.pointOrSphere(position, color, intensity, radius);
            RectLight rect = new RectLight(position, color, intensity, edgeU == null ? null : edgeU.asVec3(), edgeV == null ? null : edgeV.asVec3());
            if (radius != 0) throw new IllegalArgumentException("a light is a sphere or a rectangle, not both");
            return rect;
        });
    }

    private Material material(JsonValue v) {
        v.allowOnly(MATERIAL);
        JsonValue texture = v.optional("diffuseTexture"), bump = v.optional("bumpTexture");
        JsonValue roughness = v.optional("roughness"), bumpScale = v.optional("bumpScale"), wrap = v.optional("textureWrap");
        return build(v, () -> ConfinedPath.textures(Material.named(v.get("name").asString()).ambient(color(v.get("ambient")))
                .diffuse(color(v.get("diffuse"))).specular(color(v.get("specular")))
                .phongExponent(nonNegative(v.get("phongExponent"))).reflectivity(nonNegative(v.get("reflectivity")))
                .transparency(nonNegative(v.get("transparency"))).ior(nonNegative(v.get("ior")))
                .absorption(color(v.get("absorption")))
                .roughness(roughness == null ? 0f : nonNegative(roughness))
                .textureWrap(wrap == null ? TextureWrap.REPEAT : wrap.asEnum(TextureWrap.class)),
                texturePath(texture), texturePath(bump), bumpScale == null ? 1f : bumpScale.asFloat()).build());
    }

    /** A texture named relative to the project's folder (not the working folder), or absolute. */
    private ConfinedPath texturePath(JsonValue v) {
        if (v == null) return null;
        String text = v.asString();
        try {
            return models.paths().resolve(text);
        } catch (InvalidPathException e) {
            throw v.problem("\"" + Excerpt.sanitize(text, 200) + "\" is not a valid path: " + e.getReason());
        }
    }

    private TriangleMesh mesh(JsonValue v) {
        v.allowOnly(MESH);
        JsonValue uv = v.optional("texCoords");
        TriangleMesh mesh = build(v, () -> new TriangleMesh(v.get("name").asString(), v.get("positions").asFloats(),
                v.get("normals").asFloats(), uv == null ? null : uv.asFloats(), v.get("indices").asInts(),
                v.get("materials").asInts()));
        int[] mats = mesh.triangleMaterials();
        for (int t = 0; t < mats.length; t++) {
            if (mats[t] < 0 || mats[t] >= materialCount)
                throw v.get("materials").items().get(t).problem("material " + mats[t] + " does not exist; there are " + materialCount);
        }
        return mesh;
    }

    private AuthoredNode node(JsonValue v) {
        int id = v.get("id").asInt();
        if (id < 0) throw v.get("id").problem("node ids must be >= 0, got " + id);
        if (!ids.add(id)) throw v.get("id").problem("node id " + id + " is used twice");
        String name = v.get("name").asString();
        String type = v.get("type").asString();
        switch (type) {
            case "group" -> {
                v.allowOnly(GROUP);
                Trs trs = transform(v.get("transform"));
                JsonValue keys = v.optional("keys");
                TransformTracks tracks = keys == null ? TransformTracks.NONE : tracks(keys);
                List<AuthoredNode> children = list(v.get("children"), this::node);
                GroupNode group = build(v, () -> new GroupNode(id, name, trs, tracks, children));
                requireInvertible(v, group, tracks);
                return group;
            }
            case "mesh" -> {
                v.allowOnly(MESH_LEAF);
                JsonValue ref = v.get("mesh");
                int index = ref.asInt();
                if (index < 0 || index >= meshes.size())
                    throw ref.problem("mesh " + index + " does not exist; the project has " + meshes.size());
                meshUsed[index] = true;
                return new MeshLeaf(id, name, meshes.get(index));
            }
            case "spheres" -> {
                v.allowOnly(SPHERES_LEAF);
                return new SpheresLeaf(id, name, list(v.get("spheres"), this::sphere));
            }
            case "model" -> {
                v.allowOnly(MODEL_LEAF);
                int offset = v.get("materialOffset").asInt();
                if (offset < 0) throw v.get("materialOffset").problem("must be >= 0, got " + offset);
                ModelAsset asset = models.load(v.get("file"));
                JsonValue part = v.optional("part");
                if (part != null) {
                    ModelAsset whole = asset;
                    int index = part.asInt();
                    asset = whole.isPlaceholder() ? ModelAsset.placeholder(whole.file(), index, whole.missingReason()) : build(part, () -> whole.part(index));
                }
                long needed = (long) offset + asset.materials().size(); // 64-bit: an offset near 2^31 must not wrap
                if (needed > materialCount)
                    throw v.get("materialOffset").problem("the model has " + asset.materials().size() + " materials, so the project needs materials "
                            + offset + ".." + (needed - 1) + " but has " + materialCount + "; import the model again");
                return new ModelLeaf(id, name, asset, offset);
            }
            default -> throw v.get("type").problem("unknown node type \"" + type + "\"; expected group, mesh, spheres or model");
        }
    }

    private Sphere sphere(JsonValue v) {
        List<JsonValue> f = v.items(5);
        int material = f.get(4).asInt();
        if (material < 0 || material >= materialCount)
            throw f.get(4).problem("material " + material + " does not exist; there are " + materialCount);
        return build(v, () -> new Sphere(new Vec3(f.get(0).asFloat(), f.get(1).asFloat(), f.get(2).asFloat()),
                f.get(3).asFloat(), material));
    }

    private Trs transform(JsonValue v) {
        v.allowOnly(TRANSFORM);
        Vec3 scale = v.get("scale").asVec3();
        build(v.get("scale"), () -> {
            Trs.checkScale(scale);
            return scale;
        });
        return build(v, () -> new Trs(v.get("translation").asVec3(), quat(v.get("rotation")), scale, v.get("pivot").asVec3()));
    }

    private TransformTracks tracks(JsonValue v) {
        v.allowOnly(KEYS);
        JsonValue pos = v.optional("position"), rot = v.optional("rotation"), scale = v.optional("scale");
        Track<Vec3> position = pos == null ? Track.empty() : track(pos, k -> {
            k.allowOnly(KEY);
            return k.get("value").asVec3();
        });
        Track<Quat> rotation = rot == null ? Track.empty() : track(rot, k -> {
            k.allowOnly(KEY);
            return quat(k.get("value"));
        });
        Track<Vec3> scales = scale == null ? Track.empty() : track(scale, k -> {
            k.allowOnly(KEY);
            Vec3 s = k.get("value").asVec3();
            return build(k.get("value"), () -> {
                Trs.checkScale(s);
                return s;
            });
        });
        return build(v, () -> new TransformTracks(position, rotation, scales));
    }

    private <T> Track<T> track(JsonValue v, Function<JsonValue, T> value) {
        List<Key<T>> keys = new ArrayList<>();
        Set<Double> times = new HashSet<>();
        for (JsonValue k : v.items()) {
            double time = k.get("time").asDouble();
            if (!times.add(time)) throw k.get("time").problem("two keys at time " + time);
            Interpolation interpolation = k.get("interpolation").asEnum(Interpolation.class);
            keys.add(new Key<>(time, value.apply(k), interpolation));
        }
        return build(v, () -> new Track<>(keys));
    }

    private Quat quat(JsonValue v) {
        List<JsonValue> q = v.items(4);
        return build(v, () -> new Quat(q.get(0).asFloat(), q.get(1).asFloat(), q.get(2).asFloat(), q.get(3).asFloat()));
    }

    private static Vec3 color(JsonValue v) {
        Vec3 c = v.asVec3();
        if (c.x() < 0 || c.y() < 0 || c.z() < 0) throw v.problem("colour components must be >= 0, got " + c);
        return c;
    }

    private static float nonNegative(JsonValue v) {
        float f = v.asFloat();
        if (f < 0) throw v.problem("must be >= 0, got " + f);
        return f;
    }

    private <T> List<T> list(JsonValue v, Function<JsonValue, T> item) {
        List<T> out = new ArrayList<>();
        for (JsonValue i : v.items()) out.add(item.apply(i));
        return out;
    }

    /** Runs a record constructor, turning its IllegalArgumentException into a problem at {@code at}. */
    /**
     * Checks the node's matrix at time 0 and at each of its keys, where a singular one (scales
     * near zero) would otherwise fail later, when the scene is evaluated, without this node's line.
     */
    private static void requireInvertible(JsonValue at, GroupNode group, TransformTracks tracks) {
        java.util.SortedSet<Double> times = new java.util.TreeSet<>(List.of(0.0));
        for (org.drtstudio.scene.authored.Channel c : org.drtstudio.scene.authored.Channel.values()) {
            for (var key : tracks.track(c).keys()) times.add(key.time());
        }
        for (double t : times) {
            build(at, () -> new org.drtstudio.scene.TransformNode(group.name(), group.transformAt(t).toMatrix(), List.of()));
        }
    }

    private static <T> T build(JsonValue at, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (IllegalArgumentException e) {
            throw at.problem(e.getMessage());
        }
    }
}
