package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The CUDA octree report's scene files as {@code drt render} reads them. The report's own listings
 * could not be found, so these are written from the keys its format has (those the reader knew,
 * plus ARCH, CUDA_DEVICE and the trailing comments the issue quotes); they load and render tiny.
 */
class CfgListingsTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();
    private final List<RendererFactory.Backend> backends = new ArrayList<>();

    /** A glass block with Tf (absorbing) on a matte floor, as an OBJ with its material library. */
    static final String DEBUG_OBJ = """
            mtllib debug.mtl
            v -4 0 -4
            v 4 0 -4
            v 4 0 4
            v -4 0 4
            v -0.5 0.2 -0.5
            v 0.5 0.2 -0.5
            v 0.5 0.2 0.5
            v -0.5 0.2 0.5
            v -0.5 1.2 -0.5
            v 0.5 1.2 -0.5
            v 0.5 1.2 0.5
            v -0.5 1.2 0.5
            usemtl floor
            f 1 3 2
            f 1 4 3
            usemtl glass
            f 5 6 7
            f 5 7 8
            f 9 11 10
            f 9 12 11
            f 5 10 6
            f 5 9 10
            f 8 7 11
            f 8 11 12
            f 5 8 12
            f 5 12 9
            f 6 10 11
            f 6 11 7
            """;
    static final String DEBUG_MTL = """
            newmtl floor
            Kd 0.8 0.8 0.8
            newmtl glass
            Kd 0 0 0
            Ks 1 1 1
            illum 7
            d 0.1
            Ni 1.5
            Tf 0.9 0.6 0.3
            """;

    /** Listing 1: setup.cfg of the report's tracer, every key with the trailing comment its listings carry. */
    static final String SETUP_CFG = """
            // setup.cfg: scene and camera of the octree ray tracer
            OBJ=./debug.obj // location of the model, relative to this file
            LIGHT=2/4/3//1/1/1 // position//colour
            LIGHT=-3/5/2//0.4/0.4/0.5 // a second, bluish light
            AMBIENT_LIGHT=0.1/0.1/0.1 // ambient term
            CAMERA=0/1.5/4//0/-0.3/-1 // position//viewing direction
            CAMERA_RESOLUTION=640x480 // width x height in pixels
            CAMERA_VIEWING_ANGLE=45 // vertical, in degrees
            CAMERA_SUPERSAMPLING=1 // rays per pixel
            ARCH=GPU // CPU or GPU
            CUDA_DEVICE=0 // first CUDA device
            """;

    /** Listing 2: the CPU run of the same scene, lowercase keys, comments on lines of their own. */
    static final String CPU_CFG = """
            # the CPU reference run
            obj = debug.obj
            light = 2 / 4 / 3 // 1 / 1 / 1
            camera = 0/1.5/4//0/-0.3/-1
            camera_resolution = 320x240
            arch = CPU
            ABSORPTION=0.5 // for transparent materials without Tf
            """;

    @AfterEach
    void forgetGpu() {
        System.clearProperty(CfgDeviceChoice.GPU_PROPERTY);
    }

    private int drt(String... args) {
        err.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create((backend, notices) -> {
            backends.add(backend);
            return new CpuRenderer(2);
        });
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    private Path write(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void listingsLoadAndRenderTinyWithOverrides() throws Exception {
        write("debug.obj", DEBUG_OBJ);
        write("debug.mtl", DEBUG_MTL);
        Path setup = write("setup.cfg", SETUP_CFG), cpu = write("cpu.cfg", CPU_CFG);

        Path ppm = dir.resolve("setup.ppm");
        assertEquals(0, drt("render", setup.toString(), "CAMERA_RESOLUTION=32x24", "-o", ppm.toString()), err.toString());
        assertEquals(RendererFactory.Backend.GPU, backends.get(0), "ARCH=GPU means --backend gpu");
        assertTrue(err.toString().contains("note: setup.cfg: ARCH=GPU means --backend gpu"), err.toString());
        assertTrue(err.toString().contains("CUDA_DEVICE=0 means hardware GL device 0 is tried first"), err.toString());
        assertEquals("0", System.getProperty(CfgDeviceChoice.GPU_PROPERTY));
        assertFalse(err.toString().contains("warning"), err.toString());
        assertTrue(err.toString().contains("(32x24, 1 spp)"), "the override sets the size: " + err);
        String header = new String(Files.readAllBytes(ppm), 0, 13, StandardCharsets.US_ASCII);
        assertEquals("P6\n32 24\n255\n", header);

        // The same render as PNG: the PPM holds the same pixels.
        Path png = dir.resolve("setup.png");
        assertEquals(0, drt("render", setup.toString(), "CAMERA_RESOLUTION=32x24", "--backend", "cpu", "-o", png.toString()), err.toString());
        assertTrue(err.toString().contains("--backend cpu given on the command line wins"), err.toString());
        assertEquals(RendererFactory.Backend.CPU, backends.get(1));
        byte[] ppmBytes = Files.readAllBytes(ppm);
        BufferedImage image = PngWriter.read(png);
        int lit = 0;
        for (int y = 0; y < 24; y++) {
            for (int x = 0; x < 32; x++) {
                int i = 13 + 3 * (y * 32 + x);
                int rgb = (ppmBytes[i] & 0xff) << 16 | (ppmBytes[i + 1] & 0xff) << 8 | (ppmBytes[i + 2] & 0xff);
                assertEquals(image.getRGB(x, y) & 0xffffff, rgb, "pixel " + x + "," + y);
                if (rgb != 0) lit++;
            }
        }
        assertTrue(lit > 32 * 24 / 4, "the scene is on screen: " + lit + " lit pixels");

        assertEquals(0, drt("render", cpu.toString(), "CAMERA_RESOLUTION=16x12", "-o", dir.resolve("cpu.png").toString()), err.toString());
        assertEquals(RendererFactory.Backend.CPU, backends.get(2), "ARCH=CPU means --backend cpu");
        assertEquals(16, PngWriter.read(dir.resolve("cpu.png")).getWidth());

        // info reads the same overrides.
        assertEquals(0, drt("info", setup.toString(), "CAMERA_RESOLUTION=8x6"), err.toString());
    }

    @Test
    void badOverridesAreOneLineBeforeAnyWork() throws Exception {
        write("debug.obj", DEBUG_OBJ);
        write("debug.mtl", DEBUG_MTL);
        Path setup = write("setup.cfg", SETUP_CFG);
        for (String[] bad : new String[][]{
                {"CAMERA_RESOLUTION=big", "command-line override 'CAMERA_RESOLUTION=big': CAMERA_RESOLUTION must be WIDTHxHEIGHT"},
                {"RESOLUTION=8x8", "unknown key 'RESOLUTION'"},
                {"CUDA_DEVICE=x", "'CUDA_DEVICE=x': CUDA_DEVICE must be a whole number"}}) {
            int code = drt("render", setup.toString(), bad[0], "-o", dir.resolve("o.png").toString());
            assertEquals(2, code, err.toString());
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertTrue(err.toString().startsWith("drt: " + setup + ": "), err.toString());
            assertTrue(err.toString().contains(bad[1]), err.toString());
        }
        assertTrue(backends.isEmpty(), "refused before a renderer was made");
        Path nff = write("plane.nff", "f 1 1 1 1 0 0 0 1\np 3\n0 0 0\n1 0 0\n0 1 0\n");
        assertEquals(2, drt("render", nff.toString(), "CAMERA_RESOLUTION=8x8", "-o", dir.resolve("o.png").toString()));
        assertTrue(err.toString().contains("KEY=value overrides such as 'CAMERA_RESOLUTION=8x8' apply to .cfg scenes only"), err.toString());
        assertFalse(Files.exists(dir.resolve("o.png")));
    }
}
