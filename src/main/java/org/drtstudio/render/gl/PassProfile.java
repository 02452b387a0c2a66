package org.drtstudio.render.gl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.lwjgl.opengl.GL15C.GL_QUERY_RESULT;
import static org.lwjgl.opengl.GL15C.glDeleteQueries;
import static org.lwjgl.opengl.GL15C.glGenQueries;
import static org.lwjgl.opengl.GL33C.GL_TIMESTAMP;
import static org.lwjgl.opengl.GL33C.glGetQueryObjectui64;
import static org.lwjgl.opengl.GL33C.glQueryCounter;

/**
 * GPU time per kind of pass of a sequence of dispatches, from timestamp queries between them (they
 * may run inside a {@link GpuTimer}'s span, where elapsed-time queries could not nest): an
 * experiment's breakdown of where a frame's time goes, for benchmarks only. GL thread.
 */
final class PassProfile {
    private final List<Integer> queries = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();

    /** Records the GPU time at this point in the command stream; the work since the last mark counts as {@code label}. */
    void mark(String label) {
        int q = glGenQueries();
        glQueryCounter(q, GL_TIMESTAMP);
        queries.add(q);
        labels.add(label);
    }

    /** Milliseconds per label (work between a mark and the one before it), in the order first seen; frees the queries. */
    Map<String, Double> millisByLabel() {
        Map<String, Double> out = new LinkedHashMap<>();
        long previous = -1;
        for (int i = 0; i < queries.size(); i++) {
            int q = queries.get(i);
            long t = glGetQueryObjectui64(q, GL_QUERY_RESULT);
            glDeleteQueries(q);
            if (previous >= 0) out.merge(labels.get(i), (t - previous) / 1e6, Double::sum);
            previous = t;
        }
        queries.clear();
        labels.clear();
        return out;
    }
}
