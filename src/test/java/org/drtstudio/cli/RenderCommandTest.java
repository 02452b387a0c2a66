package org.drtstudio.cli;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.embree.EmbreeWalk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** drt render / drt info as a user runs them, in-process, with the CPU back end. */
class RenderCommandTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter(), out = new StringWriter();

    private int drt(String... args) {
        CommandLine cl = DrtCommand.create((backend, notices) -> CpuRenderer.production(2, new EmbreeWalk()));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(out, true));
        return cl.execute(args);
    }

    private Path plane() throws Exception {
        // A large square at z = 0 facing +z, and one light.
        Path f = dir.resolve("plane.nff");
        Files.writeString(f, "l 0 0 10\nf 1 1 1 1 0 0 0 1\np 4\n-100 -100 0\n100 -100 0\n100 100 0\n-100 100 0\n");
        return f;
    }

    @Test
    void depthAovFollowsTheCameraConvention() throws Exception {
        Path png = dir.resolve("out.png");
        int code = drt("render", plane().toString(), "-o", png.toString(), "--width", "40", "--height", "20",
                "--eye", "0,0,10", "--look", "0,0,0", "--up", "0,1,0", "--fov", "90", "--aov", "depth", "--backend", "cpu");
        assertEquals(0, code, err.toString());
        BufferedImage img = PngWriter.read(png);
        assertEquals(40, img.getWidth());
        assertEquals(20, img.getHeight());
        int[] size = new int[3];
        float[] depth = PfmWriter.read(dir.resolve("out.depth.pfm"), size);
        assertArrayEquals(new int[]{40, 20, 1}, size);
        String header = new String(Files.readAllBytes(dir.resolve("out.depth.pfm")), 0, 2);
        assertEquals("Pf", header);
        double tanHalf = Math.tan(Math.toRadians(45)), aspect = 2.0;
        for (int y = 0; y < 20; y++) {
            for (int x = 0; x < 40; x++) {
                double ndcX = (2 * (x + 0.5) / 40 - 1) * tanHalf * aspect, ndcY = (1 - 2 * (y + 0.5) / 20) * tanHalf;
                double expected = 10 * Math.sqrt(1 + ndcX * ndcX + ndcY * ndcY);
                assertEquals(expected, depth[y * 40 + x], 1e-4 * expected, "pixel " + x + "," + y);
            }
        }
    }

    @Test
    void diffuseAovHoldsTheDiffuseLightAndNotTheHighlight() throws Exception {
        Path matte = plane(), shiny = dir.resolve("shiny.nff");
        // The same plane with a Phong highlight (Ks 0.5, exponent 10) right below the light.
        Files.writeString(shiny, Files.readString(matte).replace("f 1 1 1 1 0 0 0 1", "f 1 1 1 1 0.5 10 0 1"));
        for (Path scene : new Path[]{matte, shiny}) {
            Path png = dir.resolve(scene.getFileName() + ".png");
            assertEquals(0, drt("render", scene.toString(), "-o", png.toString(), "--width", "16", "--height", "12", "--spp", "4",
                    "--eye", "0,0,10", "--look", "0,0,0", "--aov", "diffuse,noisy", "--denoise", "--backend", "cpu"), err.toString());
        }
        int[] size = new int[3];
        float[] matteDiffuse = PfmWriter.read(dir.resolve("plane.nff.diffuse.pfm"), size);
        assertArrayEquals(new int[]{16, 12, 3}, size);
        float[] matteNoisy = PfmWriter.read(dir.resolve("plane.nff.noisy.pfm"), size);
        assertArrayEquals(matteNoisy, matteDiffuse, 1e-6f, "a matte plane filling the view is all diffuse light");
        float[] shinyDiffuse = PfmWriter.read(dir.resolve("shiny.nff.diffuse.pfm"), size);
        float[] shinyNoisy = PfmWriter.read(dir.resolve("shiny.nff.noisy.pfm"), size);
        assertArrayEquals(matteDiffuse, shinyDiffuse, 1e-6f, "the highlight leaves the diffuse light as it was");
        double highlight = 0;
        for (int i = 0; i < shinyNoisy.length; i++) highlight = Math.max(highlight, shinyNoisy[i] - shinyDiffuse[i]);
        assertTrue(highlight > 0.1, "the highlight is in the picture, not in the diffuse AOV: " + highlight);
    }

    @Test
    void pfmRowsRunBottomToTop() throws Exception {
        // Tilt the view so the top row sees the plane farther away than the bottom row.
        Path png = dir.resolve("tilt.png");
        assertEquals(0, drt("render", plane().toString(), "-o", png.toString(), "--width", "8", "--height", "8",
                "--eye", "0,-5,10", "--look", "0,0,0", "--aov", "depth"), err.toString());
        byte[] raw = Files.readAllBytes(dir.resolve("tilt.depth.pfm"));
        String text = new String(raw, 0, 20, java.nio.charset.StandardCharsets.US_ASCII);
        int headerEnd = text.indexOf("-1.0\n") + 5;
        var buf = java.nio.ByteBuffer.wrap(raw, headerEnd, raw.length - headerEnd).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        float firstStored = buf.getFloat(headerEnd); // first stored row = bottom image row
        float lastStored = buf.getFloat(raw.length - 4); // last stored row = top image row
        assertTrue(lastStored > firstStored, "top row should be farther: bottom " + firstStored + ", top " + lastStored);
    }

    @Test
    void missingFileIsOneClearLine() {
        int code = drt("render", dir.resolve("nope.nff").toString(), "-o", dir.resolve("x.png").toString());
        assertEquals(2, code);
        String msg = err.toString().strip();
        assertTrue(msg.contains("nope.nff") && msg.contains("not found"), msg);
        assertEquals(1, msg.lines().count(), msg);
    }

    @Test
    void malformedSceneNamesFileAndLine() throws Exception {
        Path bad = dir.resolve("bad.nff");
        Files.writeString(bad, "l 0 0 10\ns 0 0 0 -1\n");
        assertEquals(2, drt("render", bad.toString(), "-o", dir.resolve("x.png").toString()));
        assertTrue(err.toString().contains("bad.nff:2:"), err.toString());
        assertFalse(err.toString().contains("Exception"), err.toString());
    }

    @Test
    void absurdParametersAreRejectedWithTheValue() throws Exception {
        Path scene = plane();
        assertEquals(2, drt("render", scene.toString(), "--width", "-5"));
        assertTrue(err.toString().contains("-5"), err.toString());
        assertEquals(2, drt("render", scene.toString(), "--eye", "1,2"));
        assertTrue(err.toString().contains("1,2"), err.toString());
        assertEquals(2, drt("render", scene.toString(), "--eye", "0,0,0", "--look", "0,0,0"));
        assertEquals(2, drt("render", scene.toString(), "--backend", "quantum"));
        assertEquals(2, drt("render", scene.toString(), "--aov", "bogus"));
        assertEquals(2, drt("render", scene.toString(), "--frames", "5-2", "-o", "f_####.png"));
        assertFalse(err.toString().contains("Exception"), err.toString());
        assertFalse(Files.exists(dir.resolve("plane.png")));
    }

    @Test
    void framesAreNumbered() throws Exception {
        String pattern = dir.resolve("f_####.png").toString();
        assertEquals(0, drt("render", plane().toString(), "-o", pattern, "--width", "8", "--height", "8", "--frames", "3-4"), err.toString());
        assertTrue(Files.exists(dir.resolve("f_0003.png")));
        assertTrue(Files.exists(dir.resolve("f_0004.png")));
        assertArrayEquals(Files.readAllBytes(dir.resolve("f_0003.png")), Files.readAllBytes(dir.resolve("f_0004.png")));
    }

    @Test
    void sameSeedSameImage() throws Exception {
        Path a = dir.resolve("a.png"), b = dir.resolve("b.png"), c = dir.resolve("c.png");
        Path scene = plane();
        assertEquals(0, drt("render", scene.toString(), "-o", a.toString(), "--width", "16", "--height", "16", "--spp", "4", "--seed", "7"));
        assertEquals(0, drt("render", scene.toString(), "-o", b.toString(), "--width", "16", "--height", "16", "--spp", "4", "--seed", "7"));
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertEquals(0, drt("render", scene.toString(), "-o", c.toString(), "--width", "16", "--height", "16", "--spp", "4", "--seed", "8"));
    }

    /** Every awkward file of the shared data: info and a tiny render succeed or fail with one clean line. */
    @Test
    void everyEdgeCaseFileLoadsOrFailsWithOneLine() throws Exception {
        java.util.List<Path> files;
        Path root = org.drtstudio.testing.TestData.sharedRoot();
        try (var walk = Files.walk(root)) {
            files = walk.filter(p -> p.toString().matches(".*(edgecases_|assimp_dialects).*\\.(obj|nff)")).sorted().toList();
        }
        assertTrue(files.size() > 50, "found " + files.size());
        int loaded = 0;
        for (Path f : files) {
            err.getBuffer().setLength(0);
            int code = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                    () -> drt("render", f.toString(), "-o", dir.resolve("edge.png").toString(), "--width", "16", "--height", "12"));
            String msg = err.toString();
            assertTrue(code == 0 || code == 2, f + ": exit " + code + "\n" + msg);
            assertFalse(msg.contains("Exception") || msg.contains("\tat ") || msg.contains("internal error"), f + ":\n" + msg);
            if (code == 2) {
                long errorLines = msg.lines().filter(l -> !l.startsWith("warning:") && !l.startsWith("drt: warning")).count();
                assertEquals(1, errorLines, f + ":\n" + msg);
                assertTrue(msg.contains(f.getFileName().toString()), f + ": message does not name the file:\n" + msg);
            } else {
                loaded++;
            }
        }
        assertTrue(loaded > files.size() / 2, "only " + loaded + " of " + files.size() + " edge-case files rendered");
    }

    @Test
    void infoPrintsCountsAndChecksInvariants() throws Exception {
        assertEquals(0, drt("info", plane().toString(), "--check"), err.toString());
        String text = out.toString();
        assertTrue(text.contains("triangles    2"), text);
        assertTrue(text.contains("all invariants hold"), text);
        assertTrue(text.contains("nodes"), text);
        assertTrue(text.contains("bytes"), text);
    }
}
