package org.drtstudio.lab;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.project.SceneLoader;

import java.nio.file.Path;

/**
 * Whether a one-shot import of a large OBJ gets faster when the reader's loops are warmed up first
 * on a small file on one thread (issue 41: a cold JVM pays the JIT's profiling code on every core).
 * {@code ImportWarmup LARGE [SMALL K]}: K imports of SMALL, timed, then one of LARGE with its phases.
 */
public final class ImportWarmup {
    private ImportWarmup() {
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        int k = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        for (int i = 0; i < k; i++) SceneLoader.load(Path.of(args[1]));
        double warm = TimedPhase.since(t0);
        long t1 = System.nanoTime();
        ImportResult big = SceneLoader.load(Path.of(args[0]));
        double load = TimedPhase.since(t1);
        System.out.printf(java.util.Locale.ROOT, "warm-up %d x: %.1f ms; import %.1f ms (%s); both %.1f ms%n", k, warm, load,
                TimedPhase.summary(big.phases()), warm + load);
    }
}
