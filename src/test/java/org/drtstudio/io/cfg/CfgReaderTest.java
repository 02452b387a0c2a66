package org.drtstudio.io.cfg;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The cfg scene format, with NFF files standing in for the OBJ models (the loader is a parameter,
 * so the cfg reader is tested without the OBJ importer).
 */
class CfgReaderTest {
    @TempDir
    Path dir;

    /** Paths the loader was asked for, in order. */
    private final List<Path> loaded = new ArrayList<>();
    private final ModelLoader loader = model -> {
        loaded.add(model.file());
        return NffReader.read(model.file());
    };

    @BeforeEach
    void writeModels() throws IOException {
        Files.createDirectories(dir.resolve("models"));
        // Two materials: red for the triangle, green for the sphere.
        Files.writeString(dir.resolve("models/a.nff"),
                "f 1 0 0 1 0 0 0 1\np 3\n0 0 0\n1 0 0\n0 1 0\nf 0 1 0 1 0 0 0 1\ns 5 0 0 1\n");
        // One blue material for one triangle.
        Files.writeString(dir.resolve("models/b.nff"), "f 0 0 1 1 0 0 0 1\np 3\n0 0 1\n1 0 1\n0 1 1\n");
    }

    private ImportResult read(String cfgText) throws Exception {
        Path cfg = dir.resolve("scene.cfg");
        Files.writeString(cfg, cfgText);
        return CfgReader.read(cfg, loader);
    }

    private static void assertVec(double x, double y, double z, Vec3 v) {
        assertEquals(x, v.x(), 1e-6);
        assertEquals(y, v.y(), 1e-6);
        assertEquals(z, v.z(), 1e-6);
    }

    private static <T extends SceneNode> T child(TransformNode node, Class<T> type) {
        for (SceneNode n : node.children()) if (type.isInstance(n)) return type.cast(n);
        throw new AssertionError("no " + type.getSimpleName() + " under " + node.name());
    }

    @Test
    void fullSceneWithCommentsAndSpacing() throws Exception {
        ImportResult r = read("""
                # a scene in the report's format
                // another comment style

                OBJ = models/a.nff
                OBJ=models/b.nff\r
                LIGHT=1/2/3//0.5/0.5/1
                  LIGHT = 4 / 5 / 6 // 1 / 1 / 1
                AMBIENT_LIGHT=0.2/0.3/0.4
                CAMERA=0/0/10//0/0/-1
                CAMERA_RESOLUTION=320x240
                CAMERA_VIEWING_ANGLE=30
                CAMERA_SUPERSAMPLING=4""");
        Scene s = r.scene();
        // The models' own warnings (NFF without view or lights) are passed on; the cfg itself is clean.
        assertTrue(r.warnings().stream().noneMatch(w -> w.startsWith(dir.resolve("scene.cfg").toString())), r.warnings().toString());
        assertEquals("scene.cfg", s.name());

        // Materials: a's two, then b's one; b's triangle now points at index 2.
        assertEquals(3, s.materials().size());
        assertVec(1, 0, 0, s.materials().get(0).diffuse());
        assertVec(0, 1, 0, s.materials().get(1).diffuse());
        assertVec(0, 0, 1, s.materials().get(2).diffuse());
        assertEquals(2, s.root().children().size());
        TransformNode a = (TransformNode) s.root().children().get(0);
        TransformNode b = (TransformNode) s.root().children().get(1);
        assertArrayEquals(new int[]{0}, child(a, MeshNode.class).mesh().triangleMaterials());
        assertEquals(1, child(a, SphereNode.class).spheres().get(0).material());
        assertArrayEquals(new int[]{2}, child(b, MeshNode.class).mesh().triangleMaterials());
        assertEquals(List.of(dir.resolve("models/a.nff").toAbsolutePath().normalize(),
                dir.resolve("models/b.nff").toAbsolutePath().normalize()), loaded);

        List<Light> lights = s.lights();
        assertEquals(2, lights.size());
        assertVec(1, 2, 3, lights.get(0).position());
        assertVec(0.5, 0.5, 1, lights.get(0).color());
        assertVec(4, 5, 6, lights.get(1).position());
        assertEquals(1f, lights.get(0).intensity());
        assertEquals(0f, lights.get(0).radius());
        assertVec(0.2, 0.3, 0.4, s.settings().ambientLight());

        Camera c = s.camera();
        assertVec(0, 0, 10, c.eye());
        assertVec(0, 0, 9, c.look());
        assertVec(0, 1, 0, c.up());
        assertEquals(30f, c.fovY());
        assertEquals(320, s.settings().width());
        assertEquals(240, s.settings().height());
        assertEquals(4, s.settings().samplesPerPixel());
    }

