package org.drtstudio.render.gl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Wall time of a pass's stages on its GL thread ({@link GlRenderer#lastStageMillis} names them),
 * and values noted beside them, for benchmarks: {@code drt bench --suite gpus} reports them per GPU
 * and frame, to tell which part of a split frame does not shrink with the GPU's share of the pixels.
 */
final class StageClock {
    /** No pass yet. */
    static final StageClock NONE = new StageClock();

    private final long startNanos = System.nanoTime();
    private long lastNanos = startNanos;
    private final Map<String, Double> millis = new LinkedHashMap<>();
    private final Map<String, Double> notes = new LinkedHashMap<>();

    /** Counts the time since the last lap (or the start) as {@code stage}. */
    void lap(String stage) {
        long now = System.nanoTime();
        millis.merge(stage, (now - lastNanos) / 1e6, Double::sum);
        lastNanos = now;
    }

    /** Milliseconds since the last lap (or the start), the stage under way so far: for notes of a stage's parts. */
    double sinceLap() {
        return (System.nanoTime() - lastNanos) / 1e6;
    }

    /** Notes a value beside the stages (not a stage: not in {@link #millis}). */
    void note(String name, double value) {
        notes.put(name, value);
    }

    /** The values noted, in the order noted. */
    Map<String, Double> notes() {
        return Collections.unmodifiableMap(notes);
    }

    /** When the pass began on the GL thread ({@link System#nanoTime}). */
    long startNanos() {
        return startNanos;
    }

    /** Milliseconds by stage, in the order first lapped. */
    Map<String, Double> millis() {
        return Collections.unmodifiableMap(millis);
    }
}
