package org.drtstudio.io.cfg;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The report's own habits: trailing comments, {@code KEY=value} overrides from the command line,
 * {@code ARCH} / {@code CUDA_DEVICE}, and {@code ABSORPTION}.
 */
class CfgOverridesTest {
    @TempDir
    Path dir;
    private final ModelLoader loader = model -> NffReader.read(model.file());

    @BeforeEach
    void writeModel() throws IOException {
        // A glass triangle (transparency 0.9, ior 1.5) and an opaque sphere.
        Files.writeString(dir.resolve("debug.nff"),
                "f 1 1 1 0.1 0.1 1 0.9 1.5\np 3\n0 0 0\n1 0 0\n0 1 0\nf 0 1 0 1 0 0 0 1\ns 5 0 0 1\n");
    }

    private CfgScene read(String text, String... overrides) throws Exception {
        Path cfg = dir.resolve("setup.cfg");
        Files.writeString(cfg, text);
        return CfgReader.read(cfg, loader, List.of(overrides));
    }

    @Test
    void trailingCommentsAreIgnoredOnEveryKey() throws Exception {
        CfgScene r = read("""
                OBJ=./debug.nff // location of the model
                LIGHT=2/4/6//1/0.5/0.25 // position//colour
                CAMERA=0/0/5//0/0/-1 // eye//direction
                CAMERA_RESOLUTION=64x48 // width x height
                CAMERA_VIEWING_ANGLE=30 // degrees
                CAMERA_SUPERSAMPLING=2 // samples
                AMBIENT_LIGHT=0.2 // grey
                ARCH=CPU // or GPU
                CUDA_DEVICE=1 // second GPU
                """);
        Scene s = r.result().scene();
        assertTrue(r.result().warnings().stream().noneMatch(w -> w.contains("setup.cfg")), r.result().warnings().toString());
        assertEquals(new Vec3(1, 0.5f, 0.25f), s.lights().get(0).color());
        assertEquals(new Vec3(0, 0, 4), s.camera().look());
        assertEquals(64, s.settings().width());
        assertEquals(30f, s.camera().fovY());
        assertEquals(2, s.settings().samplesPerPixel());
        assertEquals(new CfgDevice(CfgDevice.Arch.CPU, 1), r.device());
    }

    @Test
    void overridesReplaceTheFilesValuesWithoutWarnings() throws Exception {
        CfgScene r = read("OBJ=debug.nff\nCAMERA_RESOLUTION=640x480\nCAMERA=0/0/5//0/0/-1\nARCH=GPU\n",
                "CAMERA_RESOLUTION=800x600", "camera = 1/2/3//0/0/-1", "ARCH=cpu", "LIGHT=0/9/0");
        Scene s = r.result().scene();
        assertEquals(800, s.settings().width());
        assertEquals(600, s.settings().height());
        assertEquals(new Vec3(1, 2, 3), s.camera().eye());
        assertEquals(CfgDevice.Arch.CPU, r.device().arch());
        assertEquals(1, s.lights().size(), "LIGHT on the command line adds to the file's (none here)");
        assertTrue(r.result().warnings().stream().noneMatch(w -> w.contains("repeated")), r.result().warnings().toString());
        // Without overrides the file's values stand.
        assertEquals(640, read("OBJ=debug.nff\nCAMERA_RESOLUTION=640x480\n").result().scene().settings().width());
        assertEquals(CfgDevice.UNSPECIFIED, read("OBJ=debug.nff\n").device());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "CAMERA_RESOLUTION=800      | command-line override 'CAMERA_RESOLUTION=800': CAMERA_RESOLUTION must be WIDTHxHEIGHT",
            "CAMERA_RESOLUTION=0x600    | command-line override 'CAMERA_RESOLUTION=0x600': CAMERA_RESOLUTION width must be between 1",
            "CAMERA_VIEWING_ANGLE=200   | 'CAMERA_VIEWING_ANGLE=200': CAMERA_VIEWING_ANGLE must be between 0 and 180",
            "RESOLUTION=800x600         | 'RESOLUTION=800x600': unknown key 'RESOLUTION'; known: OBJ, LIGHT, AMBIENT_LIGHT",
            "CAMERA_RESOLUTION          | 'CAMERA_RESOLUTION': expected KEY=value",
            "CAMERA_RESOLUTION=         | 'CAMERA_RESOLUTION=': CAMERA_RESOLUTION has no value",
            "ARCH=TPU                   | 'ARCH=TPU': ARCH must be CPU, GPU or CUDA, got 'TPU'",
            "CUDA_DEVICE=-1             | 'CUDA_DEVICE=-1': CUDA_DEVICE must be between 0 and",
            "OBJ=missing.obj            | 'OBJ=missing.obj': model file not found: 'missing.obj'",
            "ABSORPTION=-1              | 'ABSORPTION=-1': ABSORPTION must not be negative",
    })
    void badOverridesAreOneLineNamingTheOverride(String override, String expected) throws Exception {
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> read("OBJ=debug.nff\n", override));
        assertTrue(e.getMessage().startsWith(dir.resolve("setup.cfg") + ": command-line override"), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertEquals(0, e.line(), "an override has no line in the file");
    }

    @Test
    void absorptionGoesToTransparentMaterialsWithoutTheirOwn() throws Exception {
        Scene s = read("OBJ=debug.nff\nABSORPTION=0.5/1/2 // per unit distance\n").result().scene();
        Material glass = s.materials().get(0), opaque = s.materials().get(1);
        assertEquals(new Vec3(0.5f, 1, 2), glass.absorption());
        assertEquals(Vec3.ZERO, opaque.absorption(), "opaque materials have no inside to absorb in");
        assertEquals(new Vec3(0.25f, 0.25f, 0.25f), read("OBJ=debug.nff\nABSORPTION=0.25\n").result().scene().materials().get(0).absorption());
    }

    @Test
    void unknownKeysInTheFileStayWarnings() throws Exception {
        CfgScene r = read("OBJ=debug.nff\nSHADOWS=on // not a key of ours\n");
        assertTrue(r.result().warnings().stream().anyMatch(w -> w.contains("unknown key 'SHADOWS'")), r.result().warnings().toString());
    }
}
