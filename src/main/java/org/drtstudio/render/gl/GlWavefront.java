package org.drtstudio.render.gl;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.drtstudio.render.PixelWindow;

import org.lwjgl.opengl.GL;

import static org.drtstudio.render.gl.WavefrontLayout.*;
import static org.lwjgl.opengl.GL11C.glGetInteger;
import static org.lwjgl.opengl.GL32C.glGetInteger64;
import static org.lwjgl.opengl.GL42C.GL_BUFFER_UPDATE_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.GL_COMMAND_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.GL_MAX_SHADER_STORAGE_BLOCK_SIZE;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;

/**
 * The frame traced as a wavefront (shaders/wavefront.glsl): the same samples as the frame kernel
 * ({@code trace.comp}), but each pixel's walk from ray to ray is a state machine in GPU memory, and
 * the rays of each step are traced by lean closest-hit and any-hit kernels over compacted lists.
 * The frame kernel carries every path's registers through every walk, which limits it to few work
 * groups per SM (docs/BENCHMARKS.md: its camera rays ran at a fifth of the one-ray-type kernels'
 * speed); here only the walk's registers are live while rays are traced.
 *
 * <p>A tile is traced in windows of at most {@link #capacity} pixels (one slot each; 752 bytes a
 * slot with one light, 88 more per light). Per window:
 * the start pass sends every slot's first camera ray; then, step after step, the queue pass sizes
 * the dispatches from the lists' lengths on the GPU (indirect dispatch, no read-back), the trace
 * passes walk the listed rays, and the shade pass takes their results and lists each slot's next
 * ray; the host reads the lists' lengths back every {@link #STEPS_PER_CHECK} steps, and once few
 * slots are left, the drain pass walks them to their ends, each in one invocation; the finish pass
 * adds the slots' sums to the frame. Lives on the GL thread of its {@link GlRenderer}.
 */
final class GlWavefront implements AutoCloseable {
    /**
     * Most lights of a scene traced as a wavefront: a slot keeps a shadow ray per light in flight
     * (64 bytes each; a mask of them in an int). Scenes with more are traced by the frame kernel.
     */
    static final int MAX_LIGHTS = 16;
    /** The working memory a window may take; more pixels are traced in more windows. */
    static final long WORKING_BYTES = 2L << 30;
    /** The least working memory tried before giving up for the frame kernel (GpuMemoryException). */
    static final long MIN_WORKING_BYTES = 32L << 20;
    /** NVX_gpu_memory_info: the GPU memory free now, in kB. */
    private static final int GPU_MEMORY_FREE_KB_NVX = 0x9049;
    /**
     * The step passes stop once fewer than 1/DRAIN_FRACTION of a window's slots are left, and the
     * drain pass walks those to their ends in one dispatch ({@code -Ddrt.wavefrontDrain} for experiments).
     */
    static final int DRAIN_FRACTION = Integer.getInteger("drt.wavefrontDrain", 16);
    /** Steps between read-backs of the lists' lengths: steps past the last run empty dispatches. */
    static final int STEPS_PER_CHECK = Integer.getInteger("drt.wavefrontCheck", 16);
    /** Most slots (pixels traced at once) on any device: a 1080p frame in one window. */
    static final int MAX_SLOTS = 1 << 21;
    /** Experiments only: print each window's GPU time per kind of pass ({@code -Ddrt.wavefrontProfile=true}). */
    private static final boolean PROFILE = Boolean.getBoolean("drt.wavefrontProfile");

    private final ComputeProgram start, queue, traceClosest, traceShadow, shade, drain, finish;
    private final List<ComputeProgram> programs;
    private final long maxBlockBytes;
    /**
     * The working memory a window may take: WORKING_BYTES, at most a quarter of the GPU memory free
     * when the wavefront was made (where the driver says), and halved whenever the driver runs out.
     */
    private long workingBudget;
    /** Most slots a window takes, as a test asks ({@link #limitSlots}); the memory may allow fewer. */
    private int slotLimit;
    private final int stateBytes;
    private ShaderStorageBuffer states, rays, shadows, lists;
    /**
     * The lists' lengths copied on the GPU for the host to read: a buffer the host reads from may be
     * moved by the driver to host memory, where the shaders' atomics on the counters would crawl.
     */
    private ShaderStorageBuffer lengths;
    /** Where the host reads the lengths into (made once: a preview traces many frames a second). */
    private final ByteBuffer counts = ByteBuffer.allocateDirect(4 * QUEUE_COUNTS).order(ByteOrder.nativeOrder());
    private int allocatedSlots, allocatedStride;

