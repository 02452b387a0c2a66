package org.drtstudio.render.cpu;

import java.io.IOException;
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

    private ThreadNiceness() {
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
     * Lowers every thread of this process whose name (as the kernel keeps it: its first 15
     * characters) starts with one of {@code prefixes} to nice value {@code nice}, in one
     * {@code renice}. For the JVM's own threads, which no Java code runs on. Returns how many it
     * lowered (0 where it could not).
     */
    public static int lowerThreadsNamed(int nice, String... prefixes) {
        List<String> tasks = new ArrayList<>();
        try (var dirs = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) dirs::iterator) {
                String name = readOr(task.resolve("comm"), "").strip();
                for (String prefix : prefixes) {
                    if (name.startsWith(prefix)) {
                        tasks.add(task.getFileName().toString());
                        break;
                    }
                }
            }
        } catch (IOException | java.io.UncheckedIOException | UnsupportedOperationException | SecurityException e) {
            return 0; // the listing can fail midway (a thread ending meanwhile): the caller goes on either way
        }
        return !tasks.isEmpty() && renice(nice, tasks) ? tasks.size() : 0;
    }

    /** Sets the nice value of the tasks (thread ids) with one {@code renice}; false when it could not. */
    private static boolean renice(int nice, List<String> tasks) {
        List<String> command = new ArrayList<>(List.of("renice", "-n", Integer.toString(nice), "-p"));
        command.addAll(tasks);
        try {
            Process renice = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return renice.waitFor(5, TimeUnit.SECONDS) && renice.exitValue() == 0;
        } catch (IOException | SecurityException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String readOr(Path file, String otherwise) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return otherwise;
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
        try {
            String stat = Files.readString(Path.of("/proc/thread-self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[16]); // field 19, nice, counted from the state (field 3)
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
