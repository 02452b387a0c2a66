package org.drtstudio.studio.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the FX thread was while it stalled: while a heartbeat is overdue by more than
 * {@link #OVERDUE_NANOS}, the heartbeat thread samples the FX thread's stack every period; the
 * samples of the longest stall since the last reset are kept. A stall's total says how long, this
 * says in what (the studio's own handler, JavaFX's pulse waiting for its renderer, a collection),
 * which the probe needs to tell a fix from a lucky run.
 */
final class StallSampler {
    /** Below this a stall is not sampled: the 50 ms target leaves room for ordinary pulses. */
    static final long OVERDUE_NANOS = 20_000_000L;
    private static final int FRAMES_SHOWN = 3;

    private final List<String> current = new ArrayList<>();
    private long currentStart = -1;
    private List<String> longest = List.of();
    private long longestNanos, longestStart, resetAt = System.nanoTime();
    /** The FX thread's and JavaFX's render threads' times: when the current stall was first seen, and during the longest. */
    private TaskTimes fxTask, renderTasks;
    private TaskTimes.Times fxAtStart, renderAtStart, longestFx, longestRender;

    /** Called by the heartbeat thread each period with how long the oldest beat has waited. */
    synchronized void tick(Thread fx, long overdueNanos, long now) {
        if (fx == null || overdueNanos < OVERDUE_NANOS) {
            finish(now);
            return;
        }
        if (currentStart < 0) {
            currentStart = now - overdueNanos;
            if (renderTasks == null || !renderTasks.found()) renderTasks = TaskTimes.named("QuantumRenderer");
            fxAtStart = fxTask == null ? null : fxTask.now();
            renderAtStart = renderTasks.now();
        }
        current.add(describe(fx.getStackTrace()));
    }

    private void finish(long now) {
        if (currentStart < 0) return;
        long length = now - currentStart;
        if (length > longestNanos) {
            longestNanos = length;
            longestStart = currentStart;
            // Where the kernel's counts cannot be read (not Linux) the times say "?", not 0.
            longestFx = fxAtStart == null || !fxTask.found() ? null : fxTask.now().minus(fxAtStart);
            longestRender = renderTasks.found() ? renderTasks.now().minus(renderAtStart) : null;
            longest = List.copyOf(current);
        }
        current.clear();
        currentStart = -1;
    }

    /** Called on the FX thread: its kernel task, whose times say whether a stall ran, waited for a core or was blocked. */
    synchronized void onFxThread() {
        if (fxTask == null) fxTask = TaskTimes.ofCurrentThread();
    }

    synchronized void reset() {
        current.clear();
        currentStart = -1;
        longest = List.of();
        longestNanos = 0;
        resetAt = System.nanoTime();
    }

    /** The longest sampled stall's stacks, most frequent first, as "n x frame < frame < frame". */
    synchronized String longestStall() {
        if (longest.isEmpty()) return "no stall over " + OVERDUE_NANOS / 1_000_000 + " ms sampled";
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String s : longest) counts.merge(s, 1, Integer::sum);
        StringBuilder b = new StringBuilder(String.format("%.0f ms from %.2f s; of its last %.0f ms, FX thread %s, render thread %s; %d samples:",
                longestNanos / 1e6, (longestStart - resetAt) / 1e9, (longestNanos - OVERDUE_NANOS) / 1e6, times(longestFx), times(longestRender),
                longest.size()));
        counts.entrySet().stream().sorted((a, c) -> c.getValue() - a.getValue()).limit(3)
                .forEach(e -> b.append(String.format("%n      %d x %s", e.getValue(), e.getKey())));
        return b.toString();
    }

    private static String times(TaskTimes.Times t) {
        return t == null ? "?" : String.format("ran %.0f ms, waited for a core %.0f ms", t.run() / 1e6, t.waited() / 1e6);
    }

    /**
     * The top frames, then the first frame below them outside the JDK (JavaFX's, as a rule) and the
     * first of the studio's: what the FX thread was doing, and for which part of the studio.
     */
    static String describe(StackTraceElement[] stack) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < Math.min(FRAMES_SHOWN, stack.length); i++) parts.add(frame(stack[i]));
        boolean outsideJdk = false;
        for (int i = FRAMES_SHOWN; i < stack.length; i++) {
            String cls = stack[i].getClassName();
            if (!outsideJdk && !cls.startsWith("java.") && !cls.startsWith("jdk.") && !cls.startsWith("sun.")) {
                outsideJdk = true;
                parts.add("... " + frame(stack[i]));
            }
            if (cls.startsWith("org.drtstudio.") && !cls.contains("measure.")) {
                parts.add("... " + frame(stack[i]));
                break;
            }
        }
        return String.join(" < ", parts);
    }

    private static String frame(StackTraceElement e) {
        String cls = e.getClassName();
        return cls.substring(cls.lastIndexOf('.') + 1) + "." + e.getMethodName() + ":" + e.getLineNumber();
    }
}
