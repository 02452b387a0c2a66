package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.drtstudio.io.support.HostileFiles;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt render} against hostile outputs and oversized work, as a script would run it: every
 * refusal is one line and comes before any renderer is made (so before any work); a failed write
 * names the output and the system's reason and leaves a frame's outputs all old or all new.
 */
class RenderOutputTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();
    private final AtomicInteger renderersMade = new AtomicInteger();
    /** Set where a render must be refused: a renderer then fails at once instead of tracing for months. */
    private boolean noRendererExpected;
    private final List<Path> mounts = new ArrayList<>();

    @AfterEach
    void unmount() throws Exception {
        for (Path m : mounts) HostileFiles.unmount(m);
    }

    private int drt(String... args) {
        err.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create((backend, notices) -> {
            renderersMade.incrementAndGet();
            if (noRendererExpected) throw new IllegalStateException("test: this render should have been refused before a renderer was made");
            return new CpuRenderer(2);
        });
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    private Path plane() throws Exception {
        Path f = dir.resolve("plane.nff");
        Files.writeString(f, "l 0 0 10\nf 1 1 1 1 0 0 0 1\np 4\n-100 -100 0\n100 -100 0\n100 100 0\n-100 100 0\n");
        return f;
    }

    /** One line of the form "drt: …" (besides the scene's own warnings), no stack trace, and no renderer was made. */
    private int refusable(String... args) {
        noRendererExpected = true;
        try {
            return drt(args);
        } finally {
            noRendererExpected = false;
        }
    }

    private void refusedBeforeWork(int code, String... expectedParts) {
        String e = err.toString();
        assertEquals(2, code, e);
        assertEquals(1, e.lines().filter(l -> !l.startsWith("warning: ")).count(), "one line: " + e);
        assertTrue(e.lines().filter(l -> !l.startsWith("warning: ")).allMatch(l -> l.startsWith("drt: ")), e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
        for (String part : expectedParts) assertTrue(e.contains(part), "'" + part + "' in: " + e);
        assertEquals(0, renderersMade.get(), "refused before a renderer was made");
    }

    private String[] small(String scene, String... more) {
        List<String> a = new ArrayList<>(List.of("render", scene, "--width", "8", "--height", "8", "--backend", "cpu"));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void anEmptyOutputNameIsRefusedAndTheWorkingFolderStays() throws Exception {
        refusedBeforeWork(refusable(small(plane().toString(), "-o", "")), "the output file name is empty");
        assertTrue(Files.isDirectory(Path.of("").toAbsolutePath()));
    }

    @Test
    void aFifoOutputIsRefusedWithoutBlocking() throws Exception {
        Path fifo = HostileFiles.fifo(dir.resolve("out.png"));
        refusedBeforeWork(refusable(small(plane().toString(), "-o", fifo.toString())), fifo + ": is a FIFO");
        assertEquals(0010000, HostileFiles.typeBits(fifo));
    }

    @Test
    void anAovThatIsAFolderStopsTheRenderBeforeItStarts() throws Exception {
        Files.createDirectory(dir.resolve("out.depth.pfm"));
        Path png = dir.resolve("out.png");
        refusedBeforeWork(refusable(small(plane().toString(), "-o", png.toString(), "--aov", "depth")), "out.depth.pfm: is a folder");
        assertFalse(Files.exists(png));
    }

    @Test
    void anOutputInsideASceneFileNamesTheSceneFile() throws Exception {
        Path scene = plane();
        Path out = scene.resolve("out.png");
        refusedBeforeWork(refusable(small(scene.toString(), "-o", out.toString())),
                "cannot write " + out + ": " + scene.toAbsolutePath() + " is a file, not a folder");
    }

    @Test
    void jpgNamesGetJpegAndUnknownExtensionsAreRefused() throws Exception {
        Path jpg = dir.resolve("x.jpg");
        assertEquals(0, drt(small(plane().toString(), "-o", jpg.toString())), err.toString());
        byte[] b = Files.readAllBytes(jpg);
        assertEquals(0xFFD8, (b[0] & 0xff) << 8 | (b[1] & 0xff), "JPEG bytes, not PNG");
        assertEquals(8, PngWriter.read(jpg).getWidth());
        renderersMade.set(0);
        refusedBeforeWork(refusable(small(plane().toString(), "-o", dir.resolve("x.tga").toString())), "supported: .png, .jpg, .jpeg");
    }

    @Test
    void aCfgAskingForMonthsOfWorkIsRefusedWithTheEstimate() throws Exception {
        Files.writeString(dir.resolve("plane.nff"), "l 0 0 10\nf 1 1 1 1 0 0 0 1\np 3\n-1 -1 0\n1 -1 0\n0 1 0\n");
        Path cfg = Files.writeString(dir.resolve("huge.cfg"),
                "OBJ=plane.nff\nCAMERA=0/0/10//0/0/-1\nCAMERA_RESOLUTION=4096x4096\nCAMERA_SUPERSAMPLING=65536\n");
        refusedBeforeWork(refusable("render", cfg.toString(), "-o", dir.resolve("h.png").toString(), "--backend", "cpu"),
                "4096x4096 × 65536 spp × 1 frame = 1.1e+12 camera samples", "--max-work", "--force");
        // The issue's own case: refused as well, for its memory or its work, whichever the heap reaches first.
        Files.writeString(cfg, "OBJ=plane.nff\nCAMERA=0/0/10//0/0/-1\nCAMERA_RESOLUTION=16384x16384\nCAMERA_SUPERSAMPLING=65536\n");
        refusedBeforeWork(refusable("render", cfg.toString(), "-o", dir.resolve("h.png").toString(), "--backend", "cpu"), "16384x16384");
    }

    @Test
    void aMillionFramesAreRefusedAndNoFileIsWritten() throws Exception {
        refusedBeforeWork(refusable(small(plane().toString(), "-o", dir.resolve("f_####.png").toString(), "--frames", "0-1000000")),
                "1,000,001 frames", "--force");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("plane.nff"), files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void maxWorkBoundsTheSamplesAndForceLiftsIt() throws Exception {
        Path png = dir.resolve("w.png");
        assertEquals(0, drt(small(plane().toString(), "-o", png.toString(), "--spp", "4", "--max-work", "1000")), err.toString());
        renderersMade.set(0);
        refusedBeforeWork(refusable(small(plane().toString(), "-o", png.toString(), "--spp", "32", "--max-work", "1e3")),
                "8x8 × 32 spp × 1 frame = 2,048 camera samples is more than --max-work 1.0e+03");
        assertEquals(0, drt(small(plane().toString(), "-o", png.toString(), "--spp", "32", "--max-work", "1e3", "--force")), err.toString());
    }

    /** A real full disk (a 64 KiB tmpfs, root only): the picture fits, its AOVs do not; nothing is replaced. */
    @Test
    void aFullDiskLeavesAllOldOutputsAndNamesTheFile() throws Exception {
        Path mnt = dir.resolve("full");
        HostileFiles.mountTmpfs(mnt, "64k", false);
        mounts.add(mnt);
        Path png = Files.writeString(mnt.resolve("out.png"), "old");
        Path normal = Files.writeString(mnt.resolve("out.normal.pfm"), "old");
        // 96x96: a PNG of a few KiB; normal and albedo 108 KiB each.
        int code = drt("render", plane().toString(), "-o", png.toString(), "--width", "96", "--height", "96",
                "--aov", "normal,albedo", "--backend", "cpu");
        String e = err.toString();
        assertEquals(1, code, e);
        String last = e.lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.matches("drt: cannot write " + Pattern.quote(mnt.toString()) + "/out\\.(normal|albedo)\\.pfm: No space left on device"), last);
        assertFalse(e.contains("Exception"), e);
        assertEquals("old", Files.readString(png));
        assertEquals("old", Files.readString(normal));
        assertFalse(Files.exists(mnt.resolve("out.albedo.pfm")));
        try (Stream<Path> files = Files.list(mnt)) {
            assertEquals(0, files.filter(p -> p.toString().endsWith(".tmp")).count(), "temporary files are removed");
        }
    }

    /**
     * A folder the program may not write: as root the permission bits are ignored, so the render
     * runs in a child JVM whose capabilities to override them are dropped (setpriv); as another
     * user the bits alone do it.
     */
    @Test
    void aReadOnlyFolderSaysPermissionDenied() throws Exception {
        Path ro = Files.createDirectory(dir.resolve("ro"));
        Path out = ro.resolve("out.png");
        Path scene = plane();
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            String e;
            int code;
            if (HostileFiles.isRoot()) {
                ChildRun r = childDrt(List.of("setpriv", "--bounding-set", "-dac_override,-dac_read_search"), "-Xmx256m",
                        "render", scene.toString(), "-o", out.toString(), "--width", "8", "--height", "8", "--backend", "cpu");
                Assumptions.assumeTrue(!r.err.contains("setpriv:"), "setpriv cannot drop capabilities here: " + r.err);
                code = r.code;
                e = r.err;
            } else {
                code = drt(small(scene.toString(), "-o", out.toString()));
                e = err.toString();
            }
            assertEquals(1, code, e);
            assertTrue(e.contains("drt: cannot write " + out + ": Permission denied"), e);
            assertFalse(e.contains(".tmp") || e.contains("Exception"), e);
            assertFalse(Files.exists(out));
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** A small heap (a child JVM at -Xmx256m): a frame too big for it is refused up front, with what to do. */
    @Test
    void aFrameTheHeapCannotHoldIsRefusedBeforeTracing() throws Exception {
        Path out = dir.resolve("big.png");
        ChildRun r = childDrt(List.of(), "-Xmx256m", "render", plane().toString(), "-o", out.toString(),
                "--width", "4096", "--height", "4096", "--backend", "cpu");
        assertEquals(2, r.code, r.err);
        String line = r.err.lines().filter(l -> l.startsWith("drt: a 4096x4096 frame")).findFirst().orElse("");
        assertTrue(line.contains("needs about 512 MiB of memory") && line.contains("JAVA_OPTS=-Xmx"), r.err);
        assertFalse(r.err.contains("Exception") || r.err.contains("OutOfMemoryError") || r.err.contains("rendering"), r.err);
        assertFalse(Files.exists(out));
    }

    private record ChildRun(int code, String err) {
    }

    private ChildRun childDrt(List<String> prefix, String heap, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(ProcessHandle.current().info().command().orElse("java"), heap, "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), "org.drtstudio.app.Main"));
        cmd.addAll(List.of(args));
        Path errFile = dir.resolve("child.err");
        Process p = new ProcessBuilder(cmd).redirectError(errFile.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("the child drt did not finish");
        }
        return new ChildRun(p.exitValue(), Files.readString(errFile));
    }
}
