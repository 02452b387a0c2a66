package org.drtstudio.render.gl;

import org.drtstudio.accel.voxel.PortalLayout;
import org.drtstudio.accel.voxel.PortalSpace;
import org.drtstudio.render.PortalRayLayout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs {@code shaders/voxel_rays.comp} over a {@link PortalSpace}: rays through the portals on the
 * GPU, for the twin test and {@code drt bench --suite voxels}. The space's divs, portal texels and
 * entry grid go to shader storage buffers once; each {@link #trace} uploads rays, dispatches, waits
 * and reads the results back; the dispatch's time is returned, from a timer query, or the wall
 * time of dispatch to finish where the query reads 0 (llvmpipe, see {@link RayThroughput}). Create, use and close on a GL thread.
 * Rays and results are laid out as {@link PortalRayLayout} says (as the CPU twin, render.cpu.PortalRays).
 */
public final class GlPortalRays implements AutoCloseable {
    /** Shader storage binding points of the kernel's rays and results. */
    public static final int BINDING_RAYS = 1, BINDING_RESULTS = 2;

    private final PortalSpace space;
    private final ComputeProgram program;
    private final ShaderStorageBuffer divs, portals, entry;

    /** A run: {@link PortalRayLayout#RESULT_FLOATS} floats per ray and the dispatch's wall time. */
    public record Run(float[] results, double ms) {
    }

    public GlPortalRays(PortalSpace space) {
        this.space = space;
        this.program = ComputeProgram.load("voxel_rays.comp", defines());
        this.divs = ShaderStorageBuffer.ofInts(space.divs());
        this.portals = ShaderStorageBuffer.ofInts(space.portals());
        this.entry = ShaderStorageBuffer.ofInts(space.entry());
    }

    /** The layout's and the kernel's constants as {@code #define}s. */
    public static Map<String, String> defines() {
        Map<String, String> d = new HashMap<>(PortalLayout.defines());
        d.put("VX_BINDING_RAYS", Integer.toString(BINDING_RAYS));
        d.put("VX_BINDING_RESULTS", Integer.toString(BINDING_RESULTS));
        d.put("VX_SHADOW_OFFSET", Float.toString(PortalRayLayout.SHADOW_OFFSET));
        return d;
    }

    /**
     * @param rays         {@link PortalRayLayout#RAY_FLOATS} floats per ray
     * @param lights       x, y, z of up to two lights
     * @param shadowLights how many of them each hit sends a shadow ray to (0…2)
     */
    public Run trace(float[] rays, float[] lights, int shadowLights) {
        int count = rays.length / PortalRayLayout.RAY_FLOATS;
        try (ShaderStorageBuffer in = ShaderStorageBuffer.create(floats(rays));
             ShaderStorageBuffer out = ShaderStorageBuffer.create(16L * Math.max(1, count))) {
            divs.bindBase(PortalLayout.BINDING_DIVS);
            portals.bindBase(PortalLayout.BINDING_PORTALS);
            entry.bindBase(PortalLayout.BINDING_ENTRY);
            in.bindBase(BINDING_RAYS);
            out.bindBase(BINDING_RESULTS);
            program.setVec3("uVoxelSize", space.sizeX(), space.sizeY(), space.sizeZ());
            program.setVec3("uVoxelOrigin", space.originX(), space.originY(), space.originZ());
            program.setInt("uRayCount", count);
            program.setInt("uShadowLights", shadowLights);
            for (int l = 0; l < 2; l++) {
                String name = "uLights[" + l + "]";
                if (program.hasUniform(name) && 3 * l + 2 < lights.length)
                    program.setVec3(name, lights[3 * l], lights[3 * l + 1], lights[3 * l + 2]);
            }
            GlSync.finish();
            long t0 = System.nanoTime();
            long gpuNanos;
            try (GpuTimer timer = GpuTimer.create()) {
                gpuNanos = timer.time(() -> program.dispatch(Math.max(1, (count + 63) / 64), 1, 1));
            }
            GlSync.finish();
            double wallMs = (System.nanoTime() - t0) / 1e6;
            // The timer query where the driver has one (NVIDIA); llvmpipe's reads 0 around compute work.
            double ms = GpuTimer.queryCounts(gpuNanos / 1e6, wallMs) ? gpuNanos / 1e6 : wallMs;
            ByteBuffer back = ByteBuffer.allocateDirect(16 * count).order(ByteOrder.nativeOrder());
            out.read(0, back);
            float[] results = new float[4 * count];
            back.asFloatBuffer().get(results);
            return new Run(results, ms);
        }
    }

    /**
     * On the renderer's GL thread: one untimed run (its results returned), runs back to back for
     * {@link GpuTimer#CLOCK_WARM_UP_MS} (an idle GPU's clock rises only under sustained load), then
     * {@code repeats} timed runs of the same rays (timer-query times where the driver has them, else
     * wall times; in the order run).
     */
    public static Run measure(GlRenderer renderer, PortalSpace space, float[] rays, float[] lights, int shadowLights,
                              int repeats, double[] timesMs) {
        return renderer.glThread().call(() -> {
            try (GlPortalRays kernel = new GlPortalRays(space)) {
                Run first = kernel.trace(rays, lights, shadowLights);
                long warm = System.nanoTime();
                while ((System.nanoTime() - warm) / 1e6 < GpuTimer.CLOCK_WARM_UP_MS) kernel.trace(rays, lights, shadowLights);
                for (int i = 0; i < repeats; i++) timesMs[i] = kernel.trace(rays, lights, shadowLights).ms();
                return first;
            }
        });
    }

    private static ByteBuffer floats(float[] values) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * Math.max(1, values.length)).order(ByteOrder.nativeOrder());
        b.asFloatBuffer().put(values);
        return b;
    }

    @Override
    public void close() {
        program.close();
        divs.close();
        portals.close();
        entry.close();
    }
}
