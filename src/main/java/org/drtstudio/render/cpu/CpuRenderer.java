package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.adaptive.ConvergenceMask;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.Frame;
import org.drtstudio.render.denoise.GuideBudget;
import org.drtstudio.render.denoise.GuideBudgetChoice;
import org.drtstudio.render.denoise.GuideEdges;
import org.drtstudio.render.GuideSums;
import org.drtstudio.render.PassAbandonedException;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.ToneMapper;
import org.drtstudio.render.TraceParameters;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The CPU tracer: Java shading, sampling and sums on all cores over the same packed arrays as the
 * GPU, the hits found by a {@link CpuWalk}. Without one it walks the twin of the GPU's traversal
 * ({@link Traversal}): the reference tracer, the oracle of the GPU tests. With one (the production
 * tracer: Embree, or the Java four-wide walk) the pictures agree with the reference's within float
 * rounding of the hit distances. A grid, an octree, portals or the sphere nodes are walked by the
 * twin's walks whatever the walk, as they are what the user asked to measure. Rows are handed out
 * one at a time from a shared counter so cores stay busy whatever the scene's cost per row.
 */
public final class CpuRenderer implements Renderer, org.drtstudio.render.AccelChoice, org.drtstudio.render.sampling.ShadowLightsChoice {
    private final int threads;
    private final NodeKind nodes;
    private volatile AccelStructure accel;
    private volatile org.drtstudio.render.sampling.ShadowLights shadowLights = org.drtstudio.render.sampling.ShadowLights.ALL;
    /** The production walk, or null for the twin's. */
    private final CpuWalk walk;
    /** How many camera samples an edge pixel's guides average: the GPU's as the twin, the CPU's own in production. */
    private final GuideBudgetChoice guideBudget;
    /** The walk that traced the last pass, for status lines. */
    private volatile String walked;

    public CpuRenderer() {
        this(Runtime.getRuntime().availableProcessors());
    }

    public CpuRenderer(int threads) {
        this(threads, NodeKind.DEFAULT);
    }

    /** @param nodes the node bounds walked; the image is the same either way, only the speed differs */
    public CpuRenderer(int threads, NodeKind nodes) {
        this(threads, nodes, AccelStructure.DEFAULT);
    }

    /** @param accel the structure walked inside each shape; the image is the same with each, only the speed differs */
    public CpuRenderer(int threads, NodeKind nodes, AccelStructure accel) {
        this(threads, nodes, accel, null);
    }

    /**
     * @param walk the walk that finds hits with the default structure (BVH, box nodes); null for the twin's.
     * The guides are the GPU tracer's ({@link GuideBudget#EQUAL_SAMPLES}), so the twin's AOVs are its.
     */
    public CpuRenderer(int threads, NodeKind nodes, AccelStructure accel, CpuWalk walk) {
        this(threads, nodes, accel, walk, GuideBudget.EQUAL_SAMPLES);
    }

    /** @param guides how many camera samples an edge pixel's guides average ({@link GuideBudget}), by the picture's size */
    public CpuRenderer(int threads, NodeKind nodes, AccelStructure accel, CpuWalk walk, GuideBudgetChoice guides) {
        this.threads = Math.max(1, threads);
        this.nodes = nodes;
        this.accel = accel;
        this.walk = walk;
        this.guideBudget = java.util.Objects.requireNonNull(guides);
    }

    /**
     * The production tracer on {@code threads} threads: hits found by {@code walk}, the default
     * structure, the guides that pay at equal CPU time ({@link GuideBudget#CPU}).
     */
    public static CpuRenderer production(int threads, CpuWalk walk) {
        return new CpuRenderer(threads, NodeKind.DEFAULT, AccelStructure.DEFAULT, java.util.Objects.requireNonNull(walk),
                GuideBudget.CPU);
    }

    /** Whether {@code image} is walked by the production walk (else by the twin's walks). */
    private boolean fast() {
        return walk != null && accel == AccelStructure.BVH && nodes == NodeKind.BOXES;
    }

