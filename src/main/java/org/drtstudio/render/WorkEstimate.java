package org.drtstudio.render;

import java.util.Locale;
import java.util.Set;

/**
 * The size of a render before it starts: camera samples (pixels × samples per pixel × frames) and
 * the memory one frame's buffers take on the Java heap. A file can ask for months of work
 * ({@code CAMERA_RESOLUTION=16384x16384}, {@code CAMERA_SUPERSAMPLING=65536}) or for buffers the
 * heap cannot hold, which would otherwise fail only after the whole frame was traced; so callers
 * compare the estimate with {@link #DEFAULT_MAX_SAMPLES}, {@link #DEFAULT_MAX_FRAMES} and the
 * heap first.
 */
public record WorkEstimate(int width, int height, int samplesPerPixel, long frames, long frameBytes) {
    /**
     * Camera samples allowed without asking: 10^11 is about 1,000 frames of 1920×1080 at 48 spp, a
     * couple of minutes for the GPU tracer on an H100 and most of a day for the CPU tracer on two cores.
     */
    public static final long DEFAULT_MAX_SAMPLES = 100_000_000_000L;
    /** Frames allowed without asking: about seven minutes at 24 fps, each its own file. */
    public static final long DEFAULT_MAX_FRAMES = 10_000;

    /**
     * Heap bytes per pixel while a frame is finished: the running sums and the mean radiance (3
     * floats each, the CPU tracer; the GPU tracer reads back as much), the 8-bit picture and the
     * encoder's copy of it (4 bytes each).
     */
    static final int BYTES_PER_PIXEL = 12 + 12 + 4 + 4;

    /** The denoiser's split ({@link DiffuseSplit}), made whenever the guides are summed: its sums (5 floats) and resolved arrays (8). */
    static final int SPLIT_BYTES_PER_PIXEL = 4 * (5 + 8);

    public static WorkEstimate of(int width, int height, int samplesPerPixel, long frames, Set<Aov> aovs) {
        long perPixel = BYTES_PER_PIXEL;
        // The CPU tracer holds the denoiser's inputs in the heap; a GL tracer that filters them on the GPU, less.
        for (Aov a : DenoiseInput.inputsFor(aovs)) {
            perPixel += switch (a) {
                case DEPTH, VARIANCE, SAMPLES -> 4;
                case NORMAL, ALBEDO, DENOISED -> 12;
                case RADIANCE -> 0; // the mean radiance is counted already
                case DIFFUSE -> 0; // counted with the split, below
            };
        }
        if (aovs.stream().anyMatch(Aov::summedWithGuides)) perPixel += SPLIT_BYTES_PER_PIXEL;
        return new WorkEstimate(width, height, samplesPerPixel, frames, perPixel * width * height);
    }

    /** Camera samples of the whole render; saturates instead of overflowing. */
    /**
     * Whether a sequence may write one frame while tracing the next ({@code io.support.WriteBehind}) with
     * {@code availableHeap} free: four frames' buffers in 90 % of it, since the frame being traced has its tracer's
     * sums beside it and the frame being written its encoded bytes (at twice the estimate each, a render of every AOV
     * ran out of memory where two frames' buffers fitted and writing in place did not).
     */
    public boolean twoFramesFit(long availableHeap) {
        return 4 * frameBytes <= 0.9 * availableHeap;
    }

    public long samples() {
        double s = (double) width * height * samplesPerPixel * frames;
        return s >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) s;
    }

    /** Heap the frame's buffers may still take: the maximum heap less what is in use now. */
    public static long availableHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /** "16384x16384 × 65536 spp × 1 frame = 1.8e13 camera samples" */
    public String describeWork() {
        return String.format(Locale.ROOT, "%dx%d × %d spp × %,d frame%s = %s camera samples", width, height, samplesPerPixel,
                frames, frames == 1 ? "" : "s", scientific(samples()));
    }

    static String scientific(long n) {
        return n < 1_000_000 ? String.format(Locale.ROOT, "%,d", n) : String.format(Locale.ROOT, "%.1e", (double) n);
    }

    /** "1.2 GiB" */
    public static String bytes(long n) {
        if (n < 1L << 20) return String.format(Locale.ROOT, "%.0f KiB", n / 1024.0);
        if (n < 1L << 30) return String.format(Locale.ROOT, "%.0f MiB", n / (double) (1L << 20));
        return String.format(Locale.ROOT, "%.1f GiB", n / (double) (1L << 30));
    }
}
