package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * The rays of the peers in {@code ../shared/peer} (embree-oracle, vk-rt-bench), traced by a CPU
 * tracer: one primary ray through every pixel centre of a pinhole camera (closest hit), then one
 * shadow ray from every hit toward a point light (any hit). Rays are made exactly as the peers make
 * them — in double precision, then rounded to float — so the hit count is theirs and the occluded
 * count differs only where two triangle tests disagree at a grazing angle. Each ray type is timed
 * as embree-oracle times it: one warm-up pass, then passes until a second and at least three have
 * run; the median pass gives the rate.
 */
public final class PeerRays {
    private PeerRays() {
    }

    /** The peers' camera: pinhole at eye looking at look, vertical field of view edge to edge in degrees. */
    public record Camera(double[] eye, double[] look, double[] up, double fovDegrees, int width, int height) {
        public Camera {
            if (width < 1 || height < 1) throw new IllegalArgumentException("the image size must be at least 1x1, got " + width + "x" + height);
            if ((long) width * height > 1L << 27) throw new IllegalArgumentException("the image size " + width + "x" + height + " is beyond 134M rays");
            if (!(fovDegrees > 0 && fovDegrees < 180)) throw new IllegalArgumentException("the field of view must be in (0, 180) degrees, got " + fovDegrees);
        }
    }

    /** One ray type: rays traced, rays that hit (primary) or were occluded (shadow), and the median pass's time. */
    public record Measurement(long rays, long hits, double medianMs, int passes) {
        public double mraysPerSecond() {
            return medianMs > 0 ? rays / medianMs / 1e3 : 0;
        }
    }

    public record Result(Measurement primary, Measurement shadow) {
    }

