package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * How the command line ends when reading fails (issue 14, input side): one line and an exit
 * code, never a stack trace, never a wait. Heap exhaustion is provoked in a child JVM with a
 * tiny heap, since it cannot be provoked safely in the test's own.
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard only
class ReadFailureCommandTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();

    private int drt(String... args) {
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    @Test
    void aFifoOrDeviceAsSceneIsOneLineAndExitCode2() throws Exception {
        Path fifo = dir.resolve("pipe.nff");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mk.waitFor() == 0, "mkfifo is not available");
        assertEquals(2, drt("info", fifo.toString()));
        Path zero = dir.resolve("zero.obj");
        Files.createSymbolicLink(zero, Path.of("/dev/zero"));
        assertEquals(2, drt("render", zero.toString(), "-o", dir.resolve("out.png").toString()));
        List<String> lines = err.toString().lines().toList();
        assertEquals(2, lines.size(), err.toString());
        assertTrue(lines.get(0).endsWith("pipe.nff: is a device, FIFO or socket, not a regular file"), lines.get(0));
        assertTrue(lines.get(1).endsWith("zero.obj: is a device, FIFO or socket, not a regular file"), lines.get(1));
        assertFalse(Files.exists(dir.resolve("out.png")));
    }

    @Test
    void runningOutOfHeapIsOneLineSayingWhatToDo() throws Exception {
        Path grid = dir.resolve("grid.obj");
        writeGrid(grid, 500); // 250,000 vertices, 249,001 quads: far more than a 24 MiB heap holds
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx24m", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), "org.drtstudio.app.Main", "info", grid.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "the child JVM ended");
        assertEquals(3, p.exitValue(), output);
        List<String> lines = output.lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), output);
        assertTrue(lines.get(0).startsWith("drt: out of memory (the Java heap is 24 MiB): give Java more, e.g. JAVA_OPTS=-Xmx"),
                lines.get(0));
        assertFalse(output.contains("Exception") || output.contains("\tat "), output);
    }

    private static void writeGrid(Path file, int n) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) w.write("v " + i + " " + j + " 0\n");
            for (int i = 0; i < n - 1; i++) {
                for (int j = 0; j < n - 1; j++) {
                    int a = i * n + j + 1;
                    w.write("f " + a + " " + (a + 1) + " " + (a + n + 1) + " " + (a + n) + "\n");
                }
            }
        }
    }
}
