package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.TraceParameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The CPU twin's integrator driven directly, for the noise lab: the box-filtered mean radiance of a
 * frame with a chosen glossy split and roulette depth, the rays traced (closest-hit walks) and the
 * threads' CPU time.
 */
public final class WhittedLab {
    /** Mean radiance (RGB per pixel), closest-hit rays traced, CPU seconds of the tracing threads. */
    public record Result(float[] radiance, long rays, double cpuSeconds) {
    }

    private WhittedLab() {
    }

    public static Result render(GeometryImage image, TraceParameters p, int split, int rouletteFromDepth, int threads)
            throws InterruptedException {
        int w = p.width(), h = p.height(), spp = p.samplesPerPixel();
        float[] out = new float[3 * w * h];
        AtomicLong rays = new AtomicLong(), cpuNanos = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int first = t;
            Thread worker = new Thread(() -> {
                var bean = java.lang.management.ManagementFactory.getThreadMXBean();
                long c0 = bean.getCurrentThreadCpuTime();
                WhittedIntegrator integrator = new WhittedIntegrator(image, p);
                integrator.glossySplit = split;
                integrator.roulette.fromDepth = rouletteFromDepth;
                PrimaryRays primary = new PrimaryRays(p);
                float[] c = new float[3];
                for (int y = first; y < h; y += threads) {
                    for (int x = 0; x < w; x++) {
                        double r = 0, g = 0, b = 0;
                        for (int k = 0; k < spp; k++) {
                            primary.generate(x, y, k);
                            float[] o = primary.origin, d = primary.direction;
                            integrator.radiance(o[0], o[1], o[2], d[0], d[1], d[2], primary.time, y * w + x, k, c);
                            r += c[0];
                            g += c[1];
                            b += c[2];
                        }
                        int i = 3 * (y * w + x);
                        out[i] = (float) (r / spp);
                        out[i + 1] = (float) (g / spp);
                        out[i + 2] = (float) (b / spp);
                    }
                }
                rays.addAndGet(integrator.segmentsTraced());
                cpuNanos.addAndGet(bean.getCurrentThreadCpuTime() - c0);
                integrator.close();
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread t : workers) t.join();
        return new Result(out, rays.get(), cpuNanos.get() / 1e9);
    }
}
