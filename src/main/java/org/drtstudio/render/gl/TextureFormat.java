package org.drtstudio.render.gl;

import static org.lwjgl.opengl.GL11C.*;
import static org.lwjgl.opengl.GL30C.*;

/**
 * The texel formats the tracer uses, with what GL needs to allocate, upload and read them back and
 * the GLSL image format qualifier to declare them with ({@code layout(rgba32f) uniform image2D ...}).
 * Every format here has a texel size that is a multiple of 4 bytes, so the default pack/unpack
 * alignment of 4 never pads a row.
 */
public enum TextureFormat {
    /** 8-bit normalised RGBA: the tone-mapped display image. */
    RGBA8(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, "rgba8"),
    /** 32-bit float RGBA: accumulation image and the geometry-image data textures. */
    RGBA32F(GL_RGBA32F, GL_RGBA, GL_FLOAT, 16, "rgba32f"),
    /** One 32-bit float: depth image. */
    R32F(GL_R32F, GL_RED, GL_FLOAT, 4, "r32f"),
    /** One 32-bit signed integer: ids, counters. */
    R32I(GL_R32I, GL_RED_INTEGER, GL_INT, 4, "r32i"),
    /** Four 32-bit signed integers. */
    RGBA32I(GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 16, "rgba32i");

    final int internalFormat;
    final int pixelFormat;
    final int pixelType;
    private final int bytesPerTexel;
    private final String glslQualifier;

    TextureFormat(int internalFormat, int pixelFormat, int pixelType, int bytesPerTexel, String glslQualifier) {
        this.internalFormat = internalFormat;
        this.pixelFormat = pixelFormat;
        this.pixelType = pixelType;
        this.bytesPerTexel = bytesPerTexel;
        this.glslQualifier = glslQualifier;
    }

    /** Bytes of one texel in client memory (and in a read-back buffer). */
    public int bytesPerTexel() {
        return bytesPerTexel;
    }

    /** Number of channels (1 or 4). */
    public int channels() {
        return pixelFormat == GL_RGBA || pixelFormat == GL_RGBA_INTEGER ? 4 : 1;
    }

    /** True for formats whose client data are floats. */
    public boolean isFloat() {
        return pixelType == GL_FLOAT;
    }

    /** The GLSL image layout qualifier, e.g. {@code "rgba32f"}. */
    public String glslQualifier() {
        return glslQualifier;
    }
}
