package org.drtstudio.render.gl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.*;

/** Storage buffers the wavefront frame allocates, clears, copies and reads (llvmpipe in CI). */
@Timeout(60)
class ShaderStorageBufferTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    @Test
    void anAllocationTheDriverCannotMakeIsAGpuMemoryExceptionAndTheContextGoesOn() {
        String message = GL.get().call(() -> {
            GpuMemoryException e = assertThrows(GpuMemoryException.class, () -> ShaderStorageBuffer.allocate(1L << 46));
            // The context still works: a small buffer is made, written and read back.
            try (ShaderStorageBuffer small = ShaderStorageBuffer.allocate(16)) {
                small.clear(0, 16);
                ByteBuffer out = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
                small.read(0, out);
                assertEquals(0, out.getInt(12));
            }
            return e.getMessage();
        });
        assertTrue(message.contains("MB"), message);
    }

    @Test
    void clearAndCopyMoveTheBytesAsked() {
        GL.get().call(() -> {
            ByteBuffer data = ByteBuffer.allocateDirect(32).order(ByteOrder.nativeOrder());
            for (int i = 0; i < 8; i++) data.putInt(i + 1);
            data.flip();
            try (ShaderStorageBuffer a = ShaderStorageBuffer.create(data);
                 ShaderStorageBuffer b = ShaderStorageBuffer.allocate(16)) {
                a.clear(4, 8);
                a.copyTo(0, b, 0, 16);
                ByteBuffer out = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
                b.read(0, out);
                assertArrayEquals(new int[] {1, 0, 0, 4}, new int[] {out.getInt(0), out.getInt(4), out.getInt(8), out.getInt(12)});
            }
            return null;
        });
    }
}
