package org.drtstudio.io.nff;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.LineTokenizer;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** One pass over an NFF file: dispatches each line by keyword and assembles the scene. See {@link NffReader}. */
final class NffParser {
    /**
     * Largest vertex count accepted for one polygon. Vertices are read as they come (nothing is
     * allocated from the count), so this only turns an absurd count into a clear message early.
     */
    static final int MAX_POLYGON_VERTICES = 1_000_000;
    /**
     * Largest magnitude accepted for a number: keeps squares and cross products of coordinates
     * finite in float, so no NaN normal or infinite bound can come out of a file that parsed.
     */
    static final float MAX_MAGNITUDE = org.drtstudio.scene.TriangleMesh.MAX_COORDINATE;

    /** assimp extensions of one line each; skipped with a warning. */
    private static final Set<String> SKIPPED_KEYWORDS = Set.of("tess", "dod", "hex", "oct", "tet", "shader", "tpv", "ns");

    private static final Vec3 AMBIENT_LIGHT = new Vec3(0.1f, 0.1f, 0.1f);

    /** Paths are quoted up to this length: the user needs them to find the file, but no more. */
    private static final int PATH_QUOTE_LENGTH = 200;

    private final Path file;
    /** Where the fills' textures may be: the NFF's folder and below. */
    private final SceneFolder folder;
    private final LineTokenizer in;
    private final WarningLog warnings;

    private final Viewpoint view = new Viewpoint();
    private final MaterialTable materials = new MaterialTable();
    private final MeshBuilder mesh = new MeshBuilder();
    private final List<Sphere> spheres = new ArrayList<>();
    private final List<Vec3> lightPositions = new ArrayList<>();
    private final List<Vec3> lightColors = new ArrayList<>();
    private Vec3 background = Vec3.ZERO;

    /** Scratch space for polygon vertices, grown as lines arrive (never sized from the file's count). */
    private float[] xyz = new float[3 * 64];
    private float[] nrm = new float[3 * 64];

    NffParser(Path file, Reader reader) {
        this.file = file;
        this.folder = SceneFolder.of(file == null ? Path.of("scene.nff") : file);
        this.in = new LineTokenizer(file, reader, '#', "an NFF file");
        this.warnings = new WarningLog(file);
    }

    ImportResult parse() throws SceneFormatException, IOException {
        while (in.nextNonBlank()) {
            String keyword = in.token(0);
            switch (keyword) {
                case "v" -> {
                    expectCount(1, "'v' starts the viewpoint block and takes no values");
                    view.begin(in.lineNumber());
                }
                case "from" -> view.from(vector("'from'"), in.lineNumber());
                case "at" -> view.at(vector("'at'"));
                case "up" -> view.up(vector("'up'"), in.lineNumber());
                case "angle" -> view.angle(angle());
                case "hither" -> {
                    // Near clipping plane: our tracer has none, but the value must still be a number.
                    expectCount(2, "'hither' takes 1 number");
                    number(1, "hither distance");
                }
                case "resolution" -> {
                    expectCount(3, "'resolution' takes 2 numbers: width height");
                    view.resolution(in.integer(1, "image width", 1, RenderSettings.MAX_DIMENSION),
                            in.integer(2, "image height", 1, RenderSettings.MAX_DIMENSION));
                }
                case "b" -> background = color(1, "'b' takes 3 numbers: red green blue");
                case "l" -> light();
                case "f" -> fill();
                case "c" -> cone();
                case "s" -> sphere();
                case "p" -> polygon("polygon", 3, false);
                case "pp" -> polygon("polygonal patch", 6, true);
                case "tpp" -> {
                    warnings.add("tpp", in.lineNumber(), "'tpp' (assimp textured patch) read as 'pp'; texture coordinates ignored");
                    polygon("textured patch", 8, true);
                }
                case "pb", "pn", "pnn" -> throw in.error("'" + keyword
                        + "' (an assimp extension for Bezier/NURBS patches) is not supported");
                case "nff" -> throw in.error("this is a Sense8 NFF file ('nff' header), a different format"
                        + " from Eric Haines' NFF; it is not supported");
                default -> {
                    if (SKIPPED_KEYWORDS.contains(keyword)) {
                        warnings.add(keyword, in.lineNumber(), "'" + keyword + "' is an assimp extension, not NFF; line skipped");
                    } else if (!in.recognised()) {
                        // Not a word of NFF on the first statement: this may be any file (an .nff
                        // link to a password file), so nothing of it is quoted.
                        throw in.error("does not start with an NFF keyword; this does not look like an NFF file"
                                + " (NFF has v, from, at, up, angle, hither, resolution, b, l, f, c, s, p, pp)");
                    } else {
                        throw in.error("unknown keyword " + in.excerpt(keyword)
                                + " (NFF has v, from, at, up, angle, hither, resolution, b, l, f, c, s, p, pp)");
                    }
                }
            }
            in.recognise(); // a whole statement read: messages may quote the file from now on
        }
        try {
            return new ImportResult(buildScene(), warnings.toList());
        } catch (IllegalArgumentException e) {
            // Every value is checked while parsing; this is a safety net so a missed case still
            // reaches the user as a one-line format error rather than a stack trace.
            throw new SceneFormatException(file, 0, e.getMessage(), e);
        }
    }

