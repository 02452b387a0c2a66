package org.drtstudio.render;

import org.drtstudio.accel.AccelStructure;

/**
 * Choices that change how fast a tracer runs, never what it renders.
 *
 * @param pairedPrimary GPU only: trace a pixel's camera rays two at a time through the hierarchy
 * @param nodes         the node bounds both tracers walk at the shape level (with the BVH)
 * @param accel         the structure both tracers walk inside each shape ({@code --accel})
 * @param gpus          GPU only: the devices a render is split across ({@code --gpus}); the image is the same on any
 * @param cpuThreads    CPU tracer only: its threads ({@code --threads}, a .cfg's NUM_CPU_THREADS), 0 for one per core
 */
public record TracerOptions(boolean pairedPrimary, NodeKind nodes, AccelStructure accel, GpuSelection gpus, int cpuThreads) {
    /**
     * The measured fastest on an H100 (docs/RESULTS.md): camera rays one by one (the paired kernel
     * ran 1.6x slower: more registers, fewer warps) and octant-ordered box nodes (4.6-6.5x the
     * spheres' rays per second).
     */
    public static final TracerOptions DEFAULT = new TracerOptions(false, NodeKind.DEFAULT, AccelStructure.DEFAULT, GpuSelection.FIRST, 0);

    /** With the default structure (the BVH). */
    public TracerOptions(boolean pairedPrimary, NodeKind nodes) {
        this(pairedPrimary, nodes, AccelStructure.DEFAULT);
    }

    /** On the first GPU. */
    public TracerOptions(boolean pairedPrimary, NodeKind nodes, AccelStructure accel) {
        this(pairedPrimary, nodes, accel, GpuSelection.FIRST, 0);
    }

    /** The same choices on {@code gpus}. */
    public TracerOptions withGpus(GpuSelection gpus) {
        return new TracerOptions(pairedPrimary, nodes, accel, gpus, cpuThreads);
    }

    /** The same choices with {@code threads} CPU tracer threads (0: one per core). */
    public TracerOptions withCpuThreads(int threads) {
        return new TracerOptions(pairedPrimary, nodes, accel, gpus, threads);
    }

    /** The CPU tracer's threads on a machine with {@code cores} cores. */
    public int cpuThreads(int cores) {
        return cpuThreads > 0 ? cpuThreads : Math.max(1, cores);
    }

    public TracerOptions {
        if (nodes == null) throw new IllegalArgumentException("node kind must be given");
        if (accel == null) throw new IllegalArgumentException("acceleration structure must be given");
        if (gpus == null) throw new IllegalArgumentException("GPU selection must be given");
        if (cpuThreads < 0) throw new IllegalArgumentException("CPU threads must be at least 1 (or 0 for one per core), got " + cpuThreads);
    }
}
