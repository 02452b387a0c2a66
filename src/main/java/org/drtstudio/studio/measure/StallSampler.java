package org.drtstudio.studio.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the FX thread was while it stalled: while a heartbeat is overdue by more than
 * {@link #OVERDUE_NANOS}, the heartbeat thread reads the kernel's run and wait times of the FX
 * thread and of JavaFX's render thread, and, only when asked ({@code stacks}), samples the FX
 * thread's stack every period; the longest stall since the last reset is kept. A stall's total
 * says how long, this says in what (the FX thread working, waiting for a core, or blocked: on a
 * lock, the X server or a JVM safepoint), which the probe needs to tell a fix from a lucky run.
 *
 * <p>Stacks are off by default because taking one stops the whole JVM: on Java 17 a thread's
 * stack is read at a global safepoint, and with the tracer's threads at a lower priority reaching
 * it took up to 23 ms (bunny_1m, 2 cores, {@code -Xlog:safepoint}); stalls of 58-93 ms held 11-34 ms
 * of such pauses, so a sampled run reports longer stalls than the user meets.
 */
final class StallSampler {
    /** Below this a stall is not sampled: the 50 ms target leaves room for ordinary pulses. */
    static final long OVERDUE_NANOS = 20_000_000L;
    private static final int FRAMES_SHOWN = 3;

    private final boolean stacks;
    private final List<String> current = new ArrayList<>();
    private long currentStart = -1;
    private List<String> longest = List.of();
    private boolean longestSeen;
    private long longestNanos, longestStart, resetAt = System.nanoTime();
    /** The FX thread's and JavaFX's render threads' times: when the current stall was first seen, and during the longest. */
    private TaskTimes fxTask, renderTasks;
    private TaskTimes.Times fxAtStart, renderAtStart, longestFx, longestRender;

    /** @param stacks whether to sample the FX thread's stack during a stall (each sample pauses the JVM) */
    StallSampler(boolean stacks) {
        this.stacks = stacks;
    }

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
        if (stacks) current.add(describe(fx.getStackTrace()));
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
            longestSeen = true;
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
        longestSeen = false;
        longestNanos = 0;
        resetAt = System.nanoTime();
    }

    /**
     * The longest stall seen: its length, start, what the FX and render threads did in it after
     * the first {@link #OVERDUE_NANOS}, and with stacks, the most frequent as "n x frame < frame".
     */
    synchronized String longestStall() {
        if (!longestSeen) return "no stall over " + OVERDUE_NANOS / 1_000_000 + " ms seen";
        long watched = longestNanos - OVERDUE_NANOS;
        StringBuilder b = new StringBuilder(String.format("%.0f ms from %.2f s; of its last %.0f ms, FX thread %s, render thread %s",
                longestNanos / 1e6, (longestStart - resetAt) / 1e9, watched / 1e6, fxTimes(longestFx, watched), times(longestRender)));
        if (!stacks) return b.toString();
        b.append(String.format("; %d samples (each paused the JVM):", longest.size()));
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String s : longest) counts.merge(s, 1, Integer::sum);
        counts.entrySet().stream().sorted((a, c) -> c.getValue() - a.getValue()).limit(3)
                .forEach(e -> b.append(String.format("%n      %d x %s", e.getValue(), e.getKey())));
        return b.toString();
    }

    /** The FX thread's times, and the rest of the stall as blocked (neither running nor waiting for a core). */
    private static String fxTimes(TaskTimes.Times t, long watchedNanos) {
        if (t == null) return times(null);
        return String.format("%s, blocked %.0f ms", times(t), Math.max(0, watchedNanos - t.run() - t.waited()) / 1e6);
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