    @ParameterizedTest
    @ValueSource(strings = {"640x480", "640X480", "640/480", "640 480", " 640 x 480 "})
    void resolutionForms(String value) throws Exception {
        Scene s = read("OBJ=models/b.nff\nCAMERA_RESOLUTION=" + value + "\n").scene();
        assertEquals(640, s.settings().width());
        assertEquals(480, s.settings().height());
    }

    @Test
    void lowerCaseKeysSingleNumberAmbientAndLightWithoutColour() throws Exception {
        Scene s = read("obj=models/b.nff\nambient_light=0.25\nlight=1/1/1\n").scene();
        assertVec(0.25, 0.25, 0.25, s.settings().ambientLight());
        assertEquals(Vec3.ONE, s.lights().get(0).color());
    }

    @Test
    void cameraLookingAlongYGetsZUp() throws Exception {
        Camera c = read("OBJ=models/b.nff\nCAMERA=0/5/0//0/-2/0\n").scene().camera();
        assertVec(0, 3, 0, c.look());
        assertVec(0, 0, 1, c.up());
    }

    @Test
    void unknownKeysAndRepeatsAreWarnings() throws Exception {
        ImportResult r = read("OBJ=models/b.nff\nSHADOWS=on\nCAMERA=0/0/5//0/0/-1\nCAMERA=0/0/7//0/0/-1\n");
        assertTrue(r.warnings().contains(dir.resolve("scene.cfg") + ":2: unknown key 'SHADOWS'; line ignored"), r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("scene.cfg:4: CAMERA given again")));
        assertVec(0, 0, 7, r.scene().camera().eye());
    }

    @Test
    void defaultsWhenCameraAndLightsAreMissing() throws Exception {
        ImportResult r = read("OBJ=models/a.nff\n");
        Scene s = r.scene();
        Camera c = s.camera();
        // Framed: looking at the centre of the bounds (x from 0 to 6 with the sphere).
        assertVec(3, 0, 0, c.look());
        assertEquals(45f, c.fovY());
        assertEquals(1, s.lights().size());
        assertEquals(c.eye(), s.lights().get(0).position());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no CAMERA")));
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no LIGHT")));
        assertEquals(640, s.settings().width());
        assertEquals(1, s.settings().samplesPerPixel());
    }

    @Test
    void modelLightsAndCamerasAreNotUsed() throws Exception {
        Files.writeString(dir.resolve("models/lit.nff"), "v\nfrom 9 9 9\nat 0 0 0\nup 0 0 1\nangle 10\nl 9 9 9\ns 0 0 0 1\n");
        Scene s = read("OBJ=models/lit.nff\nLIGHT=1/1/1\n").scene();
        assertEquals(1, s.lights().size());
        assertVec(1, 1, 1, s.lights().get(0).position());
        assertEquals(45f, s.camera().fovY());
    }

    @Test
    void emptyCfgGivesAnEmptySceneWithWarnings() throws Exception {
        ImportResult r = read("# nothing\n");
        assertEquals(List.of(Material.DEFAULT), r.scene().materials());
        assertTrue(r.scene().root().children().isEmpty());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("no OBJ")));
    }

    @Test
    void sameModelTwiceIsLoadedOnceAndPlacedTwice() throws Exception {
        Scene s = read("OBJ=models/a.nff\nOBJ=models/../models/a.nff\n").scene();
        assertEquals(1, loaded.size());
        assertEquals(2, s.materials().size());
        assertEquals(2, s.root().children().size());
        assertSame(s.root().children().get(0), s.root().children().get(1));
    }

    @Test
    void modelWarningsArePassedOn() throws Exception {
        Files.writeString(dir.resolve("models/odd.nff"), "tess 4\ns 0 0 0 1\n");
        ImportResult r = read("OBJ=models/odd.nff\nLIGHT=1/1/1\nCAMERA=0/0/5//0/0/-1\n");
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("odd.nff:1: 'tess'")), r.warnings().toString());
    }

    @Test
    void pathsWithSpacesQuotesAndSubfolders() throws Exception {
        Files.createDirectories(dir.resolve("my models"));
        Files.copy(dir.resolve("models/b.nff"), dir.resolve("my models/b c.nff"));
        Files.writeString(dir.resolve("s.cfg"), "OBJ=my models/b c.nff\nOBJ=\"models/../models/a.nff\"\n");
        Scene s = CfgReader.read(dir.resolve("s.cfg"), loader).scene();
        assertEquals(2, s.root().children().size());
        assertEquals(dir.resolve("my models/b c.nff").toAbsolutePath().normalize(), loaded.get(0));
    }

    @Test
    void modelsOutsideTheCfgFolderAreRefusedUnlessAllowed() throws Exception {
        Files.createDirectories(dir.resolve("cfgs"));
        Path cfg = dir.resolve("cfgs/s.cfg");
        Files.writeString(cfg, "LIGHT=1/1/1\nOBJ=../models/a.nff\n");
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> CfgReader.read(cfg, loader));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("'../models/a.nff' is outside the scene's folder"), e.getMessage());
        Files.writeString(cfg, "OBJ=" + dir.resolve("models/a.nff").toAbsolutePath() + "\n");
        assertThrows(SceneFormatException.class, () -> CfgReader.read(cfg, loader), "an absolute path outside");
        assertTrue(loaded.isEmpty(), "nothing outside was read: " + loaded);
        System.setProperty(SceneFolder.ALLOW_PROPERTY, "true");
        try {
            assertEquals(1, CfgReader.read(cfg, loader).scene().root().children().size());
        } finally {
            System.clearProperty(SceneFolder.ALLOW_PROPERTY);
        }
    }

    @Test
    void aLinkInsideTheFolderToAModelOutsideIsRefused() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.copy(dir.resolve("models/a.nff"), outside.resolve("x.nff"));
        Path scene = Files.createDirectories(dir.resolve("scene"));
        Files.createSymbolicLink(scene.resolve("x.nff"), outside.resolve("x.nff"));
        Files.writeString(scene.resolve("s.cfg"), "OBJ=x.nff\n");
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> CfgReader.read(scene.resolve("s.cfg"), loader));
        assertTrue(e.getMessage().contains("outside the scene's folder"), e.getMessage());
        assertTrue(loaded.isEmpty());
    }

    @Test
    void textOfAFileThatIsNotACfgIsNeverQuoted() throws Exception {
        Files.writeString(dir.resolve("scene.cfg"), "root:x:0:0:root:/root:/bin/bash\nSECRET=hunter2\n");
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> CfgReader.read(dir.resolve("scene.cfg"), loader));
        assertFalse(e.getMessage().contains("root:x"), e.getMessage());
        assertTrue(e.getMessage().contains("does not look like a .cfg scene"), e.getMessage());
        // Once the file has shown itself to be a cfg scene, a bad line is quoted (short, sanitised).
        SceneFormatException later = assertThrows(SceneFormatException.class, () -> read("LIGHT=1/1/1\nbad \u001b[31m line\n"));
        assertTrue(later.getMessage().endsWith("expected KEY=value, got 'bad ?[31m line'"), later.getMessage());
    }

    @Test
    void readerOverloadResolvesAgainstTheNamedFile() throws Exception {
        Scene s = CfgReader.read(dir.resolve("virtual.cfg"), new StringReader("OBJ=models/b.nff\n"), loader).scene();
        assertEquals(1, s.root().children().size());
    }

    @Test
    void missingModelNamesCfgLineAndPath() throws Exception {
        SceneFormatException e = assertThrows(SceneFormatException.class,
                () -> read("OBJ=models/a.nff\nOBJ=models/missing.obj\n"));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith(dir.resolve("scene.cfg") + ":2: model file not found: 'models/missing.obj'"), e.getMessage());
        assertTrue(e.getMessage().contains(dir.resolve("models/missing.obj").toAbsolutePath().normalize().toString()));
    }

    @Test
    void modelErrorsNameTheModelFile() throws Exception {
        Files.writeString(dir.resolve("models/bad.nff"), "s 0 0 0 1\ns 0 0 0 -2\n");
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> read("OBJ=models/bad.nff\n"));
        assertTrue(e.getMessage().contains("bad.nff:2: sphere radius must be > 0"), e.getMessage());
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                arguments("LIGHT=1/2", "LIGHT must be x/y/z//r/g/b, got '1/2'"),
                arguments("LIGHT=1/2/3//1/1", "LIGHT must be x/y/z//r/g/b"),
                arguments("LIGHT=1/2/3//1/1/1//1/1/1", "LIGHT must be"),
                arguments("LIGHT=a/b/c", "LIGHT value must be a number, got 'a'"),
                arguments("LIGHT=NaN/0/0", "LIGHT value must be a number, got 'NaN'"),
                arguments("LIGHT=1e40/0/0", "finite"),
                arguments("LIGHT=1/2/3//-1/0/0", "LIGHT colour must not be negative"),
                arguments("LIGHT=1//2/3", "LIGHT must be"),
                arguments("AMBIENT_LIGHT=1/2", "AMBIENT_LIGHT must be r/g/b (or one number), got '1/2'"),
                arguments("AMBIENT_LIGHT=bright", "AMBIENT_LIGHT must be a number, got 'bright'"),
                arguments("CAMERA=1/2/3", "CAMERA must be px/py/pz//dx/dy/dz, got '1/2/3'"),
                arguments("CAMERA=0/0/0//0/0/0", "CAMERA view direction must not be zero"),
                arguments("CAMERA_RESOLUTION=abc", "CAMERA_RESOLUTION must be WIDTHxHEIGHT (e.g. 640x480), got 'abc'"),
                arguments("CAMERA_RESOLUTION=0x480", "CAMERA_RESOLUTION width must be between 1 and 16384, got '0'"),
                arguments("CAMERA_RESOLUTION=640x480x2", "CAMERA_RESOLUTION must be WIDTHxHEIGHT"),
                arguments("CAMERA_RESOLUTION=640xabc", "CAMERA_RESOLUTION height must be a whole number, got 'abc'"),
                arguments("CAMERA_VIEWING_ANGLE=200", "CAMERA_VIEWING_ANGLE must be between 0 and 180 degrees, got '200'"),
                arguments("CAMERA_VIEWING_ANGLE=wide", "CAMERA_VIEWING_ANGLE must be a number, got 'wide'"),
                arguments("CAMERA_SUPERSAMPLING=0", "CAMERA_SUPERSAMPLING must be between 1 and 65536, got '0'"),
                arguments("CAMERA_SUPERSAMPLING=2.5", "CAMERA_SUPERSAMPLING must be a whole number, got '2.5'"),
                arguments("OBJ=", "OBJ has no value"),
                arguments("=5", "missing key before '='"),
                arguments("OBJ=models/\u0000x.obj", "OBJ path"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedValuesNameLineAndValue(String line, String problem) throws Exception {
        // After a whole setting, the file has shown itself a cfg and its values may be quoted (issue 37).
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> read("# header\nCAMERA_VIEWING_ANGLE=45\n" + line + "\n"));
        assertEquals(3, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith(dir.resolve("scene.cfg") + ":3: "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void beforeTheFirstSettingNothingOfTheFileIsQuoted() throws Exception {
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> read("# header\njust some words\n"));
        assertEquals(2, e.line(), e.getMessage());
        assertTrue(e.getMessage().endsWith(":2: expected KEY=value; this does not look like a .cfg scene"), e.getMessage());
        for (String first : List.of("CAMERA=1/2/3", "LIGHT=a/b/c", "CAMERA_RESOLUTION=640xabc", "OBJ=models/missing.obj")) {
            e = assertThrows(SceneFormatException.class, () -> read("# header\n" + first + "\n"), first);
            assertEquals(2, e.line(), e.getMessage());
            String value = first.substring(first.indexOf('=') + 1);
            assertFalse(e.getMessage().contains(value), "the value was quoted before the file read as a cfg: " + e.getMessage());
        }
    }

    @Test
    void garbageLoadsOrFailsCleanly() throws Exception {
        Random random = new Random(11);
        String[] pieces = {"OBJ", "LIGHT", "CAMERA", "CAMERA_RESOLUTION", "AMBIENT_LIGHT", "CAMERA_VIEWING_ANGLE",
                "CAMERA_SUPERSAMPLING", "=", "/", "//", "1", "-2.5", "x", "models/b.nff", "#", " ", "NaN", "0", "640x480"};
        for (int i = 0; i < 150; i++) {
            StringBuilder sb = new StringBuilder();
            if (i < 20) {
                byte[] bytes = new byte[random.nextInt(3000)];
                random.nextBytes(bytes);
                sb.append(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1));
            } else {
                int lines = 1 + random.nextInt(12);
                for (int l = 0; l < lines; l++) {
                    int n = random.nextInt(8);
                    for (int k = 0; k < n; k++) sb.append(pieces[random.nextInt(pieces.length)]);
                    sb.append('\n');
                }
            }
            Path cfg = dir.resolve("garbage" + i + ".cfg");
            Files.writeString(cfg, sb.toString(), java.nio.charset.StandardCharsets.ISO_8859_1);
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                try {
                    CfgReader.read(cfg, loader);
                } catch (SceneFormatException e) {
                    assertTrue(e.getMessage().startsWith(cfg + ":"), e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), e.getMessage());
                }
            });
        }
    }
}
