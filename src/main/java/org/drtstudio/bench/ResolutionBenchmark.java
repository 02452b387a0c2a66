package org.drtstudio.bench;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code drt bench --suite resolution}: the CUDA octree report's GPU-against-CPU speed-up over image
 * sizes 128², 256², … up to {@code maxSize}² (the report went to 4096²). The scene is the lit
 * random sphere scene of {@code drt generate spheres} (1,000 spheres, one light, so camera and
 * shadow rays), one sample per pixel; each size is timed on both tracers, a frame end to end
 * (trace and read back).
 */
public final class ResolutionBenchmark {
    public static final int MIN_SIZE = 128, REPORT_MAX_SIZE = 4096;
    static final int SPHERES = 1_000;

    private final int maxSize, frames;
    private final long seed;

    public ResolutionBenchmark(int maxSize, int frames, long seed) {
        if (maxSize < MIN_SIZE || maxSize > REPORT_MAX_SIZE) {
            throw new IllegalArgumentException("--max-size must be " + MIN_SIZE + " to " + REPORT_MAX_SIZE + ", got " + maxSize);
        }
        if (frames < 1) throw new IllegalArgumentException("--frame-repeats must be at least 1, got " + frames);
        this.maxSize = maxSize;
        this.frames = frames;
        this.seed = seed;
    }

    /** 128, 256, … while at most the maximum size. */
    public List<Integer> sizes() {
        List<Integer> sizes = new ArrayList<>();
        for (int s = MIN_SIZE; s <= maxSize; s *= 2) sizes.add(s);
        return sizes;
    }

    public Map<String, Object> run(Renderer gpu, Renderer cpu, PrintWriter log) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scene", SPHERES + " random spheres, seed " + seed + ", lit (one light), 1 spp");
        out.put("gpu", gpu.description());
        out.put("cpu", cpu.description());
        out.put("frames", frames);
        RandomSpheres spheres = RandomSpheres.generate(SPHERES, seed);
        GeometryImage image = GeometryImagePacker.pack(spheres.litScene(MIN_SIZE, MIN_SIZE));
        for (int size : sizes()) {
            Scene scene = spheres.litScene(size, size);
            TraceParameters params = TraceParameters.of(scene.camera(), scene.settings(), image);
            double gpuMs = Stopwatch.time(frames, () -> gpu.render(image, params, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE)).medianMs();
            double cpuMs = Stopwatch.time(frames, () -> cpu.render(image, params, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE)).medianMs();
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("gpu_ms", gpuMs);
            r.put("cpu_ms", cpuMs);
            r.put("speedup", cpuMs / gpuMs);
            out.put("size_" + size, r);
            log.printf(Locale.ROOT, "%5d^2  gpu %9.1f ms  cpu %9.1f ms  speed-up %6.2f%n", size, gpuMs, cpuMs, cpuMs / gpuMs);
            log.flush();
        }
        return out;
    }
}
