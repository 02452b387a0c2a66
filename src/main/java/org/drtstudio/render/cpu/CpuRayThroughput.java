package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.TraceParameters;

import static org.drtstudio.accel.GeometryImageLayout.LIGHT_TEXELS;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The CPU tracer's rays per second on the rays of {@code shaders/ray_bench.comp}, its GPU twin:
 * primary rays through pixel centres (closest hit), then from each primary hit one shadow ray per
 * light toward a point drawn on it (any hit) and one glossy ray from the Phong lobe around the
 * mirror direction (closest hit); rays the renderer would not launch are not counted. Same walk,
 * sampling and random numbers as {@link CpuRenderer} (the twin's walk, or a production
 * {@link CpuWalk}), on all its threads. Each ray type is timed on its own over the whole image; the
 * hit points come from an untimed first pass.
 */
public final class CpuRayThroughput {
    private CpuRayThroughput() {
    }

    /** One ray type: rays launched, hits, and the wall time of the pass. */
    public record Measurement(long rays, long hits, double ms) {
        public double mraysPerSecond() {
            return rays / ms / 1e3;
        }
    }

    public record Result(Measurement primary, Measurement shadow, Measurement glossy) {
    }

    private interface RowWork {
        /** Traces the rays of row y; adds rays and hits to counts[0], counts[1]. */
        void row(Worker w, int y, long[] counts);
    }

    /** Per-thread scratch: the integrator (normals, sampling), the walk and hit records. */
    private static final class Worker implements AutoCloseable {
        final WhittedIntegrator integrator;
        final RayCaster traversal;
        final Hit hit = new Hit(), shadow = new Hit();
        final float[] dir = new float[3];

        Worker(GeometryImage image, TraceParameters p, AccelStructure accel, CpuWalk walk) {
            integrator = new WhittedIntegrator(image, p, NodeKind.DEFAULT, accel);
            traversal = GroundPlaneCaster.around(image,
                    walk != null && accel == AccelStructure.BVH ? walk.open(image) : new Traversal(image, NodeKind.DEFAULT, accel));
        }

        @Override
        public void close() {
            integrator.close();
            traversal.close();
        }
    }

    /**
     * @param glossyExponent Phong lobe exponent of the glossy rays
     * @param threads        worker threads (the CPU tracer uses all cores)
     */
    public static Result run(GeometryImage image, TraceParameters p, float glossyExponent, int threads) {
        return run(image, p, glossyExponent, threads, AccelStructure.DEFAULT);
    }

    /** As {@link #run(GeometryImage, TraceParameters, float, int)}, walking {@code accel} inside each shape. */
    public static Result run(GeometryImage image, TraceParameters p, float glossyExponent, int threads, AccelStructure accel) {
        return run(image, p, glossyExponent, threads, accel, null);
    }

    /** As {@link #run(GeometryImage, TraceParameters, float, int)}, the hits found by {@code walk} (null: the twin's). */
    public static Result run(GeometryImage image, TraceParameters p, float glossyExponent, int threads, CpuWalk walk) {
        return run(image, p, glossyExponent, threads, AccelStructure.BVH, walk);
    }

