package org.drtstudio.io;

import java.io.IOException;
import java.nio.file.Path;

/** {@link HostileFiles} for the tests of io's subpackages. */
public final class HostileFilesAccess {
    private HostileFilesAccess() {
    }

    /** A password-like file beside {@code dir}, outside it; holds "TOPSECRET". */
    public static Path secretBeside(Path dir) throws IOException {
        return HostileFiles.secretBeside(dir);
    }
}