    /**
     * Traces the peers' rays.
     *
     * @param walk          the walk that traces them; null for the GPU's Java twin
     * @param shadowEpsilon the shadow rays' tnear (embree-oracle: 1e-4 of the scene's box diagonal)
     * @param minSeconds    timed passes last at least this long in all (and at least three run)
     */
    public static Result run(GeometryImage image, Camera camera, double[] light, double shadowEpsilon, int threads, CpuWalk walk,
                             double minSeconds) {
        int w = camera.width(), h = camera.height(), n = w * h;
        float[] dirs = primaryDirections(camera);
        float ex = (float) camera.eye()[0], ey = (float) camera.eye()[1], ez = (float) camera.eye()[2];
        float[] t = new float[n];
        List<RayCaster> opened = java.util.Collections.synchronizedList(new ArrayList<>());
        ThreadLocal<RayCaster> casters = ThreadLocal.withInitial(() -> {
            RayCaster c = caster(image, walk);
            opened.add(c);
            return c;
        });
        ThreadLocal<Hit> hits = ThreadLocal.withInitial(Hit::new);
        Pool pool = new Pool(threads);
        try {
            IntConsumer primaryRow = y -> {
                RayCaster c = casters.get();
                Hit hit = hits.get();
                for (int i = y * w, end = i + w; i < end; i++) {
                    hit.reset(Float.POSITIVE_INFINITY);
                    t[i] = c.closest(ex, ey, ez, dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2], 0f, hit) ? hit.t : Float.POSITIVE_INFINITY;
                }
            };
            Measurement primary = time(pool, h, primaryRow, minSeconds, n, () -> count(t));
            // Shadow rays as embree-oracle makes them: from the hit point toward the light, tnear = epsilon.
            float[] shadowRays = shadowRays(t, dirs, new float[]{ex, ey, ez}, light, shadowEpsilon);
            int s = shadowRays.length / SHADOW_FLOATS;
            int shadows = s;
            boolean[] occluded = new boolean[shadows];
            int chunk = 1024, chunks = (shadows + chunk - 1) / chunk;
            IntConsumer shadowChunk = k -> {
                RayCaster c = casters.get();
                Hit hit = hits.get();
                for (int j = k * chunk, end = Math.min(shadows, j + chunk); j < end; j++) {
                    int r = SHADOW_FLOATS * j;
                    int o = r + SHADOW_ORIGIN, d = r + SHADOW_DIRECTION;
                    occluded[j] = c.occluded(shadowRays[o], shadowRays[o + 1], shadowRays[o + 2], shadowRays[d], shadowRays[d + 1],
                            shadowRays[d + 2], 0f, shadowRays[r + SHADOW_LENGTH], hit);
                }
            };
            Measurement shadow = time(pool, chunks, shadowChunk, minSeconds, shadows, () -> {
                long o = 0;
                for (boolean b : occluded) if (b) o++;
                return o;
            });
            return new Result(primary, shadow);
        } finally {
            pool.close();
            for (RayCaster c : opened) c.close();
        }
    }

    /** Floats a shadow ray takes in {@link #shadowRays}: origin xyz, unit direction xyz, the distance to go (peer_rays.comp's PR_SHADOW_*). */
    public static final int SHADOW_FLOATS = 7, SHADOW_ORIGIN = 0, SHADOW_DIRECTION = 3, SHADOW_LENGTH = 6;

    /**
     * The shadow rays of the primary hits (distances {@code t}, +Inf for a miss) as embree-oracle
     * makes them: in double from the hit point toward the light, rounded to float; its tnear
     * (epsilon) becomes an origin moved along the ray, since the walks count hits at 0 < t.
     * {@link #SHADOW_FLOATS} floats a ray, hits in pixel order.
     */
    public static float[] shadowRays(float[] t, float[] dirs, float[] eye, double[] light, double epsilon) {
        int hits = 0;
        for (float v : t) if (v != Float.POSITIVE_INFINITY) hits++;
        float[] out = new float[SHADOW_FLOATS * hits];
        int s = 0;
        for (int i = 0; i < t.length; i++) {
            if (t[i] == Float.POSITIVE_INFINITY) continue;
            double ti = t[i];
            double px = eye[0] + ti * dirs[3 * i], py = eye[1] + ti * dirs[3 * i + 1], pz = eye[2] + ti * dirs[3 * i + 2];
            double dx = light[0] - px, dy = light[1] - py, dz = light[2] - pz, dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (!(dist > 0)) continue;
            float ux = (float) (dx / dist), uy = (float) (dy / dist), uz = (float) (dz / dist);
            int r = SHADOW_FLOATS * s++;
            out[r + SHADOW_ORIGIN] = (float) px + (float) epsilon * ux;
            out[r + SHADOW_ORIGIN + 1] = (float) py + (float) epsilon * uy;
            out[r + SHADOW_ORIGIN + 2] = (float) pz + (float) epsilon * uz;
            out[r + SHADOW_DIRECTION] = ux;
            out[r + SHADOW_DIRECTION + 1] = uy;
            out[r + SHADOW_DIRECTION + 2] = uz;
            out[r + SHADOW_LENGTH] = (float) (dist * (1.0 - 1e-6)) - (float) epsilon;
        }
        return s == hits ? out : java.util.Arrays.copyOf(out, SHADOW_FLOATS * s);
    }

    private static RayCaster caster(GeometryImage image, CpuWalk walk) {
        return GroundPlaneCaster.around(image, (walk != null ? walk : TwinWalk.INSTANCE).open(image));
    }

    private static long count(float[] t) {
        long hits = 0;
        for (float v : t) if (v != Float.POSITIVE_INFINITY) hits++;
        return hits;
    }

    /** Unit directions through the pixel centres, made in double as the peers make them, then rounded. */
    public static float[] primaryDirections(Camera c) {
        double[] f = sub(c.look(), c.eye());
        normalize(f);
        double[] r = cross(f, c.up());
        normalize(r);
        double[] u = cross(r, f);
        double th = Math.tan(0.5 * c.fovDegrees() * Math.PI / 180.0), aspect = (double) c.width() / c.height();
        float[] out = new float[3 * c.width() * c.height()];
        for (int y = 0; y < c.height(); y++) {
            for (int x = 0; x < c.width(); x++) {
                double sx = (2.0 * (x + 0.5) / c.width() - 1.0) * th * aspect;
                double sy = (1.0 - 2.0 * (y + 0.5) / c.height()) * th;
                double[] d = {f[0] + sx * r[0] + sy * u[0], f[1] + sx * r[1] + sy * u[1], f[2] + sx * r[2] + sy * u[2]};
                normalize(d);
                int i = 3 * (y * c.width() + x);
                out[i] = (float) d[0];
                out[i + 1] = (float) d[1];
                out[i + 2] = (float) d[2];
            }
        }
        return out;
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[]{a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[]{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static void normalize(double[] v) {
        double l = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        v[0] /= l;
        v[1] /= l;
        v[2] /= l;
    }

    private interface Counter {
        long count();
    }

    /** A warm-up pass, then timed passes until {@code minSeconds} and at least three; the median pass. */
    private static Measurement time(Pool pool, int tasks, IntConsumer task, double minSeconds, long rays, Counter hits) {
        pool.run(tasks, task);
        List<Double> ms = new ArrayList<>();
        double total = 0;
        while (total < minSeconds * 1e3 || ms.size() < 3) {
            long t0 = System.nanoTime();
            pool.run(tasks, task);
            double pass = (System.nanoTime() - t0) / 1e6;
            ms.add(pass);
            total += pass;
        }
        double[] sorted = ms.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2] : 0.5 * (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]);
        return new Measurement(rays, hits.count(), median, sorted.length);
    }

    /** Fixed worker threads taking task indices from a shared counter. */
    private static final class Pool implements AutoCloseable {
        private final ExecutorService executor;
        private final int threads;

        Pool(int threads) {
            this.threads = Math.max(1, threads);
            this.executor = Executors.newFixedThreadPool(this.threads, r -> {
                Thread t = new Thread(r, "peer-rays");
                t.setDaemon(true);
                return t;
            });
        }

        void run(int tasks, IntConsumer task) {
            AtomicInteger next = new AtomicInteger();
            List<Future<?>> jobs = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                jobs.add(executor.submit(() -> {
                    for (int k = next.getAndIncrement(); k < tasks; k = next.getAndIncrement()) task.accept(k);
                }));
            }
            try {
                for (Future<?> job : jobs) job.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("ray benchmark interrupted", e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("ray benchmark failed: " + e.getCause(), e.getCause());
            }
        }

        @Override
        public void close() {
            executor.shutdownNow();
        }
    }
}
