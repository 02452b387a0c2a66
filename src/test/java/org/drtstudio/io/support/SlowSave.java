package org.drtstudio.io.support;

import java.nio.file.Path;

/**
 * A save that is still writing when it is signalled ({@code AtomicFileWriterTest}): writes half a
 * file, says so on standard output, and waits.
 */
final class SlowSave {
    static final String WRITING = "writing";

    private SlowSave() {
    }

    public static void main(String[] args) throws Exception {
        AtomicFileWriter.write(Path.of(args[0]), out -> {
            out.write(new byte[1 << 16]);
            out.flush();
            System.out.println(WRITING);
            System.out.flush();
            try {
                Thread.sleep(120_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }
}
