package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;

import java.util.Set;

/**
 * A back end that turns a packed scene into a frame. The GL tracer and the CPU reference both
 * implement it over the same {@link GeometryImage}, so callers (CLI, studio, tests) never care
 * which one runs.
 */
public interface Renderer extends AutoCloseable {
    /** One line naming the back end and device, e.g. "GPU: NVIDIA H100 … OpenGL 4.6" or "CPU reference, 2 threads". */
    String description();

    /** One line naming what traces {@code image}: {@link #description()} unless the tracer decides per image (the CPU tracer's walk). */
    default String description(GeometryImage image) {
        return description();
    }

    /** A whole frame of {@code parameters.samplesPerPixel()} samples. */
    default Frame render(GeometryImage image, TraceParameters parameters, Set<Aov> aovs, ProgressListener progress)
            throws RenderException {
        return accumulate(image, parameters, 0, parameters.samplesPerPixel(), aovs, progress);
    }

    /**
     * The pixels of {@code window} of the whole frame {@code parameters} describe, traced with the whole
     * frame's camera and per-pixel seeds, so windows put side by side are {@link #render} bit for bit
     * (a render farm's tiles). Only for fixed sample counts: adaptive sampling and denoising look at
     * neighbouring pixels across a window's edge. This default renders the whole frame and keeps the
     * window (right for any tracer, at the whole frame's cost); tracers override it to trace only the window.
     */
    default Frame renderWindow(GeometryImage image, TraceParameters parameters, PixelWindow window, Set<Aov> aovs,
                               ProgressListener progress) throws RenderException {
        return window.crop(render(image, parameters, aovs, progress));
    }

    /**
     * Progressive rendering: adds samples {@code firstSample .. firstSample + sampleCount - 1} of every
     * pixel to the renderer's running sum (starting a new sum when {@code firstSample} is 0) and
     * returns the mean of all samples so far. Sample indices select the random numbers, so passes of
     * 4 + 4 + 8 samples give the image of one 16-sample render (up to float summation order).
     * {@code parameters.samplesPerPixel()} is the planned total, used to stratify. Pixels that
     * {@link #converge} marked converged take no samples (and cost nothing); each pixel's mean divides
     * by the samples it took; a pass when every pixel has converged traces nothing and only
     * resolves the means and makes the AOVs.
     *
     * @throws IllegalStateException when {@code firstSample > 0} but no sum of this size was started
     */
    Frame accumulate(GeometryImage image, TraceParameters parameters, int firstSample, int sampleCount, Set<Aov> aovs,
                     ProgressListener progress) throws RenderException;

    /**
     * Adaptive sampling: marks the pixels of the running sum whose noise is under
     * {@code adaptive}'s threshold as converged ({@link org.drtstudio.render.adaptive.ConvergenceMask}), so the next passes skip
     * them; they keep their mean. Call between passes, after at least one.
     *
     * @return pixels still taking samples
     * @throws IllegalStateException when no sum has been started
     */
    int converge(AdaptiveSampling adaptive) throws RenderException;

    /**
     * The denoiser that runs where this renderer does: the Java one
     * ({@link org.drtstudio.render.denoise.NlmDenoiser}) on the CPU, its GLSL twin on a GL tracer's thread.
     */
    Denoiser denoiser();

    /**
     * Where this renderer says, one line each, what the user should know of a render that went another
     * way than planned without failing: the GPU tracer's denoiser, finding no room on the GPU, filters on
     * the CPU instead. {@code drt render} prints them; the studio's export adds them to its outcome. Lines
     * may come from any thread, during a render. Renderers that never change course keep nothing.
     */
    default void noticesTo(java.util.function.Consumer<String> notices) {
    }

    /**
     * The last sending of a geometry image to the device that sent anything (a frame's first pass
     * sends the image, later passes and frames of the same image nothing): its bytes and its wall
     * time until the device had them all. {@link Upload#NONE} before any, and for tracers that read
     * the image where it is (the CPU tracer).
     */
    default Upload lastUpload() {
        return Upload.NONE;
    }

    /**
     * Readies, while the caller still loads a large scene, what sending it would otherwise wait for on
     * the first frame (a GPU tracer's staging memory and the program that writes its textures); nothing
     * for a tracer that reads the image where it is.
     */
    default void prepareLargeUploads() {
    }

    /** Bytes sent to the device and the milliseconds it took. */
    record Upload(long bytes, double millis) {
        public static final Upload NONE = new Upload(0, 0);

        /** 10^9 bytes a second; 0 when nothing was timed. */
        public double gigabytesPerSecond() {
            return millis > 0 ? bytes / millis / 1e6 : 0;
        }
    }

    @Override
    void close();
}
