package org.drtstudio.render.gl;

import org.lwjgl.opengl.GL;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.IntStream;

import static org.lwjgl.opengl.GL15C.glBindBuffer;
import static org.lwjgl.opengl.GL15C.glDeleteBuffers;
import static org.lwjgl.opengl.GL15C.glGenBuffers;
import static org.lwjgl.opengl.GL11C.GL_TEXTURE_2D;
import static org.lwjgl.opengl.GL11C.glBindTexture;
import static org.lwjgl.opengl.GL11C.glFinish;
import static org.lwjgl.opengl.GL11C.glTexSubImage2D;
import static org.lwjgl.opengl.GL21C.GL_PIXEL_UNPACK_BUFFER;
import static org.lwjgl.opengl.GL30C.GL_MAP_WRITE_BIT;
import static org.lwjgl.opengl.GL30C.glMapBufferRange;
import static org.lwjgl.opengl.GL31C.GL_COPY_READ_BUFFER;
import static org.lwjgl.opengl.GL31C.GL_COPY_WRITE_BUFFER;
import static org.lwjgl.opengl.GL31C.glCopyBufferSubData;
import static org.lwjgl.opengl.GL32C.GL_SYNC_FLUSH_COMMANDS_BIT;
import static org.lwjgl.opengl.GL32C.GL_SYNC_GPU_COMMANDS_COMPLETE;
import static org.lwjgl.opengl.GL32C.glClientWaitSync;
import static org.lwjgl.opengl.GL32C.glDeleteSync;
import static org.lwjgl.opengl.GL32C.glFenceSync;
import static org.lwjgl.opengl.GL44C.GL_CLIENT_STORAGE_BIT;
import static org.lwjgl.opengl.GL44C.GL_MAP_COHERENT_BIT;
import static org.lwjgl.opengl.GL44C.GL_MAP_PERSISTENT_BIT;
import static org.lwjgl.opengl.GL44C.glBufferStorage;

/**
 * Sends large float arrays to the GPU at the bus's speed, not at one thread's: a staging buffer in
 * host memory (GL 4.4 buffer storage, mapped once, persistently and coherently) is filled by every
 * core straight from the Java arrays, and the driver copies it to the device-local buffer or
 * texture ({@code glCopyBufferSubData}, or {@code glTexSubImage2D} from a pixel-unpack buffer) with
 * its copy engine. Two halves alternate, each guarded by a fence, so the cores fill one while the
 * other is being copied. Into an RGBA32F texture the copy engine fills a device-local buffer and a
 * compute pass writes the texels from it ({@link TexelCopy}) on a hardware GPU, whose driver writes
 * textures from a pixel-unpack buffer at a tenth of the bus's speed; a software GL, which runs that
 * pass on the CPU, takes them from the unpack buffer ({@link #texelsByShader}).
 *
 * <p>Before, a buffer was sent by {@code glBufferData} straight from the Java array and a texture by
 * {@code glTexSubImage2D} from it: the driver copied the whole array on the GL thread alone (pinning
 * it meanwhile), and an array whose last texture row was partial was first copied whole on that
 * thread too ({@code Arrays.copyOf}). On a GL without {@code glBufferStorage} (below 4.4) the
 * callers keep that path ({@link #supported}).
 */
final class StagedUpload extends GlObject {
    /** Bytes of each half: large enough that one copy keeps the bus busy, small enough to pin without a thought. */
    static final int HALF_BYTES = 64 << 20;
    /** Bytes of each half of this one (tests use small ones, so that an array takes many turns). */
    private final int halfBytes;
    /** Arrays below this are sent directly: staging them would cost more than it saves. */
    static final long MIN_STAGED_BYTES = 4 << 20;

    /**
     * Arrays of at least this many bytes go through a staging buffer: {@link #MIN_STAGED_BYTES}, or as
     * the system property {@code drt.stagedUpload} says ({@code false}: none, {@code all}: every one,
     * for tests). Read at each call, so a benchmark or test can compare both paths in one process.
     */
    static long minStagedBytes() {
        return switch (System.getProperty("drt.stagedUpload", "")) {
            case "false" -> Long.MAX_VALUE;
            case "all" -> 0;
            default -> MIN_STAGED_BYTES;
        };
    }
    /** Parts a half is filled in, so every core takes some. */
    private static final int FILL_PARTS = 64;

    private final ByteBuffer mapped;
    private final long[] fences = new long[2];
    private int next;
    /** Whether RGBA32F textures are written by {@link TexelCopy} from {@link #texelSource} rather than unpacked from the halves. */
    private final boolean texelsByShader;
    /** Device-local twin of the two halves, which the copy engine fills for {@link TexelCopy}; made on first use. */
    private ShaderStorageBuffer texelSource;
    private TexelCopy texelCopy;
    /** Whether the GPU had no room for {@link #texelSource}: its textures are unpacked. */
    private boolean noRoomForTexelSource;
    /** Texels {@link TexelCopy} has written for this buffer so far (the warm-up's one included); for tests. */
    private long texelsByPass;

