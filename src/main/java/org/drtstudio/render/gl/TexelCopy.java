package org.drtstudio.render.gl;

import java.util.Map;

import static org.lwjgl.opengl.GL15C.GL_WRITE_ONLY;
import static org.lwjgl.opengl.GL30C.GL_RGBA32UI;
import static org.lwjgl.opengl.GL42C.GL_SHADER_IMAGE_ACCESS_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_TEXTURE_FETCH_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_TEXTURE_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.glBindImageTexture;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;

/**
 * Writes texels from a storage buffer into an RGBA32F texture on the GPU ({@code texel_copy.comp}),
 * bit for bit: the last step of {@link StagedUpload#toTexture} on a hardware GPU. The NVIDIA
 * driver wrote a texture from a pixel-unpack buffer at 2.0-3.4 GB/s on the H200 machine, from host
 * or device memory alike, where its copy engine filled a device buffer at 24-42 GB/s
 * ({@code UploadProbe}, 1 GB); a compute pass moves the texels from such a buffer in about a
 * millisecond. The program is compiled on first use on the owner's GL thread.
 */
final class TexelCopy implements AutoCloseable {
    private ComputeProgram program;

    /**
     * Writes {@code count} texels from texel {@code sourceFirst} of {@code source} into {@code target}
     * (RGBA32F) from texel {@code first} on, counted row after row of its width; readable by later
     * fetches and overwritable by later uploads when this returns.
     */
    void write(ShaderStorageBuffer source, int sourceFirst, Texture2D target, int first, int count) {
        if (target.format() != TextureFormat.RGBA32F) throw new IllegalArgumentException("texel copies go into RGBA32F textures, not " + target.format());
        if (program == null) program = ComputeProgram.load("texel_copy.comp", Map.of());
        source.bindBase(ShaderBinding.TEXEL_COPY_SOURCE);
        // As unsigned ints, a view the same size as RGBA32F: no float conversion can touch a NaN's bits.
        glBindImageTexture(ShaderBinding.TEXEL_COPY_OUT.slotFor(ShaderBinding.Kind.IMAGE), target.glName(), 0, false, 0, GL_WRITE_ONLY, GL_RGBA32UI);
        program.setInt("uSourceFirst", sourceFirst);
        program.setInt("uFirst", first);
        program.setInt("uWidth", target.width());
        program.setInt("uCount", count);
        program.dispatchItems(count);
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    }

    @Override
    public void close() {
        if (program != null) program.close();
        program = null;
    }
}
