package org.drtstudio.io.vxt;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.io.support.TextDecoding;
import org.drtstudio.io.vox.VoxMaterials;
import org.drtstudio.io.vox.VoxelScenes;
import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;
import static org.drtstudio.testing.ByteEdits.splice;
import static org.drtstudio.testing.TestScenes.meshes;

class VxtReaderTest {
    @TempDir
    Path dir;

    static final String EXAMPLE = """
            # a comment
            vxt 1
            size 5 2 3            # x y z cells, y up
            origin 1 2 3
            key # 0.8 0.8 0.8     # '#' is a key here: only the words after it may begin a comment
            key r 0.9 0.1 0.1 glossy 0.3
            key m 1 1 1 mirror
            key g 0.5 0.75 1 glass 1.5
            key e 1 0.5 0.25 emissive 2
            key c 0.25 0.5 0.75 matte

            layer 1   # layers in any order
            #r.m#
            g...e
            c....
            layer 0
            #####

            #...#    # a row may end with a comment
            #####
            # a comment between layers
            """;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void aHandWrittenFileGivesItsCellsAndMaterialsExactly() throws Exception {
        VxtReader.VxtFile f = VxtReader.parse(write("example.vxt", EXAMPLE));
        assertEquals(List.of(), f.warnings());
        VoxelModel model = f.model();
        assertEquals("example", model.name());
        VoxelSpace s = model.space();
        assertEquals(List.of(5, 2, 3, 1, 2, 3), List.of(s.sizeX(), s.sizeY(), s.sizeZ(), s.originX(), s.originY(), s.originZ()));
        // [y][z] rows as written, x along each: palette entries are the keys in the order of their lines
        String[][] layers = {{"11111", "10001", "11111"}, {"12031", "40005", "60000"}};
        for (int y = 0; y < 2; y++)
            for (int z = 0; z < 3; z++)
                for (int x = 0; x < 5; x++)
                    assertEquals(layers[y][z].charAt(x) - '0', s.get(x, y, z), "cell " + x + ", " + y + ", " + z);
        List<Material> p = model.palette();
        assertEquals(VoxMaterials.matte("vxt #", new Vec3(0.8f, 0.8f, 0.8f)), p.get(1));
        assertEquals(VoxMaterials.metal("vxt r", new Vec3(0.9f, 0.1f, 0.1f), 1f, 0.3f), p.get(2));
        assertEquals(VoxMaterials.metal("vxt m", new Vec3(1, 1, 1), 1f, 0f), p.get(3));
        assertEquals(VoxMaterials.glass("vxt g", new Vec3(0.5f, 0.75f, 1f), 1f, 1.5f, 0f), p.get(4));
        assertEquals(VoxMaterials.emissive("vxt e", new Vec3(1f, 0.5f, 0.25f), 2f, 0f), p.get(5));
        assertEquals(VoxMaterials.matte("vxt c", new Vec3(0.25f, 0.5f, 0.75f)), p.get(6));
        // what the kinds mean for the renderer
        assertEquals(0.8f, p.get(1).diffuse().x());
        assertEquals(1f, p.get(2).reflectivity());
        assertEquals(0.3f, p.get(2).roughness());
        assertEquals(0f, p.get(3).roughness());
        assertEquals(1f, p.get(4).transparency());
        assertEquals(1.5f, p.get(4).ior());
        assertEquals(new Vec3(20f, 10f, 5f), p.get(5).ambient());
        for (int i = 7; i < VoxelModel.PALETTE_SIZE; i++) assertEquals(Material.DEFAULT, p.get(i), "unused entry " + i);
    }

