package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A buffer read back through the mapped host memory arrives whole and in place: with pieces far
 * smaller than the buffer (many copies through the one piece, each waited for), a last piece that
 * is partial, and a read of fewer floats than the buffer holds.
 */
@Timeout(120)
class StagedReadbackTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    @Test
    void everyFloatComesBackInPlace() {
        GL.get().call(() -> {
            float[] data = new float[10_000 + 3];
            Random random = new Random(5);
            for (int i = 0; i < data.length; i++) data[i] = (float) random.nextGaussian();
            try (ShaderStorageBuffer source = ShaderStorageBuffer.ofFloats(data); StagedReadback back = StagedReadback.create(4096)) {
                float[] all = new float[data.length];
                back.read(source, all);
                assertArrayEquals(data, all);
                float[] first = new float[1_001];
                back.read(source, first);
                for (int i = 0; i < first.length; i++) assertEquals(data[i], first[i], "float " + i);
                assertThrows(IllegalArgumentException.class, () -> back.read(source, new float[data.length + 1]));
            }
            int[] ints = new int[7_777];
            for (int i = 0; i < ints.length; i++) ints[i] = i * 31 - 1_000;
            try (ShaderStorageBuffer source = ShaderStorageBuffer.ofInts(ints); StagedReadback back = StagedReadback.create(1024)) {
                int[] got = new int[ints.length];
                back.read(source, got);
                assertArrayEquals(ints, got);
            }
            return null;
        });
    }
}
