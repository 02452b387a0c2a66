package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImageLayout;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.lwjgl.opengl.GL42C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_SHADER_IMAGE_ACCESS_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_TEXTURE_FETCH_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_TEXTURE_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;

/**
 * Derives the box layout's primitives on the GPU ({@code box_primitives.comp}) from the geometry
 * image's primitive and vertex textures, once these are there: the twin of {@code BoxLayout}'s
 * packing, bit for bit (GlBoxPrimitivesTest). A linear BVH's layout defers its primitives
 * ({@link org.drtstudio.accel.DeferredFloats}), so the GPU tracer makes its own instead of the CPU
 * packing them and the bus carrying them: for bunny_18m 855 MB and 0.22-0.44 s of the CPU's load
 * (docs/BENCHMARKS.md); a level of several shapes defers them too where one shape's are
 * ({@code BoxLayout.assemble}). One program per storage, compiled on first use on the renderer's GL thread.
 */
final class GlBoxPrimitives implements AutoCloseable {
    private ComputeProgram toTexture, toBuffer;

    /** Writes {@code count} primitives' texels into {@code out}, RGBA32F rows of the data-texture width. */
    void into(Texture2D out, int count) {
        if (toTexture == null) toTexture = ComputeProgram.load("box_primitives.comp", defines(false));
        out.bindImage(ShaderBinding.BOX_PRIMITIVES_OUT, ImageAccess.WRITE_ONLY);
        run(toTexture, count);
        // Read by the walk's fetches, or overwritten by a later upload into the same texture.
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    }

    /** Writes {@code count} primitives' texels into {@code out}, a storage buffer of at least their size. */
    void into(ShaderStorageBuffer out, int count) {
        if (toBuffer == null) toBuffer = ComputeProgram.load("box_primitives.comp", defines(true));
        out.bindBase(BoxLayout.PRIMITIVES_BINDING);
        run(toBuffer, count);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    private static void run(ComputeProgram program, int count) {
        program.setInt("uCount", count);
        program.dispatchItems(count);
    }

    private static Map<String, String> defines(boolean toBuffer) {
        Map<String, String> d = new LinkedHashMap<>(GeometryImageLayout.glslDefines());
        d.putAll(BoxLayout.glslDefines());
        if (toBuffer) d.put("TO_BUFFER", "");
        return d;
    }

    @Override
    public void close() {
        if (toTexture != null) toTexture.close();
        if (toBuffer != null) toBuffer.close();
        toTexture = toBuffer = null;
    }
}
