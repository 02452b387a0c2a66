package org.drtstudio.io.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import org.drtstudio.io.support.InputFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * The heap a project's reading takes, estimated before the project is read, so that a project the
 * heap cannot hold fails at once with the out-of-memory line instead of after minutes of garbage
 * collection (issue 37: 143 s for a 210 MB project). The reader keeps every JSON value as an object
 * with its text and line ({@link JsonValue}) until the whole document is decoded: that tree is the
 * peak, about 100 bytes a value (a JsonValue, its text, its slot in its parent's list). Measured on
 * a 78 MB project of 14 million numbers: at a heap of 1.42 GB it was read (15 s), at 1.35 GB it
 * failed after 10 to 14 s of collections. The estimate takes {@value #BYTES_PER_VALUE} bytes a value,
 * 1.47 GB there, leaving the collector some room: a heap just large enough may be refused, and the
 * out-of-memory line says how to give more.
 *
 * <p>Values are counted by a pass of Jackson's parser that keeps nothing (about a second for 200 MB),
 * and only for files large enough to matter: a file of {@code n} bytes holds at most {@code n / 2}
 * values.
 */
final class ProjectMemory {
    /** Heap bytes asked for one value of the document (see above). */
    static final long BYTES_PER_VALUE = 110;
    private static final JsonFactory JSON = new JsonFactory();

    private ProjectMemory() {
    }

    /**
     * Throws {@link OutOfMemoryError} when reading {@code file} would need more heap than is free;
     * returns otherwise (also for a file that is not valid JSON: the reader says what is wrong).
     */
    static void check(Path file) throws IOException {
        long free = Runtime.getRuntime().maxMemory() - (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        long size = java.nio.file.Files.size(file);
        if (size / 2 * BYTES_PER_VALUE < free) return; // even a file of nothing but values fits
        long values = 0;
        try (InputStream in = InputFiles.open(file); JsonParser p = JSON.createParser(in)) {
            for (JsonToken t; (t = p.nextToken()) != null; ) {
                if (t != JsonToken.FIELD_NAME && t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) values++;
            }
        } catch (JsonProcessingException malformed) {
            // counted up to the problem; the reader reports it, if the values before it fit
        }
        long needed = values * BYTES_PER_VALUE;
        if (needed > free) {
            System.gc(); // what looked taken may be garbage (a studio that has worked a while): count again before refusing
            free = Runtime.getRuntime().maxMemory() - (Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory());
        }
        if (needed > free) {
            throw new OutOfMemoryError("reading " + file + " needs about " + (needed >> 20) + " MiB of heap; " + (free >> 20) + " MiB are free");
        }
    }
}
