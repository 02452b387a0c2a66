package org.drtstudio.studio;

import org.drtstudio.io.support.StaleTempFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names the import warm-up's model files ({@code drt-warmup-PID-N.obj}, {@link ImportWarmup}) and
 * removes those a killed studio left in the temporary folder: a JVM that is killed, or halts on
 * running out of memory, runs no {@code deleteOnExit}, and each such start left up to 2.2 MB
 * behind. Removed: files whose process is gone, or older than a day (a process id may have been
 * reused, {@link StaleTempFiles#leftOver}), and files of the older name without a process id ({@code drt-warmup-N.obj})
 * older than {@link #UNNAMED_MAX_AGE} (a round deletes its own within seconds). A running studio's
 * files, links and anything else are left alone.
 */
final class StaleWarmupFiles {
    static final Duration UNNAMED_MAX_AGE = Duration.ofHours(1);
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
        return StaleTempFiles.deleteStale(folder, p -> {
            String name = p.getFileName().toString();
            return name.startsWith(PREFIX) && name.endsWith(SUFFIX);
        }, p -> stale(p, now));
    }

    private static boolean stale(Path p, Instant now) throws IOException {
        String name = p.getFileName().toString();
        Matcher named = NAMED.matcher(name);
        boolean unnamed = !named.matches() && UNNAMED.matcher(name).matches();
        Instant modified = named.matches() || unnamed ? StaleTempFiles.regularFileModified(p) : null;
        if (modified == null) return false;
        if (unnamed) return modified.isBefore(now.minus(UNNAMED_MAX_AGE));
        try {
            return StaleTempFiles.leftOver(Long.parseLong(named.group(1)), modified, now);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
