package org.drtstudio.io.image;

import org.drtstudio.io.support.AtomicFileWriter;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;

/** Writes a file through a temporary sibling and a rename, so a crash never leaves half an image (see {@link AtomicFileWriter}). */
final class AtomicFiles {
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    static void write(Path file, Body body) throws IOException {
        AtomicFileWriter.write(file, body::writeTo);
    }
}
