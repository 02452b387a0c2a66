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
 * scenes at 160×120, 4–32 spp) the 16× guides took 40–50 % of a denoised render's CPU time, and the 4× guides
 * gave 10–25 % less error than they did at equal CPU time, so the CPU tracer renders small pictures with
 * {@link #EQUAL_CPU_TIME} and large ones with {@link #EQUAL_CPU_TIME_LARGE} ({@link #CPU}).
 */
public record GuideBudget(int perSample, int cap) implements GuideBudgetChoice {
    /** 16× the radiance's samples, at most 256: the least error at a given sample count; the GPU tracer's. */
    public static final GuideBudget EQUAL_SAMPLES = new GuideBudget(16, 256);
    /** 4× the radiance's samples, at most 64: the least error at equal CPU time in small pictures; the CPU tracer's below {@link #CPU_LARGE_PIXELS}. */
    public static final GuideBudget EQUAL_CPU_TIME = new GuideBudget(4, 64);

    /**
     * The CPU tracer's budget at and above {@link #CPU_LARGE_PIXELS}: 8× the radiance's samples, at most 128. A guide
     * pass traces only pixels on edges of the guides, whose share of a picture falls as it grows, so
     * the same budget costs a smaller part of a larger render (docs/RESULTS.md, "The CPU's guide budget by picture size").
     */
    public static final GuideBudget EQUAL_CPU_TIME_LARGE = new GuideBudget(8, 128);
    /** Pixels from which the CPU tracer takes {@link #EQUAL_CPU_TIME_LARGE}: a 1280×720 picture's. */
    public static final long CPU_LARGE_PIXELS = 1280L * 720;
    /**
     * The CPU tracer's choice: the larger budget where it took more off the denoised error than the
     * same time spent on samples would, on tuning scenes (from 960×540 up) and, through `drt render`,
     * at equal time on fresh seeds (at 1920×1080; even at 960×540, hence the switch above it).
     * Numbers and commands: docs/RESULTS.md, "The CPU's guide budget by picture size".
     */
    public static final GuideBudgetChoice CPU = (width, height) -> (long) width * height >= CPU_LARGE_PIXELS ? EQUAL_CPU_TIME_LARGE : EQUAL_CPU_TIME;

    /** The same budget at every size. */
    @Override
    public GuideBudget forPicture(int width, int height) {
        return this;
    }

    public GuideBudget {
        if (perSample < 1 || cap < 1) throw new IllegalArgumentException("a guide budget needs at least one sample: " + perSample + ", " + cap);
    }

    /** The camera samples an edge pixel's guides average in a render of {@code spp} samples per pixel. */
    public int samples(int spp) {
        return spp <= 1 ? 1 : (int) Math.min((long) perSample * spp, cap);
    }
}
