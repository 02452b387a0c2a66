package org.drtstudio.studio;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the import warm-up's model files ({@code drt-warmup-PID-N.obj}, {@link ImportWarmup}) and
 * removes those a killed studio left in the temporary folder: a JVM that is killed, or halts on
 * running out of memory, runs no {@code deleteOnExit}, and each such start left up to 2.2 MB
 * behind. Removed: files whose process is gone, or older than {@link #MAX_AGE} (a process id may
 * have been reused), and files of the older name without a process id ({@code drt-warmup-N.obj})
 * older than {@link #UNNAMED_MAX_AGE} (a round deletes its own within seconds). A running studio's
 * files, links and anything else are left alone.
 */
final class StaleWarmupFiles {
    static final Duration MAX_AGE = Duration.ofHours(24), UNNAMED_MAX_AGE = Duration.ofHours(1);
    private static final String PREFIX = "drt-warmup-", SUFFIX = ".obj";
    private static final Pattern NAMED = Pattern.compile("drt-warmup-(\\d{1,19})-\\d{1,20}\\.obj");
    private static final Pattern UNNAMED = Pattern.compile("drt-warmup-\\d{1,20}\\.obj");

    private StaleWarmupFiles() {
    }

    /** The name of a model file of process {@code pid}. */
    static String name(long pid, long unique) {
        return PREFIX + pid + "-" + Long.toUnsignedString(unique) + SUFFIX;
    }

    /** Deletes the stale model files in {@code folder}; returns those deleted. Never fails: what cannot be read or deleted stays. */
    static List<Path> clean(Path folder, Instant now) {
        List<Path> removed = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*" + SUFFIX)) {
            for (Path p : files) {
                if (stale(p, now)) {
                    try {
                        Files.deleteIfExists(p);
                        removed.add(p);
                    } catch (IOException ignored) {
                        // another user's file: only clutter
                    }
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // cleaning is a courtesy; the warm-up goes on without it
        }
        return removed;
    }

    private static boolean stale(Path p, Instant now) throws IOException {
        String name = p.getFileName().toString();
        Matcher named = NAMED.matcher(name);
        boolean unnamed = !named.matches() && UNNAMED.matcher(name).matches();
        if (!named.matches() && !unnamed) return false;
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!a.isRegularFile()) return false; // never a link or folder that merely looks like ours
        Instant modified = a.lastModifiedTime().toInstant();
        if (unnamed) return modified.isBefore(now.minus(UNNAMED_MAX_AGE));
        long pid;
        try {
            pid = Long.parseLong(named.group(1));
        } catch (NumberFormatException e) {
            return false;
        }
        if (pid == ProcessHandle.current().pid()) return false;
        return modified.isBefore(now.minus(MAX_AGE)) || ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }
}