    /** A thread's shading over this tracer's walk of {@code image}. */
    WhittedIntegrator integrator(GeometryImage image, TraceParameters p) {
        WhittedIntegrator integrator = fast() ? new WhittedIntegrator(image, p, walk.open(image))
                : new WhittedIntegrator(image, p, nodes, accel);
        integrator.nearestLightOnly = shadowLights == org.drtstudio.render.sampling.ShadowLights.NEAREST;
        return integrator;
    }

    @Override
    public org.drtstudio.render.sampling.ShadowLights shadowLights() {
        return shadowLights;
    }

    @Override
    public void useShadowLights(org.drtstudio.render.sampling.ShadowLights lights) {
        this.shadowLights = java.util.Objects.requireNonNull(lights);
    }

    /** The Java denoiser, run on the calling thread. */
    @Override
    public org.drtstudio.render.Denoiser denoiser() {
        return new org.drtstudio.render.denoise.NlmDenoiser();
    }

    @Override
    public AccelStructure accel() {
        return accel;
    }

    @Override
    public void useAccel(AccelStructure accel) {
        this.accel = java.util.Objects.requireNonNull(accel);
    }

    @Override
    public String description(GeometryImage image) {
        String what = fast() ? "CPU tracer, " + walk.name(image) : null;
        return what == null ? description() : what + ", " + threads + (threads == 1 ? " thread" : " threads");
    }

    @Override
    public String description() {
        String what = walked != null ? walked : fast() ? "CPU tracer, " + walk.name()
                : walk != null ? "CPU tracer, Java " + accel.cliName() + " walk" : "CPU reference tracer (the GPU tracer's Java twin)";
        return what + ", " + threads + (threads == 1 ? " thread" : " threads");
    }

    /** Running sums of radiance per pixel between progressive passes. */
    private float[] sums;
    /** Running sums of each sample's squared luminance per pixel, for the variance estimate. */
    private float[] squares;
    /** Samples per pixel, negated once converged ({@link ConvergenceMask}); converged pixels are skipped. */
    private float[] state;
    /**
     * The guides summed over every sample shaded since sample 0 ({@link GuideSums}' layout), or null
     * when the render's first pass asked for no first-hit AOV: then a later pass that asks gets them
     * from a separate guide pass ({@link #firstHitAovs}).
     */
    private float[] guideAlbedoHits, guideNormalDepth;
    /** The denoiser's split ({@link DiffuseSplit}' sums), summed with the guides. */
    private float[] diffuseSums, otherSquares;
    private int sumsWidth, sumsHeight;

    @Override
    public Frame accumulate(GeometryImage image, TraceParameters p, int firstSample, int sampleCount, Set<Aov> aovs,
                            ProgressListener progress) throws RenderException {
        if (firstSample < 0 || sampleCount < 1) throw new IllegalArgumentException("samples " + firstSample + "+" + sampleCount);
        int w = p.width(), h = p.height();
        if (firstSample == 0) {
            sums = new float[3 * w * h];
            squares = new float[w * h];
            state = new float[w * h];
            boolean sumGuides = aovs.stream().anyMatch(Aov::summedWithGuides);
            guideAlbedoHits = sumGuides ? new float[GuideSums.FLOATS * w * h] : null;
            guideNormalDepth = sumGuides ? new float[GuideSums.FLOATS * w * h] : null;
            diffuseSums = sumGuides ? new float[DiffuseSplit.FLOATS * w * h] : null;
            otherSquares = sumGuides ? new float[w * h] : null;
            sumsWidth = w;
            sumsHeight = h;
        } else if (sums == null || sumsWidth != w || sumsHeight != h) {
            throw new IllegalStateException("no " + w + "x" + h + " accumulation to add samples to; start at sample 0");
        }
        Frame traced = trace(image, p, PixelWindow.whole(w, h), firstSample, firstSample + sampleCount, sums, squares, state,
                guideAlbedoHits == null ? null : new SummedGuides(guideAlbedoHits, guideNormalDepth, diffuseSums, otherSquares),
                DenoiseInput.inputsFor(aovs), progress);
        return org.drtstudio.render.Denoiser.asAsked(denoiser(), traced, aovs);
    }

