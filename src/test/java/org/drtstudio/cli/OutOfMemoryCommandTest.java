package org.drtstudio.cli;

import org.drtstudio.farm.FarmJob;
import org.drtstudio.farm.FarmJobFile;
import org.drtstudio.farm.FrameRange;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Running out of memory is one line and exit code 3 in every command (issue 37, item 6): drt render
 * said something else and exited 1, a farm task added a line of its own. Each case runs the program
 * in a JVM of its own with a heap far too small for the scene.
 */
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OutOfMemoryCommandTest {
    private static final String LINE = "drt: out of memory (the Java heap is 24 MiB): give Java more, e.g. JAVA_OPTS=-Xmx";

    @TempDir
    static Path dir;
    private static Path grid;

    @BeforeAll
    static void writeGrid() throws Exception {
        grid = dir.resolve("grid.obj");
        int n = 500; // 250,000 vertices, 249,001 quads: far more than a 24 MiB heap holds
        try (BufferedWriter w = Files.newBufferedWriter(grid)) {
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) w.write("v " + i + " " + j + " 0\n");
            for (int i = 0; i < n - 1; i++) {
                for (int j = 0; j < n - 1; j++) {
                    int a = i * n + j + 1;
                    w.write("f " + a + " " + (a + 1) + " " + (a + n + 1) + " " + (a + n) + "\n");
                }
            }
        }
    }

    /** The child's exit code and what it printed, with {@code gc} set to where its GC log goes (or null). */
    private static String[] drt(Path gcLog, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx24m",
                "-Xlog:gc+alloc=error", "-XX:-G1UseAdaptiveIHOP", "-XX:InitiatingHeapOccupancyPercent=75", // the launchers' JVM options
                "-Djava.awt.headless=true"));
        if (gcLog != null) cmd.add("-Xlog:gc:file=" + gcLog);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.drtstudio.app.Main"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), "the child JVM ended");
        return new String[]{Integer.toString(p.exitValue()), output};
    }

    private static void oneLineAndCode3(String[] result) {
        String output = result[1];
        assertEquals("3", result[0], output);
        List<String> lines = output.lines().filter(l -> !l.isBlank() && !l.startsWith("rendering") && !l.startsWith("\r")).toList();
        assertEquals(1, lines.size(), output);
        assertTrue(lines.get(0).startsWith(LINE), lines.get(0));
        assertFalse(output.contains("Exception") || output.contains("\tat ") || output.contains("OutOfMemoryError"), output);
    }

    @Test
    void renderConvertBenchAndAFarmTaskSayItInOneLineWithCode3() throws Exception {
        oneLineAndCode3(drt(null, "render", grid.toString(), "-o", dir.resolve("g.png").toString(), "--backend", "cpu",
                "--width", "16", "--height", "16"));
        assertFalse(Files.exists(dir.resolve("g.png")));
        oneLineAndCode3(drt(null, "convert", grid.toString(), dir.resolve("g.json").toString()));
        oneLineAndCode3(drt(null, "bench", "--suite", "import", "--obj", grid.toString()));
        Path out = dir.resolve("f_####.png");
        FarmJob job = new FarmJob(FarmJob.Kind.FRAMES, grid, out, List.of("--backend", "cpu", "--width", "16", "--height", "16"),
                List.of(), new FrameRange(0, 0), 1, null, 16, 16, null, 24, "sig");
        Files.createDirectories(job.folder());
        FarmJobFile.write(job);
        oneLineAndCode3(drt(null, "farm", "task", FarmJobFile.in(job.folder()).toString(), "0"));
    }

    @Test
    void aProjectTheHeapCannotHoldIsRefusedBeforeItIsRead() throws Exception {
        // A project with an inline mesh of 90,000 vertices (2 MB of JSON; its parse tree alone needs ~100 MB):
        // refused from a count of its values, before the heap fills (no full collection in the GC log).
        Path project = dir.resolve("big.json");
        String template = Files.readString(Path.of("scenes", "orbit.json"));
        StringBuilder mesh = new StringBuilder("{ \"name\": \"grid\", \"positions\": [ ");
        int n = 300;
        for (int i = 0; i < n * n; i++) mesh.append(i == 0 ? "" : ", ").append(i % n).append(", ").append(i / n).append(", 0");
        mesh.append(" ], \"normals\": [ ");
        for (int i = 0; i < n * n; i++) mesh.append(i == 0 ? "" : ", ").append("0, 0, 1");
        mesh.append(" ], \"indices\": [ 0, 1, 2 ], \"materials\": [ 0 ] }");
        assertTrue(template.contains("\"meshes\": [ {"), "test bug: orbit.json has no mesh list");
        Files.writeString(project, template.replace("\"meshes\": [ {", "\"meshes\": [ " + mesh + ", {"));
        Path gc = dir.resolve("gc.log");
        oneLineAndCode3(drt(gc, "info", project.toString()));
        // A full collection the heap forced (not the one the estimate asks for, System.gc()) means it filled first.
        List<String> forced = Files.readAllLines(gc).stream().filter(l -> l.contains("Pause Full") && !l.contains("System.gc()")).toList();
        assertEquals(List.of(), forced, "the heap filled before the refusal");
    }
}
