package org.drtstudio.bench;

import java.util.Arrays;

/** Repeated timings of one action, reported as median and 95th percentile in milliseconds. */
final class Stopwatch {
    record Stats(double medianMs, double p95Ms, int runs) {
    }

    interface Action {
        void run() throws Exception;
    }

    /** Runs the action once untimed (class loading, JIT), then {@code runs} timed times. */
    static Stats time(int runs, Action action) throws Exception {
        action.run();
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            action.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return new Stats(ms[runs / 2], ms[Math.min(runs - 1, (int) Math.ceil(0.95 * runs) - 1)], runs);
    }
}
