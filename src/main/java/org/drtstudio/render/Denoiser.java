package org.drtstudio.render;


/**
 * Turns a noisy mean radiance into a smoothed one guided by its AOVs. Two implementations compute
 * the same filter: {@link org.drtstudio.render.denoise.NlmDenoiser} in Java and the GL tracer's {@code shaders/denoise.comp}.
 */
public interface Denoiser {
    /** The denoised linear radiance, 3 floats per pixel. */
    float[] denoise(DenoiseInput input) throws RenderException;

    /**
     * As {@link #denoise(DenoiseInput)}, or null when {@code stop} turned true before it finished: a
     * denoiser that takes long (the CPU's, a second or more on a large view) looks between its parts,
     * so a studio import need not wait for the preview's picture. Others may ignore {@code stop}.
     */
    default float[] denoise(DenoiseInput input, java.util.function.BooleanSupplier stop) throws RenderException {
        return denoise(input);
    }

    /** A copy of {@code noisy} with its picture and radiance replaced by the denoised ones; the AOVs stay. */
    static Frame apply(Denoiser d, Frame noisy) throws RenderException {
        float[] clean = d.denoise(DenoiseInput.of(noisy));
        return new Frame(noisy.width(), noisy.height(), ToneMapper.toSrgb(clean, noisy.width() * noisy.height()), clean,
                noisy.depth(), noisy.normals(), noisy.albedo(), noisy.variance(), noisy.errors(), noisy.uploadedBytes());
    }
}
