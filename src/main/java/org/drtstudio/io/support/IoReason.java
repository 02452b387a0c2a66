package org.drtstudio.io.support;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * The operating system's reason behind an I/O failure ("No space left on device", "Permission
 * denied", "Read-only file system"), dug out of wrappers such as ImageIO's "I/O error writing PNG
 * file!" and of {@link FileSystemException}s, whose message would otherwise name the temporary file.
 */
public final class IoReason {
    private IoReason() {
    }

    public static String of(Throwable failure) {
        String best = null;
        // The innermost cause is the system call's; wrappers only add their own words around it.
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String r = own(t);
            if (r != null) best = r;
        }
        return best != null ? best : failure.getClass().getSimpleName();
    }

    private static String own(Throwable t) {
        if (t instanceof FileSystemException fs) {
            if (fs.getReason() != null && !fs.getReason().isBlank()) return fs.getReason();
            if (fs instanceof AccessDeniedException) return "Permission denied";
            if (fs instanceof NoSuchFileException) return "No such file or directory";
            return null;
        }
        String m = t.getMessage();
        if (m == null || m.isBlank()) return null;
        return m.lines().findFirst().orElse(m).strip();
    }
}
