package org.drtstudio.render.gl;

import java.nio.ByteBuffer;

import static org.lwjgl.opengl.GL15C.*;
import static org.lwjgl.opengl.GL30C.GL_R32UI;
import static org.lwjgl.opengl.GL30C.GL_RED_INTEGER;
import static org.lwjgl.opengl.GL30C.glBindBufferBase;
import static org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL31C.GL_COPY_WRITE_BUFFER;
import static org.lwjgl.opengl.GL31C.glCopyBufferSubData;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.GL_DISPATCH_INDIRECT_BUFFER;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BUFFER;
import static org.lwjgl.opengl.GL43C.glClearBufferSubData;
import static org.lwjgl.opengl.GL42C.GL_BUFFER_UPDATE_BARRIER_BIT;

/**
 * A shader storage buffer ({@code layout(std430, binding = N) buffer ...}): for data that do not
 * fit a texture's shape, counters and per-pass statistics written by shaders.
 * Data are raw bytes in native order, laid out as the std430 block declares them.
 */
public final class ShaderStorageBuffer extends GlObject {
    private final long size;

    private ShaderStorageBuffer(GlThread owner, int name, long size) {
        super(owner, name, "ShaderStorageBuffer");
        this.size = size;
    }

    /** A zero-filled buffer of {@code sizeBytes}. */
    public static ShaderStorageBuffer create(long sizeBytes) {
        if (sizeBytes < 1) {
            throw new IllegalArgumentException("ShaderStorageBuffer size must be positive, got " + sizeBytes);
        }
        ByteBuffer zeros = ByteBuffer.allocateDirect(Math.toIntExact(sizeBytes));
        return create(zeros);
    }