    /** The sums kept beside the radiance when the render's first pass asked for a guide or the diffuse AOV ({@link Aov#summedWithGuides}): {@link GuideSums}' and {@link DiffuseSplit}'s. */
    private record SummedGuides(float[] albedoHits, float[] normalDepth, float[] diffuseSums, float[] otherSquares) {
        static SummedGuides of(int pixels) {
            return new SummedGuides(new float[GuideSums.FLOATS * pixels], new float[GuideSums.FLOATS * pixels],
                    new float[DiffuseSplit.FLOATS * pixels], new float[pixels]);
        }
    }

    /** Traces only the window's pixels, into sums of its own (the progressive sums are left as they are). */
    @Override
    public Frame renderWindow(GeometryImage image, TraceParameters p, PixelWindow window, Set<Aov> aovs,
                              ProgressListener progress) throws RenderException {
        if (!window.fitsIn(p.width(), p.height())) {
            throw new IllegalArgumentException("window " + window + " does not fit in " + p.width() + "x" + p.height());
        }
        DenoiseInput.refuseInWindow(aovs);
        int n = window.pixels();
        boolean sumGuides = aovs.stream().anyMatch(Aov::summedWithGuides);
        return trace(image, p, window, 0, p.samplesPerPixel(), new float[3 * n], new float[n], new float[n],
                sumGuides ? SummedGuides.of(n) : null, aovs, progress);
    }

