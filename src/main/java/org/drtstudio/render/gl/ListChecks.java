package org.drtstudio.render.gl;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.drtstudio.render.gl.WavefrontLayout.QUEUE_COUNTS;

/**
 * The wavefront host's copy of its lists' lengths, read back at each check, and since the last
 * {@link #reset} the checks made and the wall time the host waited on them (the GPU's work
 * finishing, then the read): beside the trace's GPU time, the part of a pass the host spent
 * waiting (for benchmarks, {@link GlRenderer#lastStageReport}).
 */
final class ListChecks {
    private final ByteBuffer lengths = ByteBuffer.allocateDirect(4 * QUEUE_COUNTS).order(ByteOrder.nativeOrder());
    private long nanos;
    private int checks;

    /** The lengths' buffer, cleared for a read. */
    ByteBuffer readInto() {
        return lengths.clear();
    }

    /** Length {@code index} of the last read. */
    int length(int index) {
        return lengths.getInt(4 * index);
    }

    /** Counts a check the host waited {@code waitNanos} for. */
    void waited(long waitNanos) {
        nanos += waitNanos;
        checks++;
    }

    void reset() {
        nanos = 0;
        checks = 0;
    }

    int checks() {
        return checks;
    }

    double waitMillis() {
        return nanos / 1e6;
    }
}
