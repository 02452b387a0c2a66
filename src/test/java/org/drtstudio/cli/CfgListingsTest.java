package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.GpuSelection;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.cpu.CpuRenderer;
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
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The CUDA octree report's scene files and command line as {@code drt render} reads them. The
 * command-line forms are those issue 42 quotes from the report's Listing 4.6 and §4.6, typed as
 * written: {@code CONFIG=file}, {@code CUDA_DEVICE=0/1/2/3}, {@code NUM_CPU_THREADS=32}, and the
 * scene's keys with no cfg file at all. The setup.cfg texts are written from the keys its format has
 * (those the reader knew, plus ARCH, CUDA_DEVICE and the trailing comments the issue quotes), not
 * copied from the report; they load and render tiny.
 */
class CfgListingsTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();
    private final List<RendererFactory.Backend> backends = new ArrayList<>();
    /** The tracer options each renderer was asked for: where CUDA_DEVICE and NUM_CPU_THREADS arrive. */
    private final List<TracerOptions> asked = new ArrayList<>();

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

    private int drt(String... args) {
        err.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create(new RendererFactory() {
            @Override
            public Renderer create(Backend backend, Consumer<String> notices) {
                return create(backend, notices, TracerOptions.DEFAULT);
            }

            @Override
            public Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
                backends.add(backend);
                asked.add(options);
                // The CPU tracer on the threads asked for (its description names them), wherever the GPU was asked for.
                return new CpuRenderer(options.cpuThreads(2), options.nodes(), options.accel());
            }
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
        assertTrue(err.toString().contains("CUDA_DEVICE=0 means --gpus 0 (that GPU alone)"), err.toString());
        assertEquals(List.of(0), asked.get(0).gpus().devices());
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

    /** Listing 4.6's forms as issue 42 quotes them: the cfg named by CONFIG=, several CUDA devices, the CPU threads. */
    @Test
    void theReportsCommandLineRunsAsItIsWritten() throws Exception {
        write("debug.obj", DEBUG_OBJ);
        write("debug.mtl", DEBUG_MTL);
        write("setup.cfg", SETUP_CFG);
        Path config = dir.resolve("setup.cfg");
        assertEquals(0, drt("render", "CONFIG=" + config, "CUDA_DEVICE=0/1/2/3", "NUM_CPU_THREADS=32", "CAMERA_RESOLUTION=16x12",
                "-o", dir.resolve("c.ppm").toString()), err.toString());
        assertEquals(GpuSelection.Kind.LIST, asked.get(0).gpus().kind());
        assertEquals(List.of(0, 1, 2, 3), asked.get(0).gpus().devices(), "CUDA_DEVICE=0/1/2/3 is --gpus 0,1,2,3");
        assertEquals(32, asked.get(0).cpuThreads());
        assertTrue(err.toString().contains("note: setup.cfg: CUDA_DEVICE=0/1/2/3 means --gpus 0,1,2,3 (each frame split across them)"), err.toString());
        assertTrue(err.toString().contains("NUM_CPU_THREADS=32 not used: rendering on the GPU"), err.toString());
        assertFalse(err.toString().contains("warning"), err.toString());
        assertEquals("P6\n16 12\n255\n", new String(Files.readAllBytes(dir.resolve("c.ppm")), 0, 13, StandardCharsets.US_ASCII));

        // NUM_CPU_THREADS in the file is a key like any other (no warning), and the CPU tracer gets the threads.
        write("cpu.cfg", CPU_CFG + "NUM_CPU_THREADS=3 // threads of the CPU run\n");
        assertEquals(0, drt("render", "CONFIG=" + dir.resolve("cpu.cfg"), "CAMERA_RESOLUTION=16x12", "-o", dir.resolve("t.png").toString()),
                err.toString());
        assertFalse(err.toString().contains("warning"), err.toString());
        assertTrue(err.toString().contains("NUM_CPU_THREADS=3 means --threads 3"), err.toString());
        assertTrue(err.toString().contains(", 3 threads"), "the renderer made has 3 threads: " + err);
        // ... and --threads on the command line wins, with a note.
        assertEquals(0, drt("render", dir.resolve("cpu.cfg").toString(), "CAMERA_RESOLUTION=16x12", "--threads", "1",
                "-o", dir.resolve("t.png").toString()), err.toString());
        assertTrue(err.toString().contains("--threads 1 given on the command line wins") 
                && err.toString().lines().anyMatch(l -> l.endsWith(", 1 thread")), err.toString());
        // ... as --gpus does over CUDA_DEVICE.
        assertEquals(0, drt("render", "CONFIG=" + config, "CUDA_DEVICE=0/1", "--gpus", "1", "CAMERA_RESOLUTION=8x6",
                "-o", dir.resolve("g.png").toString()), err.toString());
        assertEquals(GpuSelection.Kind.COUNT, asked.get(asked.size() - 1).gpus().kind(), err.toString());
        assertTrue(err.toString().contains("--gpus 1 given on the command line wins"), err.toString());

        // The scene as keys, with no cfg file: the light given on the command line lights it.
        Path obj = dir.resolve("debug.obj");
        String[] view = {"CAMERA=0/1.5/4//0/-0.3/-1", "CAMERA_RESOLUTION=32x24", "AMBIENT_LIGHT=0"};
        assertEquals(0, drt(concat(new String[]{"render", "OBJ=" + obj, "LIGHT=2/4/3//1/1/1"}, view, "-v", "--backend", "cpu",
                "-o", dir.resolve("k1.png").toString())), err.toString());
        assertTrue(err.toString().contains("lights      1: point at (2.0,4.0,3.0) colour (1.0,1.0,1.0)"), err.toString());
        assertFalse(err.toString().contains("no LIGHT= line"), err.toString());
        assertEquals(0, drt(concat(new String[]{"render", "OBJ=" + obj, "LIGHT=-3/0.5/-3//1/1/1"}, view, "--backend", "cpu",
                "-o", dir.resolve("k2.png").toString())), err.toString());
        BufferedImage a = PngWriter.read(dir.resolve("k1.png")), b = PngWriter.read(dir.resolve("k2.png"));
        int differ = 0, lit = 0;
        for (int y = 0; y < 24; y++) {
            for (int x = 0; x < 32; x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) differ++;
                if ((a.getRGB(x, y) & 0xffffff) != 0) lit++;
            }
        }
        assertTrue(lit > 32 * 24 / 4 && differ > 32 * 24 / 4, "the command line's light lights the model: " + lit + " lit, " + differ + " differ");

        // Keys alone without a model, CONFIG twice, or CONFIG beside a scene file: one line each.
        for (String[] bad : new String[][]{
                {"render", "LIGHT=1/2/3", "-o", "x.png"},
                {"render", "CONFIG=a.cfg", "CONFIG=b.cfg", "-o", "x.png"},
                {"render", config.toString(), "CONFIG=" + config, "-o", "x.png"},
                {"render", "CONFIG=" + dir.resolve("missing.cfg"), "-o", "x.png"}}) {
            assertEquals(2, drt(bad), err.toString());
            assertEquals(1, err.toString().lines().count(), err.toString());
        }
    }

    /** drt render -v and drt info --accel: the report's console report, the octree's numbers read from its words. */
    @Test
    void verboseRenderPrintsTheReportsConsoleReport() throws Exception {
        write("debug.obj", DEBUG_OBJ);
        write("debug.mtl", DEBUG_MTL);
        Path config = write("setup.cfg", SETUP_CFG);
        // 14 triangles: the report's octree keeps them all in its root box (at most 16 a box), the split one cuts them to <= 8.
        assertEquals(0, drt("render", "CONFIG=" + config, "CAMERA_RESOLUTION=16x12", "--accel", "octree-report", "-v",
                "-o", dir.resolve("v.png").toString()), err.toString());
        String report = err.toString();
        assertTrue(report.contains("drt:   extent      min (-4"), report);
        assertTrue(report.contains("drt:   octree      octree-report: 1 boxes (1 hold a list of triangles, 0 of them inner boxes), at most 14 triangles per box"), report);
        assertTrue(report.contains("drt:   lights      2: point at"), report);
        assertTrue(report.contains("drt:   times       CPU"), report);
        assertEquals(0, drt("render", "CONFIG=" + config, "CAMERA_RESOLUTION=16x12", "--accel", "octree", "-v",
                "-o", dir.resolve("v.png").toString()), err.toString());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("octree      octree: (\\d+) boxes .* at most (\\d+) triangles per box").matcher(err.toString());
        assertTrue(m.find(), err.toString());
        assertTrue(Integer.parseInt(m.group(1)) > 1 && Integer.parseInt(m.group(2)) <= 8, err.toString());

        StringWriter out = new StringWriter();
        err.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(0, cl.execute("info", "CONFIG=" + config, "--accel", "octree-report"), err.toString());
        assertTrue(out.toString().contains("octree      octree-report: 1 boxes"), out.toString());
    }

    private static String[] concat(String[] head, String[] middle, String... tail) {
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(List.of(middle));
        all.addAll(List.of(tail));
        return all.toArray(String[]::new);
    }

    @Test
    void badOverridesAreOneLineBeforeAnyWork() throws Exception {
        write("debug.obj", DEBUG_OBJ);
        write("debug.mtl", DEBUG_MTL);
        Path setup = write("setup.cfg", SETUP_CFG);
        for (String[] bad : new String[][]{
                {"CAMERA_RESOLUTION=big", "command-line override 'CAMERA_RESOLUTION=big': CAMERA_RESOLUTION must be WIDTHxHEIGHT"},
                {"RESOLUTION=8x8", "unknown key 'RESOLUTION'"},
                {"CUDA_DEVICE=x", "'CUDA_DEVICE=x': CUDA_DEVICE must be a whole number"},
                {"CUDA_DEVICE=0//1", "'CUDA_DEVICE=0//1': CUDA_DEVICE must be a device number or numbers like 0/1/2/3"},
                {"NUM_CPU_THREADS=0", "'NUM_CPU_THREADS=0': NUM_CPU_THREADS must be between 1 and 4096"}}) {
            int code = drt("render", setup.toString(), bad[0], "-o", dir.resolve("o.png").toString());
            assertEquals(2, code, err.toString());
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertTrue(err.toString().startsWith("drt: " + setup + ": "), err.toString());
            assertTrue(err.toString().contains(bad[1]), err.toString());
        }
        assertTrue(backends.isEmpty(), "refused before a renderer was made");
        Path nff = write("plane.nff", "f 1 1 1 1 0 0 0 1\np 3\n0 0 0\n1 0 0\n0 1 0\n");
        assertEquals(2, drt("render", nff.toString(), "CAMERA_RESOLUTION=8x8", "-o", dir.resolve("o.png").toString()));
        assertTrue(err.toString().contains("KEY=value overrides such as 'CAMERA_RESOLUTION=8x8' apply to .cfg scenes only; "
                + "without a .cfg, give the model as a key too"), err.toString());
        assertFalse(Files.exists(dir.resolve("o.png")));
    }
}
