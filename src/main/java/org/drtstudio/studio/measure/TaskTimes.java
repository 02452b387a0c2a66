package org.drtstudio.studio.measure;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's account of threads (Linux {@code /proc/self/task/TID/schedstat}): nanoseconds on a
 * core and nanoseconds runnable but waiting for one. A stall in which the FX thread neither ran nor
 * waited for a core was spent blocked (a lock, the render thread, the X server); one in which it
 * waited was spent behind other threads. Elsewhere nothing is found ({@link #found}).
 */
final class TaskTimes {
    /** Run and wait nanoseconds. */
    record Times(long run, long waited) {
        Times minus(Times o) {
            return new Times(run - o.run, waited - o.waited);
        }
    }

    private final List<Path> tasks;

    private TaskTimes(List<Path> tasks) {
        this.tasks = tasks;
    }

    /** The calling thread. */
    static TaskTimes ofCurrentThread() {
        try {
            return new TaskTimes(List.of(Path.of("/proc/self/task").resolve(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName())));
        } catch (IOException | RuntimeException e) {
            return new TaskTimes(List.of());
        }
    }

    /** Every thread of this process whose name starts with {@code prefix}, summed. */
    static TaskTimes named(String prefix) {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> all = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : all) {
                try {
                    if (Files.readString(task.resolve("comm")).startsWith(prefix)) found.add(task);
                } catch (IOException e) {
                    // the thread ended
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return new TaskTimes(found);
    }

    boolean found() {
        return !tasks.isEmpty();
    }

    Times now() {
        long run = 0, wait = 0;
        for (Path task : tasks) {
            try {
                String[] f = Files.readString(task.resolve("schedstat")).trim().split("\\s+");
                run += Long.parseLong(f[0]);
                wait += Long.parseLong(f[1]);
            } catch (IOException | RuntimeException e) {
                // the thread ended, or no schedstat: it adds nothing
            }
        }
        return new Times(run, wait);
    }
}
