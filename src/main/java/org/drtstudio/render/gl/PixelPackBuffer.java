package org.drtstudio.render.gl;

import java.nio.ByteBuffer;

import static org.lwjgl.opengl.GL11C.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11C.glBindTexture;
import static org.lwjgl.opengl.GL11C.glGetTexImage;
import static org.lwjgl.opengl.GL15C.*;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER;
import static org.lwjgl.opengl.GL30C.GL_MAP_READ_BIT;
import static org.lwjgl.opengl.GL30C.glMapBufferRange;
import static org.lwjgl.opengl.GL42C.GL_PIXEL_BUFFER_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_TEXTURE_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;
import static org.lwjgl.opengl.GL45C.glGetTextureSubImage;

/**
 * Reads a {@link Texture2D} back to client memory through a pixel buffer object, so the copy out
 * of the texture is queued on the GPU ({@link #start}) and the CPU waits only when it maps the
 * result ({@link #finish}). A synchronous {@code glGetTexImage} of a 1080p RGBA32F image took
 * ~25 ms on NVIDIA (shared/gpu/README.md); the display path reads RGBA8 through this instead.
 *
 * <p>One buffer holds one read-back at a time. Data arrive as the texture's texels, rows from
 * y = 0 up, in native byte order: {@code dest.order(ByteOrder.nativeOrder()).asFloatBuffer()}
 * for R32F/RGBA32F, bytes R,G,B,A for RGBA8.
 */
public final class PixelPackBuffer extends GlObject {
    private final long capacity;
    private long pending = -1;

    private PixelPackBuffer(GlThread owner, int name, long capacity) {
        super(owner, name, "PixelPackBuffer");
        this.capacity = capacity;
    }

    /** A buffer that can hold a read-back of up to {@code capacityBytes} (see {@link Texture2D#sizeBytes()}). */
    public static PixelPackBuffer create(long capacityBytes) {
        GlThread owner = GlThread.requireCurrent("PixelPackBuffer.create");
        if (capacityBytes < 1) {
            throw new IllegalArgumentException("PixelPackBuffer capacity must be positive, got " + capacityBytes);
        }
        int name = glGenBuffers();
        glBindBuffer(GL_PIXEL_PACK_BUFFER, name);
        // STREAM_READ: written by GL once per frame, read by the application once
        glBufferData(GL_PIXEL_PACK_BUFFER, capacityBytes, GL_STREAM_READ);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        return new PixelPackBuffer(owner, name, capacityBytes);
    }

    /**
     * Queues the copy of the whole texture into this buffer. Makes earlier shader image writes
     * visible to the copy first ({@code glMemoryBarrier}), so it may follow a dispatch directly.
     */
    public void start(Texture2D texture) {
        int name = glName(); // checks the thread before any GL call: GL without a context aborts the JVM
        long size = texture.sizeBytes();
        if (size > capacity) {
            throw new IllegalArgumentException("read-back of " + texture.width() + "x" + texture.height() + " "
                    + texture.format() + " needs " + size + " bytes; this buffer holds " + capacity);
        }
        glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, name);
        texture.bindForRead();
        TextureFormat format = texture.format();
        glGetTexImage(GL_TEXTURE_2D, 0, format.pixelFormat, format.pixelType, 0L);
        glBindTexture(GL_TEXTURE_2D, 0);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        pending = size;
    }

    /**
     * Queues the copy of rows {@code y0 .. y0 + rows - 1} of the texture into this buffer: a band
     * of a texture too large for one buffer ({@link TextureReadback}).
     */
    public void startRows(Texture2D texture, int y0, int rows) {
        int name = glName();
        if (y0 < 0 || rows < 1 || y0 + rows > texture.height()) {
            throw new IllegalArgumentException("rows " + y0 + " .. " + (y0 + rows - 1) + " are outside the "
                    + texture.width() + "x" + texture.height() + " texture");
        }
        long size = (long) texture.width() * rows * texture.format().bytesPerTexel();
        if (size > capacity) {
            throw new IllegalArgumentException("read-back of " + rows + " rows of " + texture.width() + "x" + texture.height() + " "
                    + texture.format() + " needs " + size + " bytes; this buffer holds " + capacity);
        }
        glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, name);
        TextureFormat format = texture.format();
        glGetTextureSubImage(texture.glName(), 0, 0, y0, 0, texture.width(), rows, 1,
                format.pixelFormat, format.pixelType, Math.toIntExact(size), 0L);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        pending = size;
    }

    /**
     * Waits for the copy queued by {@link #start} or {@link #startRows} and puts its bytes into {@code dest} at its
     * position (heap or direct), advancing the position.
     */
    public void finish(ByteBuffer dest) {
        int name = glName();
        if (pending < 0) {
            throw new IllegalStateException("PixelPackBuffer.finish without start");
        }
        if (dest.remaining() < pending) {
            throw new IllegalArgumentException("read-back of " + pending + " bytes does not fit in "
                    + dest.remaining() + " remaining bytes");
        }
        glBindBuffer(GL_PIXEL_PACK_BUFFER, name);
        ByteBuffer mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, pending, GL_MAP_READ_BIT);
        if (mapped == null) {
            glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            throw new IllegalStateException("glMapBufferRange of the pixel pack buffer failed");
        }
        dest.put(mapped);
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        pending = -1;
    }

    /** {@link #start} and {@link #finish} in one: the texture's bytes into {@code dest}. */
    public void read(Texture2D texture, ByteBuffer dest) {
        start(texture);
        finish(dest);
    }

    public long capacity() {
        return capacity;
    }

    @Override
    void delete(int name) {
        glDeleteBuffers(name);
    }
}
