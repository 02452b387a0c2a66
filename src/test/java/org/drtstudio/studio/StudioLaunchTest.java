package org.drtstudio.studio;

import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Starts {@code drt studio --measure} as its own process, the way users start it (a plain main
 * class, JavaFX from the class path), and checks that the window came up, measured and closed.
 * The numbers it prints are logged; whether they meet the targets depends on the machine.
 */
class StudioLaunchTest {
    @TempDir
    Path home;

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (java.nio.file.Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }

    @Test
    void drtStudioStartsMeasuresAndExits() throws Exception {
        StudioHarness.assumeDisplay();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>();
        // On a display of its own: a second JavaFX process on the display the UI tests use leaves the
        // X server in a state where later robot clicks on menu items no longer reach them (seen on Xvfb).
        // That desktop has a window manager, as users' have (scripts/with-display.sh).
        Assumptions.assumeTrue(onPath("Xvfb") && onPath("openbox"), "Xvfb and openbox are needed to give the launched studio its own desktop");
        command.add(Path.of("scripts", "with-display.sh").toAbsolutePath().toString());
        command.addAll(List.of(java.toString(), "-Dprism.order=sw", "-Ddrt.studioHome=" + home,
                "-cp", System.getProperty("java.class.path"), "org.drtstudio.app.Main", "studio",
                TestData.resource("studio/stage.nff").toString(), "--backend", "cpu", "--measure", "6"));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        boolean finished = p.waitFor(180, TimeUnit.SECONDS);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!finished) p.destroyForcibly();
        System.out.println(out);
        assertTrue(finished, "the studio closed itself after measuring");
        assertFalse(out.contains("JavaFX runtime components are missing"), out);
        assertTrue(out.contains("drag edit to frame on screen"), out);
        assertTrue(out.contains("FX thread longest stall"), out);
        int code = p.exitValue();
        assertTrue(code == 0 || code == 1, "0: targets met, 1: measured but not met; got " + code + "\n" + out);
    }
}
