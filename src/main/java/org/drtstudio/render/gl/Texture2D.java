package org.drtstudio.render.gl;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

import static org.lwjgl.opengl.GL11C.*;
import static org.lwjgl.opengl.GL12C.GL_CLAMP_TO_EDGE;
import static org.lwjgl.opengl.GL13C.GL_TEXTURE0;
import static org.lwjgl.opengl.GL13C.glActiveTexture;
import static org.lwjgl.opengl.GL42C.glBindImageTexture;
import static org.lwjgl.opengl.GL42C.glTexStorage2D;

/**
 * A 2D texture with immutable storage of one mip level, nearest filtering and clamped edges: a
 * grid of texels read with {@code texelFetch} or bound as an image for {@code imageLoad}/{@code imageStore}.
 * Create, use and close it on the {@link GlThread}.
 *
 * <p>Uses in the tracer: RGBA32F data textures (the geometry image, read with {@code texelFetch}),
 * an RGBA32F accumulation image, an RGBA8 display image and an R32F depth image (both read back
 * with {@link PixelPackBuffer}).
 *
 * <p>Int bits in float textures: texels written from Java with {@code Float.intBitsToFloat}
 * (including denormals such as small positive ints, and NaN patterns such as -1) come back exactly
 * from {@code floatBitsToInt(texelFetch(...))} and {@code floatBitsToInt(imageLoad(...))}, on
 * Mesa 22.3 llvmpipe and on NVIDIA 580 (H100); the test tree's {@code FloatBitsRoundTrip} checks this on the
 * machine it runs on and the lab program {@code GlProbe} reports it. Convert such values with
 * {@code floatBitsToInt} straight after the fetch and never let them pass through float
 * arithmetic: {@code floatBitsToInt(texel * one)} with a uniform {@code one = 1.0} turned
 * 1..1000 into 0 (denormals flushed) and -1 into 0x7FFFFFFF (NaN made canonical) on NVIDIA, and
 * the signalling NaN 0x7F800001 into 0x7FC00001 on llvmpipe.
 */
public final class Texture2D extends GlObject {
    private final TextureFormat format;
    private final int width;
    private final int height;

    private Texture2D(GlThread owner, int name, TextureFormat format, int width, int height) {
        super(owner, name, "Texture2D");
        this.format = format;
        this.width = width;
        this.height = height;
    }

    /**
     * Allocates a texture with undefined contents.
     *
     * @throws IllegalArgumentException when a side is below 1 or above {@code GL_MAX_TEXTURE_SIZE}
     */
    public static Texture2D create(TextureFormat format, int width, int height) {
        GlThread owner = GlThread.requireCurrent("Texture2D.create");
        checkSize(owner.info(), format, width, height);
        return new Texture2D(owner, storage(format, width, height), format, width, height);
    }

    /**
     * As {@link #create(TextureFormat, int, int)}, with the driver's GL_OUT_OF_MEMORY checked (create
     * does not look): for working images a caller can do without when the GPU is full, as
     * {@link ShaderStorageBuffer#allocate} is for buffers.
     *
     * @throws GpuMemoryException when the driver refused the texture's storage; nothing is left allocated
     */
    static Texture2D allocate(TextureFormat format, int width, int height) throws GpuMemoryException {
        GlThread owner = GlThread.requireCurrent("Texture2D.allocate");
        checkSize(owner.info(), format, width, height);
        AllocationCheck.begin();
        int name = storage(format, width, height);
        if (AllocationCheck.refused()) {
            glDeleteTextures(name);
            throw AllocationCheck.noRoom((long) width * height * format.bytesPerTexel());
        }
        return new Texture2D(owner, name, format, width, height);
    }

    /** A new texture name with storage of one level, nearest filtering and clamped edges. */
    private static int storage(TextureFormat format, int width, int height) {
        int name = glGenTextures();
        glBindTexture(GL_TEXTURE_2D, name);
        glTexStorage2D(GL_TEXTURE_2D, 1, format.internalFormat, width, height);
        // texelFetch ignores filtering, but integer textures are incomplete with linear filters
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        glBindTexture(GL_TEXTURE_2D, 0);
        return name;
    }

