package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.ConvergenceMask;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.NodeKind;
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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The reference tracer: Java on all cores over the same packed arrays as the GPU. It is the oracle
 * for the GPU tests and the fallback when no GL context can be made. Rows are handed out one at a
 * time from a shared counter so cores stay busy whatever the scene's cost per row.
 */
public final class CpuRenderer implements Renderer, org.drtstudio.render.AccelChoice {
    private final int threads;
    private final NodeKind nodes;
    private volatile AccelStructure accel;

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
        this.threads = Math.max(1, threads);
        this.nodes = nodes;
        this.accel = accel;
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
    public String description() {
        return "CPU reference tracer, " + threads + (threads == 1 ? " thread" : " threads");
    }

    /** Running sums of radiance per pixel between progressive passes. */
    private float[] sums;
    /** Running sums of each sample's squared luminance per pixel, for the variance estimate. */
    private float[] squares;
    /** Samples per pixel, negated once converged ({@link ConvergenceMask}); converged pixels are skipped. */
    private float[] state;
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
            sumsWidth = w;
            sumsHeight = h;
        } else if (sums == null || sumsWidth != w || sumsHeight != h) {
            throw new IllegalStateException("no " + w + "x" + h + " accumulation to add samples to; start at sample 0");
        }
        float[] sum = sums, square = squares, states = state;
        int first = firstSample, last = firstSample + sampleCount;
        float[] depth = aovs.contains(Aov.DEPTH) ? new float[w * h] : null;
        float[] normals = aovs.contains(Aov.NORMAL) ? new float[3 * w * h] : null;
        float[] albedo = aovs.contains(Aov.ALBEDO) ? new float[3 * w * h] : null;
        boolean firstHit = aovs.stream().anyMatch(Aov::fromFirstHit);
        AtomicInteger nextRow = new AtomicInteger();
        AtomicInteger rowsDone = new AtomicInteger();
        AtomicLong errors = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "cpu-tracer");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> jobs = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                jobs.add(pool.submit(() -> {
                    WhittedIntegrator integrator = new WhittedIntegrator(image, p, nodes, accel);
                    PrimaryRays rays = new PrimaryRays(p);
                    float[] sample = new float[3], aov = new float[6];
                    for (int y = nextRow.getAndIncrement(); y < h; y = nextRow.getAndIncrement()) {
                        for (int x = 0; x < w; x++) {
                            renderPixel(integrator, rays, p, x, y, first, last, sum, square, states, sample);
                            if (firstHit) firstHitAovs(integrator, rays, p, x, y, depth, normals, albedo, aov);
                            if (integrator.overflow) {
                                errors.incrementAndGet();
                                integrator.overflow = false;
                            }
                        }
                        progress.progress((double) rowsDone.incrementAndGet() / h);
                    }
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
            pool.shutdownNow();
        }
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
                variance[i] = Frame.meanVariance(Frame.luminance(sum[3 * i], sum[3 * i + 1], sum[3 * i + 2]), square[i],
                        (int) Math.abs(states[i]));
            }
        }
        float[] samples = aovs.contains(Aov.SAMPLES) ? ConvergenceMask.sampleCounts(states, w * h) : null;
        return new Frame(w, h, srgb, aovs.contains(Aov.RADIANCE) ? radiance : null, depth, normals, albedo, variance,
                samples, errors.get(), 0);
    }

    @Override
    public int converge(AdaptiveSampling adaptive) {
        if (sums == null) throw new IllegalStateException("no accumulation to converge; render a pass first");
        return ConvergenceMask.update(sumsWidth, sumsHeight, sums, squares, state, adaptive);
    }

    private static void renderPixel(WhittedIntegrator integrator, PrimaryRays rays, TraceParameters p, int x, int y,
                                    int first, int last, float[] sum, float[] square, float[] state, float[] sample) {
        int pixel = y * p.width() + x;
        if (state[pixel] < 0) return; // converged: keeps its mean, costs nothing
        float sr = 0, sg = 0, sb = 0, sq = 0;
        for (int s = first; s < last; s++) {
            rays.generate(x, y, s);
            integrator.radiance(rays.origin[0], rays.origin[1], rays.origin[2], rays.direction[0], rays.direction[1],
                    rays.direction[2], rays.time, pixel, s, sample);
            sr += sample[0];
            sg += sample[1];
            sb += sample[2];
            float l = Frame.luminance(sample[0], sample[1], sample[2]);
            sq += l * l;
        }
        state[pixel] = last;
        square[pixel] += sq;
        sum[3 * pixel] += sr;
        sum[3 * pixel + 1] += sg;
        sum[3 * pixel + 2] += sb;
    }

    /**
     * The guide AOVs of a pixel averaged over its camera samples 0 … {@link DenoiseInput#guideSamples} − 1
     * (the very rays of those radiance samples: pixel position, lens point, time), so a pixel under
     * depth of field or motion blur gets the mix of surfaces its radiance mixes. Twin of
     * {@code shaders/aov.comp}: depth is the mean over the samples that hit (+Inf when none did),
     * the normal the normalised mean of the hits' normals, the albedo the mean over all samples
     * (a miss counts as black).
     */
    private static void firstHitAovs(WhittedIntegrator integrator, PrimaryRays rays, TraceParameters p, int x, int y,
                                     float[] depth, float[] normals, float[] albedo, float[] aov) {
        int pixel = y * p.width() + x;
        int count = DenoiseInput.guideSamples(p.samplesPerPixel());
        float depthSum = 0, nx = 0, ny = 0, nz = 0, ar = 0, ag = 0, ab = 0;
        int hits = 0;
        for (int s = 0; s < count; s++) {
            rays.generate(x, y, s);
            float t = integrator.firstHit(rays.origin[0], rays.origin[1], rays.origin[2], rays.direction[0],
                    rays.direction[1], rays.direction[2], rays.time, aov);
            if (Float.isInfinite(t)) continue;
            hits++;
            depthSum += t;
            nx += aov[0];
            ny += aov[1];
            nz += aov[2];
            ar += aov[3];
            ag += aov[4];
            ab += aov[5];
        }
        if (depth != null) depth[pixel] = hits == 0 ? Float.POSITIVE_INFINITY : depthSum / hits;
        if (normals != null) {
            float length = (float) Math.sqrt(nx * nx + ny * ny + nz * nz);
            float inv = length > 0f ? 1f / length : 0f;
            normals[3 * pixel] = nx * inv;
            normals[3 * pixel + 1] = ny * inv;
            normals[3 * pixel + 2] = nz * inv;
        }
        if (albedo != null) {
            albedo[3 * pixel] = ar / count;
            albedo[3 * pixel + 1] = ag / count;
            albedo[3 * pixel + 2] = ab / count;
        }
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
    }
}
