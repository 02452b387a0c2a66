package org.drtstudio.io.support;

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
 * Names the temporary files of atomic saves ({@code .NAME.PID.HEX.tmp} beside NAME) and removes
 * the ones a killed save left behind: those of the same target whose process is gone, or that are
 * older than {@link #MAX_AGE} (a process id may have been reused since). A live save's file is left
 * alone, so two programs saving the same target do not delete each other's work in progress.
 */
public final class StaleTempFiles {
    /** A temporary file this old belongs to no save still running, whatever its process id says. */
    public static final Duration MAX_AGE = Duration.ofHours(24);
    private static final Pattern TAIL = Pattern.compile("\\.(\\d{1,19})\\.([0-9a-f]{1,16})\\.tmp");

    private StaleTempFiles() {
    }

    /** A fresh temporary name for {@code target} (absolute), unique within this process. */
    static Path temporaryFor(Path target, long pid, long unique) {
        return target.resolveSibling(head(target.getFileName().toString()) + "." + pid + "." + Long.toHexString(unique) + ".tmp");
    }

    /**
     * The start of a temporary name for {@code targetName}: {@code .NAME}, or, where that and the
     * longest tail ({@code .PID.HEX.tmp}) would not fit in {@link OutputTarget#MAX_NAME_BYTES}, the
     * start of NAME cut to fit and {@code ~} with a hash of the whole name (a 250-character output
     * name is legal; its temporary file must be creatable too).
     */
    static String head(String targetName) {
        String full = "." + targetName;
        if (utf8Length(full) + LONGEST_TAIL <= OutputTarget.MAX_NAME_BYTES) return full;
        String hash = String.format("~%08x", targetName.hashCode());
        int budget = OutputTarget.MAX_NAME_BYTES - LONGEST_TAIL - 1 - hash.length();
        StringBuilder cut = new StringBuilder(".");
        int bytes = 0;
        for (int i = 0; i < targetName.length(); ) {
            int cp = targetName.codePointAt(i);
            int n = utf8Length(new String(Character.toChars(cp)));
            if (bytes + n > budget) break;
            cut.appendCodePoint(cp);
            bytes += n;
            i += Character.charCount(cp);
        }
        return cut.append(hash).toString();
    }

    /** {@code .PID.HEX.tmp} at its longest: 19 digits of a long, 16 hex digits. */
    private static final int LONGEST_TAIL = 1 + 19 + 1 + 16 + 4;

    static int utf8Length(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    /** The process id encoded in {@code name} if it is a temporary file of {@code targetName}, else -1. */
    static long ownerPid(String name, String targetName) {
        String head = head(targetName);
        if (!name.startsWith(head)) return -1;
        Matcher m = TAIL.matcher(name.substring(head.length()));
        if (!m.matches()) return -1;
        try {
            return Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Deletes the stale temporary files of {@code target}; returns those deleted. Never fails a
     * save: a file that cannot be listed or deleted is simply left.
     */
    public static List<Path> clean(Path target, Instant now) {
        String targetName = target.getFileName().toString();
        // The filter only narrows the listing; ownerPid checks the exact form, metacharacters in the name included.
        return deleteStale(target.getParent(), p -> p.getFileName().toString().endsWith(".tmp"), p -> {
            long pid = ownerPid(p.getFileName().toString(), targetName);
            Instant modified = pid < 0 ? null : regularFileModified(p);
            return modified != null && leftOver(pid, modified, now);
        });
    }

    /** Whether a file {@code stale} judges. */
    public interface Staleness {
        boolean stale(Path file) throws IOException;
    }

    /**
     * Deletes the files of {@code dir} that {@code listed} lists and {@code stale} judges stale; returns
     * those deleted. Never fails: a folder that cannot be listed, or a file that cannot be read or
     * deleted (another user's), is simply left.
     */
    public static List<Path> deleteStale(Path dir, DirectoryStream.Filter<Path> listed, Staleness stale) {
        List<Path> removed = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, listed)) {
            for (Path p : files) {
                try {
                    if (!stale.stale(p)) continue;
                    Files.deleteIfExists(p);
                    removed.add(p);
                } catch (IOException ignored) {
                    // someone else's file we may not read or delete: it is only clutter
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // cleaning is a courtesy; what it cleans for decides success
        }
        return removed;
    }

    /**
     * Whether a file that process {@code pid} named for itself, last changed at {@code modified}, is
     * left over: not this process's, and its process gone or the file older than {@link #MAX_AGE}
     * (a process id may have been reused since).
     */
    public static boolean leftOver(long pid, Instant modified, Instant now) {
        if (pid == ProcessHandle.current().pid()) return false;
        return modified.isBefore(now.minus(MAX_AGE)) || ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }

    /** When a regular file was last changed; null for a link, FIFO or folder that merely looks like one of ours (never followed). */
    public static Instant regularFileModified(Path p) throws IOException {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        return a.isRegularFile() ? a.lastModifiedTime().toInstant() : null;
    }
}
