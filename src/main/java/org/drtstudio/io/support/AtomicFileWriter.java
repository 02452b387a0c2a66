package org.drtstudio.io.support;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a file so that a crash at any moment leaves either the old file or the complete new
 * one, never a mix: the bytes go to a temporary file in the same folder, are forced to disk, and
 * the temporary file is renamed over the target (atomic within one file system); finally the
 * folder is synced so the rename itself survives a power cut where the platform allows.
 *
 * <p>A process killed mid-write may leave its temporary file ({@code .NAME.PID.….tmp}) behind;
 * the target is never touched until the rename.
 */
public final class AtomicFileWriter {
    /** Writes the content to the stream it is given (closing it is allowed and harmless). */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFileWriter() {
    }

    public static void write(Path file, Body body) throws IOException {
        Path abs = file.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: its owner-only permissions would carry over to the target.
        Path tmp = dir.resolve("." + abs.getFileName() + "." + ProcessHandle.current().pid() + "."
                + Long.toHexString(System.nanoTime()) + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
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
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot replace " + abs + " atomically on this file system", e);
            }
            syncFolder(dir);
        } finally {
            Files.deleteIfExists(tmp);
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
