package org.drtstudio.io.gltf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;

/**
 * The heap a glTF's JSON takes once bound to the library's objects, estimated before it is bound,
 * as projects are ({@code io.project.ProjectMemory}): values counted by a pass of Jackson's
 * streaming parser that keeps nothing, about {@value #BYTES_PER_VALUE} bytes each (a bound object
 * or boxed number, its slot in a list, the parse's own tree). A document the heap cannot hold is
 * refused with the out-of-memory line (exit code 3) before the binding starts. A string counts
 * once at two bytes a character (a data URI's base64 text and its decoded bytes).
 */
final class GltfMemory {
    static final long BYTES_PER_VALUE = 160;
    private static final JsonFactory JSON = new JsonFactory();

    private GltfMemory() {
    }

    static void check(String what, byte[] bytes, int offset, int length) throws IOException {
        long free = free();
        if ((long) length / 2 * BYTES_PER_VALUE + 2L * length < free) return; // even all values fits
        long values = 0, strings = 0;
        try (JsonParser p = JSON.createParser(bytes, offset, length)) {
            for (JsonToken t; (t = p.nextToken()) != null; ) {
                if (t == JsonToken.VALUE_STRING) strings += p.getTextLength();
                if (t != JsonToken.FIELD_NAME && t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) values++;
            }
        } catch (JsonProcessingException malformed) {
            // counted up to the problem; the reader says what it is
        }
        long needed = values * BYTES_PER_VALUE + 3 * strings;
        if (needed > free) {
            System.gc();
            free = free();
        }
        if (needed > free) {
            throw new OutOfMemoryError("reading " + what + " needs about " + (needed >> 20) + " MiB of heap; " + (free >> 20) + " MiB are free");
        }
    }

    /** Throws the out-of-memory error when {@code bytes} more cannot be held. */
    static void reserve(String what, long bytes) {
        long free = free();
        if (bytes > free) {
            System.gc();
            free = free();
        }
        if (bytes > free) throw new OutOfMemoryError("reading " + what + " needs about " + (bytes >> 20) + " MiB of heap; " + (free >> 20) + " MiB are free");
    }

    private static long free() {
        Runtime r = Runtime.getRuntime();
        return r.maxMemory() - (r.totalMemory() - r.freeMemory());
    }
}