    private Scene buildScene() throws SceneFormatException {
        List<SceneNode> children = new ArrayList<>();
        if (!spheres.isEmpty()) children.add(new SphereNode("spheres", spheres));
        if (!mesh.isEmpty()) children.add(new MeshNode("polygons", mesh.build("polygons")));
        String fans = mesh.earClipping().warning("the polygon");
        if (fans != null) warnings.add("large polygons", (int) mesh.earClipping().firstFanned(), fans);
        if (children.isEmpty()) warnings.add("empty", 0, "the file contains no geometry");
        String name = file == null || file.getFileName() == null ? "nff" : file.getFileName().toString();
        TransformNode root = TransformNode.group(name, children);

        Camera camera = view.camera(SceneFraming.bounds(root), file, warnings);

        List<Light> lights = new ArrayList<>();
        float intensity = (float) (1 / Math.sqrt(Math.max(1, lightPositions.size())));
        for (int i = 0; i < lightPositions.size(); i++) {
            lights.add(new PointLight(lightPositions.get(i), lightColors.get(i), intensity));
        }
        if (lights.isEmpty()) {
            warnings.add("no lights", 0, "no lights ('l'); added a white light at the eye");
            lights.add(new PointLight(camera.eye(), Vec3.ONE, 1f));
        }
        RenderSettings d = RenderSettings.DEFAULT;
        RenderSettings settings = new RenderSettings(view.width(), view.height(), d.samplesPerPixel(), d.maxDepth(),
                d.seed(), background, AMBIENT_LIGHT, 1f, 0f, 0f);
        return new Scene(name, root, materials.materials(), lights, camera, settings);
    }

    // ---- entities ----

    private float angle() throws SceneFormatException {
        expectCount(2, "'angle' takes 1 number (degrees)");
        float a = number(1, "view angle");
        if (!(a > 0 && a < 180)) throw in.error("view angle must be between 0 and 180 degrees, got " + a);
        return a;
    }

    private void light() throws SceneFormatException {
        int n = in.count() - 1;
        // NFF: x y z [r g b]. assimp also writes an intensity after the position: x y z i [r g b].
        if (n != 3 && n != 4 && n != 6 && n != 7) {
            throw in.error("'l' takes 3 numbers (x y z) or 6 (x y z r g b), got " + n);
        }
        Vec3 position = new Vec3(number(1, "light x"), number(2, "light y"), number(3, "light z"));
        float scale = 1f;
        int colorAt = 4;
        if (n == 4 || n == 7) {
            scale = number(4, "light intensity");
            if (scale < 0) throw in.error("light intensity must be ≥ 0, got " + scale);
            colorAt = 5;
        }
        Vec3 color = n >= 6 ? color(colorAt, null) : Vec3.ONE;
        lightPositions.add(position);
        lightColors.add(color.times(scale));
    }

