package org.drtstudio.accel;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class ParallelRangesTest {
    /** Copied in chunks (two whole and a partial one), every float lands at its place and nothing around it moves. */
    @Test
    void aLargeArrayIsCopiedInChunksToItsPlace() {
        float[] src = new float[(4 << 20) * 2 + 123];
        for (int i = 0; i < src.length; i++) src[i] = i;
        float[] dst = new float[src.length + 10];
        dst[0] = -1;
        dst[dst.length - 1] = -2;
        ParallelRanges.copy(src, dst, 7);
        for (int i = 0; i < src.length; i++) {
            if (dst[7 + i] != i) fail("float " + i + " landed as " + dst[7 + i]);
        }
        assertEquals(-1, dst[0]);
        assertEquals(0, dst[6]);
        assertEquals(-2, dst[dst.length - 1]);
        assertEquals(0, dst[dst.length - 3]);
    }
}
