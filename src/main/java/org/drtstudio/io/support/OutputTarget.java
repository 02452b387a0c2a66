package org.drtstudio.io.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Decides where an output may go before any work is done. An atomic save renames its temporary
 * file over the target, which would turn a FIFO, a device, a socket or a folder into a plain file
 * (as root, {@code -o /dev/null} would replace the system's); so only a regular file, or nothing,
 * is replaced. A symbolic link to a regular file is followed, so the link stays and its target is
 * replaced, as an editor's save would do.
 */
public final class OutputTarget {
    private OutputTarget() {
    }

    /** The longest file name, in bytes of UTF-8, that Linux's file systems take (NAME_MAX). */
    public static final int MAX_NAME_BYTES = 255;

    /**
     * The absolute path to write for {@code requested}.
     *
     * @throws OutputProblem naming {@code requested} when it is empty, longer than a folder takes,
     *                       names a folder or a special file, or its folder is a file
     */
    public static Path resolve(Path requested) throws OutputProblem {
        if (requested == null || requested.toString().isBlank() || requested.getFileName() == null)
            throw new OutputProblem(requested == null ? Path.of("") : requested, "the output file name is empty");
        Path abs = requested.toAbsolutePath().normalize();
        if (abs.getFileName() == null) throw new OutputProblem(requested, "is a folder, not a file");
        int bytes = StaleTempFiles.utf8Length(abs.getFileName().toString());
        if (bytes > MAX_NAME_BYTES) {
            // Checked here, before any work: the system would refuse it only when the picture is written.
            throw new OutputProblem(requested, "the file name is " + bytes + " bytes long; a folder takes names of at most " + MAX_NAME_BYTES);
        }
        Path target = abs;
        BasicFileAttributes own = attributes(abs, LinkOption.NOFOLLOW_LINKS);
        if (own != null && own.isSymbolicLink()) {
            try {
                target = abs.toRealPath();
            } catch (NoSuchFileException dangling) {
                throw new OutputProblem(requested, "is a symbolic link to a missing file; remove it or choose another name");
            } catch (IOException e) {
                throw new OutputProblem(requested, "cannot follow the symbolic link: " + IoReason.of(e));
            }
        }
        BasicFileAttributes a = attributes(target, LinkOption.NOFOLLOW_LINKS);
        if (a != null && !a.isRegularFile()) {
            String via = target.equals(abs) ? "" : " (through the symbolic link to " + target + ")";
            throw new OutputProblem(requested, "is " + kind(target, a) + via + "; only a regular file is replaced");
        }
        checkFolders(requested, target.getParent());
        return target;
    }

    /** The nearest existing ancestor must be a folder: {@code scene.nff/out.png} cannot be made. */
    private static void checkFolders(Path requested, Path dir) throws OutputProblem {
        for (Path d = dir; d != null; d = d.getParent()) {
            BasicFileAttributes a = attributes(d, LinkOption.NOFOLLOW_LINKS);
            if (a == null) continue; // missing folders are created
            if (a.isDirectory()) return;
            if (a.isSymbolicLink()) {
                if (Files.isDirectory(d)) return;
                throw new OutputProblem(requested, d + " is a symbolic link to something that is not a folder");
            }
            throw new OutputProblem(requested, d + " is " + kind(d, a) + ", not a folder");
        }
    }

    private static BasicFileAttributes attributes(Path p, LinkOption... options) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, options);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** "a FIFO", "a character device", ... from the file type bits where the platform has them. */
    static String kind(Path p, BasicFileAttributes a) {
        if (a.isDirectory()) return "a folder";
        if (a.isRegularFile()) return "a file";
        if (a.isSymbolicLink()) return "a symbolic link";
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            switch (mode & 0170000) {
                case 0010000: return "a FIFO (named pipe)";
                case 0020000: return "a character device";
                case 0060000: return "a block device";
                case 0140000: return "a socket";
                default: break;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // no POSIX file types here: fall through to the general word
        }
        return "a special file";
    }
}
