package org.drtstudio.render.cpu;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;

/**
 * Lowers the calling thread's scheduling priority on Linux. Java's thread priorities do nothing
 * there (the JVM maps them to nothing without root), but each thread is a task with its own nice
 * value, which {@code renice} sets by task id, so one thread can step back without its process.
 * Used for the studio's tracer threads: on a 2-core machine two of them took both cores from the
 * JavaFX and render threads, which then waited their turn for every frame they put on screen.
 * Where this cannot be done (not Linux, no {@code renice}) the thread keeps its priority.
 */
public final class ThreadNiceness {
    /** How far the tracer threads step back: weight 110 against the UI's 1024 when both want a core. */
    public static final int BACKGROUND = 10;

    /**
     * How far the JVM's own background threads step back in the studio: behind the window's threads,
     * ahead of the tracer's. In the studio's first minute the JIT compilers (C1, C2) and G1's
     * concurrent marking ran for most of a core at the window's priority; on a 2-core machine the FX
     * thread then waited for a core: in a 69 ms stall after an edit ({@code drt studio --measure}) it
     * ran 20 ms and waited 27 ms while G1's marking ran 40 ms and the compilers 35 ms.
     */
    public static final int JVM_BACKGROUND = 5;

    /**
     * Task names (as the kernel shows them, 15 characters at most) of the JVM threads that work
     * beside the program rather than stopping it: the JIT compilers and G1's concurrent threads.
     * Not G1's pause workers ("GC Thread#") nor the VM thread: while they run every Java thread waits.
     */
    private static final List<String> JVM_BACKGROUND_TASKS = List.of("C1 ", "C2 ", "G1 Conc", "G1 Refine", "G1 Main Marker", "G1 Service");

    private ThreadNiceness() {
    }

    /**
     * Lowers the JVM's background threads ({@link #JVM_BACKGROUND_TASKS}) to {@link #JVM_BACKGROUND}.
     * One the JVM starts later (more compiler threads on a larger machine) keeps its priority: there
     * the window does not run short of cores. Returns how many were lowered.
     */
    public static int lowerJvmBackgroundThreads() {
        List<String> tasks = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : all) if (isJvmBackground(readName(task))) tasks.add(task.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return 0; // not Linux: they keep their priority
        }
        return tasks.isEmpty() || !renice(JVM_BACKGROUND, tasks) ? 0 : tasks.size();
    }

    static boolean isJvmBackground(String taskName) {
        return JVM_BACKGROUND_TASKS.stream().anyMatch(taskName::startsWith);
    }

    private static String readName(Path task) {
        try {
            return Files.readString(task.resolve("comm")).strip();
        } catch (IOException e) {
            return ""; // the thread ended
        }
    }

    /** Runs {@code renice -n nice -p TASK...}; false when it could not or did not succeed. */
    private static boolean renice(int nice, List<String> tasks) {
        List<String> command = new ArrayList<>(List.of("renice", "-n", Integer.toString(nice), "-p"));
        command.addAll(tasks);
        try {
            Process renice = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return renice.waitFor(5, TimeUnit.SECONDS) && renice.exitValue() == 0;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Lowers the calling thread to nice value {@code nice} (renice sets the value, not an increment);
     * a thread already at that value or lower in priority is left as it is. False when it could not.
     */
    public static boolean lowerCurrentThread(int nice) {
        if (ofCurrentThread() >= nice) return true;
        try {
            Path task = Files.readSymbolicLink(Path.of("/proc/thread-self")); // "PID/task/TID"
            return renice(nice, List.of(task.getFileName().toString()));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /**
     * A fork/join pool of {@code parallelism} daemon threads, each lowered to {@code nice} as it
     * starts. Work submitted to it runs its parallel streams and fork/join steps in it rather than in
     * the common pool, whose threads keep the process's priority.
     */
    public static ForkJoinPool pool(String name, int parallelism, int nice) {
        ForkJoinPool.ForkJoinWorkerThreadFactory threads = p -> {
            ForkJoinWorkerThread t = new ForkJoinWorkerThread(p) {
                @Override
                protected void onStart() {
                    super.onStart();
                    lowerCurrentThread(nice);
                }
            };
            t.setName(name + "-" + t.getPoolIndex());
            return t;
        };
        return new ForkJoinPool(parallelism, threads, null, false);
    }

    /** The calling thread's nice value, read from /proc, or 0 where it cannot be read. */
    static int ofCurrentThread() {
        return ofTask(Path.of("/proc/thread-self"));
    }

    /** The nice value of the task (thread) whose /proc directory is {@code task}, or 0 where it cannot be read. */
    static int ofTask(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[16]); // field 19, nice, counted from the state (field 3)
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