    private void fill() throws SceneFormatException {
        int n = in.count() - 1;
        String texture = null;
        // Dialect: a texture file name after the numbers (assimp test files).
        if (n >= 4 && !isNumber(in.token(n))) {
            texture = in.token(n);
            n--;
        }
        if (n < 3 || n > 8) {
            throw in.error("'f' takes 8 numbers: red green blue Kd Ks Shine T index_of_refraction (at least the"
                    + " 3 colour values), got " + n);
        }
        Vec3 rgb = color(1, null);
        float kd = n >= 4 ? number(4, "Kd") : 1f;
        float ks = n >= 5 ? number(5, "Ks") : 0f;
        float shine = n >= 6 ? number(6, "Shine") : 0f;
        float t = n >= 7 ? number(7, "transmittance T") : 0f;
        float ior = n >= 8 ? number(8, "index of refraction") : 1f;
        if (shine < 0) throw in.error("Shine (Phong exponent) must be ≥ 0, got " + shine);
        in.recognise(); // a whole fill statement: the file is NFF, and its texture's name may be quoted
        materials.fill(rgb.x(), rgb.y(), rgb.z(), kd, ks, shine, t, ior, texture == null ? null : texture(texture));
    }

    /** The fill's texture, found in the NFF's folder (never the working folder), or null when refused with a warning. */
    private ConfinedPath texture(String written) {
        try {
            return folder.resolve(written);
        } catch (SceneFolder.Refused r) {
            warnings.add("texture outside", in.lineNumber(), "texture " + in.excerpt(written, PATH_QUOTE_LENGTH) + " "
                    + r.getMessage() + "; the material renders without it");
            return null;
        }
    }

    private void sphere() throws SceneFormatException {
        if (in.count() < 5) throw in.error("'s' takes 4 numbers: x y z radius, got " + (in.count() - 1));
        // Numbers after the radius (assimp's tessellation hints) are ignored, as assimp's files expect.
        Vec3 center = new Vec3(number(1, "sphere x"), number(2, "sphere y"), number(3, "sphere z"));
        float radius = number(4, "sphere radius");
        if (!(radius > 0)) throw in.error("sphere radius must be > 0, got " + in.token(4));
        spheres.add(new Sphere(center, radius, materials.current()));
    }

    private void cone() throws IOException, SceneFormatException {
        int cLine = in.lineNumber();
        float[] v = new float[8];
        if (in.count() == 9) {
            // One line, as SPD 3.14 writes it: c bx by bz br ax ay az ar
            for (int i = 0; i < 8; i++) v[i] = number(i + 1, CONE_VALUES[i]);
        } else if (in.count() == 1) {
            // NFF.TXT's three-line form: c / base x y z r / apex x y z r
            for (int end = 0; end < 2; end++) {
                if (!in.nextNonBlank()) {
                    throw in.errorAt(cLine, "cone/cylinder needs its " + (end == 0 ? "base and apex lines" : "apex line")
                            + " after 'c', but the file ends");
                }
                if (in.count() != 4) {
                    throw in.error("cone/cylinder " + (end == 0 ? "base" : "apex") + " line must be 4 numbers: x y z radius, got "
                            + values(in.count()) + " (for the 'c' on line " + cLine + ")");
                }
                for (int i = 0; i < 4; i++) v[4 * end + i] = number(i, CONE_VALUES[4 * end + i]);
            }
        } else {
            throw in.error("'c' takes 8 numbers (base x y z radius, apex x y z radius) on its line, or none with"
                    + " the two on the next lines; got " + (in.count() - 1));
        }
        float baseRadius = v[3], apexRadius = v[7];
        // NFF: both radii negative means the inside is the visible side.
        boolean inside = baseRadius < 0 && apexRadius < 0;
        if ((baseRadius < 0) != (apexRadius < 0) && baseRadius != 0 && apexRadius != 0) {
            warnings.add("cone radius sign", cLine, "cone/cylinder radii have different signs; using their absolute values");
        }
        baseRadius = Math.abs(baseRadius);
        apexRadius = Math.abs(apexRadius);
        if (baseRadius == 0 && apexRadius == 0) {
            warnings.add("cone degenerate", cLine, "cone/cylinder with both radii 0 has no surface; skipped");
            return;
        }
        if (v[0] == v[4] && v[1] == v[5] && v[2] == v[6]) {
            warnings.add("cone degenerate", cLine, "cone/cylinder base and apex are the same point; skipped");
            return;
        }
        ConeTessellator.tessellate(v[0], v[1], v[2], baseRadius, v[4], v[5], v[6], apexRadius, inside,
                materials.current(), mesh);
    }

