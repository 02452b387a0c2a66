package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/** What users expect of a command-line renderer: the build's version and commit, -q and -v, the time left. */
class CliConventionsTest {
    @TempDir
    Path dir;
    private final StringWriter out = new StringWriter(), err = new StringWriter();

    private int drt(String... args) {
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(2));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void versionIsTheBuildsVersionAndCommit() throws Exception {
        assertEquals(0, drt("--version"));
        String version = out.toString();
        assertTrue(version.startsWith("DRT Studio 0.1.0-SNAPSHOT (commit "), version);
        Process git = new ProcessBuilder("git", "rev-parse", "--short=10", "HEAD").redirectErrorStream(true).start();
        String head = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(git.waitFor(30, TimeUnit.SECONDS));
        // the build (mvn test's own process-resources) wrote the commit it was made from
        if (git.exitValue() == 0) assertTrue(version.contains("(commit " + head), version + " vs HEAD " + head);
        else assertTrue(version.contains("(commit unknown"), version);
        out.getBuffer().setLength(0);
        assertEquals(0, drt("render", "--version"), "every command takes -V");
        assertEquals(version, out.toString());
    }

    @Test
    void quietPrintsNothingAndVerboseSaysWhatItDid() {
        String[] render = {"render", "scenes/default.nff", "--width", "16", "--height", "12", "-o", dir.resolve("a.png").toString()};
        assertEquals(0, drt(concat(render, "-q")), err.toString());
        assertEquals("", err.toString(), "quiet: nothing on success");
        assertEquals(0, drt(concat(render, "--verbose")), err.toString());
        assertTrue(err.toString().contains("drt: frame 0: 16x12, 1 spp, max depth 5, seed 0, box filter"), err.toString());
        assertTrue(err.toString().contains("drt: import: "), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, drt(concat(render, "-q", "-v")));
        assertTrue(err.toString().contains("give -q (quiet) or -v (verbose), not both"), err.toString());
    }

    @Test
    void theProgressLineSaysHowLongIsLeft() {
        assertEquals("", ProgressBar.remaining(0.01, 3), "too early to tell");
        assertEquals(", about 30s left", ProgressBar.remaining(0.25, 10));
        assertEquals(", about 1m 30s left", ProgressBar.remaining(0.5, 90));
        assertEquals(", about 2h 00m left", ProgressBar.remaining(0.5, 7200));
        assertEquals("", ProgressBar.remaining(1, 100));
    }

    private static String[] concat(String[] a, String... b) {
        String[] o = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, o, a.length, b.length);
        return o;
    }
}
