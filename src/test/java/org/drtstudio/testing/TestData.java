package org.drtstudio.testing;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where tests find their input files.
 *
 * <ul>
 *   <li>{@link #resource}: small files copied into src/test/resources/data (always present).</li>
 *   <li>{@link #shared}: the project's shared data folder beside the checkout ({@code ../shared/data}),
 *       which CI and developers have; large scenes stay there instead of in git. When it is absent
 *       (an installed copy, a stranger's clone) those tests are skipped with a message saying why.</li>
 * </ul>
 */
public final class TestData {
    private TestData() {
    }

    public static Path resource(String relative) {
        Path p = Path.of("src/test/resources/data").resolve(relative);
        if (!Files.exists(p)) throw new IllegalStateException("test resource missing: " + p.toAbsolutePath());
        return p;
    }

    public static Path sharedRoot() {
        String override = System.getProperty("drt.sharedData");
        Path p = override != null ? Path.of(override) : Path.of("..", "shared", "data");
        Assumptions.assumeTrue(Files.isDirectory(p), "shared data folder not found at " + p.toAbsolutePath()
                + " (set -Ddrt.sharedData=DIR)");
        return p;
    }

    public static Path shared(String relative) {
        Path p = sharedRoot().resolve(relative);
        if (!Files.exists(p)) throw new IllegalStateException("shared data file missing: " + p.toAbsolutePath());
        return p;
    }
}
