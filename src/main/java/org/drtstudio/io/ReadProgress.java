package org.drtstudio.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.DoubleConsumer;

/**
 * How far the reading of one scene file has got, for progress bars. A load started through
 * {@link org.drtstudio.io.project.SceneLoader#load(Path, DoubleConsumer)} registers its file for the calling thread; the
 * readers pass the streams they open through {@link #track}, which counts the bytes of that file
 * (not of the MTL files or textures it names) and reports the fraction read, at most once per
 * percent. Per thread, so loads running side by side do not mix.
 */
public final class ReadProgress {
    private record Tracked(Path file, long size, DoubleConsumer listener) {
    }

    private static final ThreadLocal<Tracked> CURRENT = new ThreadLocal<>();

    private ReadProgress() {
    }

    /** Reports progress of reading {@code file} on this thread to {@code listener} until {@link #stop}. */
    public static void start(Path file, DoubleConsumer listener) {
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1; // the reader will say what is wrong with the file
        }
        CURRENT.set(new Tracked(key(file), size, listener));
    }

    public static void stop() {
        CURRENT.remove();
    }

    /**
     * Where a reader that reads {@code file} in parallel parts, not as one stream, reports the
     * fraction it has read (on this thread): the listener when {@code file} is the one tracked on
     * this thread, else one that ignores it.
     */
    public static DoubleConsumer reporter(Path file) {
        Tracked t = CURRENT.get();
        return t == null || !t.file().equals(key(file)) ? fraction -> { } : t.listener();
    }

    /** {@code in}, counting its bytes when {@code file} is the one being tracked on this thread. */
    public static InputStream track(Path file, InputStream in) {
        Tracked t = CURRENT.get();
        if (t == null || t.size() <= 0 || !t.file().equals(key(file))) return in;
        return new FilterInputStream(in) {
            private long read;
            private int reportedPercent = -1;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) advance(1);
                return b;
            }

            @Override
            public int read(byte[] buf, int off, int len) throws IOException {
                int n = super.read(buf, off, len);
                if (n > 0) advance(n);
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                long skipped = super.skip(n);
                advance(skipped);
                return skipped;
            }

            private void advance(long n) {
                read += n;
                int percent = (int) Math.min(100, 100 * read / t.size());
                if (percent > reportedPercent) {
                    reportedPercent = percent;
                    t.listener().accept(percent / 100.0);
                }
            }
        };
    }

    private static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }
}
