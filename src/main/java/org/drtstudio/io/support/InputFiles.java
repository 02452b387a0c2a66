package org.drtstudio.io.support;

import org.drtstudio.io.Excerpt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Opens the files a scene reads (scene files, material libraries, textures, models a project or
 * cfg names) only when they are regular files. A FIFO blocks its reader until some writer appears,
 * and a device such as {@code /dev/zero} never ends; neither is a scene, so both are refused before
 * they are opened, with a reason that differs from "file not found".
 *
 * <p>The kind is checked through the link (a symlink to a regular file is fine) just before the
 * open. A file swapped for a FIFO between the check and the open would still block: that race
 * needs an attacker on the same machine, which is outside what scene files can do.
 */
public final class InputFiles {
    private InputFiles() {
    }

    /** The file exists but is a folder, FIFO, device or socket. */
    public static final class NotRegularFileException extends FileSystemException {
        NotRegularFileException(Path file, String kind) {
            super(file.toString(), null, "is " + kind + ", not a regular file");
        }
    }

    /**
     * Checks that {@code file} is a regular file (following links).
     *
     * @throws NoSuchFileException      when nothing is there (or a link points nowhere)
     * @throws NotRegularFileException  when it is a folder, FIFO, device or socket
     * @throws IOException              when its attributes cannot be read
     */
    public static void requireRegular(Path file) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString());
        }
        if (attributes.isRegularFile()) return;
        throw new NotRegularFileException(file, attributes.isDirectory() ? "a folder" : "a device, FIFO or socket");
    }

    /** {@link #requireRegular} then {@link Files#newInputStream}. */
    public static InputStream open(Path file) throws IOException {
        requireRegular(file);
        return Files.newInputStream(file);
    }

    /**
     * Words for why {@code file} cannot be read, for a one-line message: "file not found",
     * "a FIFO ..., not a regular file", or the reason the system gave (never file contents).
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) return "file not found";
        if (e instanceof NotRegularFileException n) return n.getReason();
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            // A decoder's end of input or bare failure: its class name means nothing to a user.
            return e instanceof java.io.EOFException ? "the file ends early" : "read failed";
        }
        return Excerpt.sanitize(message, 200);
    }
}
