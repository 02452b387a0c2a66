package org.drtstudio.render.gl;

import java.util.Arrays;
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
 * the rays of each step are traced by a lean closest-hit and any-hit kernel over compacted lists.
 * The frame kernel carries every path's registers through every walk, which limits it to few work
 * groups per SM (docs/BENCHMARKS.md: its camera rays ran at a fifth of the one-ray-type kernels'
 * speed); here only the walk's registers are live while rays are traced.
 *
 * <p>A tile is traced in windows of at most {@link #capacity} slots (752 bytes a slot with one
 * light, 88 more per light), each pixel's samples spread over {@link #partsPerPixel} of them. Per window:
 * the start pass sends every slot's first camera ray; then, step after step, the queue pass sizes
 * the dispatches from the lists' lengths on the GPU (indirect dispatch, no read-back), the trace
 * pass walks both lists of rays in one dispatch, and the shade pass takes their results and lists each slot's next
 * ray; the host reads the lists' lengths back every {@link #STEPS_PER_CHECK} steps, and once few
 * slots are left, the drain pass walks them to their ends, each in one invocation; the finish pass
 * adds the slots' sums to the frame, part after part. Lives on the GL thread of its {@link GlRenderer}.
 */
final class GlWavefront implements AutoCloseable {
    /**
     * Most lights of a scene traced as a wavefront: a slot keeps a shadow ray per light in flight
     * (64 bytes each; a mask of them in an int). Scenes with more are traced by the frame kernel.
     */
    static final int MAX_LIGHTS = 16;
    /** The working memory a window may take (a 1080p frame's four slots a pixel); more pixels are traced in more windows. */
    static final long WORKING_BYTES = 8L << 30;
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
    /** Most slots (parts of pixels traced at once) on any device: a 1080p frame in one window, four slots a pixel. */
    static final int MAX_SLOTS = 1 << 23;
    /**
     * Slots a whole frame's pixels are spread over (partsPerPixel): as many as one window holds, so
     * 4 a pixel at 1080p and 1 at 4K. On an H200, four a pixel in one window against two (the stack
     * split in two buffers to fit NVIDIA's 2 GB storage blocks) made bunny_1m's 16-spp frame 4 % and a
     * city's 2 % faster, and with the one trace dispatch unseen scenes too (docs/BENCHMARKS.md); in
     * two windows, as a GPU with less memory takes them, cities lost 1 %. {@code -Ddrt.wavefrontFrameSlots}
     * for experiments.
     */
    static final long FRAME_SLOTS = Long.getLong("drt.wavefrontFrameSlots", MAX_SLOTS);
    /**
     * Most samples a slot walks in one run of the wavefront ({@link #samplesPerRun}); 16 is what a
     * 1080p frame of 64 spp takes, where the wavefront was measured ({@code -Ddrt.wavefrontRun} for experiments).
     */
    static final int SLOT_RUN_SAMPLES = Integer.getInteger("drt.wavefrontRun", 16);
    /** Experiments only: print each window's GPU time per kind of pass ({@code -Ddrt.wavefrontProfile=true}). */
    private static final boolean PROFILE = Boolean.getBoolean("drt.wavefrontProfile");
    /**
     * Experiments only: read the lists' lengths after every step and print the closest-hit and shadow
     * rays each window traced ({@code -Ddrt.wavefrontCounts=true}; the read-backs cost time).
     */
    private static final boolean COUNT_RAYS = Boolean.getBoolean("drt.wavefrontCounts");

    private final ComputeProgram start, queue, trace, shade, drain, finish;
    private final List<ComputeProgram> programs;
    private final long maxBlockBytes;
    /**
     * The working memory a window may take: WORKING_BYTES, at most a quarter of the GPU memory free
     * when the wavefront was made (where the driver says), and halved whenever the driver runs out.
     */
    private long workingBudget;
    /** Most slots a window takes, as a test asks ({@link #limitSlots}); the memory may allow fewer. */
    private int slotLimit;
    /** Bytes a slot takes in the state buffer (the fields before the stack) and in each of the two stack buffers. */
    private final int stateBytes, stackLowBytes, stackHighBytes;
    private ShaderStorageBuffer states, stacks, stacksHigh, rays, shadows, lists;
    /**
     * The lists' lengths copied on the GPU for the host to read: a buffer the host reads from may be
     * moved by the driver to host memory, where the shaders' atomics on the counters would crawl.
     */
    private ShaderStorageBuffer lengths;
    /** Where the host reads the lengths into at each check (made once: a preview traces many frames a second), and its waits. */
    private final ListChecks checks = new ListChecks();
    private int allocatedSlots, allocatedStride;
    private int lastParts = 1;

