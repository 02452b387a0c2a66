package org.drtstudio.studio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A JVM that ends while its import warm-up is in a round, as a studio closed in its first seconds
 * does ({@link ImportWarmupTest}): args[0] the folder the rounds write to.
 */
public final class ImportWarmupExit {
    private ImportWarmupExit() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[0]);
        new ImportWarmup(folder, 2_000_000, 2_000_000).startInBackground();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Stream<Path> files = Files.list(folder)) {
                if (files.count() >= 2) break;
            }
            Thread.sleep(5);
        }
        System.out.println("exiting mid-round");
        System.exit(0);
    }
}
