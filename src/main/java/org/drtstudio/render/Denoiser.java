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

    /**
     * A frame traced for {@code aovs} ({@link DenoiseInput#inputsFor}) as its caller asked for them: with
     * {@link Aov#DENOISED} its radiance filtered by {@code d} unless the tracer filtered it already, and the
     * denoiser's inputs not asked for dropped; {@code traced} itself without DENOISED.
     */
    static Frame asAsked(Denoiser d, Frame traced, java.util.Set<Aov> aovs) throws RenderException {
        if (!aovs.contains(Aov.DENOISED)) return traced;
        float[] denoised = traced.denoised() != null ? traced.denoised() : d.denoise(DenoiseInput.of(traced));
        return new Frame(traced.width(), traced.height(), traced.srgb(), aovs.contains(Aov.RADIANCE) ? traced.radiance() : null,
                aovs.contains(Aov.DEPTH) ? traced.depth() : null, aovs.contains(Aov.NORMAL) ? traced.normals() : null,
                aovs.contains(Aov.ALBEDO) ? traced.albedo() : null, aovs.contains(Aov.VARIANCE) ? traced.variance() : null,
                traced.samples(), aovs.contains(Aov.DIFFUSE) ? traced.split() : null, traced.errors(), traced.uploadedBytes(),
                denoised);
    }

    /** A frame rendered with {@link Aov#DENOISED} as its denoised picture: its radiance and picture the filtered ones. */
    static Frame asPicture(Frame f) {
        if (f.denoised() == null) throw new IllegalArgumentException("the frame was not denoised");
        return withPicture(f, f.denoised());
    }

    /** A copy of {@code noisy} with its picture and radiance replaced by the denoised ones; the AOVs stay. */
    static Frame apply(Denoiser d, Frame noisy) throws RenderException {
        return withPicture(noisy, d.denoise(DenoiseInput.of(noisy)));
    }

    /** {@code f} with {@code clean} as its radiance, its denoised radiance and (tone-mapped) its picture; the AOVs stay. */
    private static Frame withPicture(Frame f, float[] clean) {
        return new Frame(f.width(), f.height(), ToneMapper.toSrgb(clean, f.width() * f.height()), clean, f.depth(), f.normals(),
                f.albedo(), f.variance(), f.samples(), f.split(), f.errors(), f.uploadedBytes(), clean);
    }
}
