package org.drtstudio.io.support;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Replaces files so that a crash at any moment leaves either the old file or the complete new
 * one, never a mix: the bytes go to a temporary file in the same folder, are forced to disk, and
 * the temporary file is renamed over the target (atomic within one file system); finally the
 * folder is synced so the rename itself survives a power cut where the platform allows.
 *
 * <p>Only a regular file, or nothing, is replaced (see {@link OutputTarget}); a failure is an
 * {@link OutputProblem} naming the output and the system's reason, never the temporary file.
 * {@link #writeAll} writes several outputs (an image and its AOVs) as a group: every temporary
 * file is complete before the first rename, so a full disk or a refused file leaves all the old
 * outputs. A process ended by SIGTERM, SIGINT or SIGHUP removes its temporary files on the way out;
 * one killed outright ({@code kill -9}) may leave its temporary file ({@code .NAME.PID.HEX.tmp}),
 * which the next save of the same target removes once its process is gone ({@link StaleTempFiles}).
 */
public final class AtomicFileWriter {
    /** Writes the content to the stream it is given (closing it is allowed and harmless). */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** One file of a group: where it goes and what it holds. */
    public record Output(Path file, Body body) {
    }

    private static final AtomicLong UNIQUE = new AtomicLong(System.nanoTime());
    /**
     * The temporary files being written now. SIGTERM, SIGINT and SIGHUP end the JVM through its
     * shutdown hooks, which do not unwind the writing threads' finally blocks: the hook removes
     * these instead, so a render stopped by Ctrl-C, a closed terminal or a job scheduler's TERM
     * leaves no {@code .tmp} behind (and the old outputs, which are only renamed over at the end).
     */
    private static final Set<Path> IN_FLIGHT = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicFileWriter::removeTemporaries, "drt-temporary-files"));
    }

    private AtomicFileWriter() {
    }

    public static void write(Path file, Body body) throws IOException {
        writeAll(List.of(new Output(file, body)));
    }

    /**
     * Writes every output or none: all temporary files are written and forced first, then renamed
     * in order. Only a rename failing half-way (the folder changed under the save) can leave some
     * outputs new and others old, and the message says so.
     *
     * @throws OutputProblem naming the output that failed and why
     */
    public static void writeAll(List<Output> outputs) throws IOException {
        List<Path> targets = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Output o : outputs) {
            Path t = OutputTarget.resolve(o.file());
            if (!seen.add(t)) throw new OutputProblem(o.file(), "is named twice among the outputs of one render");
            targets.add(t);
        }
        List<Path> temps = new ArrayList<>();
        try {
            for (int i = 0; i < outputs.size(); i++) {
                Path requested = outputs.get(i).file(), target = targets.get(i);
                createFolders(requested, target.getParent());
                StaleTempFiles.clean(target, Instant.now());
                Path tmp = StaleTempFiles.temporaryFor(target, ProcessHandle.current().pid(), UNIQUE.incrementAndGet());
                temps.add(tmp);
                IN_FLIGHT.add(tmp);
                writeTemporary(requested, tmp, outputs.get(i).body());
            }
            for (int i = 0; i < outputs.size(); i++) {
                Path requested = outputs.get(i).file();
                try {
                    // Checked again: something may have appeared at the path while the picture was encoded.
                    OutputTarget.resolve(requested);
                    Files.move(temps.get(i), targets.get(i), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    throw new OutputProblem(requested, "cannot be replaced atomically on this file system" + partial(i), e);
                } catch (OutputProblem e) {
                    throw i == 0 ? e : new OutputProblem(requested, e.reason() + partial(i), e);
                } catch (IOException e) {
                    throw new OutputProblem(requested, IoReason.of(e) + partial(i), e);
                }
            }
            for (Path t : targets) syncFolder(t.getParent());
        } finally {
            for (Path tmp : temps) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // a leftover is cleaned by the next save of that target
                }
                IN_FLIGHT.remove(tmp);
            }
        }
    }

    /**
     * A temporary name beside {@code target} for a file another program writes (ffmpeg's video),
     * ending in {@code suffix} (which that program may read its format from, at most 4 characters
     * such as {@code .mp4}) and short enough for the folder whatever the target's length; deleted on
     * SIGTERM, SIGINT or SIGHUP as this class's own are, until {@link #release}.
     */
    public static Path temporaryBeside(Path target, String suffix) {
        if (suffix.length() > 4) throw new IllegalArgumentException("a suffix of at most 4 characters, got " + suffix);
        Path abs = target.toAbsolutePath();
        Path tmp = abs.resolveSibling(StaleTempFiles.head(abs.getFileName().toString()) + "." + ProcessHandle.current().pid()
                + "." + Long.toHexString(UNIQUE.incrementAndGet()) + suffix);
        IN_FLIGHT.add(tmp);
        return tmp;
    }

    /** Deletes a {@link #temporaryBeside} file that is left (after a failure, or once renamed: nothing). */
    public static void release(Path tmp) throws IOException {
        try {
            Files.deleteIfExists(tmp);
        } finally {
            IN_FLIGHT.remove(tmp);
        }
    }

    /**
     * Deletes the temporary files of the saves in progress. For the way out of a process that ends
     * without its shutdown hooks ({@code Runtime.halt} after running out of memory); a save whose
     * file is deleted under it fails, which is what such an exit means anyway.
     */
    public static void removeTemporaries() {
        for (Path tmp : IN_FLIGHT) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException | RuntimeException ignored) {
                // the next save of that target removes it (StaleTempFiles)
            }
        }
    }

    private static String partial(int renamed) {
        return renamed == 0 ? "" : " (the " + renamed + " output" + (renamed == 1 ? "" : "s") + " before it were already replaced)";
    }

    private static void createFolders(Path requested, Path dir) throws OutputProblem {
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new OutputProblem(requested, e.getFile() + " is not a folder", e);
        } catch (IOException e) {
            throw new OutputProblem(requested, "cannot create its folder: " + IoReason.of(e), e);
        }
    }

    private static void writeTemporary(Path requested, Path tmp, Body body) throws OutputProblem {
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            // Not Files.createTempFile: its owner-only permissions would carry over to the target.
            BufferedOutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
            // A body that closes its stream must not close the channel before it is forced.
            body.writeTo(new FilterOutputStream(out) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    out.flush();
                }
            });
            out.flush();
            channel.force(true);
        } catch (OutputProblem e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // RuntimeException: encoders (ImageIO) turn some write errors into NullPointerExceptions.
            throw new OutputProblem(requested, IoReason.of(e), e);
        }
    }

    /** Makes the rename durable; not every platform lets a folder be opened, which is fine. */
    private static void syncFolder(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Windows cannot open folders; the rename is still atomic, only durability waits for the OS.
        }
    }
}