    /** Allocates a float texture and fills it from {@code texels} (row by row from the top row, y = 0). */
    public static Texture2D create(TextureFormat format, int width, int height, float[] texels) {
        Texture2D texture = create(format, width, height);
        texture.write(0, 0, width, height, texels);
        return texture;
    }

    /** Allocates a float texture and fills it from the remaining floats of a direct buffer. */
    public static Texture2D create(TextureFormat format, int width, int height, FloatBuffer texels) {
        Texture2D texture = create(format, width, height);
        texture.write(0, 0, width, height, texels);
        return texture;
    }

    /** Allocates a texture and fills it from the remaining bytes (native order) of a direct buffer. */
    public static Texture2D create(TextureFormat format, int width, int height, ByteBuffer texels) {
        Texture2D texture = create(format, width, height);
        texture.write(0, 0, width, height, texels);
        return texture;
    }

    /** Replaces a rectangle of a float texture; {@code texels} holds its rows, channels interleaved. */
    public void write(int x, int y, int w, int h, float[] texels) {
        requireFloat();
        checkRegion(x, y, w, h, texels.length, (long) w * h * format.channels(), "floats");
        glBindTexture(GL_TEXTURE_2D, glName());
        glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h, format.pixelFormat, format.pixelType, texels);
        glBindTexture(GL_TEXTURE_2D, 0);
    }

    /** Replaces a rectangle of a float texture from the remaining floats of a direct buffer. */
    public void write(int x, int y, int w, int h, FloatBuffer texels) {
        requireFloat();
        requireDirect(texels);
        checkRegion(x, y, w, h, texels.remaining(), (long) w * h * format.channels(), "floats");
        glBindTexture(GL_TEXTURE_2D, glName());
        glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h, format.pixelFormat, format.pixelType, texels);
        glBindTexture(GL_TEXTURE_2D, 0);
    }

    /** Replaces a rectangle from the remaining bytes (texels in this format, native order) of a direct buffer. */
    public void write(int x, int y, int w, int h, ByteBuffer texels) {
        requireDirect(texels);
        checkRegion(x, y, w, h, texels.remaining(), (long) w * h * format.bytesPerTexel(), "bytes");
        glBindTexture(GL_TEXTURE_2D, glName());
        glTexSubImage2D(GL_TEXTURE_2D, 0, x, y, w, h, format.pixelFormat, format.pixelType, texels);
        glBindTexture(GL_TEXTURE_2D, 0);
    }

    /**
     * Binds the texture to image unit {@code unit} for {@code imageLoad}/{@code imageStore}; the
     * shader declares it with {@code layout(binding = unit, <format qualifier>)}.
     */
    public void bindImage(int unit, ImageAccess access) {
        glBindImageTexture(unit, glName(), 0, false, 0, access.glAccess, format.internalFormat);
    }

    /** Binds the texture to the image unit {@code binding} names (declared with its {@code DRT_BINDING_} define). */
    public void bindImage(ShaderBinding binding, ImageAccess access) {
        bindImage(binding.slotFor(ShaderBinding.Kind.IMAGE), access);
    }

    /** Binds the texture to the texture unit {@code binding} names. */
    public void bindSampler(ShaderBinding binding) {
        bindSampler(binding.slotFor(ShaderBinding.Kind.SAMPLER));
    }

    /** Binds the texture to texture unit {@code unit} for {@code texelFetch} through a {@code sampler2D}. */
    public void bindSampler(int unit) {
        int name = glName(); // checks the thread before any GL call: GL without a context aborts the JVM
        glActiveTexture(GL_TEXTURE0 + unit);
        glBindTexture(GL_TEXTURE_2D, name);
        glActiveTexture(GL_TEXTURE0);
    }

    public TextureFormat format() {
        return format;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Bytes of the whole texture in client memory: what a read-back needs. */
    public long sizeBytes() {
        return (long) width * height * format.bytesPerTexel();
    }

    /**
     * A new storage buffer holding this texture's texels as a read-back would lay them out (rows
     * from y = 0 up), copied on the device after earlier shaders' image stores: an R32F image 3 ×
     * width wide becomes a std430 array of 3 floats a pixel. Lets a pass's arrays go from one
     * shader's images to another's buffers without the round trip through the host.
     */
    ShaderStorageBuffer copyToBuffer() throws GpuMemoryException {
        int name = glName();
        ShaderStorageBuffer b = ShaderStorageBuffer.allocate(sizeBytes());
        org.lwjgl.opengl.GL42C.glMemoryBarrier(org.lwjgl.opengl.GL42C.GL_TEXTURE_UPDATE_BARRIER_BIT);
        org.lwjgl.opengl.GL15C.glBindBuffer(org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER, b.glName());
        glBindTexture(GL_TEXTURE_2D, name);
        glGetTexImage(GL_TEXTURE_2D, 0, format.pixelFormat, format.pixelType, 0L);
        glBindTexture(GL_TEXTURE_2D, 0);
        org.lwjgl.opengl.GL15C.glBindBuffer(org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER, 0);
        return b;
    }

    /**
     * Copies a float texture's texels into {@code dest} (rows from y = 0 up, channels interleaved),
     * after earlier shaders' image stores, straight into the array: no pack buffer, so the read needs
     * no GPU memory of its own (for reading inputs back when the GPU has none left). Synchronous.
     */
    void read(float[] dest) {
        int name = glName(); // checks the thread before any GL call
        requireFloat();
        checkRegion(0, 0, width, height, dest.length, (long) width * height * format.channels(), "floats");
        org.lwjgl.opengl.GL42C.glMemoryBarrier(org.lwjgl.opengl.GL42C.GL_TEXTURE_UPDATE_BARRIER_BIT);
        org.lwjgl.opengl.GL15C.glBindBuffer(org.lwjgl.opengl.GL21C.GL_PIXEL_PACK_BUFFER, 0);
        glBindTexture(GL_TEXTURE_2D, name);
        glGetTexImage(GL_TEXTURE_2D, 0, format.pixelFormat, format.pixelType, dest);
        glBindTexture(GL_TEXTURE_2D, 0);
    }

    /** Binds for {@code glGetTexImage}; used by {@link PixelPackBuffer}. */
    void bindForRead() {
        glBindTexture(GL_TEXTURE_2D, glName());
    }

    @Override
    void delete(int name) {
        glDeleteTextures(name);
    }

    /** The same check the constructor makes, for callers who want to plan texture sizes first. */
    static void checkSize(GlInfo info, TextureFormat format, int width, int height) {
        int limit = info.maxTextureSize();
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("texture size " + width + "x" + height + " must be at least 1x1");
        }
        if (width > limit || height > limit) {
            throw new IllegalArgumentException("texture " + width + "x" + height + " (" + format
                    + ") exceeds GL_MAX_TEXTURE_SIZE = " + limit + " of " + info.renderer());
        }
    }

    private void requireFloat() {
        if (!format.isFloat()) {
            throw new IllegalArgumentException(format + " texture takes bytes, not floats");
        }
    }

    private static void requireDirect(Buffer buffer) {
        if (!buffer.isDirect()) {
            // LWJGL passes the buffer's address to GL; a heap buffer has none
            throw new IllegalArgumentException("texel data must be a direct buffer (ByteBuffer.allocateDirect or MemoryUtil)");
        }
    }

    private void checkRegion(int x, int y, int w, int h, long have, long need, String unit) {
        if (x < 0 || y < 0 || w < 1 || h < 1 || x + w > width || y + h > height) {
            throw new IllegalArgumentException("region " + w + "x" + h + " at (" + x + ", " + y
                    + ") is outside the " + width + "x" + height + " texture");
        }
        if (have < need) {
            throw new IllegalArgumentException("region " + w + "x" + h + " of " + format + " needs "
                    + need + " " + unit + ", got " + have);
        }
    }
}