    private static final String[] CONE_VALUES = {"base x", "base y", "base z", "base radius",
            "apex x", "apex y", "apex z", "apex radius"};

    /**
     * Reads a {@code p n} / {@code pp n} record: the header, then n vertex lines of
     * {@code valuesPerLine} numbers (x y z, then the normal for patches).
     */
    private void polygon(String what, int valuesPerLine, boolean withNormals) throws IOException, SceneFormatException {
        String keyword = in.token(0);
        int headLine = in.lineNumber();
        if (in.count() != 2) throw in.error("'" + keyword + "' takes 1 number, the vertex count, got " + (in.count() - 1));
        int n = in.integer(1, what + " vertex count", 3, MAX_POLYGON_VERTICES);
        for (int i = 0; i < n; i++) {
            if (!in.nextNonBlank()) {
                throw in.errorAt(headLine, what + " declares " + n + " vertices but the file ends after " + i);
            }
            if (in.count() != valuesPerLine) {
                String expected = valuesPerLine == 3 ? "3 numbers (x y z)" : valuesPerLine == 6
                        ? "6 numbers (x y z nx ny nz)" : "8 numbers (x y z nx ny nz u v)";
                throw in.error("vertex " + (i + 1) + " of " + n + " of the " + what + " on line " + headLine
                        + " must be " + expected + ", got " + describeLine());
            }
            if (3 * i + 3 > xyz.length) {
                int grown = Math.min(3 * MAX_POLYGON_VERTICES, 2 * xyz.length);
                xyz = Arrays.copyOf(xyz, grown);
                nrm = Arrays.copyOf(nrm, grown);
            }
            xyz[3 * i] = number(0, "vertex x");
            xyz[3 * i + 1] = number(1, "vertex y");
            xyz[3 * i + 2] = number(2, "vertex z");
            if (withNormals) {
                nrm[3 * i] = number(3, "normal x");
                nrm[3 * i + 1] = number(4, "normal y");
                nrm[3 * i + 2] = number(5, "normal z");
                if (valuesPerLine == 8) {
                    number(6, "texture u");
                    number(7, "texture v");
                }
            }
        }
        mesh.addPolygon(xyz, withNormals ? nrm : null, n, materials.current(), headLine);
    }

    // ---- tokens ----

    private String describeLine() {
        if (!isNumber(in.token(0))) {
            return "a line starting with " + in.excerpt(in.token(0)) + " (fewer vertex lines than declared?)";
        }
        return values(in.count());
    }

    private static String values(int n) {
        return n == 1 ? "1 value" : n + " values";
    }

    private void expectCount(int tokens, String usage) throws SceneFormatException {
        if (in.count() != tokens) throw in.error(usage + ", got " + values(in.count() - 1));
    }

    private float number(int i, String what) throws SceneFormatException {
        float v = in.number(i, what);
        if (Math.abs(v) > MAX_MAGNITUDE) throw in.error(what + " " + in.token(i) + " is out of range (|value| ≤ 1e18)");
        return v;
    }

    private Vec3 vector(String what) throws SceneFormatException {
        expectCount(4, what + " takes 3 numbers: x y z");
        return new Vec3(number(1, what + " x"), number(2, what + " y"), number(3, what + " z"));
    }

    /** Three colour numbers from token {@code first}; with {@code usage} the line must hold exactly those. */
    private Vec3 color(int first, String usage) throws SceneFormatException {
        if (usage != null) expectCount(first + 3, usage);
        return new Vec3(number(first, "red"), number(first + 1, "green"), number(first + 2, "blue"));
    }

    private static boolean isNumber(String token) {
        char c = token.charAt(0);
        if (!(c >= '0' && c <= '9') && c != '-' && c != '+' && c != '.') return false;
        try {
            Float.parseFloat(token);
            for (int k = 0; k < token.length(); k++) {
                char d = token.charAt(k);
                if (!((d >= '0' && d <= '9') || d == '.' || d == '-' || d == '+' || d == 'e' || d == 'E')) return false;
            }
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
