package org.drtstudio.io.cfg;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.LineTokenizer;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** One pass over a cfg file; see {@link CfgReader} for the format. */
final class CfgParser {
    private static final float DEFAULT_FOV = 45f;
    /** Paths are quoted in full up to this length; the user needs them to find the file. */
    private static final int PATH_QUOTE_LENGTH = 300;
    /** Keys that take one value (OBJ and LIGHT may repeat). */
    private static final List<String> KNOWN = List.of("AMBIENT_LIGHT", "CAMERA", "CAMERA_RESOLUTION", "CAMERA_VIEWING_ANGLE",
            "CAMERA_SUPERSAMPLING", "ARCH", "CUDA_DEVICE", "NUM_CPU_THREADS", "ABSORPTION");
    /** Far beyond any machine's GPU count; keeps the value a plain small number. */
    private static final int MAX_DEVICE = 1023;
    /**
     * The most GPUs one CUDA_DEVICE list may name: each opens a context with its own copy of the
     * scene, so a longer list is a mistake (the same bound as {@code --gpus}, render.GpuSelection).
     */
    private static final int MAX_DEVICES_LISTED = 16;
    /** Far beyond any machine's cores; a thread is a Java thread with its own buffers. */
    private static final int MAX_CPU_THREADS = 4096;

    private final Path cfg;
    private final LineTokenizer in;
    private final ModelLoader loader;
    private final WarningLog warnings;
    private final List<String> overrides;

    private final ModelMerger models = new ModelMerger();
    private final Map<Object, TransformNode> loaded = new HashMap<>();
    private final List<Light> lights = new ArrayList<>();
    private final Set<String> seenKeys = new HashSet<>();
    /** An unknown key seen before the file was recognised as a cfg: named only once it is. */
    private record HeldBack(int line, String key) {
    }

    private final List<HeldBack> unknownBeforeRecognition = new ArrayList<>();
    /** Whether the overrides are being read: their text is the user's, and may be quoted. */
    private boolean fromCommandLine;
    private Vec3 ambient = RenderSettings.DEFAULT.ambientLight();
    private Vec3 eye, direction;
    private int cameraLine;
    private float fov = DEFAULT_FOV;
    private int width = RenderSettings.DEFAULT.width(), height = RenderSettings.DEFAULT.height();
    private int samples = RenderSettings.DEFAULT.samplesPerPixel();
    private CfgDevice.Arch arch;
    private List<Integer> cudaDevices = List.of();
    private Integer cpuThreads;
    /** Beer coefficient for transparent materials that have none of their own; null when not given. */
    private Vec3 absorption;

    /** @param cfg the file {@code reader} reads, or null for a scene given by command-line keys alone (reader empty) */
    CfgParser(Path cfg, Reader reader, ModelLoader loader, List<String> overrides) {
        this.cfg = cfg;
        this.overrides = List.copyOf(overrides);
        this.loader = loader;
        // No comment character: '#' may be part of a model's file name; comments are whole lines.
        this.in = new LineTokenizer(cfg, reader, (char) 0, "a .cfg scene");
        this.warnings = new WarningLog(cfg);
    }

