package org.drtstudio.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The studio with a heap too small for it (issue 37, item 6): it printed an OutOfMemoryError stack
 * trace per thread and hung. Measuring unattended it must say so in the command line's one line and
 * end with code 3 (with a person there, StudioOutOfMemory shows one dialog first).
 */
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StudioOutOfMemoryTest {
    @TempDir
    Path home;

    @Test
    void aStudioOutOfHeapSaysItInOneLineAndEndsWithCode3() throws Exception {
        assumeTrue(System.getenv("DISPLAY") != null, "no display: run under scripts/with-display.sh");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // The launchers' JVM options (drt, installer/drt: the JVM's own GC-locker warnings off) and JavaFX as they load it, from the module path (from the class path it warns at every start)
        List<String> entries = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
        String fx = entries.stream().filter(e -> Path.of(e).getFileName().toString().matches("javafx-.*-linux\\.jar"))
                .collect(Collectors.joining(File.pathSeparator));
        String rest = entries.stream().filter(e -> !fx.contains(e)).collect(Collectors.joining(File.pathSeparator));
        assumeTrue(!fx.isEmpty(), "the JavaFX jars are not on the class path");
        Process p = new ProcessBuilder(java, "-Xlog:gc+alloc=error", "-XX:-G1UseAdaptiveIHOP", "-XX:InitiatingHeapOccupancyPercent=75",
                "-Xmx48m", "-Ddrt.studioHome=" + home, "--module-path", fx, "--add-modules", "javafx.controls",
                "-cp", rest, "org.drtstudio.app.Main", "studio", "scenes/default.nff", "--measure", "10")
                .redirectErrorStream(true).redirectOutput(home.resolve("output.txt").toFile()).start();
        boolean ended = p.waitFor(200, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly().waitFor(30, TimeUnit.SECONDS); // a hung studio is not left behind
        String output = Files.readString(home.resolve("output.txt"), StandardCharsets.UTF_8);
        assertTrue(ended, "the studio did not end (it hung): " + output);
        // GTK's own complaints about a window it is asked to size under Xvfb are not the program's lines
        List<String> lines = output.lines().filter(l -> !l.isBlank() && !l.contains("Gtk-")).toList();
        assertEquals(3, p.exitValue(), output);
        assertEquals(1, lines.size(), output);
        assertTrue(lines.get(0).startsWith("drt: out of memory (the Java heap is 48 MiB): give Java more"), lines.get(0));
        assertFalse(output.contains("Exception") || output.contains("\tat "), output);
    }
}
