package org.drtstudio.studio.preview;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Denoiser;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.ToneMapper;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.ViewTransform;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The preview's denoising: it wraps the preview's renderer so the progressive passes carry what the
 * denoiser reads — mean radiance and variance every pass, the guide AOVs (normal, albedo, depth) once
 * per view — and turns a pass into the denoised picture while the view is young.
 *
 * <p>The guides average 16 camera samples per pixel ({@link #GUIDE_BASE_SAMPLES}), traced once per
 * view, with the pass that starts at sample {@link #GUIDES_FROM_SAMPLE}: the
 * coarse stages right after a change take only a few samples each and restart, and the guide pass
 * would slow exactly the passes that must keep up with the mouse. Render-thread use only, except
 * {@link #setEnabled}.
 */
public final class PreviewDenoiser implements Renderer {
    /** The view's guides are traced with its first pass from this sample on. */
    static final int GUIDES_FROM_SAMPLE = 4;
    /**
     * The guide pass is told the view has this many samples per pixel, so its guides average
     * {@code DenoiseInput.guideSamples(4)} = 16 camera samples: a view's planned total (256 by
     * default) would ask for 64, which on the CPU tracer costs as much as some 16 shaded samples and
     * would stall the preview for seconds. Nothing else of a pass depends on the planned total.
     */
    static final int GUIDE_BASE_SAMPLES = 4;
    /**
     * Up to this many samples per pixel the denoised picture is shown; beyond, the accumulated one.
     * Measured on the default scene (docs/RESULTS.md, "The studio's preview"): denoising lowers the
     * error at 6 and 10 samples and raises it from 18 on, where the picture has more samples than its
     * 16-sample guides and remodulating by them brings back their edge noise. Guides grown with the
     * samples (summed by the trace passes, edges topped up) were measured there too and lose at equal time.
     */
    public static final int DENOISE_UP_TO_SAMPLES = 12;
    private static final Set<Aov> GUIDES = EnumSet.of(Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO);

    private final Renderer renderer;
    private volatile boolean enabled = true;
    /** How the picture is shown: exposure and display transform (the radiance is read back when it is not the default). */
    private volatile ViewTransform view = ViewTransform.DEFAULT;
    /** The current view's guides (depth, normals and albedo of one frame), or null until traced. */
    private Frame guides;

    PreviewDenoiser(Renderer renderer) {
        this.renderer = renderer;
    }

    /** Denoise (true, the default) or show the accumulated picture as it is. Any thread. */
    void setEnabled(boolean on) {
        enabled = on;
    }

    boolean enabled() {
        return enabled;
    }

    /** The view transform of the pictures this returns. Any thread. */
    void setView(ViewTransform v) {
        view = v;
    }

    /**
     * A pass's picture through the view transform, from its radiance; the pass's own picture when the
     * view is the default (or the pass has no radiance: traced before the view changed).
     */
    byte[] viewedSrgb(Frame pass) {
        ViewTransform v = view;
        return v.isDefault() || pass.radiance() == null ? pass.srgb() : v.toSrgb(pass.radiance(), pass.width() * pass.height());
    }

    /** Whether {@link #viewedSrgb} can show this pass the current way. */
    boolean canView(Frame pass) {
        return view.isDefault() || pass.radiance() != null;
    }

    @Override
    public String description() {
        return renderer.description();
    }

    @Override
    public Frame accumulate(GeometryImage image, TraceParameters p, int firstSample, int sampleCount, Set<Aov> aovs,
                            ProgressListener progress) throws RenderException {
        if (firstSample == 0) guides = null;
        // Past the samples shown denoised, the pass needs no radiance read back (a copy of the GPU's accumulation).
        boolean on = enabled && firstSample + sampleCount <= DENOISE_UP_TO_SAMPLES;
        boolean traceGuides = on && guides == null && firstSample >= GUIDES_FROM_SAMPLE;
        Set<Aov> asked = aovs.isEmpty() ? EnumSet.noneOf(Aov.class) : EnumSet.copyOf(aovs);
        if (on) {
            asked.add(Aov.RADIANCE);
            asked.add(Aov.VARIANCE);
        }
        if (!view.isDefault()) asked.add(Aov.RADIANCE);
        if (traceGuides) asked.addAll(GUIDES);
        Frame f = renderer.accumulate(image, traceGuides ? guidePassParameters(p) : p, firstSample, sampleCount, asked, progress);
        if (traceGuides) guides = f;
        return f;
    }

    /** The pass's parameters with {@link #GUIDE_BASE_SAMPLES} as the planned samples per pixel (fewer guide samples). */
    static TraceParameters guidePassParameters(TraceParameters p) {
        int spp = Math.min(p.samplesPerPixel(), GUIDE_BASE_SAMPLES);
        return new TraceParameters(p.width(), p.height(), spp, p.maxDepth(), p.seed(), p.open(), p.close(), p.filter(),
                p.motion(), p.background(), p.ambientLight(), p.attenuation(), p.rayEpsilon(), p.throughputCutoff(), p.rouletteWeight());
    }

    /**
     * The picture to show for a pass that brought the view to {@code samples} samples per pixel:
     * its denoised sRGB pixels (RGBA, like {@link Frame#srgb()}), or null to show the pass as it is
     * (denoising off, the view past {@link #DENOISE_UP_TO_SAMPLES}, or its guides not traced yet),
     * also when {@code stop} turned true before the denoiser finished.
     */
    byte[] denoisedSrgb(Frame pass, int samples, java.util.function.BooleanSupplier stop) throws RenderException {
        if (!denoises(pass, samples)) return null;
        Frame g = guides;
        Denoiser d = renderer.denoiser();
        float[] clean = d.denoise(new DenoiseInput(pass.width(), pass.height(), pass.radiance(), pass.variance(), g.normals(),
                g.albedo(), g.depth()), stop);
        return clean == null ? null : view.toSrgb(clean, pass.width() * pass.height());
    }

    /** Whether {@link #denoisedSrgb} would denoise this pass (rather than return null). */
    boolean denoises(Frame pass, int samples) {
        Frame g = guides;
        return enabled && samples <= DENOISE_UP_TO_SAMPLES && g != null && pass.radiance() != null && pass.variance() != null
                && g.width() == pass.width() && g.height() == pass.height();
    }

    @Override
    public int converge(AdaptiveSampling adaptive) throws RenderException {
        return renderer.converge(adaptive);
    }

    @Override
    public Denoiser denoiser() {
        return renderer.denoiser();
    }

    @Override
    public void noticesTo(Consumer<String> notices) {
        renderer.noticesTo(notices);
    }

    @Override
    public void close() {
        renderer.close();
    }
}
