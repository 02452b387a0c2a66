package org.drtstudio.render.gl;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.IntStream;

import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL30C.GL_MAP_READ_BIT;
import static org.lwjgl.opengl.GL30C.glMapBufferRange;
import static org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL31C.GL_COPY_WRITE_BUFFER;
import static org.lwjgl.opengl.GL31C.glCopyBufferSubData;
import static org.lwjgl.opengl.GL42C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_PIXEL_BUFFER_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_TEXTURE_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;
import static org.lwjgl.opengl.GL44C.GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT;
import static org.lwjgl.opengl.GL44C.GL_CLIENT_STORAGE_BIT;
import static org.lwjgl.opengl.GL44C.GL_MAP_COHERENT_BIT;
import static org.lwjgl.opengl.GL44C.GL_MAP_PERSISTENT_BIT;
import static org.lwjgl.opengl.GL44C.glBufferStorage;
import static org.lwjgl.opengl.GL45C.glGetTextureSubImage;

/**
 * {@link StagedUpload}'s way back: reads a large buffer into a Java array at the bus's speed.
 * The driver's copy engine copies the buffer into host memory mapped once (GL 4.4 buffer storage,
 * persistent and coherent), piece by piece, and every core copies each piece into the array.
 *
 * <p>{@code glGetBufferSubData} into the array read the GPU denoiser's 24 MB result at about 0.6 GB/s
 * on an H200 (33-44 ms of its call), as {@code glBufferData} from arrays sent its inputs at about
 * 0.5 GB/s; both are done by the driver on the GL thread alone. Textures come back the same way
 * ({@link #readRows}): a frame's 8 MB display image took 11-15 ms through a pixel pack buffer
 * mapped after each copy, the same speed. Callers check {@link StagedUpload#supported}.
 */
final class StagedReadback extends GlObject {
    /** Parts a piece is copied in, so every core takes some. */
    private static final int COPY_PARTS = 64;

    private final int pieceBytes;
    private final ByteBuffer mapped;

    private StagedReadback(GlThread owner, int name, ByteBuffer mapped, int pieceBytes) {
        super(owner, name, "StagedReadback");
        this.pieceBytes = pieceBytes;
        this.mapped = mapped.order(ByteOrder.nativeOrder());
    }

    /** @param pieceBytes bytes read at a time (the host memory it maps), a multiple of 16 */
    static StagedReadback create(int pieceBytes) {
        if (pieceBytes < 16 || pieceBytes % 16 != 0) throw new IllegalArgumentException("pieces of " + pieceBytes + " bytes");
        GlThread owner = GlThread.requireCurrent("StagedReadback.create");
        int flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
        int name = glGenBuffers();
        glBindBuffer(GL_COPY_WRITE_BUFFER, name);
        glBufferStorage(GL_COPY_WRITE_BUFFER, pieceBytes, flags | GL_CLIENT_STORAGE_BIT);
        ByteBuffer mapped = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, pieceBytes, flags);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        if (mapped == null) {
            glDeleteBuffers(name);
            throw new IllegalStateException("the driver would not map a read-back buffer of " + pieceBytes + " bytes");
        }
        return new StagedReadback(owner, name, mapped, pieceBytes);
    }

    int pieceBytes() {
        return pieceBytes;
    }

    /** Fills {@code dest} with the first floats of {@code source}, after the shaders' writes to it. */
    void read(ShaderStorageBuffer source, float[] dest) {
        read(source, dest.length, (mapped, at, to, n) -> mapped.asFloatBuffer().get(at, dest, to, n));
    }

    /** As {@link #read(ShaderStorageBuffer, float[])}, into ints. */
    void read(ShaderStorageBuffer source, int[] dest) {
        read(source, dest.length, (mapped, at, to, n) -> mapped.asIntBuffer().get(at, dest, to, n));
    }

    /** Copies the mapped memory's elements from {@code at} into an array's {@code [to, to + n)} (elements, not bytes). */
    private interface Elements {
        void copy(ByteBuffer mapped, int at, int to, int n);
    }

    /**
     * Rows {@code y0 .. y0 + rows - 1} of {@code source} into {@code dest} at their place in an array of
     * the whole texture (bytes R, G, B, A of an RGBA8 texture, rows from y = 0 up).
     */
    void readRows(Texture2D source, int y0, int rows, byte[] dest) {
        readRows(source, y0, rows, 1, (mapped, at, to, n) -> mapped.get(at, dest, to, n));
    }

    /** As {@link #readRows(Texture2D, int, int, byte[])}, for R32F (one float a texel) and RGBA32F (four) textures. */
    void readRows(Texture2D source, int y0, int rows, float[] dest) {
        readRows(source, y0, rows, Float.BYTES, (mapped, at, to, n) -> mapped.asFloatBuffer().get(at, dest, to, n));
    }

    private void readRows(Texture2D source, int y0, int rows, int elementBytes, Elements dest) {
        if (y0 < 0 || rows < 0 || y0 + rows > source.height()) {
            throw new IllegalArgumentException("rows " + y0 + " .. " + (y0 + rows - 1) + " are outside the "
                    + source.width() + "x" + source.height() + " texture");
        }
        long rowBytes = (long) source.width() * source.format().bytesPerTexel();
        if (rowBytes > pieceBytes) throw new IllegalArgumentException("a row of " + rowBytes + " bytes is larger than a piece");
        int rowsPerPiece = (int) Math.min(rows, pieceBytes / rowBytes);
        TextureFormat format = source.format();
        glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
        for (int y = y0; y < y0 + rows; y += rowsPerPiece) {
            int n = Math.min(rowsPerPiece, y0 + rows - y);
            int bytes = Math.toIntExact(n * rowBytes);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, glName());
            glGetTextureSubImage(source.glName(), 0, 0, y, 0, source.width(), n, 1, format.pixelFormat, format.pixelType, bytes, 0L);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            GlSync.finish(); // the copy into the mapped memory among the commands done
            copyOut(dest, Math.toIntExact(y * rowBytes / elementBytes), bytes / elementBytes);
        }
    }

    private void read(ShaderStorageBuffer source, int elements, Elements dest) {
        int staging = glName(), from = source.glName();
        if (4L * elements > source.size()) {
            throw new IllegalArgumentException("a read of " + 4L * elements + " bytes from a buffer of " + source.size());
        }
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
        long total = 4L * elements;
        for (long done = 0; done < total; done += pieceBytes) {
            int bytes = (int) Math.min(pieceBytes, total - done);
            glBindBuffer(GL_COPY_READ_BUFFER, from);
            glBindBuffer(GL_COPY_WRITE_BUFFER, staging);
            glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, done, 0, bytes);
            GlSync.finish();
            copyOut(dest, (int) (done / 4), bytes / 4);
        }
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }

    /** The mapped piece's first {@code count} elements into the array from {@code at}, on every core. */
    private void copyOut(Elements dest, int at, int count) {
        int part = (count + COPY_PARTS - 1) / COPY_PARTS;
        IntStream.range(0, COPY_PARTS).parallel().forEach(k -> {
            int start = k * part, n = Math.min(part, count - start);
            if (n > 0) dest.copy(mapped, start, at + start, n);
        });
    }

    @Override
    void delete(int name) {
        glDeleteBuffers(name); // unmaps it
    }
}
