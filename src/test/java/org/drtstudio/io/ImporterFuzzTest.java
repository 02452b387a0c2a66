package org.drtstudio.io;

import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.TextureImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;
import static org.drtstudio.testing.ByteEdits.splice;

/**
 * Feeds mutated scenes to every importer (OBJ + MTL, NFF, cfg, JSON projects, MagicaVoxel .vox, text voxels .vxt, PLY, glTF) for a fixed time
 * (issue 14): each input must load or fail with the format's own one-line
 * {@link SceneFormatException}, within a per-input limit, writing no file. The corpus is generated
 * here and the shipped scenes, plus the public scenes of {@code ../shared/data} when that folder
 * exists (skipped with a message otherwise).
 *
 * <p>Reproducible: input {@code i} is made by {@code new Random(mix(SEED + i))} whatever the machine,
 * so a failure names its index, is kept in {@code target/fuzz-failures/}, and reruns with
 * {@code -Ddrt.fuzz.from=i}. The same inputs run on every machine: {@code -Ddrt.fuzz.inputs}
 * (default {@link #INPUTS}) of them, however fast the machine is, so a run that passes here passes
 * in CI. For a longer hunt, {@code -Ddrt.fuzz.seconds=N} goes on with the next inputs until N
 * seconds have passed.
 */
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard; each input has its own limit
class ImporterFuzzTest {
    private static final long SEED = 0x14_0000_0000L;
    /**
     * Inputs every run tries (each of the nine formats about 110 times): as many as the old 24-second
     * budget covered on the shared 2-core machine under load (1,147), the same ones everywhere.
     */
    static final int INPUTS = 1000;
    private static final long PER_INPUT_SECONDS = 20;
    private static final int MAX_BYTES = 2 << 20;
    private static final Path SHARED = Path.of("..", "shared", "data");
    private static final List<String> FORMATS = List.of("obj", "nff", "cfg", "json", "vox", "vxt", "ply", "gltf", "glb");

    /**
     * A scene to mutate: its file name, bytes, and the unmutated files it names. A linked sample is
     * written outside the case folder and reached through a symbolic link of its name (a scene name
     * linked to a file that is no scene: issue 37).
     */
    private record Sample(String name, byte[] bytes, Map<String, byte[]> companions, boolean linked) {
        Sample(String name, byte[] bytes, Map<String, byte[]> companions) {
            this(name, bytes, companions, false);
        }
    }

    /** Marks the file outside every case folder that texture paths and links reach for: never to be shown. */
    static final String SECRET = "FUZZSECRET-5c1f";

    @TempDir
    Path root;