    /**
     * Samples {@code first .. last - 1} of the window's pixels added to {@code sum}, {@code square},
     * {@code states} and the guide sums (all laid out window-wide; guides null when not summed); each
     * pixel's rays and random numbers are those of its place in the whole frame. Stages: the rows on
     * every thread ({@link #traceRows}), then the frame from the sums ({@link #resolve}).
     */
    private Frame trace(GeometryImage image, TraceParameters p, PixelWindow window, int first, int last, float[] sum,
                        float[] square, float[] states, SummedGuides guides, Set<Aov> aovs,
                        ProgressListener progress) throws RenderException {
        TracePass pass = new TracePass(p, window, first, last, sum, square, states, guides, aovs, guideBudget);
        ExecutorService pool = workers();
        List<Future<?>> jobs = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                jobs.add(pool.submit(() -> {
                    traceRows(image, pass, progress);
                    return null;
                }));
            }
            for (Future<?> job : jobs) job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RenderException("render interrupted", e);
        } catch (ExecutionException e) {
            throw new RenderException("CPU tracer failed: " + e.getCause(), e.getCause());
        } finally {
            for (Future<?> job : jobs) job.cancel(true);
        }
        if (fast()) walked = "CPU tracer, " + walk.name(image);
        if (pass.abandoned.get()) {
            // Some rows have this pass's samples and others not: the running sum is no use any more.
            if (sum == sums) sums = null;
            throw new PassAbandonedException();
        }
        return resolve(pass);
    }

    /**
     * What one pass's threads share: its inputs, the sums they add to, the guide pass's own sums,
     * and the counters that hand out rows and count what went wrong. Each row is written by one
     * thread only.
     */
    private static final class TracePass {
        final TraceParameters p;
        final PixelWindow window;
        final int first, last;
        final float[] sum, square, states;
        /** The trace passes' guide sums; null when not summed. */
        final SummedGuides guides;
        final Set<Aov> aovs;
        /** Summed: guides != null. First hit: some AOV is read from the first hit's guides. */
        final boolean summed, firstHit;
        /** With the trace passes' guide sums the guide pass traces only pixels on guide edges (GuideEdges), more deeply. */
        final int guideEnd;
        /**
         * The guide pass's sums, added to the trace passes' once every row is done (see GuideSums), and
         * how many camera samples each pixel's guides then average.
         */
        final float[] extraA, extraN, guideCounts;
        /** Every pixel probes its neighbours' sample 0 on the way to the guide pass (GuideEdges): once each. */
        final ProbeCache probes;
        final AtomicInteger nextRow = new AtomicInteger(), rowsDone = new AtomicInteger();
        final AtomicLong errors = new AtomicLong();
        final AtomicBoolean abandoned = new AtomicBoolean();

        TracePass(TraceParameters p, PixelWindow window, int first, int last, float[] sum, float[] square,
                  float[] states, SummedGuides guides, Set<Aov> aovs, GuideBudgetChoice guideBudget) {
            this.p = p;
            this.window = window;
            this.first = first;
            this.last = last;
            this.sum = sum;
            this.square = square;
            this.states = states;
            this.guides = guides;
            this.aovs = aovs;
            int pixels = window.width() * window.height();
            this.summed = guides != null;
            this.firstHit = aovs.stream().anyMatch(Aov::fromFirstHit);
            this.guideEnd = GuideEdges.guideEnd(guideBudget.forPicture(p.width(), p.height()), p.samplesPerPixel(), summed);
            this.extraA = firstHit ? new float[GuideSums.FLOATS * pixels] : null;
            this.extraN = firstHit ? new float[GuideSums.FLOATS * pixels] : null;
            this.guideCounts = firstHit ? new float[pixels] : null;
            this.probes = firstHit && summed ? new ProbeCache(window, p.width(), p.height()) : null;
        }
    }

    /** One thread's share of a pass: rows taken from the pass's counter until none is left or the pass is abandoned. */
    private void traceRows(GeometryImage image, TracePass pass, ProgressListener progress) {
        TraceParameters p = pass.p;
        int w = pass.window.width(), h = pass.window.height(), x0 = pass.window.x(), y0 = pass.window.y();
        try (WhittedIntegrator integrator = integrator(image, p)) {
            integrator.guides.on = pass.summed;
            PrimaryRays rays = new PrimaryRays(p);
            float[] sample = new float[3], aov = new float[6], edgeScratch = new float[12];
            GuideEdges.Probe probe = pass.probes == null ? null : pass.probes.over((qx, qy, out) -> {
                rays.generate(qx, qy, 0);
                return integrator.firstHit(rays.origin[0], rays.origin[1], rays.origin[2], rays.direction[0],
                        rays.direction[1], rays.direction[2], rays.time, out);
            });
            for (int row = pass.nextRow.getAndIncrement(); row < h; row = pass.nextRow.getAndIncrement()) {
                if (progress.abandoned()) {
                    pass.abandoned.set(true);
                    break;
                }
                for (int column = 0; column < w; column++) {
                    int x = x0 + column, y = y0 + row, stored = row * w + column;
                    renderPixel(integrator, rays, p, x, y, stored, pass.first, pass.last, pass.sum, pass.square,
                            pass.states, sample, pass.guides);
                    if (pass.firstHit) guidePass(integrator, rays, pass, x, y, stored, probe, aov, edgeScratch);
                    if (integrator.overflow) {
                        pass.errors.incrementAndGet();
                        integrator.overflow = false;
                    }
                }
                progress.progress((double) pass.rowsDone.incrementAndGet() / h);
            }
        }
    }

    /**
     * The guide pass of pixel (x, y) after its radiance samples: with the trace passes' guide sums,
     * only a pixel on a guide edge takes its further camera samples ({@link GuideEdges}).
     */
    private static void guidePass(WhittedIntegrator integrator, PrimaryRays rays, TracePass pass, int x, int y, int stored,
                                  GuideEdges.Probe probe, float[] aov, float[] edgeScratch) {
        TraceParameters p = pass.p;
        int start = pass.summed ? (int) Math.abs(pass.states[stored]) : 0, end = pass.guideEnd;
        if (pass.summed && start < pass.guideEnd && !GuideEdges.onEdge(pass.guides.albedoHits(), pass.guides.normalDepth(),
                GuideSums.FLOATS * stored, start, x, y, p.width(), p.height(), probe, edgeScratch)) {
            end = start;
        }
        extraGuideSums(integrator, rays, x, y, stored, start, end, pass.extraA, pass.extraN, aov);
        pass.guideCounts[stored] = Math.max(start, end);
    }

    /** The frame of a finished pass: each pixel's mean, the picture, and the AOVs asked for. */
    private static Frame resolve(TracePass pass) {
        int w = pass.window.width(), h = pass.window.height(), last = pass.last;
        float[] sum = pass.sum, states = pass.states;
        Set<Aov> aovs = pass.aovs;
        float[] radiance = new float[3 * w * h];
        float inv = 1f / last;
        for (int i = 0; i < w * h; i++) {
            // Each pixel divides by its own count; 1/last for those that took every sample, as before adaptive sampling.
            int n = (int) Math.abs(states[i]);
            float pixelInv = n == last ? inv : 1f / n;
            for (int c = 0; c < 3; c++) radiance[3 * i + c] = sum[3 * i + c] * pixelInv;
        }
        byte[] srgb = ToneMapper.toSrgb(radiance, w * h);
        float[] variance = null;
        if (aovs.contains(Aov.VARIANCE)) {
            variance = new float[w * h];
            for (int i = 0; i < w * h; i++) {
                variance[i] = Frame.meanVariance(Frame.luminance(sum[3 * i], sum[3 * i + 1], sum[3 * i + 2]), pass.square[i],
                        (int) Math.abs(states[i]));
            }
        }
        float[] samples = aovs.contains(Aov.SAMPLES) ? ConvergenceMask.sampleCounts(states, w * h) : null;
        DiffuseSplit split = null;
        SummedGuides guides = pass.guides;
        if (pass.summed && (pass.firstHit || aovs.contains(Aov.DIFFUSE))) {
            split = DiffuseSplit.resolve(sum, 3, guides.diffuseSums(), guides.otherSquares(), guides.albedoHits(),
                    ConvergenceMask.sampleCounts(states, w * h));
        }
        float[] depth = aovs.contains(Aov.DEPTH) ? new float[w * h] : null;
        float[] normals = aovs.contains(Aov.NORMAL) ? new float[3 * w * h] : null;
        float[] albedo = aovs.contains(Aov.ALBEDO) ? new float[3 * w * h] : null;
        if (pass.firstHit) {
            if (pass.summed) {
                GuideSums.add(pass.extraA, guides.albedoHits());
                GuideSums.add(pass.extraN, guides.normalDepth());
            }
            GuideSums.resolve(pass.extraA, pass.extraN, pass.guideCounts, depth, normals, albedo);
        }
        return new Frame(w, h, srgb, aovs.contains(Aov.RADIANCE) ? radiance : null, depth, normals, albedo, variance,
                samples, split, pass.errors.get(), 0);
    }

    @Override
    public int converge(AdaptiveSampling adaptive) {
        if (sums == null) throw new IllegalStateException("no accumulation to converge; render a pass first");
        return ConvergenceMask.update(sumsWidth, sumsHeight, sums, squares, state, adaptive);
    }

    private static void renderPixel(WhittedIntegrator integrator, PrimaryRays rays, TraceParameters p, int x, int y,
                                    int stored, int first, int last, float[] sum, float[] square, float[] state,
                                    float[] sample, SummedGuides guides) {
        // The frame's pixel index picks the random numbers; the stored index is the pixel's place in the window.
        int pixel = y * p.width() + x;
        if (state[stored] < 0) return; // converged: keeps its mean, costs nothing
        float sr = 0, sg = 0, sb = 0, sq = 0;
        // This pass's guide sums, added in sample order as shaders/guide_sums.glsl adds them.
        float ar = 0, ag = 0, ab = 0, hits = 0, nx = 0, ny = 0, nz = 0, distances = 0;
        // ... and the split's (DiffuseSplit), as guide_sums.glsl adds them.
        float dr = 0, dg = 0, db = 0, dq = 0, oq = 0;
        for (int s = first; s < last; s++) {
            rays.generate(x, y, s);
            integrator.radiance(rays.origin[0], rays.origin[1], rays.origin[2], rays.direction[0], rays.direction[1],
                    rays.direction[2], rays.time, pixel, s, sample);
            if (guides != null) {
                float[] d = integrator.guides.diffuse;
                dr += d[0];
                dg += d[1];
                db += d[2];
                float dl = Frame.luminance(d[0], d[1], d[2]);
                float ol = Frame.luminance(sample[0] - d[0], sample[1] - d[1], sample[2] - d[2]);
                dq += dl * dl;
                oq += ol * ol;
            }
            if (guides != null && integrator.guides.distance != Float.POSITIVE_INFINITY) {
                float[] g = integrator.guides.guide;
                ar += g[3];
                ag += g[4];
                ab += g[5];
                hits += 1f;
                nx += g[0];
                ny += g[1];
                nz += g[2];
                distances += integrator.guides.distance;
            }
            sr += sample[0];
            sg += sample[1];
            sb += sample[2];
            float l = Frame.luminance(sample[0], sample[1], sample[2]);
            sq += l * l;
        }
        state[stored] = last;
        square[stored] += sq;
        sum[3 * stored] += sr;
        sum[3 * stored + 1] += sg;
        sum[3 * stored + 2] += sb;
        if (guides != null) {
            float[] guideA = guides.albedoHits(), guideN = guides.normalDepth(), split = guides.diffuseSums();
            int d = DiffuseSplit.FLOATS * stored;
            split[d] += dr;
            split[d + 1] += dg;
            split[d + 2] += db;
            split[d + 3] += dq;
            int g = GuideSums.FLOATS * stored;
            guides.otherSquares()[stored] += oq;
            guideA[g] += ar;
            guideA[g + 1] += ag;
            guideA[g + 2] += ab;
            guideA[g + 3] += hits;
            guideN[g] += nx;
            guideN[g + 1] += ny;
            guideN[g + 2] += nz;
            guideN[g + 3] += distances;
        }
    }

    /**
     * The guide pass of one pixel, twin of {@code shaders/aov.comp}: the guide sums ({@link GuideSums}'
     * layout) of its camera samples {@code start} … {@code end} − 1, the very rays of those radiance
     * samples (pixel position, lens point, time), added in sample order to {@code extraA} and
     * {@code extraN}; nothing when {@code start ≥ end}.
     */
    private static void extraGuideSums(WhittedIntegrator integrator, PrimaryRays rays, int x, int y, int stored, int start,
                                       int end, float[] extraA, float[] extraN, float[] aov) {
        float ar = 0, ag = 0, ab = 0, hits = 0, nx = 0, ny = 0, nz = 0, distances = 0;
        for (int s = start; s < end; s++) {
            rays.generate(x, y, s);
            float t = integrator.firstHit(rays.origin[0], rays.origin[1], rays.origin[2], rays.direction[0],
                    rays.direction[1], rays.direction[2], rays.time, aov);
            if (Float.isInfinite(t)) continue;
            ar += aov[3];
            ag += aov[4];
            ab += aov[5];
            hits += 1f;
            nx += aov[0];
            ny += aov[1];
            nz += aov[2];
            distances += t;
        }
        int g = GuideSums.FLOATS * stored;
        extraA[g] = ar;
        extraA[g + 1] = ag;
        extraA[g + 2] = ab;
        extraA[g + 3] = hits;
        extraN[g] = nx;
        extraN[g + 1] = ny;
        extraN[g + 2] = nz;
        extraN[g + 3] = distances;
    }

    /** Unit direction of the pinhole ray at shutter open through image point (sx, sy), in pixels from the top-left corner. */
    static void primaryDirection(TraceParameters p, float sx, float sy, float[] out) {
        float ndcX = 2f * sx / p.width() - 1f;
        float ndcY = 1f - 2f * sy / p.height();
        float x = p.forward()[0] + ndcX * p.right()[0] + ndcY * p.up()[0];
        float y = p.forward()[1] + ndcX * p.right()[1] + ndcY * p.up()[1];
        float z = p.forward()[2] + ndcX * p.right()[2] + ndcY * p.up()[2];
        float inv = 1f / (float) Math.sqrt(x * x + y * y + z * z);
        out[0] = x * inv;
        out[1] = y * inv;
        out[2] = z * inv;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (workers != null) workers.shutdownNow();
            workers = null;
        }
        if (walk != null) walk.close();
    }

    /** The tracer's threads, made on the first pass and kept until {@link #close} (a pass no longer starts threads). */
    private ExecutorService workers;
    private volatile boolean behindTheUi;

    /**
     * Runs the tracer's threads at a lower scheduling priority ({@link ThreadNiceness}), for the
     * studio's preview: the interface's threads come first when they want a core, and the tracer
     * takes the rest. Call before the first pass.
     */
    public void yieldToInterface() {
        behindTheUi = true;
    }

    private synchronized ExecutorService workers() {
        if (workers == null) {
            boolean background = behindTheUi;
            workers = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(() -> {
                    if (background) ThreadNiceness.lowerCurrentThread(ThreadNiceness.BACKGROUND);
                    r.run();
                }, "cpu-tracer");
                t.setDaemon(true);
                return t;
            });
        }
        return workers;
    }
}