    /**
     * A buffer of {@code sizeBytes} whose contents are undefined until shaders write them: for large
     * working memory that needs no copy from Java (the wavefront frame's path states).
     */
    public static ShaderStorageBuffer allocate(long sizeBytes) throws GpuMemoryException {
        GlThread owner = GlThread.requireCurrent("ShaderStorageBuffer.allocate");
        if (sizeBytes < 1) {
            throw new IllegalArgumentException("ShaderStorageBuffer size must be positive, got " + sizeBytes);
        }
        AllocationCheck.begin();
        int name = glGenBuffers();
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, name);
        glBufferData(GL_SHADER_STORAGE_BUFFER, sizeBytes, GL_DYNAMIC_COPY);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        if (AllocationCheck.refused()) {
            glDeleteBuffers(name);
            throw AllocationCheck.noRoom(sizeBytes);
        }
        return new ShaderStorageBuffer(owner, name, sizeBytes);
    }

    /**
     * A buffer of {@code sizeBytes} in the device's own memory (immutable storage, no access from
     * the host), undefined until written by {@link StagedUpload} or shaders: the GL 4.4 kind a
     * driver need not keep a host copy of.
     */
    static ShaderStorageBuffer deviceLocal(long sizeBytes) throws GpuMemoryException {
        GlThread owner = GlThread.requireCurrent("ShaderStorageBuffer.deviceLocal");
        if (sizeBytes < 1) throw new IllegalArgumentException("ShaderStorageBuffer size must be positive, got " + sizeBytes);
        AllocationCheck.begin();
        int name = glGenBuffers();
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, name);
        org.lwjgl.opengl.GL44C.glBufferStorage(GL_SHADER_STORAGE_BUFFER, sizeBytes, 0);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        if (AllocationCheck.refused()) {
            glDeleteBuffers(name);
            throw AllocationCheck.noRoom(sizeBytes);
        }
        return new ShaderStorageBuffer(owner, name, sizeBytes);
    }

    /** A buffer holding these ints (one zero int for none: a buffer cannot be empty). */
    public static ShaderStorageBuffer ofInts(int[] values) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocateDirect(4 * Math.max(1, values.length)).order(java.nio.ByteOrder.nativeOrder());
        b.asIntBuffer().put(values);
        return create(b);
    }

    /** A buffer holding these floats, sent straight from the array (no direct-buffer copy). */
    public static ShaderStorageBuffer ofFloats(float[] values) {
        GlThread owner = GlThread.requireCurrent("ShaderStorageBuffer.ofFloats");
        if (values.length == 0) throw new IllegalArgumentException("ShaderStorageBuffer data must not be empty");
        int name = glGenBuffers();
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, name);
        glBufferData(GL_SHADER_STORAGE_BUFFER, values, GL_STATIC_DRAW);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        return new ShaderStorageBuffer(owner, name, 4L * values.length);
    }

    /** A buffer holding a copy of the remaining bytes of a direct buffer. */
    public static ShaderStorageBuffer create(ByteBuffer data) {
        GlThread owner = GlThread.requireCurrent("ShaderStorageBuffer.create");
        if (!data.isDirect() || !data.hasRemaining()) {
            throw new IllegalArgumentException("ShaderStorageBuffer data must be a non-empty direct buffer");
        }
        int name = glGenBuffers();
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, name);
        glBufferData(GL_SHADER_STORAGE_BUFFER, data, GL_DYNAMIC_COPY);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        return new ShaderStorageBuffer(owner, name, data.remaining());
    }

    /** Replaces bytes from {@code offset} with the remaining bytes of a direct buffer. */
    public void write(long offset, ByteBuffer data) {
        checkRange(offset, data.remaining());
        if (!data.isDirect()) {
            throw new IllegalArgumentException("ShaderStorageBuffer data must be a direct buffer");
        }
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, glName());
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, offset, data);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }

    /** Zeroes {@code length} bytes from {@code offset} on the GPU (no copy from Java). */
    public void clear(long offset, long length) {
        checkRange(offset, length);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, glName());
        glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, offset, length,
                GL_RED_INTEGER, GL_UNSIGNED_INT, (ByteBuffer) null);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }

    /** Copies {@code length} bytes from {@code offset} of this buffer to {@code destOffset} of {@code dest}, on the GPU. */
    public void copyTo(long offset, ShaderStorageBuffer dest, long destOffset, long length) {
        checkRange(offset, length);
        dest.checkRange(destOffset, length);
        glBindBuffer(GL_COPY_READ_BUFFER, glName());
        glBindBuffer(GL_COPY_WRITE_BUFFER, dest.glName());
        glCopyBufferSubData(GL_COPY_READ_BUFFER,
                GL_COPY_WRITE_BUFFER, offset, destOffset, length);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }

    /** Binds the buffer as the source of {@link ComputeProgram#dispatchIndirect}'s work group counts. */
    void bindAsDispatchIndirect() {
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, glName());
    }

    /** Binds the buffer to the shader storage binding point {@code binding} names. */
    public void bindBase(ShaderBinding binding) {
        bindBase(binding.slotFor(ShaderBinding.Kind.BUFFER));
    }

    /** Binds the buffer to the shader storage binding point {@code binding}. */
    public void bindBase(int binding) {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, glName());
    }

    /**
     * Copies {@code dest.remaining()} bytes from {@code offset} into a direct buffer, after making
     * earlier shader writes visible. Synchronous: meant for small results, not images.
     */
    public void read(long offset, ByteBuffer dest) {
        int name = glName(); // checks the thread before any GL call: GL without a context aborts the JVM
        checkRange(offset, dest.remaining());
        if (!dest.isDirect()) {
            throw new IllegalArgumentException("ShaderStorageBuffer read target must be a direct buffer");
        }
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, name);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, offset, dest);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }

    /**
     * Copies the buffer's first {@code dest.length} floats straight into {@code dest}, after making
     * earlier shader writes visible: for results the host keeps as a float array (no direct-buffer copy).
     */
    public void read(float[] dest) {
        int name = glName(); // checks the thread before any GL call
        checkRange(0, 4L * dest.length);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, name);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, dest);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }

    /** As {@link #read(float[])}, into an int array. */
    public void read(int[] dest) {
        int name = glName(); // checks the thread before any GL call
        checkRange(0, 4L * dest.length);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, name);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, dest);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    }

    public long size() {
        return size;
    }

    @Override
    void delete(int name) {
        glDeleteBuffers(name);
    }

    private void checkRange(long offset, long length) {
        if (offset < 0 || offset + length > size) {
            throw new IllegalArgumentException("bytes " + offset + ".." + (offset + length)
                    + " are outside the " + size + "-byte buffer");
        }
    }
}