    @Test
    void mutatedScenesLoadOrFailWithOneLine() throws Exception {
        List<Sample> corpus = corpus();
        long inputsAtLeast = Long.getLong("drt.fuzz.inputs", INPUTS);
        long seconds = Long.getLong("drt.fuzz.seconds", 0);
        long from = Long.getLong("drt.fuzz.from", 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<String> failures = new ArrayList<>();
        Map<String, int[]> outcomes = new LinkedHashMap<>(); // per extension: loaded, refused
        ExecutorService worker = Executors.newSingleThreadExecutor(daemon());
        // Beside the case folder, what no case may show or open: a secret, a private picture.
        Path outside = Files.createDirectories(root.resolve("case-private"));
        Files.writeString(outside.resolve("secret.txt"), SECRET + "\n" + SECRET + "=\n");
        Files.write(outside.resolve("secret.png"), tinyPng());
        List<String> hostilePaths = List.of(outside.resolve("secret.png").toString(), "../case-private/secret.png",
                "../case-private/secret.txt", "/dev/stdin", "/proc/self/environ", "linked.png", "huge.png", "bomb.jpg",
                "t\u001b[2J\nx\u0007.png", "sub/../../case-private/secret.png", "C:\\Windows\\win.ini");
        long i = from;
        try {
            for (; i < from + inputsAtLeast || System.nanoTime() < deadline; i++) {
                Random random = new Random(mix(SEED + i));
                // a format first, then one of its samples: the shared data's many OBJ and NFF files do not crowd out cfg and json
                String format = FORMATS.get(random.nextInt(FORMATS.size()));
                // one input in five: the format's name linked to a file that is no scene
                boolean linked = random.nextInt(5) == 0;
                List<Sample> ofFormat = corpus.stream().filter(x -> x.name().endsWith("." + format) && x.linked() == linked).toList();
                Sample sample = ofFormat.get(random.nextInt(ofFormat.size()));
                Path folder = Files.createDirectories(root.resolve("case"));
                clear(folder);
                for (var c : sample.companions().entrySet()) {
                    // companions are mutated now and then too (an MTL of an OBJ, the model of a cfg)
                    byte[] bytes = random.nextInt(4) == 0 ? mutate(c.getValue(), random, hostilePaths) : c.getValue();
                    Files.write(folder.resolve(c.getKey()), bytes);
                }
                // a link inside the folder to the private picture outside it: a texture path may name it
                Files.createSymbolicLink(folder.resolve("linked.png"), outside.resolve("secret.png"));
                Path file = folder.resolve(sample.name());
                byte[] input = mutate(sample.bytes(), random, hostilePaths);
                if (sample.linked()) {
                    Path target = outside.resolve("linked-target");
                    Files.write(target, input);
                    Files.createSymbolicLink(file, target);
                } else {
                    Files.write(file, input);
                }
                Set<String> before = listing(folder);
                String ext = sample.name().substring(sample.name().lastIndexOf('.') + 1);
                int[] counts = outcomes.computeIfAbsent(ext, k -> new int[2]);
                Future<String> run = worker.submit(() -> loadOnce(file, folder, counts));
                String problem;
                try {
                    problem = run.get(PER_INPUT_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    run.cancel(true);
                    worker.shutdownNow();
                    worker = Executors.newSingleThreadExecutor(daemon()); // the stuck thread is abandoned
                    problem = "no result within " + PER_INPUT_SECONDS + " s (a hang?)";
                }
                if (problem == null && !listing(folder).equals(before)) problem = "files appeared: " + listing(folder);
                if (problem != null) {
                    failures.add("input " + i + " (" + sample.name() + "): " + problem);
                    // kept where a CI run can collect it (the temporary folder is deleted)
                    Path kept = Files.createDirectories(Path.of("target", "fuzz-failures"))
                            .resolve(i + "-" + org.drtstudio.io.Excerpt.sanitize(sample.name(), 100).replace('?', '_'));
                    Files.write(kept, input);
                }
                if (failures.size() >= 10) break;
            }
        } finally {
            worker.shutdownNow();
        }
        long inputs = i - from;
        System.out.println("ImporterFuzzTest: " + inputs + " inputs from " + corpus.size() + " samples; loaded/refused by format: "
                + outcomes.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()[0] + "/" + e.getValue()[1]).toList());
        assertTrue(failures.isEmpty(), failures.size() + " failures, e.g.\n" + String.join("\n", failures));
        for (String ext : FORMATS) assertTrue(outcomes.containsKey(ext), "no " + ext + " input ran");
    }

    /**
     * SplitMix64's finaliser: java.util.Random's first outputs for consecutive seeds are nearly
     * equal (its seed scrambling is a single XOR), which would pick the same format every time.
     */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** Loads one input and the textures its materials name; null when all went as promised, else what went wrong. */
    private static String loadOnce(Path file, Path folder, int[] counts) {
        try {
            ImportResult r = SceneLoader.load(file);
            String lower = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
            if (lower.endsWith(".gltf") || lower.endsWith(".glb")) {
                // the animated read too: its keyframes from the file's animations, evaluated
                AnimatedImport animated = SceneLoader.loadAnimated(file);
                animated.scene().at(0.5);
                for (String w : animated.warnings()) {
                    String bad = badLine(w);
                    if (bad != null) return "warning " + bad;
                }
            }
            for (String w : r.warnings()) {
                String bad = badLine(w);
                if (bad != null) return "warning " + bad;
            }
            // A scene file's textures lie in its folder (a project's may be anywhere: its own door, RELIABILITY.md).
            if (!file.getFileName().toString().endsWith(".json")) {
                for (Material m : r.scene().materials()) {
                    for (String t : java.util.Arrays.asList(m.diffuseTexture(), m.bumpTexture())) {
                        if (t != null && !inside(Path.of(t), folder)) return "a texture outside the scene's folder: " + t;
                    }
                }
            }
            List<String> textureWarnings = new ArrayList<>();
            TextureLoader textures = new TextureLoader(textureWarnings::add, 1 << 20);
            for (Material m : r.scene().materials()) {
                textures.load(m.diffuseTexture(), TextureImage.Encoding.COLOR);
                textures.load(m.bumpTexture(), TextureImage.Encoding.HEIGHT);
            }
            for (String w : textureWarnings) {
                String bad = badLine(w);
                if (bad != null) return "texture warning " + bad;
            }
            counts[0]++;
            return null;
        } catch (SceneFormatException e) {
            counts[1]++;
            String bad = badLine(e.getMessage());
            return bad == null ? null : "message " + bad;
        } catch (Throwable t) {
            StackTraceElement[] at = t.getStackTrace();
            return t + (at.length > 0 ? " at " + at[0] : "");
        }
    }

    /** Whether {@code file}, links followed where it exists, lies in {@code folder}. */
    private static boolean inside(Path file, Path folder) throws IOException {
        Path real = folder.toRealPath();
        if (Files.exists(file)) return file.toRealPath().startsWith(real);
        return file.toAbsolutePath().normalize().startsWith(folder.toAbsolutePath().normalize());
    }

    /** Why {@code message} breaks the one-line promise, or null when it keeps it. */
    private static String badLine(String message) {
        if (message == null || message.isBlank()) return "is empty";
        if (message.contains(SECRET)) return "shows the secret beside the case folder: " + message;
        if (message.lines().count() != 1) return "spans lines: " + message;
        for (char c : message.toCharArray()) if (Character.isISOControl(c)) return "holds a control character: " + message;
        if (message.contains("Exception") || message.contains("java.")) return "names a Java exception: " + message;
        if (message.length() > 2100) return "is " + message.length() + " characters long";
        return null;
    }

    // ---- mutations ----

    private static final String[] TOKENS = {
            "\0", "\u001b[2J", "\u0007", "\r", "\n", "\t", "\\\n", " ", "-", ".", "e", "#", "/", "//", "=", "nan", "inf", "-0",
            "1e39", "-1e-45", "1e18", "99999999999", "2147483648", "../", "../../etc/passwd", "/dev/zero", "/proc/self/environ",
            "\nf 1 2 3\n", "\nf -1 -2 -999\n", "\nv 1 2\n", "\nmtllib ", "\nusemtl ", "\nnewmtl x\n", "\nmap_Kd ", "\nKd ",
            "\ns 0 0 0 ", "\np 4\n", "\npp 3\n", "\nc\n", "\nOBJ=", "\nCAMERA_RESOLUTION=", "{", "}", "[", "]", ",", "\"", ":",
            "\"file\": \"", "\"scale\": [ 0, 0, 0 ]", "\u00ff\u00fe", "\u00e9", "\ud83d\ude00",
    };

    static byte[] mutate(byte[] input, Random random, List<String> hostilePaths) {
        byte[] out = input;
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits; e++) {
            out = random.nextInt(6) == 0 ? namedTexture(out, random, hostilePaths) : edit(out, random);
        }
        return out.length > MAX_BYTES ? java.util.Arrays.copyOf(out, MAX_BYTES) : out;
    }