    private GlWavefront(Map<String, String> traceDefines) {
        Map<String, String> d = new LinkedHashMap<>(traceDefines);
        d.put("BL_STACK_SHARED", "0");
        d.putAll(WavefrontLayout.glslDefines());
        ComputeProgram[] made = new ComputeProgram[6];
        try {
            made[0] = ComputeProgram.load("wavefront_start.comp", d);
            made[1] = ComputeProgram.load("wavefront_queue.comp", d);
            made[2] = ComputeProgram.load("wavefront_trace.comp", d);
            made[3] = ComputeProgram.load("wavefront_shade.comp", d);
            made[4] = ComputeProgram.load("wavefront_finish.comp", d);
            made[5] = ComputeProgram.load("wavefront_drain.comp", d);
        } catch (RuntimeException e) {
            for (ComputeProgram p : made) if (p != null) p.close();
            throw e;
        }
        start = made[0];
        queue = made[1];
        trace = made[2];
        shade = made[3];
        finish = made[4];
        drain = made[5];
        programs = List.of(made);
        stateBytes = STACK * FIELD_BYTES;
        stackLowBytes = STACK_ENTRY_FIELDS * STACK_LOW_ENTRIES * FIELD_BYTES;
        stackHighBytes = STACK_FIELDS * FIELD_BYTES - stackLowBytes;
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
        for (ShaderStorageBuffer b : new ShaderStorageBuffer[] {states, stacks, stacksHigh, rays, shadows, lists, lengths}) if (b != null) bytes += b.size();
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
     * Traces samples {@code [firstSample, firstSample + samples)} of every pixel of {@code tile} (in the
     * frame, or in the active pixel list's layout), in runs of at most {@link #samplesPerRun} samples,
     * each run window by window. The frame's images and the active list are bound by the caller, and
     * the pass's uniforms set (uSampleStart, uSampleCount: the same samples), as for the frame kernel.
     *
     * @param framePixels the whole frame's pixels, on which the slots a pixel are counted ({@link #partsPerPixel})
     * @param shadowRays  the shadow rays a slot sends from one surface ({@link #shadowRays})
     * @param firstSample the pass's first sample a pixel (uSampleStart)
     * @param samples     the samples a pixel takes in this pass (uSampleCount)
     * @param runLimit    most samples a pixel takes in one run, as a test asks; 0: {@link #samplesPerRun}
     * @return the runs the samples were traced in
     */
    int trace(PixelWindow tile, int framePixels, int shadowRays, int firstSample, int samples, int runLimit) throws GpuMemoryException {
        int run = runLimit > 0 ? Math.min(samples, runLimit) : samplesPerRun(framePixels, samples, SLOT_RUN_SAMPLES);
        if (run >= samples) {
            traceRun(tile, framePixels, shadowRays, samples);
            return 1;
        }
        try { // only the first run can run out of memory (later ones take no more), so no samples are traced twice
            for (int from = 0; from < samples; from += run) {
                if (from > 0) GlSync.imageAndStorageBarrier(); // a run adds to the sums the last one stored
                int n = Math.min(run, samples - from);
                setSamples(firstSample + from, n);
                traceRun(tile, framePixels, shadowRays, n);
            }
        } finally {
            setSamples(firstSample, samples);
        }
        return (samples + run - 1) / run;
    }

    private void setSamples(int first, int count) {
        for (ComputeProgram p : programs) {
            Uniforms pass = p.declaredOnly(); // the passes that take them: start, finish
            pass.setInt("uSampleStart", first);
            pass.setInt("uSampleCount", count);
        }
    }

    /**
     * Samples a pixel takes in one run of the wavefront: at most {@code slotSamples} a slot. A slot walks
     * its samples one after another. The likely cause of what a long walk cost (not profiled): the pixels
     * whose paths are longest (glass, mirrors) stay so from sample to sample, so their slots fall further
     * behind the longer they walk, and once fewer than 1/DRAIN_FRACTION of the slots are left the drain
     * pass walks them to their ends at a few per cent of the GPU. One run of a whole 8,192-spp pass (H200, the all-effects default scene)
     * traced 31 M samples a second at 320×240 (75 samples a slot) against about 360 M at 1080p and 64
     * spp (16 a slot), and a 960×540 frame (512 a slot) did not finish in 200 s.
     */
    static int samplesPerRun(int framePixels, int samples, int slotSamples) {
        return (int) Math.min(samples, (long) partsPerPixel(framePixels, samples) * slotSamples);
    }

    /** The samples of the programs' uniforms, in one run. */
    private void traceRun(PixelWindow tile, int framePixels, int shadowRays, int samples) throws GpuMemoryException {
        int stride = Math.max(1, shadowRays);
        while (true) {
            try {
                traceWindows(tile, framePixels, partsPerPixel(framePixels, samples), stride);
                return;
            } catch (GpuMemoryException e) {
                // Only the first window allocates (later ones are no larger), so nothing was traced yet.
                closeBuffers();
                if (workingBudget / 2 < MIN_WORKING_BYTES) throw e;
                workingBudget /= 2;
            }
        }
    }

    private void traceWindows(PixelWindow tile, int framePixels, int wantedParts, int stride) throws GpuMemoryException {
        int capacity = capacity(stride);
        int parts = Math.min(wantedParts, Math.max(1, capacity / tile.width())); // a row of slots must fit a window
        int rowsPerWindow = Math.max(1, capacity / (tile.width() * parts));
        // Room for the whole frame's slots, not only this tile's: several GPUs' bands move with every
        // frame's times, and growing a window's buffers by gigabytes stalled both H200s for 400 ms.
        ensureBuffers((int) Math.min(capacity, (long) Math.max(framePixels, tile.width() * tile.height()) * parts), stride);
        for (int y = 0; y < tile.height(); y += rowsPerWindow) {
            int rows = Math.min(rowsPerWindow, tile.height() - y);
            traceWindow(tile.x(), tile.y() + y, tile.width(), rows, stride, parts);
        }
        lastParts = parts;
    }

    /**
     * Slots a pixel's samples are spread over, each taking a part of them: FRAME_SLOTS over the
     * frame's pixels, up to one a sample. A slot walks its samples one after another, and a step of
     * the wavefront takes as long as its longest walk, so one slot a pixel ends in a tail of steps for
     * the few pixels whose rays bounce most (bunny_1m's 16-spp 1080p frame: 16 of its 48 steps hold
     * under a quarter of the slots); parts cut that tail, and windows of parts cost their own tails.
     * Counted on the whole frame, not on a GPU's band or a window: the parts' sums are added part
     * after part, so a pixel's float sum, and so the picture, is the same on one GPU and on several.
     */
    static int partsPerPixel(int framePixels, int samples) {
        return (int) Math.max(1, Math.min(samples, FRAME_SLOTS / Math.max(1, framePixels)));
    }

    /** Slots a pixel took in the last tile traced ({@link #partsPerPixel}), for tests. */
    int lastParts() {
        return lastParts;
    }

    /**
     * Slots a window may take with room for {@code stride} shadow rays each: within the working
     * memory, and no buffer above the driver's largest storage block (llvmpipe: 128 MB).
     */
    private int capacity(int stride) {
        long largestPerSlot = Math.max(Math.max(stateBytes, Math.max(stackLowBytes, stackHighBytes)), Math.max((long) SHADOW_BYTES * stride, 4L * listEntries(stride)));
        long byBlock = (maxBlockBytes - QUEUE_HEADER_BYTES) / largestPerSlot;
        long byBudget = workingBudget / bytesPerSlot(stride);
        return (int) Math.max(GROUP, Math.min(slotLimit, Math.min(byBlock, byBudget)));
    }

    /** List entries per slot: two generations of a closest-hit ray and of stride shadow rays. */
    private static int listEntries(int stride) {
        return GENERATIONS * (1 + stride);
    }

    private long bytesPerSlot(int stride) {
        return stateBytes + stackLowBytes + stackHighBytes + RAY_BYTES + (long) SHADOW_BYTES * stride + 4L * listEntries(stride);
    }

    private void traceWindow(int x, int y, int width, int height, int stride, int parts) throws GpuMemoryException {
        int pixels = width * height, slots = pixels * parts;
        ensureBuffers(slots, stride);
        bindWindow(x, y, width, pixels, parts);
        PassProfile profile = PROFILE ? new PassProfile() : null;
        if (profile != null) profile.mark("begin");
        start.dispatch(groups(slots), 1, 1);
        if (profile != null) profile.mark("start");
        int steps = runSteps(slots, profile);
        for (int part = 0; part < parts; part++) {
            // Each part's sums are added after the one before (image loads of the last part's stores).
            GlSync.imageAndStorageBarrier();
            finish.setInt("uPart", part);
            finish.dispatch(groups(pixels), 1, 1);
        }
        if (profile != null) {
            profile.mark("finish");
            System.err.println("wavefront: " + slots + " slots (" + parts + " a pixel), " + steps + " steps, GPU ms " + profile.millisByLabel());
        }
        if (COUNT_RAYS) {
            System.err.printf("wavefront rays: %d closest-hit, %d shadow (the drain's not counted)%n", rayCounts[CLOSEST], rayCounts[SHADOW]);
            Arrays.fill(rayCounts, 0);
        }
    }

    /** Binds the working buffers and sets the window's uniforms: its place, its pixels and the slots a pixel takes. */
    private void bindWindow(int x, int y, int width, int pixels, int parts) {
        states.bindBase(ShaderBinding.WAVEFRONT_STATES);
        stacks.bindBase(ShaderBinding.WAVEFRONT_STACKS);
        stacksHigh.bindBase(ShaderBinding.WAVEFRONT_STACKS_HIGH);
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
        start.setInt("uSlotCount", pixels * parts);
        start.setInt("uSlotWidth", width);
        for (ComputeProgram p : List.of(start, finish)) {
            p.setInt("uWindowPixels", pixels);
            p.setInt("uParts", parts);
        }
        // The start pass lists its rays as the next generation of generation 1, i.e. generation 0.
        start.setInt("uGeneration", 1);
        GlSync.imageAndStorageBarrier();
    }

    /** The host's checks of the lists' lengths since their last reset; for benchmarks. */
    ListChecks checks() {
        return checks;
    }

    /** Steps the window's slots until none is left (the last few by the drain pass); returns the steps. */
    private int runSteps(int slots, PassProfile profile) {
        int steps = 0;
        for (int generation = 0; ; generation ^= 1) {
            storageBarrier();
            queue.setInt("uGeneration", generation);
            queue.dispatch(1, 1, 1);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
            if (profile != null) profile.mark("queue");
            // Both kinds in one dispatch: the shadow rays' groups fill the GPU as the closest-hit walks' end
            // (two dispatches, one after the other, made bunny_1m's 16-spp frame 1 % and a city's 2 % slower).
            trace.setInt("uGeneration", generation);
            trace.dispatchIndirect(lists, ARGS_OFFSET + BOTH * ARGS_BYTES_PER_KIND);
            if (profile != null) profile.mark(COUNT_RAYS ? "trace " + steps : "trace");
            storageBarrier();
            shade.setInt("uGeneration", generation);
            shade.dispatchIndirect(lists, ARGS_OFFSET + CLOSEST * ARGS_BYTES_PER_KIND);
            if (profile != null) profile.mark(COUNT_RAYS ? "shade " + steps : "shade");
            if (COUNT_RAYS) countRays(1 - generation);
            steps++;
            if (steps % STEPS_PER_CHECK == 0) {
                // The next generation's lengths, complete once this step's shade passes are done.
                glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
                lists.copyTo(0, lengths, 0, 4 * QUEUE_COUNTS);
                long waitStart = System.nanoTime();
                GlSync.finish(); // polled: the read below then has nothing to wait for
                lengths.read(0, checks.readInto());
                checks.waited(System.nanoTime() - waitStart);
                if (profile != null) profile.mark("read-back");
                // Every slot still walking has a closest-hit ray listed (an empty one while only its shadow rays fly).
                int next = 1 - generation, left = checks.length(KINDS * next + CLOSEST);
                if (left == 0) return steps;
                if (left < slots / DRAIN_FRACTION) {
                    storageBarrier();
                    drain.setInt("uGeneration", next);
                    drain.dispatch(groups(left), 1, 1);
                    if (profile != null) profile.mark("drain");
                    return steps;
                }
            }
        }
    }

    /** Rays listed per kind over a window, with {@link #COUNT_RAYS}. */
    private final long[] rayCounts = new long[KINDS];

    /** Adds the lengths of generation {@code g}'s lists, just filled, to {@link #rayCounts}. */
    private void countRays(int g) {
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        lists.copyTo(0, lengths, 0, 4 * QUEUE_COUNTS);
        GlSync.finish();
        lengths.read(0, checks.readInto());
        for (int kind = 0; kind < KINDS; kind++) rayCounts[kind] += checks.length(KINDS * g + kind);
        System.err.println("wavefront step lists: " + checks.length(KINDS * g + CLOSEST) + " " + checks.length(KINDS * g + SHADOW));
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
        stacks = ShaderStorageBuffer.allocate((long) stackLowBytes * slots);
        stacksHigh = ShaderStorageBuffer.allocate((long) stackHighBytes * slots);
        rays = ShaderStorageBuffer.allocate((long) RAY_BYTES * slots);
        shadows = ShaderStorageBuffer.allocate((long) SHADOW_BYTES * stride * slots);
        lists = ShaderStorageBuffer.allocate(QUEUE_HEADER_BYTES + 4L * listEntries(stride) * slots);
        lengths = ShaderStorageBuffer.allocate(4 * QUEUE_COUNTS);
        allocatedSlots = slots;
        allocatedStride = stride;
    }

    private void closeBuffers() {
        for (ShaderStorageBuffer b : new ShaderStorageBuffer[] {states, stacks, stacksHigh, rays, shadows, lists, lengths}) if (b != null) b.close();
        states = stacks = stacksHigh = rays = shadows = lists = lengths = null;
        allocatedSlots = 0;
    }

    @Override
    public void close() {
        closeBuffers();
        for (ComputeProgram p : programs) p.close();
    }
}
