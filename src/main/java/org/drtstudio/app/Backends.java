package org.drtstudio.app;

import org.drtstudio.cli.RendererFactory;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.embree.EmbreeWalk;
import org.drtstudio.render.GpuSelection;
import org.drtstudio.render.denoise.GuideBudget;
import org.drtstudio.render.gl.GlDevices;
import org.drtstudio.render.gl.GlRenderer;
import org.drtstudio.render.gl.MultiGpuRenderer;
import org.drtstudio.render.gl.GlUnavailableException;

import java.util.List;
import java.util.function.Consumer;

/** Picks the GPU tracer when a GL 4.3 context can be made, else the production CPU tracer with a notice. */
final class Backends implements RendererFactory {
    @Override
    public Renderer create(Backend backend, Consumer<String> notices) {
        return create(backend, notices, TracerOptions.DEFAULT);
    }

    @Override
    public Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
        if (backend == Backend.CPU) return cpu(options);
        try {
            return gpu(options, notices);
        } catch (GlUnavailableException e) {
            if (backend == Backend.GPU) throw new IllegalStateException("GPU back end unavailable: " + e.getMessage());
            notices.accept("no usable GPU (" + e.getMessage() + "); rendering with the CPU tracer");
            return cpu(options);
        }
    }

    /**
     * The GPU tracer on the devices {@code options.gpus()} selects: one GPU as always (with the usual
     * fallbacks) when it selects one, else one context per device and frames split across them.
     *
     * @throws RendererFactory.UnmetRequest with a one-line message when the selection names GPUs the machine lacks
     */
    private static Renderer gpu(TracerOptions options, Consumer<String> notices) throws GlUnavailableException {
        GpuSelection gpus = options.gpus();
        if (gpus == GpuSelection.FIRST) return GlRenderer.start(options.pairedPrimary(), options.nodes(), options.accel());
        int hardware = GlDevices.hardwareCount();
        List<Integer> devices;
        try {
            devices = gpus.resolve(hardware);
        } catch (IllegalArgumentException e) {
            throw new RendererFactory.UnmetRequest(e.getMessage());
        }
        if (devices.size() == 1) {
            // "all" or "1" of one GPU is the usual single-GPU tracer; a named device is opened as named.
            int device = gpus.kind() == GpuSelection.Kind.LIST && hardware > 0 ? devices.get(0) : -1;
            return GlRenderer.start(options.pairedPrimary(), options.nodes(), options.accel(), device);
        }
        try {
            return MultiGpuRenderer.start(options, devices);
        } catch (GlUnavailableException e) {
            // One GPU that cannot be opened (busy, lost) should not send a render to the CPU tracer.
            GlRenderer one = GlRenderer.start(options.pairedPrimary(), options.nodes(), options.accel());
            notices.accept("could not open every GPU asked for (" + e.getMessage() + "); rendering on one");
            return one;
        }
    }

    /** The production CPU tracer: Embree's walk where it is installed, else the Java four-wide walk (EmbreeWalk). */
    private static Renderer cpu(TracerOptions options) {
        // Embree is loaded here, on the thread that asks for a renderer: the studio asks before JavaFX
        // starts, and two threads in the dynamic loader at once deadlocked it once (StudioEntry).
        EmbreeWalk.available();
        return new CpuRenderer(options.cpuThreads(Runtime.getRuntime().availableProcessors()), options.nodes(), options.accel(), new EmbreeWalk(),
                GuideBudget.CPU);
    }

    /**
     * The renderer for the studio's interactive preview. As {@link #create}, except that with
     * {@code AUTO} a software OpenGL (Mesa llvmpipe/softpipe) is passed over for the CPU tracer:
     * on the 2-core dev machine one sample of the default scene at 640x360 takes ~390 ms on
     * llvmpipe and ~80 ms on the CPU tracer (docs/STUDIO.md), and a preview must be fluid.
     */
    Renderer createForPreview(Backend backend, Consumer<String> notices) {
        Renderer r = passOverSoftwareGl(backend, create(backend, notices), TracerOptions.DEFAULT, notices);
        // The preview's tracer threads step back for the window's: on two cores they took both.
        if (r instanceof org.drtstudio.render.cpu.CpuRenderer cpu) cpu.yieldToInterface();
        return r;
    }

    /**
     * Renders, exports and farm tasks pass over a software OpenGL too: the default scene's 16-spp
     * still with every effect took 39 s at 960x540 on llvmpipe and 11 s on the CPU tracer
     * (2-core machine, docs/BENCHMARKS.md).
     */
    @Override
    public Renderer createForPictures(Backend backend, Consumer<String> notices, TracerOptions options) {
        return passOverSoftwareGl(backend, create(backend, notices, options), options, notices);
    }

    private static Renderer passOverSoftwareGl(Backend backend, Renderer r, TracerOptions options, Consumer<String> notices) {
        if (backend == Backend.AUTO && r instanceof GlRenderer gl && isSoftware(gl.info().renderer())) {
            String name = gl.info().renderer();
            gl.close();
            notices.accept("OpenGL is software (" + name + "), slower than the CPU tracer; using the CPU tracer");
            return cpu(options);
        }
        return r;
    }

    @Override
    public org.drtstudio.accel.LinearBvhBuilder gpuHierarchyBuilder(boolean hardwareOnly) {
        try {
            org.drtstudio.render.gl.GlLinearBvhBuilder gpu = org.drtstudio.render.gl.GlLinearBvhBuilder.start(hardwareOnly);
            if (gpu == null) return null; // software GL: the CPU builds faster
            // auto: a mesh the GPU has no room for is built on the CPU instead, the same tree.
            return hardwareOnly ? new org.drtstudio.accel.LinearBvhFallback(gpu) : gpu;
        } catch (org.drtstudio.render.gl.GlUnavailableException e) {
            return null;
        }
    }

    static boolean isSoftware(String glRenderer) {
        return org.drtstudio.render.gl.GlInfo.isSoftwareRenderer(glRenderer);
    }
}
