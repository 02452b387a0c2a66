package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt bench --suite christen}: the uniform-grid paper's scene sizes, generated (no data
 * folder needed), measured by the accel suite's machinery on the CPU tracer at a tiny size; a
 * scene name it does not have is one line. Speed is not checked.
 */
@Timeout(600)
class ChristenSuiteTest {
    @TempDir
    Path dir;

    @Test
    void theSuiteRunsTheGridAndTheBvhOnSceneAWithoutData() throws Exception {
        CliHarness cli = new CliHarness();
        Path json = dir.resolve("christen.json");
        assertEquals(0, cli.drt("bench", "--suite", "christen", "--backend", "cpu", "--data", dir.toString(), "--scenes", "christen_a",
                "--size", "32x16", "--repeats", "1", "--grid-densities", "2", "--json", json.toString()), cli.err());
        String text = Files.readString(json);
        assertTrue(text.contains("\"suite\": \"christen\""), text);
        assertTrue(text.contains("christen_a"), text);
        for (String structure : new String[]{"bvh", "grid"})
            assertTrue(text.contains("\"" + structure + "\": {"), structure + " missing in\n" + text);
        assertFalse(text.contains("christen_c"), "only the scene asked for");
    }

    @Test
    void anUnknownSceneIsOneLine() {
        CliHarness cli = new CliHarness();
        assertEquals(2, cli.drt("bench", "--suite", "christen", "--backend", "none", "--scenes", "christen_d"));
        String err = cli.err();
        assertTrue(err.contains("christen_d") && err.lines().count() <= 2 && !err.contains("Exception"), err);
    }
}