    @Test
    void aVoxelFillsTheUnitCubeAtOriginPlusItsCellWithNoAxisSwap() throws Exception {
        // voxel (1, 2, 3) of a space at origin (2, −1, 7) fills (3, 1, 10) … (4, 2, 11)
        String text = "vxt 1\nsize 3 4 5\norigin 2 -1 7\nkey x 0.5 0.25 1\nlayer 2\n...\n...\n...\n.x.\n...\n";
        ImportResult r = SceneLoader.load(write("one.vxt", text));
        Aabb box = SceneFraming.bounds(r.scene().root());
        assertEquals(new Vec3(3, 1, 10), box.min());
        assertEquals(new Vec3(4, 2, 11), box.max());
        TriangleMesh mesh = meshes(r.scene().root()).get(0).mesh();
        assertEquals(12, mesh.triangleCount(), "a lone voxel shows all six faces");
        assertEquals(new Vec3(0.5f, 0.25f, 1f), r.scene().materials().get(mesh.triangleMaterials()[0]).diffuse());
        assertEquals("one.vxt", r.scene().name());
    }

    @Test
    void missingLayersAreEmptyAndAnEmptyModelIsAWarning() throws Exception {
        VxtReader.VxtFile f = VxtReader.parse(write("top.vxt", "vxt 1\nsize 2 3 1\nkey a 1 1 1\nlayer 2\na.\n"));
        assertEquals(1, f.model().space().solidCount());
        assertEquals(1, f.model().space().get(0, 2, 0));
        assertEquals(List.of(), f.warnings());
        VxtReader.VxtFile empty = VxtReader.parse(write("none.vxt", "vxt 1\nsize 2 2 2\n"));
        assertEquals(0, empty.model().space().solidCount());
        assertEquals(List.of("none.vxt: no solid voxel; the model is empty"), empty.warnings());
        assertDoesNotThrow(() -> SceneLoader.load(dir.resolve("none.vxt")));
    }

    @Test
    void lineEndsByteOrderMarksAndUnicodeKeys() throws Exception {
        String text = "\uFEFFvxt 1\r\nsize 2 1 1\rkey \u00e9 1 0 0\r\nkey \u03a9 0 1 0\nlayer 0\n\u03a9\u00e9";
        VxtReader.VxtFile f = VxtReader.parse(write("crlf.vxt", text));
        assertEquals(2, f.model().space().get(0, 0, 0));
        assertEquals(1, f.model().space().get(1, 0, 0));
    }

    @Test
    void theShippedRoomOpensWithItsWindowAndBlock() throws Exception {
        Path room = Path.of("scenes", "room.vxt");
        assertTrue(Files.size(room) < 4096, "a small sample");
        ImportResult r = SceneLoader.load(room);
        assertEquals(List.of(), r.warnings());
        VoxelModel m = VxtReader.parse(room).model();
        assertTrue(m.palette().stream().anyMatch(x -> x.transparency() == 1f), "glass panes");
        assertEquals(new Vec3(0.8f, 0.08f, 0.05f), m.palette().get(4).diffuse(), "the red block, the fourth key");
        assertTrue(m.space().solidCount() > 100);
        Aabb box = SceneFraming.bounds(r.scene().root());
        VoxelSpace s = m.space();
        assertEquals(new Vec3(s.originX(), s.originY(), s.originZ()), box.min());
    }

    // ---- hostile files ----