    private StagedUpload(GlThread owner, int name, ByteBuffer mapped, int halfBytes, boolean texelsByShader) {
        super(owner, name, "StagedUpload");
        this.halfBytes = halfBytes;
        this.mapped = mapped.order(ByteOrder.nativeOrder());
        this.texelsByShader = texelsByShader;
    }

    /**
     * Whether textures are written by a compute pass: on a hardware GPU, or as the system property
     * {@code drt.textureUpload} says ({@code shader} or {@code unpack}; tests run both on llvmpipe).
     */
    static boolean texelsByShader(GlInfo info) {
        return switch (System.getProperty("drt.textureUpload", "")) {
            case "shader" -> true;
            case "unpack" -> false;
            default -> !info.software();
        };
    }

    /** Whether this context has {@code glBufferStorage} (GL 4.4 or ARB_buffer_storage). */
    static boolean supported() {
        return GL.getCapabilities().glBufferStorage != 0L;
    }

    static StagedUpload create() {
        return create(HALF_BYTES);
    }

    /** @param halfBytes bytes of each half, a multiple of 16 */
    static StagedUpload create(int halfBytes) {
        return create(halfBytes, texelsByShader(GlThread.requireCurrent("StagedUpload.create").info()));
    }

    /**
     * @param halfBytes bytes of each half, a multiple of 16
     * @param texelsByShader whether RGBA32F textures are written by a compute pass ({@link #texelsByShader(GlInfo)})
     */
    static StagedUpload create(int halfBytes, boolean texelsByShader) {
        if (halfBytes < 16 || halfBytes % 16 != 0) throw new IllegalArgumentException("half of " + halfBytes + " bytes");
        GlThread owner = GlThread.requireCurrent("StagedUpload.create");
        int flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
        int name = glGenBuffers();
        glBindBuffer(GL_COPY_READ_BUFFER, name);
        glBufferStorage(GL_COPY_READ_BUFFER, 2L * halfBytes, flags | GL_CLIENT_STORAGE_BIT);
        ByteBuffer mapped = glMapBufferRange(GL_COPY_READ_BUFFER, 0, 2L * halfBytes, flags);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        if (mapped == null) {
            glDeleteBuffers(name);
            throw new IllegalStateException("the driver would not map a staging buffer of " + 2L * halfBytes + " bytes");
        }
        return new StagedUpload(owner, name, mapped, halfBytes, texelsByShader);
    }

    /**
     * Readies what a large upload's first halves otherwise wait for: every page of both halves written
     * once (a fresh buffer's: no copy may be reading them), and where textures go by shader the device
     * twin made, filled once from the halves, and {@link TexelCopy}'s program compiled by a one-texel write. On the H200 a 1 GB texture's first
     * upload took 126 ms against 41 for the next ({@code UploadProbe}); {@code drt render} runs this
     * on its tracer's start while a large scene loads ({@code GlRenderer.prepareLargeUploads}).
     */
    void warmUp() {
        glName(); // on the owner's thread
        if (fences[0] != 0 || fences[1] != 0) throw new IllegalStateException("warm up a staging buffer before its first upload, not while its halves may be read");
        for (int at = 0; at < 2 * halfBytes; at += 4096) mapped.putLong(at, 0L);
        if (texelsByShader && texelSource() != null) {
            copy(0, texelSource.glName(), 0, 2L * halfBytes);
            try (Texture2D one = Texture2D.create(TextureFormat.RGBA32F, 1, 1)) {
                texelCopy.write(texelSource, 0, one, 0, 1);
                texelsByPass++;
                glFinish();
            }
        }
    }

    /** Copies {@code data} to the start of {@code target}, a buffer of at least its size. */
    void toBuffer(ShaderStorageBuffer target, float[] data) {
        toBuffer(target, data.length, (mapped, at, from, n) -> mapped.asFloatBuffer().put(at, data, from, n));
    }

    /** As {@link #toBuffer(ShaderStorageBuffer, float[])}, for ints. */
    void toBuffer(ShaderStorageBuffer target, int[] data) {
        toBuffer(target, data.length, (mapped, at, from, n) -> mapped.asIntBuffer().put(at, data, from, n));
    }

    /** Copies an array's elements {@code [from, from + n)} into the mapped memory from element {@code at} (4-byte elements). */
    private interface Elements {
        void copy(ByteBuffer mapped, int at, int from, int n);
    }

    private void toBuffer(ShaderStorageBuffer target, int elements, Elements data) {
        int dest = target.glName();
        long total = 4L * elements;
        for (long done = 0; done < total; done += halfBytes) {
            int bytes = (int) Math.min(halfBytes, total - done);
            int half = fill(data, (int) (done / 4), bytes / 4);
            copy((long) half * halfBytes, dest, done, bytes);
            fenced(half);
        }
    }