    private static Result run(GeometryImage image, TraceParameters p, float glossyExponent, int threads, AccelStructure accel, CpuWalk walk) {
        int w = p.width(), h = p.height();
        // Hit point xyz, facing geometric normal xyz per pixel; NaN x marks a miss.
        float[] hits = new float[6 * w * h];
        float eps = p.rayEpsilon();
        Measurement primary = pass(image, p, threads, accel, walk, (wk, y, counts) -> {
            for (int x = 0; x < w; x++) {
                CpuRenderer.primaryDirection(p, x + 0.5f, y + 0.5f, wk.dir);
                float dx = wk.dir[0], dy = wk.dir[1], dz = wk.dir[2];
                float[] e = p.eye();
                wk.hit.reset(Float.POSITIVE_INFINITY);
                boolean found = wk.traversal.closest(e[0], e[1], e[2], dx, dy, dz, 0f, wk.hit);
                counts[0]++;
                int o = 6 * (y * w + x);
                if (!found) {
                    hits[o] = Float.NaN;
                    continue;
                }
                counts[1]++;
                float t = wk.hit.t, px = e[0] + t * dx, py = e[1] + t * dy, pz = e[2] + t * dz;
                wk.integrator.hitSurface.surfaceNormals(wk.hit, px, py, pz, 0f);
                float[] s = wk.integrator.hitSurface.surface;
                float side = s[0] * dx + s[1] * dy + s[2] * dz > 0f ? -1f : 1f;
                hits[o] = px;
                hits[o + 1] = py;
                hits[o + 2] = pz;
                hits[o + 3] = side * s[0];
                hits[o + 4] = side * s[1];
                hits[o + 5] = side * s[2];
            }
        });
        int lightCount = image.lightCount();
        Measurement shadow = pass(image, p, threads, accel, walk, (wk, y, counts) -> {
            for (int x = 0; x < w; x++) {
                int o = 6 * (y * w + x), pixel = y * w + x;
                if (Float.isNaN(hits[o])) continue;
                float ngx = hits[o + 3], ngy = hits[o + 4], ngz = hits[o + 5];
                float sx = hits[o] + ngx * eps, sy = hits[o + 1] + ngy * eps, sz = hits[o + 2] + ngz * eps;
                for (int l = 0; l < lightCount; l++) {
                    wk.integrator.lightPoints.sample(4 * LIGHT_TEXELS * l, sx, sy, sz,
                            pixel, 0, Sampling.segmentDimension(0, Sampling.SLOT_LIGHTS + 2 * l));
                    float[] lp = wk.integrator.lightPoints.point;
                    float lx = lp[0] - sx, ly = lp[1] - sy, lz = lp[2] - sz;
                    float dist = (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
                    if (!(dist > 0f)) continue;
                    float inv = 1f / dist;
                    lx *= inv; ly *= inv; lz *= inv;
                    if (ngx * lx + ngy * ly + ngz * lz <= 0f) continue;
                    counts[0]++;
                    if (wk.traversal.occluded(sx, sy, sz, lx, ly, lz, 0f, dist, wk.shadow)) counts[1]++;
                }
            }
        });
        Measurement glossy = pass(image, p, threads, accel, walk, (wk, y, counts) -> {
            for (int x = 0; x < w; x++) {
                int o = 6 * (y * w + x), pixel = y * w + x;
                if (Float.isNaN(hits[o])) continue;
                float ngx = hits[o + 3], ngy = hits[o + 4], ngz = hits[o + 5];
                CpuRenderer.primaryDirection(p, x + 0.5f, y + 0.5f, wk.dir);
                float dx = wk.dir[0], dy = wk.dir[1], dz = wk.dir[2];
                float k = 2f * (dx * ngx + dy * ngy + dz * ngz);
                float mx = dx - k * ngx, my = dy - k * ngy, mz = dz - k * ngz;
                if (!wk.integrator.phongLobe.glossy(mx, my, mz, glossyExponent, pixel, 0,
                        Sampling.segmentDimension(0, Sampling.SLOT_GLOSSY), ngx, ngy, ngz)) continue;
                float[] g = wk.integrator.phongLobe.lobeDir;
                counts[0]++;
                wk.hit.reset(Float.POSITIVE_INFINITY);
                if (wk.traversal.closest(hits[o] + ngx * eps, hits[o + 1] + ngy * eps, hits[o + 2] + ngz * eps,
                        g[0], g[1], g[2], 0f, wk.hit)) counts[1]++;
            }
        });
        return new Result(primary, shadow, glossy);
    }

    /** Runs one row-parallel pass on {@code threads} threads and times it. */
    private static Measurement pass(GeometryImage image, TraceParameters p, int threads, AccelStructure accel, CpuWalk walk, RowWork work) {
        AtomicInteger nextRow = new AtomicInteger();
        AtomicLong rays = new AtomicLong(), hits = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "cpu-ray-bench");
            t.setDaemon(true);
            return t;
        });
        List<Worker> workers = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) workers.add(new Worker(image, p, accel, walk));
            long t0 = System.nanoTime();
            List<Future<?>> jobs = new ArrayList<>();
            for (Worker wk : workers) {
                jobs.add(pool.submit(() -> {
                    long[] counts = new long[2];
                    for (int y = nextRow.getAndIncrement(); y < p.height(); y = nextRow.getAndIncrement()) work.row(wk, y, counts);
                    rays.addAndGet(counts[0]);
                    hits.addAndGet(counts[1]);
                }));
            }
            for (Future<?> job : jobs) job.get();
            return new Measurement(rays.get(), hits.get(), (System.nanoTime() - t0) / 1e6);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("CPU ray benchmark interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("CPU ray benchmark failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
            for (Worker w : workers) w.close();
        }
    }
}
