package org.drtstudio.io;

import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.TextureImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Scene files as an attacker would write them (issue 14, input side): references to files
 * outside the scene, links to system files, FIFOs and devices, endless lines, control bytes.
 * Every case ends in a scene or one sanitised line; nothing of a file that is not a scene is shown.
 * The timeout only guards against the hangs these inputs used to cause (a FIFO opened blocks
 * uninterruptibly, hence a separate thread the runner can abandon); it measures nothing.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HostileInputTest {
    private static final String TRIANGLE = "v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    /** The message of a refused load, checked to be one printable line. */
    private static String failure(Path file) {
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(file));
        assertClean(e.getMessage());
        return e.getMessage();
    }

    private static void assertClean(String message) {
        assertEquals(1, message.lines().count(), message);
        for (char c : message.toCharArray()) assertFalse(Character.isISOControl(c), "control character in: " + message);
        assertFalse(message.contains("TOPSECRET"), "a secret was echoed: " + message);
        assertFalse(message.contains("Exception"), message);
    }

    private static void assertClean(List<String> warnings) {
        for (String w : warnings) assertClean(w);
    }

    @Test
    void mtllibOutsideTheSceneFolderIsRefusedAndNeverQuoted() throws Exception {
        Path secret = HostileFiles.secretBeside(dir);
        Path obj = write("scene/m.obj", "mtllib ../../" + dir.getFileName() + "-private/passwd\nmtllib " + secret
                + "\nmtllib ../../../../../../../../../etc/passwd\n" + TRIANGLE);
        ImportResult r = SceneLoader.load(obj);
        assertClean(r.warnings());
        assertEquals(3, r.warnings().stream().filter(w -> w.contains("is outside the scene's folder")).count(), r.warnings().toString());
        assertTrue(r.warnings().get(0).startsWith(obj + ":1: material library '../../"), r.warnings().get(0));
        assertEquals(1, r.scene().materials().size(), "no library was read");
    }

    @Test
    void linksInsideTheFolderToSystemFilesAreRefused() throws Exception {
        Path secret = HostileFiles.secretBeside(dir);
        Files.createDirectories(dir.resolve("scene"));
        Files.createSymbolicLink(dir.resolve("scene/lib.mtl"), secret);
        Files.createSymbolicLink(dir.resolve("scene/env.mtl"), Path.of("/proc/self/environ"));
        Path obj = write("scene/m.obj", "mtllib lib.mtl\nmtllib env.mtl\n" + TRIANGLE);
        ImportResult r = SceneLoader.load(obj);
        assertClean(r.warnings());
        String env = HostileFiles.environmentValue();
        for (String w : r.warnings()) if (env != null) assertFalse(w.contains(env), "environment echoed: " + w);
        assertEquals(2, r.warnings().stream().filter(w -> w.contains("(a link) is outside the scene's folder")).count(),
                r.warnings().toString());
    }

    @Test
    void aLibraryThatIsNoMaterialLibraryIsNotQuoted() throws Exception {
        write("scene/lib.mtl", HostileFiles.SECRET_LINE + "\n" + HostileFiles.SECRET_LINE + "\n");
        Path obj = write("scene/m.obj", "mtllib lib.mtl\n" + TRIANGLE);
        List<String> warnings = SceneLoader.load(obj).warnings();
        assertClean(warnings);
        assertTrue(warnings.get(0).contains("has no 'newmtl' statement; this is not a material library"), warnings.toString());
    }

    @Test
    void environmentAsAMaterialLibraryInsideTheFolderShowsNothingOfIt() throws Exception {
        // A copy of this process's environment, as /proc/self/environ holds it, placed beside the model.
        StringBuilder environ = new StringBuilder();
        System.getenv().forEach((k, v) -> environ.append(k).append('=').append(v).append('\0'));
        Files.createDirectories(dir.resolve("scene"));
        Files.writeString(dir.resolve("scene/env.mtl"), environ + "newmtl red\nKd 1 0 0\n" + environ);
        Path obj = write("scene/m.obj", "mtllib env.mtl\n" + TRIANGLE);
        ImportResult r = SceneLoader.load(obj);
        assertClean(r.warnings());
        String env = HostileFiles.environmentValue();
        for (String w : r.warnings()) if (env != null) assertFalse(w.contains(env), "environment echoed: " + w);
    }

    @Test
    void controlBytesNeverReachAMessage() throws Exception {
        write("scene/lib.mtl", "newmtl red\u001b]0;pwned\u0007\nKd 1 \u001b[2J 0\nmap_Kd \u001b[31mtex\u0007.png\n");
        Path obj = write("scene/m.obj", "mtllib lib.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl \u001b[5mred\nf 1 2 3\n");
        ImportResult r = SceneLoader.load(obj);
        assertFalse(r.warnings().isEmpty());
        assertClean(r.warnings());
        Path nff = write("scene/x.nff", "b 0 0 0\n\u001b[31mboom 1 2 3\n");
        assertTrue(failure(nff).contains("unknown keyword '[31mboom'"), "control characters separate NFF tokens");
        Path badObj = write("scene/bad.obj", "v 0 0 0\nv 1 \u0007\u001b[1mnan 0\n");
        failure(badObj);
    }

    @Test
    void filesThatAreNotScenesAreRefusedWithoutQuotingThem() throws Exception {
        Path secret = HostileFiles.secretBeside(dir);
        for (String name : List.of("x.nff", "x.cfg", "x.json", "x.obj", "x.vox", "x.vxt")) {
            Path link = dir.resolve(name);
            Files.createSymbolicLink(link, secret);
            SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(link), name);
            assertClean(e.getMessage());
            assertFalse(e.getMessage().contains("root"), e.getMessage());
        }
    }

    @Test
    void aProjectModelNodeNamingASecretOrADeviceShowsNothingOfIt() throws Exception {
        Path secret = HostileFiles.secretBeside(dir);
        Files.createSymbolicLink(dir.resolve("linked.nff"), secret);
        Files.createSymbolicLink(dir.resolve("zero.obj"), Path.of("/dev/zero"));
        String project = Files.readString(Path.of("scenes", "orbit.json"));
        assertTrue(project.contains("\"default.nff\""), "test bug: orbit.json names default.nff");
        for (String target : List.of("linked.nff", secret.toString(), "zero.obj", "../../../../../../etc/passwd")) {
            Path file = write("p.json", project.replace("\"default.nff\"", "\"" + target + "\""));
            String msg = failure(file);
            assertTrue(msg.startsWith(file + ":"), msg);
            assertFalse(msg.contains("root:") || msg.contains("daemon"), msg);
        }
    }

    @Test
    void environmentAsASceneIsRefusedWithoutQuotingIt() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/environ")), "no /proc/self/environ on this system");
        String env = HostileFiles.environmentValue();
        for (String name : List.of("e.nff", "e.cfg", "e.json", "e.obj")) {
            Path link = dir.resolve(name);
            Files.createSymbolicLink(link, Path.of("/proc/self/environ"));
            try {
                ImportResult r = SceneLoader.load(link);
                for (String w : r.warnings()) if (env != null) assertFalse(w.contains(env), w);
                assertClean(r.warnings());
            } catch (SceneFormatException e) {
                assertClean(e.getMessage());
                if (env != null) assertFalse(e.getMessage().contains(env), e.getMessage());
            }
        }
    }

    @Test
    void fifosAndDevicesAreRefusedNotRead() throws Exception {
        Path fifo = dir.resolve("pipe.obj");
        assumeTrue(HostileFiles.fifo(fifo), "mkfifo is not available");
        assertTrue(failure(fifo).endsWith("pipe.obj: is a device, FIFO or socket, not a regular file"));
        for (String name : List.of("zero.obj", "zero.nff", "zero.cfg", "zero.json")) {
            Path link = dir.resolve(name);
            Files.createSymbolicLink(link, Path.of("/dev/zero"));
            assertTrue(failure(link).contains("not a regular file"), name);
        }
        Files.createDirectories(dir.resolve("folder.obj"));
        assertTrue(failure(dir.resolve("folder.obj")).endsWith("is a folder, not a regular file"));
        assertTrue(failure(dir.resolve("missing.obj")).endsWith("missing.obj: file not found"));
    }

    @Test
    void fifoAsMaterialLibraryOrModelIsRefused() throws Exception {
        Files.createDirectories(dir.resolve("scene"));
        assumeTrue(HostileFiles.fifo(dir.resolve("scene/lib.mtl")), "mkfifo is not available");
        assumeTrue(HostileFiles.fifo(dir.resolve("scene/model.obj")), "mkfifo is not available");
        ImportResult r = SceneLoader.load(write("scene/m.obj", "mtllib lib.mtl\n" + TRIANGLE));
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("not a regular file")), r.warnings().toString());
        String cfg = failure(write("scene/s.cfg", "OBJ=model.obj\n"));
        assertTrue(cfg.contains("is a device, FIFO or socket, not a regular file"), cfg);
    }

    @Test
    void textureThatIsAFifoOrMissingIsNotOpened() throws Exception {
        Path fifo = dir.resolve("tex.png");
        assumeTrue(HostileFiles.fifo(fifo), "mkfifo is not available");
        List<String> warnings = new ArrayList<>();
        TextureLoader loader = new TextureLoader(warnings::add);
        assertNull(loader.load(fifo.toString(), TextureImage.Encoding.COLOR)); // would block forever if opened
        assertNull(loader.load(fifo.toString(), TextureImage.Encoding.HEIGHT));
        assertNull(loader.load(dir.resolve("missing.png").toString(), TextureImage.Encoding.COLOR));
        assertNull(loader.load(dir.resolve("missing.png").toString(), TextureImage.Encoding.HEIGHT));
        assertEquals(List.of(fifo + ": cannot read texture (is a device, FIFO or socket, not a regular file); the material renders without it",
                dir.resolve("missing.png") + ": texture not found; the material renders without it"), warnings,
                "one warning per path, whatever it is used as");
    }

    @Test
    void textureOutsideTheSceneFolderIsRefused() throws Exception {
        Path secret = HostileFiles.secretBeside(dir);
        Files.createDirectories(dir.resolve("scene"));
        Files.createSymbolicLink(dir.resolve("scene/linked.png"), secret);
        write("scene/lib.mtl", "newmtl red\nmap_Kd " + secret + "\nnewmtl blue\nmap_Kd ../x.png\nnewmtl green\nmap_Kd linked.png\n"
                + "newmtl ok\nmap_Kd sub/ok.png\n");
        ImportResult r = SceneLoader.load(write("scene/m.obj", "mtllib lib.mtl\n" + TRIANGLE));
        assertClean(r.warnings());
        assertEquals(3, r.warnings().stream().filter(w -> w.contains("is outside the scene's folder")).count(), r.warnings().toString());
        for (Material m : r.scene().materials()) {
            if (!m.name().equals("ok")) assertNull(m.diffuseTexture(), m.name());
        }
        assertTrue(r.scene().materials().stream().anyMatch(m -> m.name().equals("ok")
                && m.diffuseTexture().equals(dir.resolve("scene/sub/ok.png").toAbsolutePath().normalize().toString())));
    }

    @Test
    void endlessLinesEndInOneMessage() throws Exception {
        char[] endless = new char[3 << 20];
        java.util.Arrays.fill(endless, '7');
        for (String name : List.of("long.obj", "long.nff", "long.cfg")) {
            Path p = dir.resolve(name);
            Files.writeString(p, "v 0 0 0 " + new String(endless));
            String msg = failure(p);
            assertTrue(msg.startsWith(p + ":1: line is longer than"), msg);
        }
        // continuation lines joined into one endless statement
        Path joined = dir.resolve("joined.obj");
        Files.writeString(joined, "f 1 \\\n".repeat(400_000));
        assertTrue(failure(joined).startsWith(joined + ":1: line is longer than"));
        write("scene/lib.mtl", "newmtl a\nKd " + new String(endless) + "\n");
        ImportResult r = SceneLoader.load(write("scene/m.obj", "mtllib lib.mtl\n" + TRIANGLE));
        assertTrue(r.warnings().get(0).contains("lib.mtl:2: line is longer than"), r.warnings().toString());
    }

    @Test
    void repeatedWarningsAreSummarised() throws Exception {
        StringBuilder obj = new StringBuilder();
        for (int i = 0; i < 100_000; i++) obj.append("mtllib missing").append(i).append(".mtl\n");
        ImportResult r = SceneLoader.load(write("many.obj", obj + TRIANGLE));
        assertTrue(r.warnings().size() <= 10, r.warnings().size() + " warnings");
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("and 99995 more warnings like the above")), r.warnings().toString());
    }

    @Test
    void utf16NffWithByteOrderMarkIsRead() throws Exception {
        String text = "b 0.1 0.2 0.3\nf 1 0 0 1 0 0 0 1\ns 0 0 0 1\n";
        Path be = dir.resolve("be.nff"), le = dir.resolve("le.nff");
        Files.write(be, concat(new byte[]{(byte) 0xFE, (byte) 0xFF}, text.getBytes(StandardCharsets.UTF_16BE)));
        Files.write(le, concat(new byte[]{(byte) 0xFF, (byte) 0xFE}, text.getBytes(StandardCharsets.UTF_16LE)));
        assertEquals(1, SceneLoader.load(be).scene().root().children().size());
        assertEquals(1, SceneLoader.load(le).scene().root().children().size());
    }

    // ---- issue 37: the second round ----

    /** A small PNG, to stand for a private picture outside the scene's folder. */
    private static byte[] png() throws Exception {
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(2, 2, java.awt.image.BufferedImage.TYPE_INT_RGB);
        img.setRGB(1, 1, 0xff0000);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(img, "png", out);
        return out.toByteArray();
    }

    /**
     * An NFF whose fills name textures the way an attacker would: absolute, climbing out, a device,
     * a link inside the folder to a picture outside; and one good relative name, which must be found
     * beside the NFF, not in the working folder.
     */
    private Path nffWithHostileTextures() throws Exception {
        Path outside = Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-private")).resolve("private.png");
        Files.write(outside, png());
        Files.createDirectories(dir.resolve("scene/sub"));
        Files.write(dir.resolve("private.png"), png());
        Files.write(dir.resolve("scene/sub/ok.png"), png());
        Files.createSymbolicLink(dir.resolve("scene/linked.png"), outside);
        return write("scene/x.nff", "l 0 10 10\n"
                + "f 1 0 0 1 0 0 0 1 " + outside + "\ns 0 0 0 1\n"
                + "f 0 1 0 1 0 0 0 1 ../private.png\ns 2 0 0 1\n"
                + "f 0 0 1 1 0 0 0 1 /dev/stdin\ns 4 0 0 1\n"
                + "f 1 1 0 1 0 0 0 1 linked.png\ns 6 0 0 1\n"
                + "f 1 0 1 1 0 0 0 1 sub/ok.png\ns 8 0 0 1\n");
    }

    /** The textures the materials hold: only the good one, resolved in the NFF's folder. */
    private void onlyTheTextureInsideRemains(ImportResult r) {
        fourAreRefused(r);
        List<String> textures = r.scene().materials().stream().map(Material::diffuseTexture).filter(t -> t != null).toList();
        assertEquals(List.of(dir.resolve("scene/sub/ok.png").toAbsolutePath().normalize().toString()), textures);
    }

    private static void fourAreRefused(ImportResult r) {
        assertClean(r.warnings());
        assertEquals(4, r.warnings().stream().filter(w -> w.contains("is outside the scene's folder")).count(), r.warnings().toString());
    }

    @Test
    void nffFillTexturesReachOnlyTheNffsFolder() throws Exception {
        onlyTheTextureInsideRemains(SceneLoader.load(nffWithHostileTextures()));
    }

    @Test
    void nffFillTexturesAreConfinedWhenACfgOrAProjectPlacesTheNff() throws Exception {
        nffWithHostileTextures();
        onlyTheTextureInsideRemains(SceneLoader.load(write("scene/s.cfg", "OBJ=x.nff\n")));
        String project = Files.readString(Path.of("scenes", "orbit.json"));
        assertTrue(project.contains("\"default.nff\""), "test bug: orbit.json names default.nff");
        // A project uses its own copies of a model's materials; the model's import still refuses the four.
        fourAreRefused(SceneLoader.load(write("scene/p.json", project.replace("\"default.nff\"", "\"x.nff\""))));
        // (The studio imports a model through SceneLoader as drt does: nffFillTexturesReachOnlyTheNffsFolder.)
    }

    /** Files that are no scene of any format, each holding the word ADVSECRET where a reader would quote it. */
    private static final List<String> NOT_SCENES = List.of(
            "YANZ5TF+LXXADVSECRET=\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n",       // a key file: base64 lines, the first ending in '='
            "correct horse ADVSECRET staple=\n",                               // a passphrase file
            "DB_USER_ADVSECRET=admin\nAPI_TOKEN_ADVSECRET=abc123\n",           // a .env file: unknown keys
            "CAMERA=ADVSECRET\nLIGHT=ADVSECRET\n",                              // known keys, values that are secrets
            "export PATH=/bin\nv ADVSECRET 1 2\n",                              // the OBJ case
            "s ADVSECRET 1 2 3\n",                                             // an NFF keyword, then a secret
            "p ADVSECRET\n",
            "newmtl ADVSECRET\nKd ADVSECRET 1 1\n",
            "{ \"token\": ADVSECRET }\n",                                       // JSON that is no project
            "{ \"format\": \"ADVSECRET\" }\n",
            "size ADVSECRET 1 1\n");

    @Test
    void linksToFilesThatAreNoScenesQuoteNothingOfThemInAnyReader() throws Exception {
        Path outside = Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-private"));
        List<String> quoted = new ArrayList<>();
        int n = 0;
        for (String text : NOT_SCENES) {
            Path secret = outside.resolve("secret" + n++);
            Files.writeString(secret, text);
            for (String ext : List.of("obj", "nff", "cfg", "json", "vxt", "vox")) {
                Path link = dir.resolve("s" + n + "." + ext);
                Files.createSymbolicLink(link, secret);
                List<String> said = new ArrayList<>();
                try {
                    ImportResult r = SceneLoader.load(link);
                    said.addAll(r.warnings());
                } catch (SceneFormatException e) {
                    said.add(e.getMessage());
                }
                for (String s : said) {
                    assertClean(s);
                    String lower = s.toLowerCase(java.util.Locale.ROOT);
                    if (lower.contains("advsecret") || s.contains("admin") || s.contains("abc123") || lower.contains("horse")) {
                        quoted.add(ext + " quoted the file: " + s);
                    }
                }
            }
        }
        assertEquals(List.of(), quoted);
    }

    @Test
    void anObjLinkedToAMaterialLibraryThatIsNoLibraryQuotesNothing() throws Exception {
        Path outside = Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-private"));
        int n = 0;
        for (String text : NOT_SCENES) {
            Path secret = Files.writeString(outside.resolve("lib" + n), text);
            Files.createDirectories(dir.resolve("scene" + n));
            Files.copy(secret, dir.resolve("scene" + n + "/lib.mtl"));
            ImportResult r = SceneLoader.load(write("scene" + n + "/m.obj", "mtllib lib.mtl\n" + TRIANGLE));
            n++;
            for (String w : r.warnings()) {
                assertClean(w);
                assertFalse(w.toLowerCase(java.util.Locale.ROOT).contains("advsecret"), w);
            }
        }
    }

    @Test
    void aMaterialLibraryIsReadOnceWhateverNameReachesIt() throws Exception {
        // issue 37, item 7: 1,000 mtllib lines reaching one 2 MB library took 100 s and 2.5 GB.
        // This library warns each time it is read (a statement before its first newmtl): one warning is one read.
        write("scene/lib.mtl", "Kd 1 1 1\nnewmtl red\nKd 1 0 0\n");
        StringBuilder obj = new StringBuilder("mtllib lib.mtl\nmtllib ./lib.mtl\nmtllib LIB.mtl\nmtllib sub/../lib.mtl\n");
        Files.createDirectories(dir.resolve("scene/sub"));
        for (int i = 0; i < 200; i++) {
            Files.createSymbolicLink(dir.resolve("scene/l" + i + ".mtl"), Path.of("lib.mtl"));
            Files.createLink(dir.resolve("scene/h" + i + ".mtl"), dir.resolve("scene/lib.mtl"));
            obj.append("mtllib l").append(i).append(".mtl\nmtllib h").append(i).append(".mtl\n");
        }
        ImportResult r = SceneLoader.load(write("scene/m.obj", obj + TRIANGLE));
        assertEquals(1, r.warnings().stream().filter(w -> w.contains("before the first 'newmtl' ignored")).count(), r.warnings().toString());
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("more warnings like the above (mtl statement)")), r.warnings().toString());
        assertTrue(r.scene().materials().stream().anyMatch(m -> m.name().equals("red")));
    }

    @Test
    void theLibrariesOfOneModelShareABudget() throws Exception {
        // 18 different libraries of 1 MiB each (mostly comments, cheap to parse): 16 MiB together are read, the rest refused
        Files.createDirectories(dir.resolve("scene"));
        String filler = ("# " + "x".repeat(1021) + "\n").repeat(1024);
        StringBuilder obj = new StringBuilder();
        for (int i = 0; i < 18; i++) {
            Files.writeString(dir.resolve("scene/lib" + i + ".mtl"), "newmtl m" + i + "\nKd 1 0 0\n" + filler);
            obj.append("mtllib lib").append(i).append(".mtl\n");
        }
        ImportResult r = SceneLoader.load(write("scene/m.obj", obj + TRIANGLE));
        assertClean(r.warnings());
        long refused = r.warnings().stream().filter(w -> w.contains("may hold 16 MiB together")).count();
        assertTrue(refused >= 2 && refused <= 3, r.warnings().toString());
        assertEquals(18 - refused, r.scene().materials().size() - 1, "the libraries within the budget were read");
    }

    @Test
    void namesWithControlBytesAreSanitisedInEveryMessageAndWarning() throws Exception {
        // The scene's own name may hold any byte; inside OBJ, MTL and NFF lines control bytes separate words,
        // so only a project's JSON strings can name a texture with them.
        String evil = "e\u001b[2Jv\nil\u0007";
        Path broken = write(evil + ".nff", "s 0 0 0 -1\n");
        assertTrue(failure(broken).contains("e?[2Jv?il?.nff:1:"), "the name shown sanitised");
        ImportResult r = SceneLoader.load(write("scene/" + evil + ".obj", "mtllib gone.mtl\n" + TRIANGLE));
        assertClean(r.warnings());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("e?[2Jv?il?.obj:1: material library 'gone.mtl'")), r.warnings().toString());
        Files.copy(Path.of("scenes", "default.nff"), dir.resolve("scene/default.nff"));
        String project = Files.readString(Path.of("scenes", "orbit.json")).replace("\"name\": \"nff_0\",",
                "\"name\": \"nff_0\", \"diffuseTexture\": \"t\\u001b[2J\\nx\\u0007.png\",");
        ImportResult json = SceneLoader.load(write("scene/" + evil + ".json", project));
        assertClean(json.warnings());
        List<String> textureWarnings = new ArrayList<>();
        TextureLoader loader = new TextureLoader(textureWarnings::add, 1 << 20);
        for (Material m : json.scene().materials()) loader.load(m.diffuseTexture(), TextureImage.Encoding.COLOR);
        assertEquals(1, textureWarnings.size(), textureWarnings.toString());
        assertClean(textureWarnings);
        assertTrue(textureWarnings.get(0).contains("t?[2J?x?.png: texture not found"), textureWarnings.get(0));
    }

    @Test
    void texturesWhoseHeadersLieAreRefusedInEveryFormatThatNamesOne() throws Exception {
        Files.createDirectories(dir.resolve("scene"));
        org.drtstudio.io.image.PngBombs.header(dir.resolve("scene/huge.png"), Integer.MAX_VALUE, 3);
        org.drtstudio.io.image.PngBombs.progressiveJpeg(dir.resolve("scene/bomb.jpg"), 16, 8192, 8192);
        write("scene/lib.mtl", "newmtl red\nmap_Kd huge.png\nbump bomb.jpg\n");
        ImportResult obj = SceneLoader.load(write("scene/m.obj", "mtllib lib.mtl\n" + TRIANGLE));
        ImportResult nff = SceneLoader.load(write("scene/x.nff", "f 1 0 0 1 0 0 0 1 bomb.jpg\ns 0 0 0 1\nf 0 1 0 1 0 0 0 1 huge.png\ns 2 0 0 1\n"));
        String project = Files.readString(Path.of("scenes", "orbit.json")).replace("\"name\": \"nff_0\",",
                "\"name\": \"nff_0\", \"diffuseTexture\": \"huge.png\", \"bumpTexture\": \"bomb.jpg\",");
        Files.copy(Path.of("scenes", "default.nff"), dir.resolve("scene/default.nff"));
        ImportResult json = SceneLoader.load(write("scene/p.json", project));
        for (ImportResult r : List.of(obj, nff, json)) {
            List<String> warnings = new ArrayList<>();
            TextureLoader loader = new TextureLoader(warnings::add, 1 << 20); // 28 MiB: the decoder's 384 MiB is far over it
            int named = 0;
            for (Material m : r.scene().materials()) {
                for (String t : new String[]{m.diffuseTexture(), m.bumpTexture()}) {
                    if (t == null) continue;
                    named++;
                    assertNull(loader.load(t, TextureImage.Encoding.COLOR), t);
                }
            }
            assertEquals(2, named, "both pictures are named: " + r.scene().materials());
            assertClean(warnings);
            assertTrue(warnings.stream().anyMatch(w -> w.contains("2147483647x3")), warnings.toString());
            assertTrue(warnings.stream().anyMatch(w -> w.contains("progressive JPEG of 8192x8192")), warnings.toString());
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
