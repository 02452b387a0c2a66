package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * When no GL can be had, the user gets one line saying what was tried and why each way failed:
 * no native crash, no stack trace. Runs {@link GlProbe} in a child JVM, because loading libEGL is
 * once per process.
 */
@Timeout(60)
class GlUnavailableTest {

    @Test
    void missingLibEglIsOneLineAndExitCodeOne() throws Exception {
        Result run = probe(List.of("-Dorg.lwjgl.egl.libname=libEGL_missing.so.1"), Map.of());
        assertEquals(1, run.exitCode, run.output);
        // LWJGL prints its own hints about library loading before; ours is the last line
        String[] lines = run.output.strip().split("\\R");
        assertEquals("no OpenGL: libEGL could not be loaded (Failed to locate library: libEGL_missing.so.1)",
                lines[lines.length - 1], run.output);
        assertFalse(run.output.contains("\tat "), "no stack trace:\n" + run.output);
    }

    @Test
    void everyWayFailingNamesEachWayAndItsReason() throws Exception {
        assumeTrue(GlProbe.probe().vendor().contains("Mesa"), "needs Mesa's GL version override");
        // Mesa then offers OpenGL 3.3 at most, so every 4.x core context request is refused
        Result run = probe(List.of(), Map.of("MESA_GL_VERSION_OVERRIDE", "3.3"));
        assertEquals(1, run.exitCode, run.output);
        String line = run.output.strip();
        assertTrue(line.startsWith("no OpenGL 4.3 context: "), line);
        assertFalse(line.contains("\n"), "one line: " + line);
        assertTrue(line.contains("EGL surfaceless platform: no core context (4.6 EGL_BAD_MATCH, 4.5 EGL_BAD_MATCH, "
                + "4.4 EGL_BAD_MATCH, 4.3 EGL_BAD_MATCH)"), line);
        assertTrue(line.contains("EGL default display: "), line);
    }

    private record Result(int exitCode, String output) {
    }

    private static Result probe(List<String> jvmOptions, Map<String, String> environment)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(GlProbe.class.getName());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }
}
