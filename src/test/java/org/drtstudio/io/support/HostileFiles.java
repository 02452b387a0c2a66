package org.drtstudio.io.support;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes the special files an attacker or a careless script would name as an output: FIFOs, a
 * character device (a private copy of the null device, made only where this process may; never the
 * system's /dev/null), a socket, and size-limited or read-only tmpfs mounts (root only). A case
 * the machine cannot make is skipped with a message.
 */
public final class HostileFiles {
    private HostileFiles() {
    }

    public static Path fifo(Path p) throws Exception {
        Assumptions.assumeTrue(run(List.of("mkfifo", p.toString())), "mkfifo is not available here");
        return p;
    }

    /** A character device with the null device's numbers (1, 3), in a test folder: harmless to write, and never the real one. */
    public static Path charDevice(Path p) throws Exception {
        Assumptions.assumeTrue(run(List.of("mknod", p.toString(), "c", "1", "3")), "cannot create a device node here (not root?)");
        return p;
    }

    /** A bound Unix-domain socket file; the channel is returned so the caller can close it. */
    public static ServerSocketChannel socket(Path p) throws IOException {
        ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        ch.bind(UnixDomainSocketAddress.of(p));
        return ch;
    }

    /** Mounts a tmpfs of {@code size} ("64k") at {@code dir}; {@code ro} makes it read-only. Skips where mounting is not allowed. */
    public static void mountTmpfs(Path dir, String size, boolean ro) throws Exception {
        Files.createDirectories(dir);
        String opts = "size=" + size + (ro ? ",ro" : "");
        Assumptions.assumeTrue(run(List.of("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir.toString())),
                "cannot mount a tmpfs here (needs root and mount rights); the full-disk case is covered by a failing stream");
    }

    public static void unmount(Path dir) throws Exception {
        run(List.of("umount", dir.toString()));
    }

    public static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** The file type bits of {@code p} (not following links), for checking that a special file is still what it was. */
    public static int typeBits(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
    }

    static boolean run(List<String> command) throws Exception {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
