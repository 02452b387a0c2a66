package org.drtstudio.render.denoise;

/**
 * How many camera samples the guides of a pixel on an edge of the guides average ({@link GuideEdges}):
 * {@code perSample} times the radiance's samples per pixel, at most {@code cap}; one (the pixel
 * centre) for a render of one sample. More samples make the albedo guide's coverage exact, which is
 * what the denoiser remodulates an edge pixel by; each one costs a first hit.
 *
 * <p>Which budget pays depends on what a first hit costs beside a shaded sample, so each backend
 * has its own (git history of docs/RESULTS.md, "Guides traced where they matter", and
 * docs/bench/noise-curves-edges256.csv): on a GPU a first hit costs a fraction of a shaded sample
 * and {@link #EQUAL_SAMPLES} gives the least error; on the CPU tracer (2 cores, the four noise
 * scenes, 4–32 spp) the 16× guides took 40–50 % of a denoised render's CPU time, and the 4× guides
 * gave 10–25 % less error than they did at equal CPU time, so the CPU tracer renders with
 * {@link #EQUAL_CPU_TIME}.
 */
public record GuideBudget(int perSample, int cap) {
    /** 16× the radiance's samples, at most 256: the least error at a given sample count; the GPU tracer's. */
    public static final GuideBudget EQUAL_SAMPLES = new GuideBudget(16, 256);
    /** 4× the radiance's samples, at most 64: the least error at equal CPU time; the CPU tracer's. */
    public static final GuideBudget EQUAL_CPU_TIME = new GuideBudget(4, 64);

    public GuideBudget {
        if (perSample < 1 || cap < 1) throw new IllegalArgumentException("a guide budget needs at least one sample: " + perSample + ", " + cap);
    }

    /** The camera samples an edge pixel's guides average in a render of {@code spp} samples per pixel. */
    public int samples(int spp) {
        return spp <= 1 ? 1 : (int) Math.min((long) perSample * spp, cap);
    }
}
