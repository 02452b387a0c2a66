package org.drtstudio.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Makes the special files hostile-input tests need: FIFOs, links to system files. */
final class HostileFiles {
    /** Text standing in for a file that must never be echoed (a password file, a key). */
    static final String SECRET_LINE = "root:x:0:0:TOPSECRET-4711:/root:/bin/bash";

    private HostileFiles() {
    }

    /** A FIFO at {@code path} (through mkfifo; Java cannot make one), or false where there is no mkfifo. */
    static boolean fifo(Path path) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(List.of("mkfifo", path.toString())).redirectErrorStream(true).start();
        } catch (IOException noMkfifo) {
            return false;
        }
        return p.waitFor() == 0 && Files.exists(path);
    }

    /** A file outside {@code dir} holding {@link #SECRET_LINE} and more lines like it. */
    static Path secretBeside(Path dir) throws IOException {
        Path outside = Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-private"));
        Path secret = outside.resolve("passwd");
        Files.writeString(secret, SECRET_LINE + "\ndaemon:x:1:1:TOPSECRET-0815:/usr/sbin:/usr/sbin/nologin\n");
        return secret;
    }

    /** A value of this process's environment long enough to recognise in a message, or null. */
    static String environmentValue() {
        return System.getenv().values().stream().filter(v -> v.length() >= 12).findFirst().orElse(null);
    }
}