    CfgScene parse() throws SceneFormatException, IOException {
        while (in.next()) {
            String line = in.text().strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("//")) continue;
            statement(line, false);
        }
        if (!in.recognised() && !unknownBeforeRecognition.isEmpty()) {
            // Only keys no cfg has: a .env file or a key list, linked or renamed as a scene. Nothing of it is named.
            throw in.errorAt(unknownBeforeRecognition.get(0).line(), "no line sets a .cfg key (OBJ, LIGHT, "
                    + String.join(", ", KNOWN) + ")" + in.notRecognised());
        }
        // The file is read; what follows quotes only what the user typed.
        fromCommandLine = true;
        in.recognise();
        for (String override : overrides) {
            try {
                statement(override.strip(), true);
            } catch (SceneFormatException e) {
                // The cfg's own line number means nothing for a value typed on the command line; a model's error stays its own.
                if (e.file() != null && !e.file().equals(cfg)) throw e;
                throw new SceneFormatException(cfg, 0, (cfg == null ? "command-line key " : "command-line override ")
                        + Excerpt.quote(override) + ": " + e.problem(), e);
            }
        }
        try {
            return new CfgScene(new ImportResult(buildScene(), warnings.toList()), new CfgDevice(arch, cudaDevices, cpuThreads));
        } catch (IllegalArgumentException e) {
            // Values are checked while parsing; this only keeps a missed case a one-line message.
            throw new SceneFormatException(cfg, 0, e.getMessage(), e);
        }
    }

    /**
     * One {@code KEY=value} statement, from the file or (override) from the command line, where it
     * replaces the file's value; an unknown key there is an error, as the user typed it.
     *
     * <p>Until a statement with a known key has been read whole, the file may be anything (a .cfg
     * link to a key or password file): messages then name the line and, of the file's text, only
     * the known keys; unknown keys are held back and named once the file has shown itself a cfg.
     */
    private void statement(String line, boolean override) throws SceneFormatException, IOException {
        boolean quotable = override || in.recognised();
        int eq = line.indexOf('=');
        if (eq < 0) {
            throw in.error(override ? "expected KEY=value, e.g. CAMERA_RESOLUTION=800x600"
                    : quotable ? "expected KEY=value, got " + quote(line) : "expected KEY=value" + in.notRecognised());
        }
        String key = line.substring(0, eq).strip().toUpperCase(Locale.ROOT);
        if (key.isEmpty()) throw in.error("missing key before '='" + (quotable ? " in " + quote(line) : in.notRecognised()));
        boolean repeatable = key.equals("OBJ") || key.equals("LIGHT");
        boolean known = repeatable || isKnown(key);
        String value = CfgComments.strip(line.substring(eq + 1), vectorsOf(key));
        if (value.isEmpty()) {
            throw in.error(known ? key + " has no value"
                    : quotable ? "key " + quote(key) + " has no value" : "a key without a value" + in.notRecognised());
        }
        if (override && !known) {
            throw in.error("unknown key " + quote(key) + "; known: OBJ, LIGHT, " + String.join(", ", KNOWN));
        }
        if (!override && !repeatable && !seenKeys.add(key) && known) {
            warnings.add("repeated " + key, in.lineNumber(), key + " given again; the last one counts");
        }
        switch (key) {
            case "OBJ" -> model(value);
            case "LIGHT" -> light(value);
            case "AMBIENT_LIGHT" -> ambient = ambient(value, "AMBIENT_LIGHT");
            case "CAMERA" -> camera(value);
            case "CAMERA_RESOLUTION" -> resolution(value);
            case "CAMERA_VIEWING_ANGLE" -> {
                float a = in.parseFinite(value, "CAMERA_VIEWING_ANGLE");
                if (!(a > 0 && a < 180)) throw in.error("CAMERA_VIEWING_ANGLE must be between 0 and 180 degrees, got " + quote(value));
                fov = a;
            }
            case "CAMERA_SUPERSAMPLING" -> samples = in.parseInteger(value, "CAMERA_SUPERSAMPLING", 1, 65536);
            case "ARCH" -> arch = arch(value);
            case "CUDA_DEVICE" -> cudaDevices = devices(value);
            case "NUM_CPU_THREADS" -> cpuThreads = in.parseInteger(value, "NUM_CPU_THREADS", 1, MAX_CPU_THREADS);
            case "ABSORPTION" -> {
                absorption = ambient(value, "ABSORPTION");
                if (absorption.x() < 0 || absorption.y() < 0 || absorption.z() < 0)
                    throw in.error("ABSORPTION must not be negative, got " + quote(value));
            }
            default -> unknownKey(key);
        }
        if (known && !in.recognised()) recognised();
    }

    /** An unknown key, warned about now in a recognised file, or held back until the file is recognised. */
    private void unknownKey(String key) {
        if (in.recognised()) warnings.add("unknown key", in.lineNumber(), "unknown key " + quote(key) + "; line ignored");
        else unknownBeforeRecognition.add(new HeldBack(in.lineNumber(), key));
    }

    /** A known key's statement was read whole: the file is a cfg, and the keys held back can be named. */
    private void recognised() {
        in.recognise();
        for (HeldBack h : unknownBeforeRecognition) {
            warnings.add("unknown key", h.line(), "unknown key " + quote(h.key()) + "; line ignored");
        }
        unknownBeforeRecognition.clear();
    }

    /** Text of the file or the command line for a message: the file's only once it is recognised. */
    private String quote(String text) {
        return quote(text, Excerpt.DEFAULT_LENGTH);
    }

    private String quote(String text, int max) {
        return fromCommandLine ? Excerpt.quote(text, max) : in.excerpt(text, max);
    }

    /** How many {@code //}-separated vectors a key's value has, for telling separators from comments. */
    private static int vectorsOf(String key) {
        return key.equals("LIGHT") || key.equals("CAMERA") ? 2 : 1;
    }

    private CfgDevice.Arch arch(String value) throws SceneFormatException {
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "CPU" -> CfgDevice.Arch.CPU;
            case "GPU", "CUDA" -> CfgDevice.Arch.GPU;
            default -> throw in.error("ARCH must be CPU, GPU or CUDA, got " + quote(value));
        };
    }

    /**
     * {@code CUDA_DEVICE}: one device number, or several separated by {@code /} as the report's
     * command line writes them ({@code CUDA_DEVICE=0/1/2/3}); a comma is read the same way.
     */
    private List<Integer> devices(String value) throws SceneFormatException {
        String[] parts = value.split("[/,]", -1);
        if (parts.length > MAX_DEVICES_LISTED)
            throw in.error("CUDA_DEVICE lists " + parts.length + " devices; at most " + MAX_DEVICES_LISTED + " contexts are opened");
        List<Integer> list = new ArrayList<>(parts.length);
        for (String part : parts) {
            String p = part.strip();
            if (p.isEmpty()) throw in.error("CUDA_DEVICE must be a device number or numbers like 0/1/2/3, got " + quote(value));
            list.add(in.parseInteger(p, "CUDA_DEVICE", 0, MAX_DEVICE));
        }
        return list;
    }

    private static boolean isKnown(String key) {
        return KNOWN.contains(key);
    }

    private Scene buildScene() throws SceneFormatException {
        String name = cfg == null ? "command line" : cfg.getFileName() == null ? "cfg" : cfg.getFileName().toString();
        if (models.roots().isEmpty()) warnings.add("no models", 0, "no OBJ= line; the scene is empty");
        TransformNode root = TransformNode.group(name, models.roots());
        List<Material> materials = models.materials().isEmpty() ? List.of(Material.DEFAULT) : models.materials();
        if (absorption != null) materials = materials.stream().map(this::withAbsorption).toList();

        Camera camera;
        if (eye == null) {
            warnings.add("no camera", 0, "no CAMERA= line; using a view of the whole scene");
            camera = SceneFraming.frame(SceneFraming.bounds(root), fov);
        } else {
            Vec3 look = eye.plus(direction);
            if (look.minus(eye).length() == 0) {
                throw new SceneFormatException(cfg, cameraLine, "CAMERA direction " + direction + " is too small to use at position " + eye);
            }
            Vec3 up = new Vec3(0, 1, 0);
            if (up.cross(direction.normalized()).length() < 1e-6f) up = new Vec3(0, 0, 1);
            camera = new Camera(eye, look, up, fov, 0f, 0f);
        }

        List<Light> sceneLights = new ArrayList<>(lights);
        if (sceneLights.isEmpty()) {
            warnings.add("no lights", 0, "no LIGHT= line; added a white light at the eye");
            sceneLights.add(new PointLight(camera.eye(), Vec3.ONE, 1f));
        }
        RenderSettings d = RenderSettings.DEFAULT;
        RenderSettings settings = new RenderSettings(width, height, samples, d.maxDepth(), d.seed(), d.background(),
                ambient, d.attenuationC1(), d.attenuationC2(), d.attenuationC3());
        return new Scene(name, root, materials, sceneLights, camera, settings);
    }

    /** A transparent material without its own absorption (MTL Tf) takes the cfg's ABSORPTION. */
    private Material withAbsorption(Material m) {
        if (!(m.transparency() > 0) || !m.absorption().equals(Vec3.ZERO)) return m;
        return m.toBuilder().absorption(absorption).build();
    }

    // ---- keys ----

    private void model(String value) throws SceneFormatException, IOException {
        String written = unquote(value);
        ConfinedPath model;
        if (cfg == null) {
            // No file: the keys are the user's own command line, and name what the user chose (as a scene argument does).
            try {
                model = SceneFolder.chosenByUser(Path.of(written));
            } catch (java.nio.file.InvalidPathException e) {
                throw in.error("OBJ path " + quote(written, PATH_QUOTE_LENGTH) + " is not a valid file name");
            }
        } else {
            try {
                model = SceneFolder.of(cfg).resolve(written);
            } catch (SceneFolder.Refused r) {
                throw in.error("OBJ path " + quote(written, PATH_QUOTE_LENGTH) + " " + r.getMessage());
            }
        }
        Path path = model.file();
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw in.error("model " + quote(written, PATH_QUOTE_LENGTH) + " is "
                    + (Files.isDirectory(path) ? "a folder" : "a device, FIFO or socket") + ", not a regular file");
        }
        if (!Files.isRegularFile(path)) {
            throw in.error(fromCommandLine || in.recognised() ? "model file not found: " + quote(written, PATH_QUOTE_LENGTH)
                    + " (looked for " + quote(path.toString(), PATH_QUOTE_LENGTH) + ")"
                    : "model file not found (its name is not shown until the file reads as a .cfg scene)");
        }
        // One model read once, whatever the name, link or spelling that reaches it.
        Object identity = identity(path);
        TransformNode known = loaded.get(identity);
        if (known != null) {
            models.addAgain(known);
            return;
        }
        ImportResult loadedModel = loader.load(model);
        loadedModel.warnings().forEach(warnings::addVerbatim);
        loaded.put(identity, models.add(loadedModel.scene()));
    }

    /** What makes two names the same file: device and inode where the system has them, else the real path. */
    private static Object identity(Path file) throws IOException {
        Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        return key != null ? key : file.toRealPath();
    }

    private void light(String value) throws SceneFormatException {
        List<float[]> parts = vectors(value, "LIGHT", "x/y/z//r/g/b", 1, 2);
        Vec3 position = vec(parts.get(0));
        Vec3 color = parts.size() > 1 ? vec(parts.get(1)) : Vec3.ONE;
        if (color.x() < 0 || color.y() < 0 || color.z() < 0) throw in.error("LIGHT colour must not be negative, got " + quote(value));
        lights.add(new PointLight(position, color, 1f));
    }

    /** r/g/b, or one number for all three. */
    private Vec3 ambient(String value, String key) throws SceneFormatException {
        if (!value.contains("/")) {
            float grey = in.parseFinite(value, key);
            return new Vec3(grey, grey, grey);
        }
        return vec(vectors(value, key, "r/g/b (or one number)", 1, 1).get(0));
    }

    private void camera(String value) throws SceneFormatException {
        List<float[]> parts = vectors(value, "CAMERA", "px/py/pz//dx/dy/dz", 2, 2);
        Vec3 position = vec(parts.get(0));
        Vec3 dir = vec(parts.get(1));
        if (dir.length() == 0) throw in.error("CAMERA view direction must not be zero, got " + quote(value));
        eye = position;
        direction = dir;
        cameraLine = in.lineNumber();
    }

    private void resolution(String value) throws SceneFormatException {
        String[] wh = value.split("\\s*[xX*/,]\\s*|\\s+");
        if (wh.length != 2) throw in.error("CAMERA_RESOLUTION must be WIDTHxHEIGHT (e.g. 640x480), got " + quote(value));
        width = in.parseInteger(wh[0], "CAMERA_RESOLUTION width", 1, RenderSettings.MAX_DIMENSION);
        height = in.parseInteger(wh[1], "CAMERA_RESOLUTION height", 1, RenderSettings.MAX_DIMENSION);
    }

    // ---- values ----

    /**
     * Splits {@code a/b/c//d/e/f} into vectors of three numbers.
     *
     * @param form how the value should look, for the message
     */
    private List<float[]> vectors(String value, String key, String form, int min, int max) throws SceneFormatException {
        String[] groups = value.split("//", -1);
        if (groups.length < min || groups.length > max) throw badForm(key, form, value);
        List<float[]> out = new ArrayList<>(groups.length);
        for (String group : groups) {
            String[] parts = group.split("/", -1);
            if (parts.length != 3) throw badForm(key, form, value);
            float[] v = new float[3];
            for (int i = 0; i < 3; i++) {
                String p = parts[i].strip();
                if (p.isEmpty()) throw badForm(key, form, value);
                v[i] = in.parseFinite(p, key + " value");
            }
            out.add(v);
        }
        return out;
    }

    private SceneFormatException badForm(String key, String form, String value) {
        return in.error(key + " must be " + form + ", got " + quote(value));
    }

    private static Vec3 vec(float[] v) {
        return new Vec3(v[0], v[1], v[2]);
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }
}