    private GlWavefront(Map<String, String> traceDefines) {
        Map<String, String> d = new LinkedHashMap<>(traceDefines);
        d.put("BL_STACK_SHARED", "0");
        d.putAll(WavefrontLayout.glslDefines());
        ComputeProgram[] made = new ComputeProgram[7];
        try {
            made[0] = ComputeProgram.load("wavefront_start.comp", d);
            made[1] = ComputeProgram.load("wavefront_queue.comp", d);
            made[2] = ComputeProgram.load("wavefront_trace.comp", withKind(d, CLOSEST));
            made[3] = ComputeProgram.load("wavefront_trace.comp", withKind(d, SHADOW));
            made[4] = ComputeProgram.load("wavefront_shade.comp", d);
            made[5] = ComputeProgram.load("wavefront_finish.comp", d);
            made[6] = ComputeProgram.load("wavefront_drain.comp", d);
        } catch (RuntimeException e) {
            for (ComputeProgram p : made) if (p != null) p.close();
            throw e;
        }
        start = made[0];
        queue = made[1];
        traceClosest = made[2];
        traceShadow = made[3];
        shade = made[4];
        finish = made[5];
        drain = made[6];
        programs = List.of(made);
        stateBytes = FIELDS * FIELD_BYTES;
        // A storage block may be no larger than the driver's limit (llvmpipe: 128 MB; NVIDIA: 2 GB and more).
        long maxBlock = glGetInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE);
        maxBlockBytes = maxBlock;
        workingBudget = WORKING_BYTES;
        if (GL.getCapabilities().GL_NVX_gpu_memory_info) {
            workingBudget = Math.max(MIN_WORKING_BYTES, Math.min(WORKING_BYTES, glGetInteger(GPU_MEMORY_FREE_KB_NVX) * 1024L / 4));
        }
        slotLimit = MAX_SLOTS;
    }

    /** Compiles the passes with the frame kernel's defines (GL thread). */
    static GlWavefront compile(Map<String, String> traceDefines) {
        return new GlWavefront(traceDefines);
    }

    private static Map<String, String> withKind(Map<String, String> defines, int kind) {
        Map<String, String> d = new LinkedHashMap<>(defines);
        d.put("WF_KIND", Integer.toString(kind));
        return d;
    }

    /** Every pass, for the uniforms the frame kernel takes too (a program ignores those it lacks). */
    List<ComputeProgram> programs() {
        return programs;
    }

    /** Traces windows of at most {@code slots} pixels (at least a work group), so tests cover a tile split in windows. */
    void limitSlots(int slots) {
        slotLimit = Math.max(GROUP, Math.min(MAX_SLOTS, slots));
    }

    /** Bytes of GPU memory the wavefront holds now (path states, rays, shadow rays, lists). */
    long workingBytes() {
        long bytes = 0;
        for (ShaderStorageBuffer b : new ShaderStorageBuffer[] {states, rays, shadows, lists, lengths}) if (b != null) bytes += b.size();
        return bytes;
    }

    /**
     * The shadow rays a slot sends from one surface: one per light, and the environment light's two
     * (the map's draw and the cosine draw, {@code envRay} in whitted.glsl) after them.
     */
    static int shadowRays(org.drtstudio.accel.GeometryImage image) {
        return image.lightCount() + (image.environment() != null ? 2 : 0);
    }

    /**
     * Traces the samples the programs' uniforms ask for over {@code tile} (in the frame, or in the
     * active pixel list's layout), window by window. The frame's images and the active list are bound
     * by the caller, as for the frame kernel.
     *
     * @param shadowRays the shadow rays a slot sends from one surface ({@link #shadowRays})
     */
    void trace(PixelWindow tile, int shadowRays) throws GpuMemoryException {
        int stride = Math.max(1, shadowRays);
        while (true) {
            try {
                traceWindows(tile, stride);
                return;
            } catch (GpuMemoryException e) {
                // Only the first window allocates (later ones are no larger), so nothing was traced yet.
                closeBuffers();
                if (workingBudget / 2 < MIN_WORKING_BYTES) throw e;
                workingBudget /= 2;
            }
        }
    }

    private void traceWindows(PixelWindow tile, int stride) throws GpuMemoryException {
        int rowsPerWindow = Math.max(1, capacity(stride) / tile.width());
        for (int y = 0; y < tile.height(); y += rowsPerWindow) {
            int rows = Math.min(rowsPerWindow, tile.height() - y);
            traceWindow(tile.x(), tile.y() + y, tile.width(), rows, stride);
        }
    }

    /**
     * Slots a window may take with room for {@code stride} shadow rays each: within the working
     * memory, and no buffer above the driver's largest storage block (llvmpipe: 128 MB).
     */
    private int capacity(int stride) {
        long largestPerSlot = Math.max(stateBytes, Math.max((long) SHADOW_BYTES * stride, 4L * listEntries(stride)));
        long byBlock = (maxBlockBytes - QUEUE_HEADER_BYTES) / largestPerSlot;
        long byBudget = workingBudget / bytesPerSlot(stride);
        return (int) Math.max(GROUP, Math.min(slotLimit, Math.min(byBlock, byBudget)));
    }

    /** List entries per slot: two generations of a closest-hit ray and of stride shadow rays. */
    private static int listEntries(int stride) {
        return GENERATIONS * (1 + stride);
    }

    private long bytesPerSlot(int stride) {
        return stateBytes + RAY_BYTES + (long) SHADOW_BYTES * stride + 4L * listEntries(stride);
    }

    private void traceWindow(int x, int y, int width, int height, int stride) throws GpuMemoryException {
        int slots = width * height;
        ensureBuffers(slots, stride);
        states.bindBase(ShaderBinding.WAVEFRONT_STATES);
        rays.bindBase(ShaderBinding.WAVEFRONT_RAYS);
        shadows.bindBase(ShaderBinding.WAVEFRONT_SHADOWS);
        lists.bindBase(ShaderBinding.WAVEFRONT_QUEUE);
        lists.clear(0, QUEUE_HEADER_BYTES);
        for (ComputeProgram program : programs) {
            // The window's, offered to every pass: each takes what it declares.
            Uniforms p = program.declaredOnly();
            p.setIVec2("uTileOffset", x, y);
            p.setInt("uListCapacity", allocatedSlots);
            p.setInt("uShadowStride", allocatedStride);
        }
        start.setInt("uSlotCount", slots);
        start.setInt("uSlotWidth", width);
        finish.setInt("uSlotCount", slots);
        // The start pass lists its rays as the next generation of generation 1, i.e. generation 0.
        start.setInt("uGeneration", 1);
        GlSync.imageAndStorageBarrier();
        PassProfile profile = PROFILE ? new PassProfile() : null;
        if (profile != null) profile.mark("begin");
        start.dispatch(groups(slots), 1, 1);
        if (profile != null) profile.mark("start");
        int steps = 0;
        for (int generation = 0; ; generation ^= 1) {
            storageBarrier();
            queue.setInt("uGeneration", generation);
            queue.dispatch(1, 1, 1);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
            if (profile != null) profile.mark("queue");
            traceClosest.setInt("uGeneration", generation);
            traceShadow.setInt("uGeneration", generation);
            traceClosest.dispatchIndirect(lists, ARGS_OFFSET + CLOSEST * ARGS_BYTES_PER_KIND);
            if (profile != null) profile.mark("trace closest");
            traceShadow.dispatchIndirect(lists, ARGS_OFFSET + SHADOW * ARGS_BYTES_PER_KIND);
            if (profile != null) profile.mark("trace shadow");
            storageBarrier();
            shade.setInt("uGeneration", generation);
            shade.dispatchIndirect(lists, ARGS_OFFSET + CLOSEST * ARGS_BYTES_PER_KIND);
            if (profile != null) profile.mark("shade");
            steps++;
            if (steps % STEPS_PER_CHECK == 0) {
                // The next generation's lengths, complete once this step's shade passes are done.
                glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
                lists.copyTo(0, lengths, 0, 4 * QUEUE_COUNTS);
                GlSync.finish(); // polled: the read below then has nothing to wait for
                lengths.read(0, counts.clear());
                if (profile != null) profile.mark("read-back");
                // Every slot still walking has a closest-hit ray listed (an empty one while only its shadow rays fly).
                int next = 1 - generation, left = counts.getInt(4 * (KINDS * next + CLOSEST));
                if (left == 0) break;
                if (left < slots / DRAIN_FRACTION) {
                    storageBarrier();
                    drain.setInt("uGeneration", next);
                    drain.dispatch(groups(left), 1, 1);
                    if (profile != null) profile.mark("drain");
                    break;
                }
            }
        }
        storageBarrier();
        finish.dispatch(groups(slots), 1, 1);
        if (profile != null) {
            profile.mark("finish");
            System.err.println("wavefront: " + slots + " slots, " + steps + " steps, GPU ms " + profile.millisByLabel());
        }
    }

    private static void storageBarrier() {
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }

    private static int groups(int invocations) {
        return (invocations + GROUP - 1) / GROUP;
    }

    private void ensureBuffers(int slots, int stride) throws GpuMemoryException {
        if (slots <= allocatedSlots && stride == allocatedStride) return;
        closeBuffers();
        states = ShaderStorageBuffer.allocate((long) stateBytes * slots);
        rays = ShaderStorageBuffer.allocate((long) RAY_BYTES * slots);
        shadows = ShaderStorageBuffer.allocate((long) SHADOW_BYTES * stride * slots);
        lists = ShaderStorageBuffer.allocate(QUEUE_HEADER_BYTES + 4L * listEntries(stride) * slots);
        lengths = ShaderStorageBuffer.allocate(4 * QUEUE_COUNTS);
        allocatedSlots = slots;
        allocatedStride = stride;
    }

    private void closeBuffers() {
        for (ShaderStorageBuffer b : new ShaderStorageBuffer[] {states, rays, shadows, lists, lengths}) if (b != null) b.close();
        states = rays = shadows = lists = lengths = null;
        allocatedSlots = 0;
    }

    @Override
    public void close() {
        closeBuffers();
        for (ComputeProgram p : programs) p.close();
    }
}