    /** Loads {@code text} as {@code name} and expects one line naming the file, {@code line} (0: none) and every part. */
    private String assertRefused(String name, byte[] bytes, int line, String... parts) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(p));
        String message = e.getMessage();
        assertFalse(message.contains("\n") || message.contains("\r"), message);
        assertTrue(message.startsWith(p + (line > 0 ? ":" + line + ": " : ": ")), message + " should name line " + line);
        assertEquals(line, e.line(), message);
        for (String part : parts) assertTrue(message.contains(part), message + " should name " + part);
        assertTrue(message.length() < 400, message);
        return message;
    }

    private String assertRefused(String text, int line, String... parts) throws Exception {
        return assertRefused("bad.vxt", text.getBytes(StandardCharsets.UTF_8), line, parts);
    }

    private static final String HEAD = "vxt 1\nsize 3 2 2\nkey a 1 1 1\n"; // lines 1–3

    @Test
    void notAVxtFileIsRefusedWithoutQuotingIt() throws Exception {
        assertRefused("empty.vxt", new byte[0], 0, "empty");
        assertRefused("\n\n  \n", 0, "only blank lines");
        assertRefused("# just\n# comments\n", 0, "only comments");
        String m = assertRefused("secret password hunter2\nvxt 1\n", 1, "does not begin with 'vxt 1'");
        assertFalse(m.contains("hunter2") || m.contains("secret"), m);
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
        m = assertRefused("image.vxt", png, 1, "does not begin with 'vxt 1'");
        assertFalse(m.contains("PNG"), m);
        assertRefused("vxt 1\nsize 1 1 1\0\0\0\n", 2, "control character U+0000", "text file");
        assertRefused("vxt 1\n\u001b[2J\n", 2, "control character U+001B");
        assertRefused("vxt 1\n" + "x".repeat(5000) + "\n", 2, "longer than 4096 characters");
        assertRefused("vxt 2\n", 1, "version '2'");
        assertRefused("vxt\n", 1, "'vxt 1'");
        assertRefused("vxt 1\nvxt 1\n", 2, "second header", "line 1");
        assertRefused("vxt 1\nkey a 1 1 1\n", 0, "no 'size'");
        assertRefused("vxt 1\nsize 1 1 1\ncolour a 1 1 1\n", 3, "unknown keyword 'colour'");
    }

    @Test
    void aFileAboveTheSizeLimitIsRefusedUnread() throws Exception {
        Path p = dir.resolve("huge.vxt");
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(VxtReader.MAX_FILE_BYTES + 1); // sparse: nothing is written
        }
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(p));
        assertTrue(e.getMessage().startsWith(p + ": is " + (VxtReader.MAX_FILE_BYTES + 1) + " bytes"), e.getMessage());
    }

    @Test
    void badSizesAndOriginsAreRefusedBeforeAnythingIsAllocated() throws Exception {
        assertRefused("vxt 1\nsize 3 2\n", 2, "'size' takes 3 whole numbers");
        assertRefused("vxt 1\nsize 3 2 2 9\n", 2, "'size' takes 3 whole numbers");
        assertRefused("vxt 1\nsize 0 2 2\n", 2, "size x must be between 1 and 2048, got '0'");
        assertRefused("vxt 1\nsize 1 3000 2\n", 2, "size y must be between 1 and 2048, got '3000'");
        assertRefused("vxt 1\nsize 1 1 99999999999999\n", 2, "size z must be a whole number");
        assertRefused("vxt 1\nsize 1 1 2.5\n", 2, "size z must be a whole number, got '2.5'");
        assertRefused("vxt 1\nsize 2048 2048 128\n", 2, "536870912 cells, above 268435456");
        assertRefused("vxt 1\nsize 1 1 1\nsize 1 1 1\n", 3, "second 'size'", "line 2");
        assertRefused("vxt 1\nsize 1 1 1\norigin 0 5000000 0\n", 3, "origin y must be between -4194304 and 4194304");
        assertRefused("vxt 1\nsize 1 1 1\norigin 0 0 0\norigin 0 0 0\n", 4, "second 'origin'", "line 3");
    }

    @Test
    void badKeysAreRefused() throws Exception {
        assertRefused("vxt 1\nsize 1 1 1\nkey ab 1 1 1\n", 3, "one character, got 'ab'");
        assertRefused("vxt 1\nsize 1 1 1\nkey . 1 1 1\n", 3, "'.' is the empty cell");
        assertRefused("vxt 1\nsize 1 1 1\nkey \u200b 1 1 1\n", 3, "U+200B", "cannot be a key");
        assertRefused("vxt 1\nsize 1 1 1\nkey \ud83d\ude00 1 1 1\n", 3, "a key is one character");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1\n\nkey a 0 0 0\n", 5, "key 'a' is given twice (first on line 3)");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1\n", 3, "'key' takes a character and its colour");
        assertRefused("vxt 1\nsize 1 1 1\nkey a\n", 3, "'key' takes a character and its colour");
        for (String bad : List.of("nan", "NaN", "inf", "Infinity", "1e39", "1.5", "-0.1", "0x1p0", "1f", "--1", "1e")) {
            assertRefused("vxt 1\nsize 1 1 1\nkey a 1 " + bad + " 1\n", 3, "green must be a number from 0 to 1, got '" + bad + "'");
        }
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1 shiny\n", 3, "unknown material kind 'shiny'");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1 glossy\n", 3, "'glossy' takes one number, its roughness (0…1)");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1 glossy 2\n", 3, "glossy roughness must be a number from 0 to 1, got '2'");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1 glass 0.5\n", 3, "glass index of refraction must be a number from 1 to 3");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1 emissive 1000\n", 3, "emissive strength must be a number from 0 to 100");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1 mirror 3\n", 3, "'mirror' takes no number");
        assertRefused("vxt 1\nsize 1 1 1\nkey a 1 1 1 glass 1.5 0\n", 3, "'glass' takes one number");
        StringBuilder many = new StringBuilder("vxt 1\nsize 1 1 1\n");
        for (int k = 0; k <= VxtReader.MAX_KEYS; k++) many.append("key ").append(keyAt(k)).append(" 1 1 1\n");
        assertRefused(many.toString(), 2 + 256, "more than 255 keys");
        String m = assertRefused("vxt 1\nsize 1 1 1\nkey " + "z".repeat(3000) + " 1 1 1\n", 3, "one character");
        assertTrue(m.length() < 200, "the quote is cut: " + m);
    }

    /** 256 distinct key characters: the writer's 255 and one more. */
    private static char keyAt(int k) {
        return k < VxtReader.MAX_KEYS ? VxtWriter.KEY_CHARACTERS.charAt(k) : '\u0180';
    }

    @Test
    void badLayersAndRowsAreRefused() throws Exception {
        assertRefused("vxt 1\nlayer 0\n", 2, "'layer' before 'size'");
        assertRefused(HEAD + "layer 2\n", 4, "layer must be between 0 and 1, got '2'");
        assertRefused(HEAD + "layer -1\n", 4, "layer must be between 0 and 1, got '-1'");
        assertRefused(HEAD + "layer top\n", 4, "layer must be a whole number, got 'top'");
        assertRefused(HEAD + "layer\n", 4, "'layer' takes one whole number");
        assertRefused(HEAD + "layer 0\naaa\naaa\nlayer 0\n", 7, "layer 0 is given twice (first on line 4)");
        assertRefused(HEAD + "layer 0\naaa\naa\n", 6, "layer 0, row z = 1: 2 characters, expected 3 (size x)");
        assertRefused(HEAD + "layer 0\naaaa\naaa\n", 5, "layer 0, row z = 0: 4 characters, expected 3");
        assertRefused(HEAD + "layer 0\naaa\naqa\n", 6, "layer 0, row z = 1, x = 1: 'q' is not a key");
        assertRefused(HEAD + "layer 0\naaa\na\u00a0a\n", 6, "x = 1", "U+00A0", "is not a key");
        assertRefused(HEAD + "layer 0\naaa\naaa x\n", 6, "'x' after the row");
        assertRefused(HEAD + "layer 0\naaa\naaa\na.a\n", 7, "layer 0 has all its 2 rows", "one too many");
        assertRefused(HEAD + "layer 0\naaa\nlayer 1\naaa\naaa\n", 6, "layer 0 (line 4) has 1 of its 2 rows");
        assertRefused(HEAD + "layer 1\naaa\n\n", 4, "layer 1 has 1 of its 2 rows (size z) when the file ends");
        assertRefused(HEAD + "layer 0\n# a comment\naaa\n", 5, "row z = 0: 1 character, expected 3", "no comment lines between them");
        assertRefused(HEAD + "layer 0\naaa\naaa\nkey b 1 1 1\n", 7, "'key' comes before the first 'layer' (line 4)");
        assertRefused(HEAD + "layer 0\naaa\naaa\nroof 1\n", 7, "expected 'layer', a comment or the end of the file", "'roof'");
        // '#' as a key: a '#' row after a complete layer is a row too many, not a comment
        assertRefused("vxt 1\nsize 3 1 1\nkey # 1 1 1\nlayer 0\n#.#\n#.#\n", 6, "one too many");
    }

    // ---- fuzz ----

    private static final String[] TOKENS = {"\0", "\u001b[2J", "\r", "\n", "\t", " ", ".", "#", "-", "nan", "inf", "1e39", "-0",
            "99999999999", "2048", "0", "\nlayer 0\n", "\nlayer 1\n", "\nkey z 1 1 1\n", "\nsize 64 64 64\n", "\norigin ",
            "glass", "mirror 1", "\u00e9", "\ud83d\ude00", "\u200b", "\uFFFD", "key # 0 0 0 emissive 100\n"};

    @Test
    void randomlyDamagedFilesGiveOneLineErrorsOrModelsNeverOtherExceptions() throws Exception {
        byte[] good = Files.readAllBytes(Path.of("scenes", "room.vxt"));
        SplittableRandom random = new SplittableRandom(17);
        int refused = 0, loaded = 0;
        for (int trial = 0; trial < 3000; trial++) {
            byte[] bad = good;
            int edits = 1 + random.nextInt(4);
            for (int e = 0; e < edits; e++) bad = edit(bad, random);
            try (var reader = TextDecoding.open(bad)) {
                VxtReader.VxtFile f = VxtReader.parse(Path.of("bad.vxt"), reader);
                VoxelScenes.of("bad.vxt", f.model());
                for (String w : f.warnings()) assertFalse(w.contains("\n"), w);
                loaded++;
            } catch (SceneFormatException e) {
                String m = e.getMessage();
                assertFalse(m.contains("\n") || m.contains("\r") || m.contains("Exception"), m);
                assertTrue(m.startsWith("bad.vxt"), m);
                assertTrue(m.length() < 400, m);
                refused++;
            }
        }
        assertTrue(refused > 500, "damage was noticed in " + refused + " of 3000 files");
        assertTrue(loaded > 100, "some damaged files still read: " + loaded);
    }

    private static byte[] edit(byte[] b, SplittableRandom random) {
        int n = b.length, at = n == 0 ? 0 : random.nextInt(n + 1);
        switch (random.nextInt(6)) {
            case 0 -> { // flip a byte
                if (n == 0) return b;
                byte[] c = b.clone();
                c[Math.min(at, n - 1)] = (byte) random.nextInt(256);
                return c;
            }
            case 1 -> { // change a digit or a cell character
                byte[] c = b.clone();
                for (int tries = 0; tries < 64 && n > 0; tries++) {
                    int k = random.nextInt(n);
                    if (c[k] >= '0' && c[k] <= '9') c[k] = (byte) ('0' + random.nextInt(10));
                    else if (c[k] == '.' || (c[k] >= 'a' && c[k] <= 'z')) c[k] = (byte) ".fwgryq#".charAt(random.nextInt(8));
                    else continue;
                    return c;
                }
                return c;
            }
            case 2 -> { // insert a token
                return splice(b, at, at, TOKENS[random.nextInt(TOKENS.length)].getBytes(StandardCharsets.UTF_8));
            }
            case 3 -> { // delete a range
                return splice(b, at, Math.min(n, at + random.nextInt(40)), new byte[0]);
            }
            case 4 -> { // truncate
                return java.util.Arrays.copyOf(b, at);
            }
            default -> { // repeat or drop a line
                String[] lines = new String(b, StandardCharsets.ISO_8859_1).split("\n", -1);
                List<String> out = new ArrayList<>(List.of(lines));
                int k = random.nextInt(out.size());
                if (random.nextBoolean()) out.add(k, out.get(k));
                else out.remove(k);
                return String.join("\n", out).getBytes(StandardCharsets.ISO_8859_1);
            }
        }
    }
}