    /**
     * A texture the file names ({@code tex.png}) replaced by a hostile path: absolute, climbing out,
     * a device, a link out of the folder, a picture whose header lies, a name with control bytes.
     */
    private static byte[] namedTexture(byte[] b, Random random, List<String> hostilePaths) {
        String text = new String(b, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("tex.png");
        if (at < 0) return b;
        byte[] path = hostilePaths.get(random.nextInt(hostilePaths.size())).getBytes(StandardCharsets.UTF_8);
        return splice(b, at, at + "tex.png".length(), path);
    }

    private static byte[] edit(byte[] b, Random random) {
        int n = b.length;
        int at = n == 0 ? 0 : random.nextInt(n + 1);
        switch (random.nextInt(8)) {
            case 7 -> { // change a digit: the file's structure survives, its values do not
                for (int tries = 0; tries < 64 && n > 0; tries++) {
                    int k = random.nextInt(n);
                    if (b[k] >= '0' && b[k] <= '9') {
                        byte[] c = b.clone();
                        c[k] = (byte) ('0' + random.nextInt(10));
                        return random.nextInt(4) == 0 ? splice(c, k, k, "-".getBytes(StandardCharsets.US_ASCII)) : c;
                    }
                }
                return b;
            }
            case 0 -> { // flip a byte
                if (n == 0) return b;
                byte[] c = b.clone();
                c[Math.min(at, n - 1)] = (byte) random.nextInt(256);
                return c;
            }
            case 1 -> { // insert a token
                return splice(b, at, at, TOKENS[random.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8));
            }
            case 2 -> { // delete a range
                int end = Math.min(n, at + random.nextInt(64));
                return splice(b, at, end, new byte[0]);
            }
            case 3 -> { // repeat a range many times
                int end = Math.min(n, at + 1 + random.nextInt(40));
                byte[] piece = java.util.Arrays.copyOfRange(b, at, end);
                int times = 1 + random.nextInt(random.nextBoolean() ? 8 : 5000);
                byte[] many = new byte[Math.min(MAX_BYTES, piece.length * times)];
                for (int k = 0; piece.length > 0 && k + piece.length <= many.length; k += piece.length) {
                    System.arraycopy(piece, 0, many, k, piece.length);
                }
                return splice(b, end, end, many);
            }
            case 4 -> { // truncate
                return java.util.Arrays.copyOf(b, at);
            }
            case 5 -> { // a long run of digits: a number, or a line, too long for anything
                byte[] digits = new byte[1 + random.nextInt(random.nextBoolean() ? 400 : 200_000)];
                java.util.Arrays.fill(digits, (byte) ('0' + random.nextInt(10)));
                return splice(b, at, at, digits);
            }
            default -> { // swap two lines
                String s = new String(b, StandardCharsets.ISO_8859_1);
                String[] lines = s.split("\n", -1);
                if (lines.length < 2) return b;
                int x = random.nextInt(lines.length), y = random.nextInt(lines.length);
                String t = lines[x];
                lines[x] = lines[y];
                lines[y] = t;
                return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
            }
        }
    }

    // ---- corpus ----

    private static List<Sample> corpus() throws IOException {
        List<Sample> corpus = new ArrayList<>();
        byte[] mtl = ("newmtl red\nKd 0.8 0.1 0.1\nKs 0.2 0.2 0.2\nNs 20\nillum 3\nmap_Kd tex.png\n"
                + "newmtl glass\nKd 1 1 1\nd 0.2\nNi 1.5\nbump -bm 0.5 tex.png\n").getBytes(StandardCharsets.UTF_8);
        byte[] obj = ("# a cube\nmtllib m.mtl\no cube\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
                + "vt 0 0\nvt 1 0\nvt 1 1\nvn 0 0 1\ns 1\nusemtl red\nf 1/1/1 2/2/1 3/3/1 4/1/1\nf 5 6 7\nusemtl glass\n"
                + "f -1 -2 -3\nf 1//1 5//1 8//1\nl 1 2\n").getBytes(StandardCharsets.UTF_8);
        byte[] nff = Files.readAllBytes(Path.of("scenes", "default.nff"));
        byte[] tex = tinyPng();
        corpus.add(new Sample("m.obj", obj, Map.of("m.mtl", mtl, "tex.png", tex)));
        // HDR textures in the formats of issue 38: a Radiance picture and an EXR named by an MTL, mutated as companions
        byte[] hdrMtl = "newmtl sky\nKd 1 1 1\nmap_Kd sky.hdr\nnewmtl env\nKd 1 1 1\nmap_Kd sky.exr\nbump sky.tga\n".getBytes(StandardCharsets.UTF_8);
        corpus.add(new Sample("hdr.obj", ("mtllib h.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nusemtl sky\nf 1/1 2/2 3/3\n"
                + "usemtl env\nf 1/1 3/3 2/2\n").getBytes(StandardCharsets.UTF_8),
                Map.of("h.mtl", hdrMtl, "sky.hdr", hdrPicture(), "sky.exr", exrPicture(), "sky.tga", tgaPicture())));
        corpus.add(new Sample("m.mtl.obj", ("mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n").getBytes(StandardCharsets.UTF_8),
                Map.of("m.mtl", mtl, "tex.png", tex)));
        corpus.add(new Sample("default.nff", nff, Map.of()));
        corpus.add(new Sample("s.cfg", ("# scene\nOBJ=m.obj\nOBJ=default.nff\nLIGHT=1/2/3//1/1/1\nAMBIENT_LIGHT=0.1\n"
                + "CAMERA=0/0/5//0/0/-1\nCAMERA_RESOLUTION=64x48\nCAMERA_VIEWING_ANGLE=40\nCAMERA_SUPERSAMPLING=2\n")
                .getBytes(StandardCharsets.UTF_8), Map.of("m.obj", obj, "m.mtl", mtl, "default.nff", nff)));
        corpus.add(new Sample("orbit.json", Files.readAllBytes(Path.of("scenes", "orbit.json")), Map.of("default.nff", nff)));
        corpus.add(new Sample("maze.vox", Files.readAllBytes(Path.of("scenes", "maze.vox")), Map.of()));
        // issue 37's families: an NFF fill and a project material naming a texture, pictures whose headers lie,
        // a scene whose file name holds control bytes, and every reader's name linked to files that are no scene
        byte[] huge = hugePngHeader(), bomb = progressiveJpegBomb();
        corpus.add(new Sample("fill.nff", ("l 0 10 10\nf 1 0 0 1 0 0 0 1 tex.png\ns 0 0 0 1\nf 0 1 0 1 0 0 0 1 bomb.jpg\n"
                + "p 3\n0 0 0\n1 0 0\n0 1 0\nf 0 0 1 1 0 0 0 1 huge.png\ns 2 0 0 1\n").getBytes(StandardCharsets.UTF_8),
                Map.of("tex.png", tex, "bomb.jpg", bomb, "huge.png", huge)));
        String orbit = Files.readString(Path.of("scenes", "orbit.json"));
        corpus.add(new Sample("tex.json", orbit.replace("\"name\": \"nff_0\",", "\"name\": \"nff_0\", \"diffuseTexture\": \"tex.png\","
                + " \"bumpTexture\": \"bomb.jpg\",").getBytes(StandardCharsets.UTF_8), Map.of("default.nff", nff, "tex.png", tex,
                "bomb.jpg", bomb)));
        corpus.add(new Sample("e\u001b[2Jv\nil\u0007.obj", obj, Map.of("m.mtl", ("newmtl red\nKd 1 0 0\nmap_Kd huge.png\n"
                + "newmtl glass\nbump tex.png\n").getBytes(StandardCharsets.UTF_8), "tex.png", tex, "huge.png", huge)));
        byte[][] notScenes = {
                "YANZ5TF+LXXQb3BlbnNzaC1rZXk=\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n".getBytes(StandardCharsets.UTF_8),
                "DB_USER=admin\nAPI_TOKEN=abc123\nexport PATH=/bin\n".getBytes(StandardCharsets.UTF_8),
                "{ \"auths\": { \"registry\": { \"auth\": \"c2VjcmV0\" } } }\n".getBytes(StandardCharsets.UTF_8),
                tex};
        for (String ext : FORMATS) {
            for (int k = 0; k < notScenes.length; k++) corpus.add(new Sample("linked" + k + "." + ext, notScenes[k], Map.of(), true));
        }
        corpus.add(new Sample("room.vxt", Files.readAllBytes(Path.of("scenes", "room.vxt")), Map.of()));
        // PLY in its three encodings: quads and a concave face, normals, texture coordinates, colours and a MeshLab texture
        org.drtstudio.io.ply.PlyFiles ply = org.drtstudio.io.ply.PlyFiles.cubeAndNotch();
        org.drtstudio.io.ply.PlyFiles rich = new org.drtstudio.io.ply.PlyFiles();
        rich.normals = rich.texCoords = rich.colours = true;
        rich.vertex(0, 0, 0, 0, 0, 1, 0, 0, 255, 0, 0).vertex(1, 0, 0, 0, 0, 1, 1, 0, 0, 255, 0)
                .vertex(1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 255).vertex(0, 1, 0, 0, 0, 1, 0, 1, 9, 9, 9).face(0, 1, 2, 3).face(0, 2, 3);
        rich.extraHeader.add("comment TextureFile tex.png");
        for (String encoding : List.of("ascii", "binary_little_endian", "binary_big_endian")) {
            corpus.add(new Sample("cube-" + encoding + ".ply", ply.bytes(encoding), Map.of()));
            corpus.add(new Sample("rich-" + encoding + ".ply", rich.bytes(encoding), Map.of("tex.png", tex, "huge.png", huge)));
        }
        corpus.add(new Sample("meshlab.ply", ("ply\nformat ascii 1.0\ncomment TextureFile tex.png\nelement vertex 4\nproperty float x\n"
                + "property float y\nproperty float z\nelement face 2\nproperty list uchar int vertex_indices\n"
                + "property list uchar float texcoord\nend_header\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n3 0 1 2 6 0 0 0.5 0 0 0.5\n"
                + "3 1 3 2 6 0.6 0 1 1 0.6 1\n").getBytes(StandardCharsets.US_ASCII), Map.of("tex.png", tex, "huge.png", huge)));
        // glTF: external buffer and texture, data URI, binary; the bytes of a .glb mutate its container and JSON alike
        org.drtstudio.io.gltf.GltfFiles gltf = org.drtstudio.io.gltf.GltfFiles.sample();
        corpus.add(new Sample("boxes.gltf", gltf.json("boxes.bin").getBytes(StandardCharsets.UTF_8),
                Map.of("boxes.bin", gltf.bufferBytes(), "tex.png", tex, "huge.png", huge)));
        corpus.add(new Sample("embedded.gltf", gltf.json("data:").getBytes(StandardCharsets.UTF_8), Map.of("tex.png", tex)));
        corpus.add(new Sample("boxes.glb", gltf.glb(), Map.of("tex.png", tex, "bomb.jpg", bomb)));
        org.drtstudio.io.gltf.GltfFiles inside = org.drtstudio.io.gltf.GltfFiles.sample();
        inside.images.set(0, org.drtstudio.io.gltf.GltfFiles.map("bufferView", inside.embed(tex), "mimeType", "image/png"));
        corpus.add(new Sample("inside.glb", inside.glb(), Map.of())); // its texture inside it: read by the texture loader
        if (Files.isDirectory(SHARED)) {
            try (Stream<Path> files = Files.walk(SHARED)) {
                for (Path p : files.filter(Files::isRegularFile).sorted(Comparator.naturalOrder()).toList()) {
                    String name = p.getFileName().toString().toLowerCase();
                    if (!(name.endsWith(".obj") || name.endsWith(".nff")) || Files.size(p) > 200_000) continue;
                    Map<String, byte[]> companions = new LinkedHashMap<>();
                    try (Stream<Path> siblings = Files.list(p.getParent())) {
                        for (Path s : siblings.filter(s -> s.toString().toLowerCase().endsWith(".mtl")).toList()) {
                            if (Files.size(s) < 100_000) companions.put(s.getFileName().toString(), Files.readAllBytes(s));
                        }
                    }
                    corpus.add(new Sample(p.getFileName().toString(), Files.readAllBytes(p), companions));
                }
            }
        } else {
            System.out.println("ImporterFuzzTest: " + SHARED + " is absent; fuzzing the generated and shipped scenes only");
        }
        return corpus;
    }

    /** A PNG header claiming 2147483647x3 texels: arithmetic in int wraps (issue 37). */
    private static byte[] hugePngHeader() throws IOException {
        Path tmp = Files.createTempFile("huge", ".png");
        try {
            return Files.readAllBytes(org.drtstudio.io.image.PngBombs.header(tmp, Integer.MAX_VALUE, 3));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A progressive JPEG of 16x16 texels whose header claims 8192x8192: its decoder would keep 384 MiB of coefficients. */
    private static byte[] progressiveJpegBomb() throws IOException {
        Path tmp = Files.createTempFile("bomb", ".jpg");
        try {
            return Files.readAllBytes(org.drtstudio.io.image.PngBombs.progressiveJpeg(tmp, 16, 8192, 8192));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** A 9x2 Radiance HDR picture, run-length encoded rows (a reader's common path). */
    private static byte[] hdrPicture() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 9\n".getBytes(StandardCharsets.US_ASCII));
        for (int y = 0; y < 2; y++) {
            out.writeBytes(new byte[] {2, 2, 0, 9});
            for (int c = 0; c < 4; c++) {
                out.write(9);
                for (int x = 0; x < 9; x++) out.write(c == 3 ? 129 + y : 40 * c + 10 * x);
            }
        }
        return out.toByteArray();
    }

    /** A 5x3 EXR picture (half RGBA), as drt render writes them. */
    private static byte[] exrPicture() throws IOException {
        float[] rgb = new float[45];
        for (int i = 0; i < rgb.length; i++) rgb[i] = 0.1f * i;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        new org.drtstudio.io.image.ExrPicture(5, 3, org.drtstudio.io.image.ExrPicture.Precision.HALF).rgba(rgb).body().writeTo(out);
        return out.toByteArray();
    }

    private static byte[] tgaPicture() throws IOException {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(4, 3, java.awt.image.BufferedImage.TYPE_3BYTE_BGR);
        img.setRGB(1, 1, 0x80ff20);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(img, "tga", out);
        return out.toByteArray();
    }

    private static byte[] tinyPng() throws IOException {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(4, 4, java.awt.image.BufferedImage.TYPE_INT_RGB);
        img.setRGB(1, 2, 0xff8040);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(img, "png", out);
        return out.toByteArray();
    }

    private static Set<String> listing(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return new TreeSet<>(s.map(p -> p.getFileName().toString()).toList());
        }
    }

    private static void clear(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            for (Path p : s.toList()) Files.delete(p);
        }
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread t = new Thread(r, "fuzz-input");
            t.setDaemon(true);
            return t;
        };
    }
}