    /** Queues the copy engine's copy of {@code bytes} from {@code offset} of the halves to {@code destOffset} of buffer {@code dest}. */
    private void copy(long offset, int dest, long destOffset, long bytes) {
        glBindBuffer(GL_COPY_READ_BUFFER, glName());
        glBindBuffer(GL_COPY_WRITE_BUFFER, dest);
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, offset, destOffset, bytes);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }

    /**
     * Writes {@code data} into the rows of {@code target} (a float format) from the first, its
     * width a row; the last row may be partial.
     */
    void toTexture(Texture2D target, float[] data) {
        int staging = glName(), texture = target.glName();
        TextureFormat format = target.format();
        int width = target.width(), floatsPerTexel = format.channels(), pixelFormat = format.pixelFormat, pixelType = format.pixelType;
        int rowFloats = width * floatsPerTexel, rowsPerHalf = halfBytes / (4 * rowFloats);
        if (rowsPerHalf < 1) throw new IllegalArgumentException("a row of " + 4 * rowFloats + " bytes does not fit a half of " + halfBytes);
        int rows = (data.length + rowFloats - 1) / rowFloats;
        boolean byShader = texelsByShader && format == TextureFormat.RGBA32F && texelSource() != null;
        glBindTexture(GL_TEXTURE_2D, texture);
        for (int row = 0; row < rows; row += rowsPerHalf) {
            int n = Math.min(rowsPerHalf, rows - row), from = row * rowFloats;
            int floats = Math.min(n * rowFloats, data.length - from);
            int half = fill((mapped, at, start, count) -> mapped.asFloatBuffer().put(at, data, start, count), from, floats);
            if (byShader) {
                writeTexels(half, target, from / 4, floats / 4);
                fenced(half);
                continue;
            }
            glBindBuffer(GL_PIXEL_UNPACK_BUFFER, staging);
            int fullRows = floats / rowFloats, rest = floats - fullRows * rowFloats;
            long offset = (long) half * halfBytes;
            if (fullRows > 0) glTexSubImage2D(GL_TEXTURE_2D, 0, 0, row, width, fullRows, pixelFormat, pixelType, offset);
            if (rest > 0) {
                glTexSubImage2D(GL_TEXTURE_2D, 0, 0, row + fullRows, rest / floatsPerTexel, 1, pixelFormat, pixelType,
                        offset + 4L * fullRows * rowFloats);
            }
            glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
            fenced(half);
        }
        glBindTexture(GL_TEXTURE_2D, 0);
    }

    /**
     * Copies the first {@code texels} of {@code half} into its twin in device memory and writes them into
     * {@code target} from texel {@code first}: both on the GPU, in the order given, before the half's fence.
     */
    private void writeTexels(int half, Texture2D target, int first, int texels) {
        long offset = (long) half * halfBytes;
        copy(offset, texelSource.glName(), offset, 16L * texels);
        texelCopy.write(texelSource, (int) (offset / 16), target, first, texels);
        texelsByPass += texels;
    }

    /** Texels written into textures by the compute pass so far, the warm-up's included (0 where they were unpacked); for tests. */
    long texelsWrittenByShader() {
        return texelsByPass;
    }

    /**
     * {@link #texelSource}, made on first use; null when the GPU has no room for it (the unpack path
     * needs none), and from then on without asking the driver again.
     */
    private ShaderStorageBuffer texelSource() {
        if (texelSource == null && !noRoomForTexelSource) {
            try {
                texelSource = ShaderStorageBuffer.deviceLocal(2L * halfBytes);
                texelCopy = new TexelCopy();
            } catch (GpuMemoryException e) {
                noRoomForTexelSource = true;
            }
        }
        return texelSource;
    }

    /** Fills the next free half with the elements {@code [from, from + floats)} on every core; returns the half. */
    private int fill(Elements data, int from, int floats) {
        int half = next;
        next ^= 1;
        if (fences[half] != 0) {
            glClientWaitSync(fences[half], GL_SYNC_FLUSH_COMMANDS_BIT, Long.MAX_VALUE); // its last copy has been read
            glDeleteSync(fences[half]);
            fences[half] = 0;
        }
        int base = half * (halfBytes / 4), part = (floats + FILL_PARTS - 1) / FILL_PARTS;
        IntStream.range(0, FILL_PARTS).parallel().forEach(k -> {
            int start = k * part, n = Math.min(part, floats - start);
            if (n > 0) data.copy(mapped, base + start, from + start, n);
        });
        return half;
    }

    private void fenced(int half) {
        fences[half] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    }

    @Override
    void delete(int name) {
        for (long fence : fences) if (fence != 0) glDeleteSync(fence);
        if (texelCopy != null) texelCopy.close();
        if (texelSource != null) texelSource.close();
        glDeleteBuffers(name); // unmaps it; copies still queued keep their source alive
    }
}
