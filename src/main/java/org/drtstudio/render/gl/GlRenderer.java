package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.accel.ParallelRanges;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.sampling.GlossySplit;
import org.drtstudio.render.denoise.GuideBudget;
import org.drtstudio.render.denoise.GuideEdges;
import org.drtstudio.render.GuideSums;
import org.drtstudio.render.adaptive.ConvergenceMask;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.CameraBasis;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.render.RayStack;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.multigpu.TileQueue;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.TracerOptions;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * The GPU tracer: compute shaders over the geometry image on the {@link GlThread}. A render
 * uploads the geometry image (kept while the same image is rendered again), traces the frame tile
 * by tile (so progress can be reported and no dispatch runs for long), resolves the accumulated
 * radiance to sRGB and reads the results back through pixel buffer objects.
 *
 * <p>The tracing programs come in two variants, compiled with {@code TEXTURED} false or true: images
 * without textures run the first (compiled at start), the others the second (compiled when the
 * first textured image arrives), so untextured scenes never pay for the texture code.
 *
 * <p>With {@code pairedPrimary} the camera rays of a pixel are traced two at a time through the
 * hierarchy (the DRT paper's parallel traversal, {@code PAIRED_PRIMARY} in trace.comp); the image is
 * the same, only the speed differs (docs/RESULTS.md).
 */
public final class GlRenderer implements org.drtstudio.render.AccelChoice, org.drtstudio.render.sampling.ShadowLightsChoice, Renderer {
    /**
     * Pixels per side of a dispatched tile on a software GL: small enough that llvmpipe still reports
     * progress and can be cancelled every few seconds at 1080p.
     */
    static final int SOFTWARE_TILE = 1024;
    /**
     * Pixels per side of a dispatched tile on a GPU: a 1080p frame in one dispatch. Each dispatch ends
     * in a tail where few long-running invocations hold the SMs, so fewer dispatches are faster: with
     * 256 an H100 held a quarter of the threads it can (balls_s4 1080p 16 spp, all effects: 0.37 s with
     * 256, 0.26 s with 1024); bunny_1m's 16-spp frame took 174 ms in the four tiles of 1024 and 165 ms
     * in one (docs/BENCHMARKS.md).
     */
    static final int GPU_TILE = 2048;
    /**
     * Camera samples a pixel's guide pass traces per dispatch, after one that probes its neighbours
     * (shaders/aov.comp): llvmpipe ends a shader's loops after 65,535 iterations in all, which 16
     * first hits and 8 probes of a 30,000-triangle soup reached in one invocation of the sphere walk
     * (GlCoarseImageTest); 8 did not.
     */
    static final int GUIDE_CHUNK = 8;
    /**
     * Samples of a pixel the frame kernel traces per dispatch on software GL, where the budget above
     * holds for the whole pass (every walk of every sample): a held-out scene's glass pixels ran out
     * of it after 40 samples, and the kernel's 64-spp picture lost their light from then on
     * (SoftwareKernelChunksTest). Hardware GPUs have no such budget and trace a pass in one dispatch.
     */
    static final int SOFTWARE_KERNEL_CHUNK = 4;
    /** The tile of this renderer's device; the system property {@code drt.tile} overrides it (experiments only). */
    private final int tile;
    private final GlThread gl;
    /** Reads each pass's images back (GL thread). */
    private final FrameReadback readback = new FrameReadback();
    /** The frame's arrays resolved from the sums on the GPU. */
    private final GlPixelArrays pixelArrays = new GlPixelArrays(readback);
    private final boolean pairedPrimary;
    private final NodeKind nodeKind;
    /** The lights shadow rays go to ({@link #useShadowLights}). */
    private volatile org.drtstudio.render.sampling.ShadowLights shadowLights = org.drtstudio.render.sampling.ShadowLights.ALL;
    /** The structure asked for ({@link #useAccel}), and the one the programs and scene textures were made for (GL thread). */
    private volatile AccelStructure accel;
    private AccelStructure builtFor;
    /** The tracing programs, [0] without and [1] with the texture code; [1] is compiled on first use. */
    /** Indexed by {@link #variantOf}: textured or not, with an environment light or not. */
    private final TracePrograms[] variants = new TracePrograms[4];
    private ComputeProgram resolve;
    /** Adaptive sampling's convergence test ({@code converge.comp}); compiled on first use. */
    private ComputeProgram converge;
    private GeometryImageTextures scene;
    /** The images progressive rendering sums its passes into, kept between passes (GL thread; their size readable anywhere). */
    private final RunningSums sums = new RunningSums();
    /** How frames are traced on this device: one kernel, or the wavefront passes ({@link FrameSchedule}). */
    private volatile FrameSchedule frameSchedule;
    private volatile FrameSchedule lastFrameSchedule = FrameSchedule.KERNEL;
    /** Where the walk reads the box layout from on this device ({@link BoxStorage}); fixed, as the programs are compiled for it. */
    private final BoxStorage boxStorage;
    private final WavefrontUse wavefrontUse = new WavefrontUse();
    /** Times the tracing dispatches of each frame (created with the programs). */
    private GpuTimer traceTimer;
    private final LastPassTimes lastPass = new LastPassTimes();
    /** The passes' display image and error counter. */
    private final PassTargets targets = new PassTargets();
    /** Wall time of the last pass's stages on the GL thread; for benchmarks. */
    private volatile StageClock lastStages = StageClock.NONE;

    /** The last pass's measured dispatches, for benchmarks and its stages. */
    private static final class LastPassTimes {
        /** GPU time of the tracing dispatches, from timer queries. */
        volatile double traceGpuMillis;
        /** Wall time of the guide pass's dispatches to the GPU's end (GL thread); noted in the stages. */
        double guidePassMillis;
    }

    /** The limits tests set on the wavefront, and what its last frame took (working memory, slots a pixel, runs); for tests and benchmarks. */
    private static final class WavefrontUse {
        volatile int slotLimit = Integer.MAX_VALUE, runLimit;
        volatile long workingBytes;
        volatile int parts, runs;
    }

    private GlRenderer(GlThread gl, boolean pairedPrimary, NodeKind nodeKind, AccelStructure accel, BoxStorage boxStorage) {
        this.gl = gl;
        this.pairedPrimary = pairedPrimary;
        this.nodeKind = nodeKind;
        this.tile = Integer.getInteger("drt.tile", gl.info().software() ? SOFTWARE_TILE : GPU_TILE);
        this.frameSchedule = FrameSchedule.defaultFor(gl.info());
        this.boxStorage = boxStorage != null ? boxStorage : BoxStorage.defaultFor(gl.info());
        this.accel = accel;
        this.builtFor = accel;
    }

    /** Starts the GL thread and compiles the tracer; fails with a one-line reason when GL is unusable. */
    public static GlRenderer start() throws GlUnavailableException {
        return start(TracerOptions.DEFAULT.pairedPrimary(), TracerOptions.DEFAULT.nodes());
    }

    /** As {@link #start()}, choosing paired or one-by-one traversal of camera rays. */
    public static GlRenderer start(boolean pairedPrimary) throws GlUnavailableException {
        return start(pairedPrimary, TracerOptions.DEFAULT.nodes());
    }

    /** As {@link #start()}, choosing the traversal of camera rays and the node bounds walked. */
    public static GlRenderer start(boolean pairedPrimary, NodeKind nodeKind) throws GlUnavailableException {
        return start(pairedPrimary, nodeKind, AccelStructure.DEFAULT);
    }

    /** As {@link #start()}, choosing also the structure walked inside each shape ({@code --accel}). */
    public static GlRenderer start(boolean pairedPrimary, NodeKind nodeKind, AccelStructure accel) throws GlUnavailableException {
        return start(pairedPrimary, nodeKind, accel, -1);
    }

    /**
     * As {@link #start(boolean, NodeKind, AccelStructure)} with its context on GPU {@code device}
     * ({@link EglContext#create(int)}; negative: the usual choice and fallbacks).
     */
    public static GlRenderer start(boolean pairedPrimary, NodeKind nodeKind, AccelStructure accel, int device) throws GlUnavailableException {
        return start(pairedPrimary, nodeKind, accel, device, null);
    }

    /**
     * As {@link #start(boolean, NodeKind, AccelStructure, int)}, keeping the box layout where
     * {@code boxStorage} says (null: where this device does best; tests choose).
     */
    static GlRenderer start(boolean pairedPrimary, NodeKind nodeKind, AccelStructure accel, int device, BoxStorage boxStorage)
            throws GlUnavailableException {
        GlThread gl = GlThread.start(device);
        GlRenderer r = new GlRenderer(gl, pairedPrimary, nodeKind, accel, boxStorage);
        try {
            gl.call(() -> {
                r.compile();
                return null;
            });
        } catch (RuntimeException e) {
            gl.close();
            throw new GlUnavailableException("the GPU tracer's shaders failed to build on " + gl.info().renderer()
                    + ": " + rootMessage(e), e);
        }
        return r;
    }

    private void compile() {
        variants[0] = TracePrograms.compile(traceDefines(false, false));
        traceTimer = GpuTimer.create();
        resolve = ComputeProgram.load("resolve.comp", GeometryImageLayout.glslDefines());
    }

    /**
     * The defines the tracer's programs are compiled with (layout constants, texturing, the
     * traversal variant); kernels that walk the same scene textures, such as the ray benchmark,
     * compile with them too so they measure the walk the renderer uses.
     */
    Map<String, String> traceDefines(boolean textured) {
        return traceDefines(textured, false);
    }

    /** As {@link #traceDefines(boolean)}, with the environment light's code when {@code environment}. */
    Map<String, String> traceDefines(boolean textured, boolean environment) {
        Map<String, String> defines = new LinkedHashMap<>(GeometryImageLayout.glslDefines());
        defines.put("TEXTURED", Boolean.toString(textured));
        defines.put("ENVIRONMENT", environment ? "1" : "0");
        defines.put("ENV_BINDING", Integer.toString(org.drtstudio.accel.EnvironmentMap.BINDING));
        defines.put("STACK_SIZE", Integer.toString(RayStack.CAPACITY));
        defines.put("GLOSSY_SPLIT", Integer.toString(GlossySplit.gpuRays(gl.info().software())));
        defines.put("GLOSSY_SPLIT_WEIGHT", Float.toString(GlossySplit.MIN_WEIGHT));
        defines.put("CHAIN_WEIGHT", Float.toString(GuideSums.CHAIN_WEIGHT));
        defines.put("ROULETTE", org.drtstudio.render.sampling.Roulette.onGpu(gl.info().software()) ? "1" : "0");
        defines.put("ROULETTE_DEPTH", Integer.toString(org.drtstudio.render.sampling.Roulette.FROM_DEPTH));
        defines.put("SLOT_ROULETTE", Integer.toString(org.drtstudio.render.sampling.Roulette.SLOT));
        defines.put("GUIDE_EDGE_ALBEDO", Float.toString(GuideEdges.ALBEDO));
        defines.put("GUIDE_EDGE_NORMAL", Float.toString(GuideEdges.NORMAL));
        defines.put("GUIDE_EDGE_DEPTH", Float.toString(GuideEdges.DEPTH));
        defines.put("PAIRED_PRIMARY", pairedPrimary ? "1" : "0");
        defines.put("BOX_NODES", nodeKind == NodeKind.BOXES ? "1" : "0");
        defines.put("ACCEL_WALK", Integer.toString(SpatialLayout.walkOf(builtFor)));
        defines.putAll(org.drtstudio.accel.voxel.PortalLayout.defines());
        // The frame's kernels keep the box walk's stack in shared memory (traverse_box.glsl says why).
        defines.put("BL_STACK_SHARED", "1");
        defines.put("BL_BUFFERS", boxStorage == BoxStorage.BUFFERS ? "1" : "0");
        defines.putAll(experimentDefines());
        return defines;
    }

    /**
     * Extra defines for measuring shader variants without a rebuild: the system property
     * {@code drt.shaderDefines} as {@code NAME=VALUE,NAME=VALUE} (empty by default; benchmarks only).
     */
    static Map<String, String> experimentDefines() {
        Map<String, String> d = new LinkedHashMap<>();
        for (String pair : System.getProperty("drt.shaderDefines", "").split(",")) {
            int eq = pair.indexOf('=');
            if (eq > 0) d.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return d;
    }

    /** The node bounds the tracer walks. */
    @Override
    public AccelStructure accel() {
        return accel;
    }

    @Override
    public void useAccel(AccelStructure accel) {
        this.accel = java.util.Objects.requireNonNull(accel);
    }

    @Override
    public org.drtstudio.render.sampling.ShadowLights shadowLights() {
        return shadowLights;
    }

    /** A uniform of the next frame: no program is rebuilt. */
    @Override
    public void useShadowLights(org.drtstudio.render.sampling.ShadowLights lights) {
        this.shadowLights = java.util.Objects.requireNonNull(lights);
    }

    /** How the last pass was traced (the wavefront falls back to the kernel where it cannot run); for benchmarks and tests. */
    public FrameSchedule lastFrameSchedule() {
        return lastFrameSchedule;
    }

    /** GPU memory the wavefront passes hold beside the scene and the frame (0 before one ran); for benchmarks. */
    public long wavefrontWorkingBytes() {
        return wavefrontUse.workingBytes;
    }

    /** Slots a pixel's samples were spread over in the last wavefront pass (GlWavefront.partsPerPixel); for benchmarks and tests. */
    public int wavefrontParts() {
        return wavefrontUse.parts;
    }

    /** Tests only: wavefront windows of at most {@code slots} slots, so a tile is traced in several. */
    void limitWavefrontSlots(int slots) {
        wavefrontUse.slotLimit = slots;
    }

    /** Tests only: wavefront runs of at most {@code samples} samples a pixel (0: the default), so a pass is traced in several. */
    void limitWavefrontRunSamples(int samples) {
        wavefrontUse.runLimit = samples;
    }

    /** Runs the last wavefront pass's samples were traced in (GlWavefront.samplesPerRun); for tests. */
    int wavefrontRuns() {
        return wavefrontUse.runs;
    }

    /** Where the walk reads the box layout from on this device; both hold the same floats. */
    public BoxStorage boxStorage() {
        return boxStorage;
    }

    public void useFrameSchedule(FrameSchedule schedule) {
        this.frameSchedule = Objects.requireNonNull(schedule);
    }

    /** On the GL thread: after {@link #useAccel}, drops the programs and scene textures made for the old structure. */
    private void syncAccel() {
        AccelStructure wanted = accel;
        if (wanted == builtFor) return;
        for (int v = 0; v < variants.length; v++) {
            if (variants[v] != null) variants[v].close();
            variants[v] = null;
        }
        if (scene != null) scene.close();
        scene = null;
        builtFor = wanted;
    }

    /** The structure the current programs walk (GL thread). */
    AccelStructure builtAccel() {
        return builtFor;
    }

    public NodeKind nodeKind() {
        return nodeKind;
    }

    /**
     * The trace and first-hit (AOV) programs of one variant, and its wavefront passes (null until a
     * wavefront frame is first traced with it).
     */
    private static final class TracePrograms implements AutoCloseable {
        final ComputeProgram trace, aov;
        private final Map<String, String> defines;
        private GlWavefront wavefront;

        private TracePrograms(ComputeProgram trace, ComputeProgram aov, Map<String, String> defines) {
            this.trace = trace;
            this.aov = aov;
            this.defines = defines;
        }

        static TracePrograms compile(Map<String, String> defines) {
            ComputeProgram trace = ComputeProgram.load("trace.comp", defines);
            try {
                return new TracePrograms(trace, ComputeProgram.load("aov.comp", defines), defines);
            } catch (RuntimeException e) {
                trace.close();
                throw e;
            }
        }

        GlWavefront wavefront() {
            if (wavefront == null) wavefront = GlWavefront.compile(defines);
            return wavefront;
        }

        @Override
        public void close() {
            trace.close();
            aov.close();
            if (wavefront != null) wavefront.close();
        }
    }

    private TracePrograms programsFor(GeometryImage image) {
        int v = variantOf(image);
        if (variants[v] == null) variants[v] = TracePrograms.compile(traceDefines((v & 1) != 0, (v & 2) != 0));
        return variants[v];
    }

    /**
     * Which programs trace {@code image}: bit 0 textured, bit 1 lit by an environment map. Like the
     * textured variant, the environment's code is compiled only where a map is, so scenes without
     * one run today's programs (llvmpipe runs a uniform branch masked, paying for both sides).
     */
    private static int variantOf(GeometryImage image) {
        return (image.textureCount() > 0 ? 1 : 0) | (image.environment() != null ? 2 : 0);
    }

    private GlDenoiser denoiser;

    /** Tests: bytes of the frame's images and arrays read back to the host so far. */
    long readBackBytes() {
        return gl.call(readback::bytesRead);
    }

    /** Tests: what resolves the frame's arrays on the GPU (where the picture fits; turned off, Java does). */
    GlPixelArrays pixelArrays() {
        return pixelArrays;
    }

    /** The GLSL twin of {@link org.drtstudio.render.denoise.NlmDenoiser}, run on this renderer's GL thread. */
    @Override
    public org.drtstudio.render.Denoiser denoiser() {
        return glDenoiser();
    }

    /** The denoiser, made on first use; tests see through it which path a denoised frame took. */
    synchronized GlDenoiser glDenoiser() {
        if (denoiser == null) denoiser = new GlDenoiser(gl, line -> notices.accept(line));
        return denoiser;
    }

    /**
     * Where the user is told of a course changed mid-render (the wavefront frame's memory or the denoiser's
     * not on the GPU); the error stream until set, as a command's other notices.
     */
    private volatile Consumer<String> notices = line -> System.err.println("drt: " + line);

    @Override
    public void noticesTo(Consumer<String> notices) {
        this.notices = Objects.requireNonNull(notices);
    }

    public GlInfo info() {
        return gl.info();
    }

    @Override
    public String description() {
        return "GPU: " + gl.info().describe();
    }

    @Override
    public Frame accumulate(GeometryImage image, TraceParameters p, int firstSample, int sampleCount, Set<Aov> aovs,
                            ProgressListener progress) throws RenderException {
        if (firstSample < 0 || sampleCount < 1) throw new IllegalArgumentException("samples " + firstSample + "+" + sampleCount);
        if (firstSample > 0 && (sums.width != p.width() || sums.height != p.height())) {
            throw new IllegalStateException("no " + p.width() + "x" + p.height() + " accumulation to add samples to; start at sample 0");
        }
        try {
            Frame traced = gl.call(() -> renderOnGlThread(image, p, firstSample, sampleCount, aovs, progress,
                    TileQueue.of(PixelWindow.whole(p.width(), p.height()), tile), null).frame());
            // Filtered already where the pass left the denoiser's inputs on the GPU; here from the arrays read back where it could not.
            return org.drtstudio.render.Denoiser.asAsked(denoiser(), traced, aovs);
        } catch (CompletionException | IllegalStateException | IllegalArgumentException | ShaderCompileException e) {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            if (cause instanceof RenderException re) throw re;
            throw new RenderException(rootMessage(cause), cause);
        } catch (RuntimeException e) {
            if (e.getCause() instanceof RenderException re) throw re;
            throw new RenderException(rootMessage(e), e);
        }
    }

    /**
     * Dispatches only the tiles of {@code window} (the shaders take a pixel's place in the frame from
     * {@code uTileOffset}, so its rays and seeds are the whole frame's) into frame-sized images, and
     * keeps the window's pixels of what is read back.
     */
    @Override
    public Frame renderWindow(GeometryImage image, TraceParameters p, PixelWindow window, Set<Aov> aovs,
                              ProgressListener progress) throws RenderException {
        if (!window.fitsIn(p.width(), p.height())) {
            throw new IllegalArgumentException("window " + window + " does not fit in " + p.width() + "x" + p.height());
        }
        DenoiseInput.refuseInWindow(aovs);
        try {
            Frame whole = gl.call(() -> renderOnGlThread(image, p, 0, p.samplesPerPixel(), aovs, progress, TileQueue.of(window, tile), null).frame());
            return window.crop(whole);
        } catch (CompletionException | IllegalStateException | IllegalArgumentException | ShaderCompileException e) {
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            if (cause instanceof RenderException re) throw re;
            throw new RenderException(rootMessage(cause), cause);
        } catch (RuntimeException e) {
            if (e.getCause() instanceof RenderException re) throw re;
            throw new RenderException(rootMessage(e), e);
        } finally {
            // Pixels outside the window were not traced: no later pass may add samples to them.
            sums.width = 0;
            sums.height = 0;
        }
    }

    /** What a pass traced: the frame-sized result, and the tiles of it this renderer traced (only their pixels are this pass's). */
    record TracedTiles(Frame frame, List<PixelWindow> tiles) {
    }

    /**
     * A pass over the tiles this renderer takes from {@code tiles}, which other renderers (other GPUs)
     * may take from too, into this renderer's frame-sized images; see {@link MultiGpuRenderer}. Samples
     * {@code firstSample > 0} add to the sums of the same tiles started at sample 0. Runs on the GL thread.
     *
     * @param sharedPicture the frame-sized sRGB array the renderers of one pass share (being made), or
     *                      null: where this renderer's tiles are bands of whole rows it reads their rows
     *                      straight into it, and the frame it returns holds that array
     */
    CompletableFuture<TracedTiles> accumulateTiles(GeometryImage image, TraceParameters p, int firstSample, int sampleCount,
                                                   Set<Aov> aovs, TileQueue tiles, CompletableFuture<byte[]> sharedPicture,
                                                   ProgressListener progress) {
        if (firstSample < 0 || sampleCount < 1) throw new IllegalArgumentException("samples " + firstSample + "+" + sampleCount);
        return gl.submit(() -> {
            if (firstSample > 0 && (sums.width != p.width() || sums.height != p.height())) {
                throw new IllegalStateException("no " + p.width() + "x" + p.height() + " accumulation to add samples to; start at sample 0");
            }
            return renderOnGlThread(image, p, firstSample, sampleCount, aovs, progress, tiles, sharedPicture);
        });
    }

    /**
     * The running sum's radiance sums (RGBA32F: r, g, b and the sum of squared luminances) and sample
     * states, read back for a convergence test made on the CPU over several GPUs' tiles.
     */
    CompletableFuture<float[][]> readSums() {
        return gl.submit(() -> {
            if (sums.accumulation == null || sums.width == 0) throw new IllegalStateException("no accumulation to read; render a pass first");
            FrameReadback.Rows all = FrameReadback.Rows.all(sums.height);
            return new float[][]{readback.floats(sums.accumulation, 4, all), readback.floats(sums.sampleState, 1, all)};
        });
    }

    /**
     * Takes a convergence test's result made elsewhere ({@link org.drtstudio.render.adaptive.ConvergenceMask}, the
     * twin of {@code converge.comp}): the frame's sample states, and the pixels (y × width + x) this
     * renderer is to trace in the next passes.
     */
    CompletableFuture<Void> applyConvergence(float[] states, int[] active) {
        return gl.submit(() -> {
            Texture2D sampleState = sums.sampleState;
            if (sums.accumulation == null || states.length != sums.accumulation.width() * sums.accumulation.height()) {
                throw new IllegalStateException("sample states do not match the running sum");
            }
            sampleState.write(0, 0, sampleState.width(), sampleState.height(), states);
            if (active.length > 0) {
                ByteBuffer list = ByteBuffer.allocateDirect(4 * active.length).order(ByteOrder.nativeOrder());
                list.asIntBuffer().put(active);
                sums.activeList.write(0, list);
            }
            GlSync.imageAndStorageBarrier();
            sums.activeCount = active.length;
            return null;
        });
    }


    /**
     * One pass on the GL thread, in stages: upload the scene, ready the running sums, trace the
     * tiles ({@link #traceTiles}), the first-hit AOVs ({@link #firstHitAovs}, with the guide pass
     * where needed), resolve the sums to the display image, and read the results back.
     */
    private TracedTiles renderOnGlThread(GeometryImage image, TraceParameters p, int firstSample, int sampleCount,
                                         Set<Aov> asked, ProgressListener progress, TileQueue tiles,
                                         CompletableFuture<byte[]> sharedPicture) throws RenderException {
        int w = p.width(), h = p.height();
        if (w > gl.info().maxTextureSize() || h > gl.info().maxTextureSize()) {
            throw new RenderException("image " + w + "x" + h + " exceeds GL_MAX_TEXTURE_SIZE = " + gl.info().maxTextureSize()
                    + " of " + gl.info().renderer());
        }
        Set<Aov> aovs = DenoiseInput.inputsFor(asked);
        // A whole frame to denoise whose arrays are made on the GPU is filtered there: only what was asked for comes back.
        boolean denoiseHere = asked.contains(Aov.DENOISED) && sharedPicture == null && pixelArrays.fits(w, gl.info());
        try (DenoiserImages kept = denoiseHere ? new DenoiserImages(w, h) : null) {
            return renderOnGlThread(image, p, firstSample, sampleCount, aovs, new Handover(denoiseHere ? asked : aovs, kept),
                    progress, tiles, sharedPicture);
        }
    }

    /**
     * What a pass hands back: the arrays {@code read} to the host, and where {@code kept} is not null the
     * denoiser's inputs left in it on the GPU, filtered there into the frame's {@link Frame#denoised}.
     */
    private record Handover(Set<Aov> read, DenoiserImages kept) {
    }

    private TracedTiles renderOnGlThread(GeometryImage image, TraceParameters p, int firstSample, int sampleCount,
                                         Set<Aov> aovs, Handover handover, ProgressListener progress, TileQueue tiles,
                                         CompletableFuture<byte[]> sharedPicture) throws RenderException {
        int w = p.width(), h = p.height();
        StageClock clock = new StageClock();
        CompletableFuture<byte[]> picture = sharedPicture != null ? sharedPicture : FrameArrays.rgba8(w, h);
        long uploaded = uploadScene(image);
        clock.lap("upload");
        sums.begin(w, h, firstSample, aovs);
        boolean guidesSummed = sums.guidesSummed();
        int totalSamples = firstSample + sampleCount;
        TracePrograms programs = programsFor(image);
        Texture2D display = targets.display(w, h);
        ShaderStorageBuffer diagnostics = targets.errorCounter();
        clock.lap("images");
        GlWavefront wavefront = bindFrame(programs, image, p, firstSample, sampleCount, diagnostics);
        // After a convergence test (whole frames only) the listed pixels are traced instead, laid out w wide.
        boolean listed = sums.activeCount >= 0;
        TileQueue traceTiles = !listed ? tiles
                : sums.activeCount == 0 ? TileQueue.empty() : TileQueue.of(PixelWindow.whole(w, (sums.activeCount + w - 1) / w), tile);
        boolean wantsFirstHit = aovs.stream().anyMatch(Aov::fromFirstHit);
        // The guide pass tops the summed guides up to the GPU's budget of camera samples (GuideBudget) on the
        // pixels on guide edges, where a pixel has fewer; without the trace passes' sums it traces
        // guideSamples(spp) of every pixel.
        int guideEnd = GuideEdges.guideEnd(GuideBudget.EQUAL_SAMPLES, p.samplesPerPixel(), guidesSummed);
        boolean guidePass = wantsFirstHit && (!guidesSummed || listed || totalSamples < guideEnd);
        // Progress counts the queue's tiles, whoever takes them: several renderers' fractions add up to the pass's.
        TileProgress tileProgress = new TileProgress(progress, traceTiles.size() + (guidePass ? tiles.size() : 0));
        clock.lap("bind");
        if (wavefront != null) wavefront.checks().reset();
        List<PixelWindow> taken = traceTiles(programs.trace, wavefront, image, w * h, firstSample, sampleCount, traceTiles, tileProgress);
        clock.lap("trace");
        if (wavefront != null) {
            clock.note("trace checks", wavefront.checks().checks());
            clock.note("trace check waits", wavefront.checks().waitMillis());
            clock.note("trace GPU", lastPass.traceGpuMillis);
        }
        // The image's tiles this pass covers: those taken, or every tile of the frame when the list was traced.
        List<PixelWindow> covered = listed ? tiles.all() : taken;
        // Only the rows of this renderer's tiles are read back: on several GPUs each reads its own band.
        FrameReadback.Rows rows = FrameReadback.Rows.of(covered);
        GlSync.imageBarrier();
        boolean splits = guidesSummed && (wantsFirstHit || aovs.contains(Aov.DIFFUSE));
        PassArrays arrays = passArrays(w, aovs, handover, splits, wantsFirstHit, totalSamples, rows);
        GlPixelArrays.Means means = arrays.means();
        float[] counts = means != null ? means.counts() : null;
        DiffuseSplit split = arrays.split();
        if (wantsFirstHit) clock.note("read: sums and split", clock.sinceLap());
        lastPass.guidePassMillis = 0;
        FirstHitAovs guides = !wantsFirstHit ? FirstHitAovs.NONE : firstHitAovs(programs.aov, image, p, handover, counts,
                rows, guidePass ? covered : null, guideEnd, tileProgress, arrays.onGpu());
        if (wantsFirstHit) clock.note("read: guide pass", lastPass.guidePassMillis); // its dispatches, to the GPU's end
        // A shared picture takes each band's rows (the renderers sharing it write disjoint rows), an own one the rows read.
        List<FrameReadback.Rows> into = sharedPicture != null ? FrameReadback.Rows.bandsOf(covered, w) : List.of(rows);
        clock.lap("read");
        byte[] srgb = resolveDisplay(display, w, h, totalSamples, rows, picture, into);
        clock.lap("resolve");
        Set<Aov> read = handover.read();
        float[] radiance = read.contains(Aov.RADIANCE) ? means.radiance() : null;
        float[] variance = read.contains(Aov.VARIANCE) ? means.variance() : null;
        float[] samples = read.contains(Aov.SAMPLES) ? counts : null;
        float[] denoised = handover.kept() != null ? glDenoiser().denoiseOnGlThread(handover.kept()) : null;
        if (denoised != null) clock.lap("denoise");
        TracedTiles traced = new TracedTiles(new Frame(w, h, srgb, radiance, guides.depth(), guides.normals(), guides.albedo(), variance,
                samples, split, errorCount(diagnostics), uploaded, denoised), covered);
        clock.lap("frame");
        lastStages = clock;
        return traced;
    }

    /** Tiles done of a pass's tiles to trace and guide: the fraction reported as each one finishes. */
    private static final class TileProgress {
        private final ProgressListener listener;
        private final int total;
        private int done;

        TileProgress(ProgressListener listener, int tiles) {
            this.listener = listener;
            this.total = Math.max(1, tiles);
        }

        void tileDone() {
            listener.progress((double) ++done / total);
        }
    }

    /**
     * Sets the frame's uniforms on every tracing pass and binds the scene, the running sums and the
     * error counter; returns the wavefront that traces this frame, or null for the frame kernel.
     */
    private GlWavefront bindFrame(TracePrograms programs, GeometryImage image, TraceParameters p, int firstSample,
                                  int sampleCount, ShaderStorageBuffer diagnostics) {
        // Paired camera rays exist only in the frame kernel, and so do scenes of more lights than a slot holds shadow rays.
        GlWavefront wavefront = frameSchedule.wavefrontFor(sampleCount) && !pairedPrimary
                && image.lightCount() <= GlWavefront.MAX_LIGHTS ? programs.wavefront() : null;
        if (wavefront != null) wavefront.limitSlots(wavefrontUse.slotLimit);
        // The kernel's too where the wavefront runs: it takes over when the GPU lacks the wavefront's memory.
        List<ComputeProgram> passes = new ArrayList<>(List.of(programs.trace));
        if (wavefront != null) passes.addAll(wavefront.programs());
        for (ComputeProgram pass : passes) {
            setFramePassUniforms(pass, image, p, firstSample, sampleCount, sums.guidesSummed());
        }
        // Creating a texture rebinds texture unit 0, so the scene is bound after the frame's images.
        scene.bind();
        sums.bindForTrace();
        diagnostics.bindBase(ShaderBinding.DIAGNOSTICS);
        return wavefront;
    }

    /**
     * Traces the tiles taken from {@code queue} one dispatch (or one wavefront) each, timed; returns
     * them. A wavefront that runs out of GPU memory hands its tile and the frames after it to the
     * kernel. {@code framePixels}: the whole frame's, whichever tiles this device takes, on which the
     * wavefront counts its slots a pixel (so a pixel sums alike on one GPU and on several).
     */
    private List<PixelWindow> traceTiles(ComputeProgram trace, GlWavefront wavefront, GeometryImage image, int framePixels,
                                         int firstSample, int passSamples, TileQueue queue, TileProgress progress) {
        List<PixelWindow> taken = new ArrayList<>();
        long traceNanos = 0;
        for (PixelWindow t = queue.take(); t != null; t = queue.take()) {
            traceTimer.begin();
            // Ended whatever the tile throws: a timer left running would fail this renderer's next pass at begin().
            try {
                if (wavefront != null) {
                    try {
                        wavefrontUse.runs = wavefront.trace(t, framePixels, GlWavefront.shadowRays(image), firstSample, passSamples,
                                wavefrontUse.runLimit);
                    } catch (GpuMemoryException e) {
                        // Nothing of the tile was traced: the kernel traces it, and this renderer's frames from now on.
                        notices.accept(e.getMessage() + " for the wavefront frame's working memory; "
                                + "tracing frames with the frame kernel");
                        frameSchedule = FrameSchedule.KERNEL;
                        wavefront = null;
                    }
                }
                if (wavefront == null) traceKernelTile(trace, t, firstSample, passSamples);
            } finally {
                traceTimer.end();
            }
            // Done before the next tile is taken: GPUs sharing a queue take tiles as they finish them.
            GlSync.finish();
            traceNanos += traceTimer.elapsedNanos();
            taken.add(t);
            progress.tileDone();
        }
        lastPass.traceGpuMillis = traceNanos / 1e6;
        lastFrameSchedule = wavefront != null ? FrameSchedule.WAVEFRONT : FrameSchedule.KERNEL;
        if (wavefront != null) {
            wavefrontUse.workingBytes = wavefront.workingBytes();
            wavefrontUse.parts = wavefront.lastParts();
        }
        return taken;
    }

    /**
     * The frame kernel over one tile: the pass's samples in one dispatch, or on software GL in chunks
     * of {@link #SOFTWARE_KERNEL_CHUNK}, each adding to the sums of the one before.
     */
    private void traceKernelTile(ComputeProgram trace, PixelWindow t, int firstSample, int passSamples) {
        trace.setIVec2("uTileOffset", t.x(), t.y());
        int chunk = gl.info().software() ? SOFTWARE_KERNEL_CHUNK : passSamples;
        for (int from = 0; from < passSamples; from += chunk) {
            if (chunk < passSamples) {
                if (from > 0) GlSync.imageAndStorageBarrier();
                trace.setInt("uSampleStart", firstSample + from);
                trace.setInt("uSampleCount", Math.min(chunk, passSamples - from));
            }
            trace.dispatchCovering(t.width(), t.height());
        }
        if (chunk < passSamples) {
            trace.setInt("uSampleStart", firstSample);
            trace.setInt("uSampleCount", passSamples);
        }
    }

    /**
     * A pass's sums resolved into the frame's arrays: sample counts, radiance and variance ({@code means},
     * null when nothing asks for them) and the denoiser's split; on the GPU ({@link GlPixelArrays}), or
     * in Java from the sums read back once (a 1080p RGBA32F image is 33 MB) where the picture is too
     * wide for that.
     */
    private record PassArrays(GlPixelArrays.Means means, DiffuseSplit split, boolean onGpu) {
    }

    private PassArrays passArrays(int w, Set<Aov> aovs, Handover handover, boolean splits, boolean wantsFirstHit, int totalSamples,
                                  FrameReadback.Rows rows) {
        boolean readSums = splits || aovs.contains(Aov.RADIANCE) || aovs.contains(Aov.VARIANCE);
        boolean wanted = readSums || wantsFirstHit || aovs.contains(Aov.SAMPLES);
        if (pixelArrays.fits(w, gl.info())) {
            Set<Aov> read = handover.read();
            // The split comes back for its own AOV or for a denoiser on the host; one on the GPU finds it there.
            boolean readSplit = read.contains(Aov.DIFFUSE) || handover.kept() == null;
            return new PassArrays(wanted ? pixelArrays.means(sums.accumulation, sums.sampleState, totalSamples, rows,
                    read.contains(Aov.RADIANCE), read.contains(Aov.VARIANCE), handover.kept()) : null,
                    splits ? pixelArrays.split(sums.accumulation, sums.sampleState, sums.guideAlbedoHits, sums.diffuseSums,
                            sums.otherSquares, rows, readSplit, handover.kept()) : null, true);
        }
        float[] rgba = readSums ? readback.floats(sums.accumulation, 4, rows) : null;
        GlPixelArrays.Means means = wanted ? meansInJava(rgba, readback.floats(sums.sampleState, 1, rows), aovs, totalSamples) : null;
        if (!splits) return new PassArrays(means, null, false);
        // The trace passes' own albedo sums (a guide pass's totals are apart): the split divides by the albedo of the radiance's own samples.
        DiffuseSplit split = DiffuseSplit.resolve(rgba, 4, readback.floats(sums.diffuseSums, 4, rows),
                readback.floats(sums.otherSquares, 1, rows), readback.floats(sums.guideAlbedoHits, 4, rows), means.counts());
        return new PassArrays(means, split, false);
    }

    /** A pass's depth, normal and albedo AOVs, each null when not asked for. */
    private record FirstHitAovs(float[] depth, float[] normals, float[] albedo) {
        static final FirstHitAovs NONE = new FirstHitAovs(null, null, null);
    }

    /**
     * The first-hit AOVs asked for, from the guide sums: the trace passes' or, with a guide pass over
     * {@code guideTiles} (null: none; each pixel's guides then average its own samples, {@code counts}),
     * the totals it leaves; resolved on the GPU ({@code onGpu}) or in Java from the sums read back.
     */
    private FirstHitAovs firstHitAovs(ComputeProgram aov, GeometryImage image, TraceParameters p, Handover handover,
                                      float[] counts, FrameReadback.Rows rows, List<PixelWindow> guideTiles,
                                      int guideEnd, TileProgress progress, boolean onGpu) {
        // In Java (pictures too wide for GlPixelArrays) the sums are read back here, the trace passes' albedo sums a second
        // time when the split read them: a rare case kept simple.
        Set<Aov> aovs = handover.read();
        GuideResolve resolve = onGpu ? (a, n, c) -> guidesOnGpu(a, n, c, handover, rows)
                : (a, n, c) -> guidesInJava(readback.floats(a, 4, rows), readback.floats(n, 4, rows),
                        ConvergenceMask.sampleCounts(readback.floats(c, 1, rows), p.width() * p.height()), aovs);
        if (guideTiles != null) return guidePass(aov, image, p, guideTiles, guideEnd, progress, resolve);
        if (sums.guidesSummed()) return resolve.of(sums.guideAlbedoHits, sums.guideNormalDepth, sums.sampleState);
        int n = p.width() * p.height();
        return guidesInJava(new float[GuideSums.FLOATS * n], new float[GuideSums.FLOATS * n], counts, aovs);
    }

    /**
     * Guide sums (albedo and hits; normal and depth) in images, and the camera samples each pixel's
     * sums hold (an R32F image: the sample state, negated once converged, or the guide pass's counts)
     * resolved into the first-hit AOVs.
     */
    private interface GuideResolve {
        FirstHitAovs of(Texture2D albedoHits, Texture2D normalDepth, Texture2D counts);
    }

    private FirstHitAovs guidesOnGpu(Texture2D albedoHits, Texture2D normalDepth, Texture2D counts, Handover handover,
                                     FrameReadback.Rows rows) {
        Set<Aov> read = handover.read();
        GlPixelArrays.Guides g = pixelArrays.guides(albedoHits, normalDepth, counts, rows, read.contains(Aov.DEPTH),
                read.contains(Aov.NORMAL), read.contains(Aov.ALBEDO), handover.kept());
        return new FirstHitAovs(g.depth(), g.normals(), g.albedo());
    }

    private static FirstHitAovs guidesInJava(float[] albedoHits, float[] normalDepth, float[] counts, Set<Aov> aovs) {
        int n = counts.length;
        float[] depth = aovs.contains(Aov.DEPTH) ? new float[n] : null;
        float[] normals = aovs.contains(Aov.NORMAL) ? new float[3 * n] : null;
        float[] albedo = aovs.contains(Aov.ALBEDO) ? new float[3 * n] : null;
        GuideSums.resolve(albedoHits, normalDepth, counts, depth, normals, albedo);
        return new FirstHitAovs(depth, normals, albedo);
    }

    /**
     * The guide pass ({@code aov.comp}) over {@code tiles}: each pixel's further camera samples up to
     * guideEnd, summed on the GPU onto the trace passes' guide sums (when they summed them), the
     * totals resolved by {@code resolve}. Adding them on the host instead read the trace passes'
     * normal sums back as well and made two more passes over 66 MB at 1080p.
     */
    private FirstHitAovs guidePass(ComputeProgram aov, GeometryImage image, TraceParameters p, List<PixelWindow> tiles,
                                   int guideEnd, TileProgress progress, GuideResolve resolve) {
        int w = p.width(), h = p.height();
        boolean guidesSummed = sums.guidesSummed();
        try (Texture2D totalAlbedoHits = Texture2D.create(TextureFormat.RGBA32F, w, h);
             Texture2D totalNormalDepth = Texture2D.create(TextureFormat.RGBA32F, w, h);
             Texture2D passCounts = Texture2D.create(TextureFormat.R32F, w, h)) {
            setGuidePassUniforms(aov, image, p, guideEnd);
            scene.bind();
            sums.sampleState.bindImage(ShaderBinding.SAMPLE_STATE, ImageAccess.READ_ONLY);
            passCounts.bindImage(ShaderBinding.GUIDE_COUNTS, ImageAccess.READ_WRITE);
            totalAlbedoHits.bindImage(ShaderBinding.TOTAL_ALBEDO_HITS, ImageAccess.READ_WRITE);
            totalNormalDepth.bindImage(ShaderBinding.TOTAL_NORMAL_DEPTH, ImageAccess.READ_WRITE);
            if (guidesSummed) {
                sums.guideAlbedoHits.bindImage(ShaderBinding.OWN_ALBEDO_HITS, ImageAccess.READ_ONLY);
                sums.guideNormalDepth.bindImage(ShaderBinding.OWN_NORMAL_DEPTH, ImageAccess.READ_ONLY);
            }
            aov.setInt("uChunkSamples", GUIDE_CHUNK);
            // Dispatch 0 probes; 1 … n trace GUIDE_CHUNK samples each, enough for a pixel that has none.
            int dispatches = 1 + (guideEnd + GUIDE_CHUNK - 1) / GUIDE_CHUNK;
            long start = System.nanoTime();
            for (PixelWindow t : tiles) {
                aov.setIVec2("uTileOffset", t.x(), t.y());
                for (int chunk = 0; chunk < dispatches; chunk++) {
                    aov.setInt("uChunk", chunk);
                    aov.dispatchCovering(t.width(), t.height());
                    GlSync.imageBarrier();
                }
                GlSync.finish();
                progress.tileDone();
            }
            lastPass.guidePassMillis = (System.nanoTime() - start) / 1e6;
            GlSync.imageBarrier();
            return resolve.of(totalAlbedoHits, totalNormalDepth, passCounts);
        }
    }

    /** The guide pass's uniforms: the guide chain follows mirrors and glass as the shading does (guide.glsl). */
    private void setGuidePassUniforms(ComputeProgram aov, GeometryImage image, TraceParameters p, int guideEnd) {
        boolean guidesSummed = sums.guidesSummed();
        setCommonUniforms(aov, image, p);
        aov.setFloat("uRayEpsilon", p.rayEpsilon());
        aov.setFloat("uThroughputCutoff", p.throughputCutoff());
        aov.setFloat("uRouletteWeight", p.rouletteWeight());
        aov.setInt("uMaxDepth", p.maxDepth());
        aov.setInt("uGuideEnd", guideEnd);
        aov.setInt("uFromSampleState", guidesSummed ? 1 : 0);
        aov.setInt("uEdgesOnly", guidesSummed ? 1 : 0);
        aov.setInt("uSamplesPerPixel", p.samplesPerPixel());
        aov.setInt("uFilter", p.filter().shaderCode());
        aov.setUInt("uSeed", p.seed());
        aov.setInt("uCameraMotion", p.motion() ? 1 : 0);
    }

    /**
     * The running sum's mean, tone-mapped to sRGB by {@code resolve.comp} into {@code display}, read back:
     * rows {@code into} into {@code picture} (made while the GPU traced, see {@link FrameArrays}), or,
     * where {@code into} is null or the GL cannot map the read-back memory, {@code rows} into a new array.
     */
    private byte[] resolveDisplay(Texture2D display, int w, int h, int totalSamples, FrameReadback.Rows rows,
                                  CompletableFuture<byte[]> picture, List<FrameReadback.Rows> into) {
        resolve.setIVec2("uImageSize", w, h);
        resolve.setFloat("uSampleCount", totalSamples);
        resolve.setFloat("uInverseSampleCount", 1f / totalSamples);
        sums.accumulation.bindImage(ShaderBinding.ACCUMULATION, ImageAccess.READ_ONLY);
        display.bindImage(ShaderBinding.DISPLAY, ImageAccess.WRITE_ONLY);
        sums.sampleState.bindImage(ShaderBinding.RESOLVE_SAMPLE_STATE, ImageAccess.READ_ONLY);
        resolve.dispatchCovering(w, h);
        if (into != null) {
            byte[] dest = picture.join();
            if (readback.bytesInto(display, into, dest)) return dest;
        }
        return readback.bytes(display, rows);
    }

    /** The Java twin of {@link GlPixelArrays#means}: counts from the sample state, radiance and variance as asked, from the read-back sums. */
    private static GlPixelArrays.Means meansInJava(float[] rgba, float[] sampleState, Set<Aov> aovs, int totalSamples) {
        int pixels = sampleState.length;
        float[] counts = ConvergenceMask.sampleCounts(sampleState, pixels);
        return new GlPixelArrays.Means(counts, aovs.contains(Aov.RADIANCE) ? radianceOf(rgba, counts, pixels, totalSamples) : null,
                aovs.contains(Aov.VARIANCE) ? varianceOf(rgba, counts, pixels) : null);
    }

    /** Each pixel's mean radiance, rgb, from the read-back sums (RGBA: rgb and the squared luminances) and sample counts. */
    static float[] radianceOf(float[] rgba, float[] counts, int pixels, int totalSamples) {
        float[] radiance = new float[3 * pixels];
        float inv = 1f / totalSamples;
        ParallelRanges.forEach(pixels, (from, to) -> {
            for (int i = from; i < to; i++) {
                float pixelInv = counts[i] == totalSamples ? inv : 1f / counts[i];
                radiance[3 * i] = rgba[4 * i] * pixelInv;
                radiance[3 * i + 1] = rgba[4 * i + 1] * pixelInv;
                radiance[3 * i + 2] = rgba[4 * i + 2] * pixelInv;
            }
        });
        return radiance;
    }

    /** Each pixel's variance of the mean luminance, from the read-back sums and sample counts. */
    static float[] varianceOf(float[] rgba, float[] counts, int pixels) {
        float[] variance = new float[pixels];
        ParallelRanges.forEach(pixels, (from, to) -> {
            for (int i = from; i < to; i++) {
                variance[i] = Frame.meanVariance(Frame.luminance(rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]),
                        rgba[4 * i + 3], (int) counts[i]);
            }
        });
        return variance;
    }

    /** Traversals of the pass that overflowed their bounds, as the shaders counted them. */
    private static long errorCount(ShaderStorageBuffer diagnostics) {
        ByteBuffer count = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder());
        diagnostics.read(0, count);
        return Integer.toUnsignedLong(count.getInt(0));
    }

    @Override
    public int converge(AdaptiveSampling adaptive) throws RenderException {
        if (sums.width == 0) throw new IllegalStateException("no accumulation to converge; render a pass first");
        try {
            return gl.call(() -> {
                if (converge == null) converge = ComputeProgram.load("converge.comp", Map.of());
                sums.activeCount = runConverge(converge, sums.accumulation, sums.sampleState, sums.activeList, adaptive);
                return sums.activeCount;
            });
        } catch (RuntimeException e) {
            throw new RenderException("GPU convergence test failed: " + rootMessage(e), e);
        }
    }

    /**
     * Runs {@code converge.comp} over an accumulation image and its sample states (updated in
     * place), listing the pixels still active in {@code list} (4 bytes per pixel); returns how many
     * there are. Call on the GL thread.
     */
    static int runConverge(ComputeProgram program, Texture2D accumulation, Texture2D sampleState, ShaderStorageBuffer list,
                           AdaptiveSampling adaptive) {
        int w = sampleState.width(), h = sampleState.height();
        try (ShaderStorageBuffer active = ShaderStorageBuffer.create(4)) {
            program.setIVec2("uImageSize", w, h);
            program.setFloat("uThresholdSquared", adaptive.threshold() * adaptive.threshold());
            program.setFloat("uMinSamples", adaptive.minSamples());
            program.setFloat("uLuminanceFloor", AdaptiveSampling.LUMINANCE_FLOOR);
            accumulation.bindImage(ShaderBinding.ACCUMULATION, ImageAccess.READ_ONLY);
            sampleState.bindImage(ShaderBinding.SAMPLE_STATE, ImageAccess.READ_WRITE);
            active.bindBase(ShaderBinding.ACTIVE_PIXELS);
            list.bindBase(ShaderBinding.ACTIVE_LIST);
            program.dispatchCovering(w, h);
            GlSync.imageAndStorageBarrier();
            ByteBuffer count = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder());
            active.read(0, count);
            return count.getInt(0);
        }
    }

    /**
     * GPU time (GL timer queries) of the tracing dispatches of the last frame or pass rendered: the
     * frame's work on the device, without upload, resolve and readback. 0 where the driver's timer
     * queries do not time compute work (Mesa llvmpipe).
     */
    public double lastTraceGpuMillis() {
        return lastPass.traceGpuMillis;
    }

    /**
     * Wall milliseconds of the last pass's stages on the GL thread: upload (the scene, when new),
     * images (the running sums, programs and display image readied; a variant's programs compiled on
     * its first pass), bind (every pass's uniforms; the wavefront's programs compiled on their first
     * frame), trace, read (sums and first-hit AOVs read back), resolve (the display image made and
     * read back), frame (the frame's arrays put together). For benchmarks.
     */
    public Map<String, Double> lastStageMillis() {
        return lastStages.millis();
    }

    /**
     * {@link #lastStageMillis} followed by what the pass noted beside them: the wavefront's checks of
     * its lists, the host's wall time waiting on them and the trace's GPU time; with the denoiser's guides,
     * the parts of the read stage (the sums read and split; the guide pass's dispatches). For benchmarks.
     */
    public Map<String, Double> lastStageReport() {
        Map<String, Double> report = new LinkedHashMap<>(lastStages.millis());
        report.putAll(lastStages.notes());
        return report;
    }

    /** When the last pass began on the GL thread ({@link System#nanoTime}); 0-based offsets are the caller's. */
    long lastPassStartNanos() {
        return lastStages.startNanos();
    }

    private volatile Upload lastUpload = Upload.NONE;

    @Override
    public Upload lastUpload() {
        return lastUpload;
    }

    GlThread glThread() {
        return gl;
    }

    /** The scene's textures, brought up to date with {@code image}; call on the GL thread. */
    GeometryImageTextures sceneTextures(GeometryImage image) throws org.drtstudio.render.RenderException {
        uploadScene(image);
        scene.update(image); // the experiments' programs may walk the sphere tree whatever this renderer walks
        return scene;
    }

    /** Brings the scene's textures up to date with {@code image} (GL thread); returns the bytes uploaded. */
    private long uploadScene(GeometryImage image) throws org.drtstudio.render.RenderException {
        syncAccel();
        if (scene == null) scene = newSceneTextures();
        long u0 = System.nanoTime();
        long uploaded = scene.update(image, pairedPrimary || scene.walksSphereNodes());
        if (uploaded > 0) {
            GlSync.finish(); // the trace waits for the data anyway; this makes the time the upload's own
            lastUpload = new Upload(uploaded, (System.nanoTime() - u0) / 1e6);
        }
        return uploaded;
    }

    /** The uniforms of a pass that adds samples to the frame: the frame kernel, or each wavefront pass. */
    private void setFramePassUniforms(ComputeProgram program, GeometryImage image, TraceParameters p, int firstSample,
                                      int sampleCount, boolean guidesSummed) {
        setCommonUniforms(program, image, p);
        // The frame's set, offered to every pass (the kernel, each wavefront pass): each takes what it declares.
        Uniforms pass = program.declaredOnly();
        pass.setInt("uSampleStart", firstSample);
        pass.setInt("uSampleCount", sampleCount);
        pass.setInt("uSamplesPerPixel", p.samplesPerPixel());
        pass.setUInt("uSeed", p.seed());
        pass.setInt("uFilter", p.filter().shaderCode());
        pass.setInt("uCameraMotion", p.motion() ? 1 : 0);
        pass.setVec3("uBackground", p.background()[0], p.background()[1], p.background()[2]);
        pass.setVec3("uAmbientLight", p.ambientLight()[0], p.ambientLight()[1], p.ambientLight()[2]);
        pass.setVec3("uAttenuation", p.attenuation()[0], p.attenuation()[1], p.attenuation()[2]);
        pass.setInt("uNearestLightShadows", shadowLights == org.drtstudio.render.sampling.ShadowLights.NEAREST ? 1 : 0);
        pass.setFloat("uRayEpsilon", p.rayEpsilon());
        pass.setFloat("uThroughputCutoff", p.throughputCutoff());
        pass.setFloat("uRouletteWeight", p.rouletteWeight());
        pass.setInt("uMaxDepth", p.maxDepth());
        pass.setInt("uActiveCount", sums.activeCount);
        pass.setInt("uGuides", guidesSummed ? 1 : 0);
    }

    /** The uniforms of {@code shaders/environment.glsl}: where the tables lie in the map's buffer, its turn and strength. */
    private static void setEnvironmentUniforms(Uniforms program, org.drtstudio.accel.EnvironmentMap map) {
        if (map == null) return;
        program.setIVec2("uEnvSize", map.width(), map.height());
        program.setInt("uEnvMarginal", map.marginalOffset());
        program.setInt("uEnvConditional", map.conditionalOffset());
        program.setInt("uEnvStride", map.rowStride());
        program.setVec2("uEnvYaw", map.cosYaw(), map.sinYaw());
        program.setFloat("uEnvStrength", map.strength());
    }

    /** The ground plane's uniforms of {@code shaders/traverse.glsl}, from the image's ground record (null: none). */
    private static void setGroundUniforms(Uniforms program, float[] ground) {
        program.setInt("uGroundPlane", ground != null ? 1 : 0);
        if (ground == null) return;
        setVec3(program, "uGroundOrigin", ground, GeometryImageLayout.GroundField.ORIGIN);
        setVec3(program, "uGroundEdgeU", ground, GeometryImageLayout.GroundField.EDGE_U);
        setVec3(program, "uGroundEdgeV", ground, GeometryImageLayout.GroundField.EDGE_V);
        program.setIVec2("uGroundIds", Float.floatToRawIntBits(ground[GeometryImageLayout.GroundField.PRIMITIVE]),
                Float.floatToRawIntBits(ground[GeometryImageLayout.GroundField.INSTANCE]));
    }

    private static void setVec3(Uniforms program, String uniform, float[] record, int field) {
        program.setVec3(uniform, record[field], record[field + 1], record[field + 2]);
    }

    static void setCommonUniforms(ComputeProgram shader, GeometryImage image, TraceParameters p) {
        // The scene's and the camera's, offered to every program that traces: each takes what it declares.
        Uniforms program = shader.declaredOnly();
        // The box walk may visit two more nodes per instance than the sphere walk: a shape whose root
        // is a leaf gets an inner node above it with an empty second child (BoxLayout).
        program.setInt("uStepBound", (int) Math.min(Integer.MAX_VALUE, image.stepBound() + 2L * image.instanceCount()));
        program.setInt("uLightCount", image.lightCount());
        setGroundUniforms(program, image.ground());
        setEnvironmentUniforms(program, image.environment());
        program.setInt("uMotion", image.motion() ? 1 : 0);
        program.setInt("uShapeNodeCount", image.nodeCount()); // the octant-ordered walk's (traverse_octant.glsl)
        setCamera(program, "", p.open());
        setCamera(program, "Close", p.close());
        program.setInt("uLens", p.open().hasLens() || p.close().hasLens() ? 1 : 0);
        program.setInt("uLensLight", org.drtstudio.render.sampling.LensLight.of(image, p));
        program.setIVec2("uImageSize", p.width(), p.height());
    }

    private static void setCamera(Uniforms program, String suffix, CameraBasis c) {
        program.setVec3("uEye" + suffix, c.eye()[0], c.eye()[1], c.eye()[2]);
        program.setVec3("uForward" + suffix, c.forward()[0], c.forward()[1], c.forward()[2]);
        program.setVec3("uRight" + suffix, c.right()[0], c.right()[1], c.right()[2]);
        program.setVec3("uUp" + suffix, c.up()[0], c.up()[1], c.up()[2]);
        program.setVec3("uLensRight" + suffix, c.lensRight()[0], c.lensRight()[1], c.lensRight()[2]);
        program.setVec3("uLensUp" + suffix, c.lensUp()[0], c.lensUp()[1], c.lensUp()[2]);
        program.setFloat("uFocusDistance" + suffix, c.focusDistance());
    }

    private static float[] rgb(float[] rgba) {
        float[] out = new float[rgba.length / 4 * 3];
        for (int i = 0; i < rgba.length / 4; i++) {
            out[3 * i] = rgba[4 * i];
            out[3 * i + 1] = rgba[4 * i + 1];
            out[3 * i + 2] = rgba[4 * i + 2];
        }
        return out;
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }

    private GeometryImageTextures newSceneTextures() {
        return new GeometryImageTextures(gl.info(), nodeKind, builtFor, boxStorage);
    }

    /**
     * Where textures are written by shader (a GPU: {@link StagedUpload#texelsByShader}; a software GL's
     * upload is a memory copy, and its warm-up would take the cores the load is using): the scene's
     * textures made before their first image, with the staging buffer its large arrays will go through
     * made and warmed up ({@link GeometryImageTextures#prepareStaging}).
     */
    @Override
    public void prepareLargeUploads() {
        gl.run(this::prepareUploadsOnGl);
    }

    /** {@link #prepareLargeUploads} queued on the GL thread, for several devices at once ({@link MultiGpuRenderer}). */
    CompletableFuture<Void> prepareLargeUploadsLater() {
        return gl.submit(() -> {
            prepareUploadsOnGl();
            return null;
        });
    }

    private void prepareUploadsOnGl() {
        if (!StagedUpload.texelsByShader(gl.info())) return;
        syncAccel();
        if (scene == null) scene = newSceneTextures();
        scene.prepareStaging();
    }

    /** Whether {@link #prepareLargeUploads} made the scene's staging buffer (or an upload did); for tests. */
    boolean uploadsPrepared() {
        return gl.call(() -> scene != null && scene.hasStaging());
    }

    @Override
    public void close() {
        try {
            gl.run(() -> {
                if (scene != null) scene.close();
                sums.close();
                targets.close();
                if (converge != null) converge.close();
                for (TracePrograms programs : variants) if (programs != null) programs.close();
                if (resolve != null) resolve.close();
                if (traceTimer != null) traceTimer.close();
                if (denoiser != null) denoiser.closeOnGlThread();
                pixelArrays.close();
                readback.close();
            });
        } finally {
            gl.close();
        }
    }
}
