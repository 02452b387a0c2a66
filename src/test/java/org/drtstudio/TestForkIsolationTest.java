package org.drtstudio;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * When scripts/test.sh runs the test classes in several JVMs at once (scripts/with-display.sh
 * {@code --forks N}, pom.xml's profile "forks"), each JVM is on an X desktop of its own and writes
 * its home, settings and temporary files into folders of its own: two UI tests' robots on one
 * desktop would click into each other's windows, and two JVMs starting at once would unpack
 * JavaFX's and LWJGL's natives into the same files. This checks what the JVM it runs in was given,
 * so a pom or script change that loses the fork number (surefire fills in
 * {@code ${surefire.forkNumber}}) fails here with the values, not later as a UI test's lost click.
 * Outside the forks (a plain {@code mvn test}) there is nothing to check and it is skipped.
 */
class TestForkIsolationTest {
    @Test
    void eachForkHasItsOwnDesktopHomeAndTemporaryFolder() {
        Map<String, String> env = System.getenv();
        String prefix = env.get("DRT_TEST_DISPLAY_PREFIX");
        Assumptions.assumeTrue(prefix != null, "not run in forks (scripts/with-display.sh --forks)");
        int forks = Integer.parseInt(env.get("DRT_TEST_FORKS"));
        Path root = Path.of(env.get("DRT_TEST_FORK_ROOT"));

        String display = env.get("DISPLAY");
        assertTrue(display != null && display.matches(":" + prefix + "[1-" + forks + "]"),
                "DISPLAY " + display + " is not one of the forks' desktops :" + prefix + "1 … :" + prefix + forks);
        Path mine = root.resolve(display.substring(display.length() - 1));

        assertEquals(mine.resolve("home"), Path.of(System.getProperty("user.home")), "user.home");
        assertEquals(mine.resolve("tmp"), Path.of(System.getProperty("java.io.tmpdir")), "java.io.tmpdir");
        assertEquals(mine.resolve("tmp").toString(), env.get("TMPDIR"), "TMPDIR");
        assertEquals(mine.resolve("home/.config").toString(), env.get("XDG_CONFIG_HOME"), "XDG_CONFIG_HOME");
        assertEquals(mine.resolve("home/.local/state").toString(), env.get("XDG_STATE_HOME"), "XDG_STATE_HOME");
        assertEquals(mine.resolve("home/.local/share").toString(), env.get("XDG_DATA_HOME"), "XDG_DATA_HOME");
        assertTrue(Files.isDirectory(mine.resolve("tmp")), "the temporary folder exists: " + mine.resolve("tmp"));
    }
}
