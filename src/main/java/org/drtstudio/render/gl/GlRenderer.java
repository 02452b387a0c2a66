package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.GlossySplit;
import org.drtstudio.render.GuideBudget;
import org.drtstudio.render.GuideEdges;
import org.drtstudio.render.GuideSums;
import org.drtstudio.render.ConvergenceMask;
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
import org.drtstudio.render.TileQueue;
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
public final class GlRenderer implements org.drtstudio.render.AccelChoice, org.drtstudio.render.ShadowLightsChoice, Renderer {
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
    /** The tile of this renderer's device; the system property {@code drt.tile} overrides it (experiments only). */
    private final int tile;
    private final GlThread gl;
    private final boolean pairedPrimary;
    private final NodeKind nodeKind;
    /** The lights shadow rays go to ({@link #useShadowLights}). */
    private volatile org.drtstudio.render.ShadowLights shadowLights = org.drtstudio.render.ShadowLights.ALL;
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
    /** The running sum of samples, kept between passes of progressive rendering. */
    private Texture2D accumulation;
    /** Samples per pixel of {@link #accumulation}, negated once converged (see {@link ConvergenceMask}). */
    private Texture2D sampleState;
    /**
     * The guides summed by the trace passes since sample 0 (two RGBA32F images in {@link GuideSums}'
     * layout, {@code shaders/guide_sums.glsl}), or null when the render's first pass asked for no
     * first-hit AOV: then a later pass that asks gets them from the separate guide pass ({@code aov.comp}).
     */
    private Texture2D guideAlbedoHits, guideNormalDepth;
    /** The denoiser's split ({@link DiffuseSplit}), summed with the guides. */
    private Texture2D diffuseSums, otherSquares;
    /** Active pixels listed by the last convergence test (y × width + x), traced instead of the whole image. */
    private ShaderStorageBuffer activeList;
    /** Entries of {@link #activeList} valid for the running sum, or -1 before its first convergence test: trace every pixel. */
    private int activeCount = -1;
    /** Size of {@link #accumulation}, readable from the calling thread to check passes before queuing them. */
    private volatile int accumulatedWidth, accumulatedHeight;
    /** How frames are traced on this device: one kernel, or the wavefront passes ({@link FrameSchedule}). */
    private volatile FrameSchedule frameSchedule;
    private volatile FrameSchedule lastFrameSchedule = FrameSchedule.KERNEL;
    /** Where the walk reads the box layout from on this device ({@link BoxStorage}); fixed, as the programs are compiled for it. */
    private final BoxStorage boxStorage;
    private volatile long wavefrontWorkingBytes;
    private volatile int wavefrontSlotLimit = Integer.MAX_VALUE;
    /** Times the tracing dispatches of each frame (created with the programs). */
    private GpuTimer traceTimer;
    /** GPU time of the last frame's tracing dispatches, from timer queries; for benchmarks. */
    private volatile double lastTraceGpuMillis;

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
    public org.drtstudio.render.ShadowLights shadowLights() {
        return shadowLights;
    }

    /** A uniform of the next frame: no program is rebuilt. */
    @Override
    public void useShadowLights(org.drtstudio.render.ShadowLights lights) {
        this.shadowLights = java.util.Objects.requireNonNull(lights);
    }

    /** How the last pass was traced (the wavefront falls back to the kernel where it cannot run); for benchmarks and tests. */
    public FrameSchedule lastFrameSchedule() {
        return lastFrameSchedule;
    }

    /** GPU memory the wavefront passes hold beside the scene and the frame (0 before one ran); for benchmarks. */
    public long wavefrontWorkingBytes() {
        return wavefrontWorkingBytes;
    }

    /** Tests only: wavefront windows of at most {@code slots} pixels, so a tile is traced in several. */
    void limitWavefrontSlots(int slots) {
        wavefrontSlotLimit = slots;
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

    /** The GLSL twin of {@link org.drtstudio.render.NlmDenoiser}, run on this renderer's GL thread. */
    @Override
    public synchronized org.drtstudio.render.Denoiser denoiser() {
        if (denoiser == null) denoiser = new GlDenoiser(gl);
        return denoiser;
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
        if (firstSample > 0 && (accumulatedWidth != p.width() || accumulatedHeight != p.height())) {
            throw new IllegalStateException("no " + p.width() + "x" + p.height() + " accumulation to add samples to; start at sample 0");
        }
        try {
            return gl.call(() -> renderOnGlThread(image, p, firstSample, sampleCount, aovs, progress,
                    TileQueue.of(PixelWindow.whole(p.width(), p.height()), tile)).frame());
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
        try {
            Frame whole = gl.call(() -> renderOnGlThread(image, p, 0, p.samplesPerPixel(), aovs, progress, TileQueue.of(window, tile)).frame());
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
            accumulatedWidth = 0;
            accumulatedHeight = 0;
        }
    }

    /** What a pass traced: the frame-sized result, and the tiles of it this renderer traced (only their pixels are this pass's). */
    record TracedTiles(Frame frame, List<PixelWindow> tiles) {
    }

    /**
     * A pass over the tiles this renderer takes from {@code tiles}, which other renderers (other GPUs)
     * may take from too, into this renderer's frame-sized images; see {@link MultiGpuRenderer}. Samples
     * {@code firstSample > 0} add to the sums of the same tiles started at sample 0. Runs on the GL thread.
     */
    CompletableFuture<TracedTiles> accumulateTiles(GeometryImage image, TraceParameters p, int firstSample, int sampleCount,
                                                   Set<Aov> aovs, TileQueue tiles, ProgressListener progress) {
        if (firstSample < 0 || sampleCount < 1) throw new IllegalArgumentException("samples " + firstSample + "+" + sampleCount);
        return gl.submit(() -> {
            if (firstSample > 0 && (accumulatedWidth != p.width() || accumulatedHeight != p.height())) {
                throw new IllegalStateException("no " + p.width() + "x" + p.height() + " accumulation to add samples to; start at sample 0");
            }
            return renderOnGlThread(image, p, firstSample, sampleCount, aovs, progress, tiles);
        });
    }

    /**
     * The running sum's radiance sums (RGBA32F: r, g, b and the sum of squared luminances) and sample
     * states, read back for a convergence test made on the CPU over several GPUs' tiles.
     */
    CompletableFuture<float[][]> readSums() {
        return gl.submit(() -> {
            if (accumulation == null || accumulatedWidth == 0) throw new IllegalStateException("no accumulation to read; render a pass first");
            return new float[][]{readFloats(accumulation, 4), readFloats(sampleState, 1)};
        });
    }

    /**
     * Takes a convergence test's result made elsewhere ({@link org.drtstudio.render.ConvergenceMask}, the
     * twin of {@code converge.comp}): the frame's sample states, and the pixels (y × width + x) this
     * renderer is to trace in the next passes.
     */
    CompletableFuture<Void> applyConvergence(float[] states, int[] active) {
        return gl.submit(() -> {
            if (accumulation == null || states.length != accumulation.width() * accumulation.height()) {
                throw new IllegalStateException("sample states do not match the running sum");
            }
            sampleState.write(0, 0, sampleState.width(), sampleState.height(), states);
            if (active.length > 0) {
                ByteBuffer list = ByteBuffer.allocateDirect(4 * active.length).order(ByteOrder.nativeOrder());
                list.asIntBuffer().put(active);
                activeList.write(0, list);
            }
            GlSync.imageAndStorageBarrier();
            activeCount = active.length;
            return null;
        });
    }


    private TracedTiles renderOnGlThread(GeometryImage image, TraceParameters p, int firstSample, int sampleCount,
                                         Set<Aov> aovs, ProgressListener progress, TileQueue tiles) throws RenderException {
        int w = p.width(), h = p.height();
        if (w > gl.info().maxTextureSize() || h > gl.info().maxTextureSize()) {
            throw new RenderException("image " + w + "x" + h + " exceeds GL_MAX_TEXTURE_SIZE = " + gl.info().maxTextureSize()
                    + " of " + gl.info().renderer());
        }
        syncAccel();
        if (scene == null) scene = new GeometryImageTextures(gl.info(), nodeKind, builtFor, boxStorage);
        long uploaded = scene.update(image);
        if (firstSample == 0 && (accumulation == null || accumulation.width() != w || accumulation.height() != h)) {
            if (accumulation != null) accumulation.close();
            if (sampleState != null) sampleState.close();
            if (activeList != null) activeList.close();
            accumulation = null;
            sampleState = null;
            activeList = null;
            accumulation = Texture2D.create(TextureFormat.RGBA32F, w, h);
            sampleState = Texture2D.create(TextureFormat.R32F, w, h);
            activeList = ShaderStorageBuffer.create(4L * w * h);
        }
        if (firstSample == 0) {
            // A new sum (images reused when their size fits: a window's render left the size unset).
            accumulatedWidth = w;
            accumulatedHeight = h;
            activeCount = -1;
            boolean sumGuides = aovs.stream().anyMatch(Aov::summedWithGuides);
            // The first pass writes the sums rather than adding to them, so images of the right size are reused as they are.
            if (!sumGuides || guideAlbedoHits == null || guideAlbedoHits.width() != w || guideAlbedoHits.height() != h) {
                closeGuideSums();
            }
            if (sumGuides && guideAlbedoHits == null) {
                guideAlbedoHits = Texture2D.create(TextureFormat.RGBA32F, w, h);
                guideNormalDepth = Texture2D.create(TextureFormat.RGBA32F, w, h);
                diffuseSums = Texture2D.create(TextureFormat.RGBA32F, w, h);
                otherSquares = Texture2D.create(TextureFormat.R32F, w, h);
            }
        }
        boolean guidesSummed = guideAlbedoHits != null;
        int totalSamples = firstSample + sampleCount;
        TracePrograms programs = programsFor(image);
        ComputeProgram trace = programs.trace, aov = programs.aov;
        // Paired camera rays exist only in the frame kernel, and so do scenes of more lights than a slot holds shadow rays.
        GlWavefront wavefront = frameSchedule == FrameSchedule.WAVEFRONT && !pairedPrimary
                && image.lightCount() <= GlWavefront.MAX_LIGHTS ? programs.wavefront() : null;
        if (wavefront != null) wavefront.limitSlots(wavefrontSlotLimit);
        try (Texture2D display = Texture2D.create(TextureFormat.RGBA8, w, h);
             ShaderStorageBuffer diagnostics = ShaderStorageBuffer.create(4)) {
            // The kernel's too where the wavefront runs: it takes over when the GPU lacks the wavefront's memory.
            List<ComputeProgram> passes = new ArrayList<>(List.of(trace));
            if (wavefront != null) passes.addAll(wavefront.programs());
            for (ComputeProgram pass : passes) {
                setFramePassUniforms(pass, image, p, firstSample, sampleCount, guidesSummed);
            }
            // Creating a texture rebinds texture unit 0, so the scene is bound after the frame's images.
            scene.bind();
            accumulation.bindImage(ShaderBinding.ACCUMULATION, ImageAccess.READ_WRITE);
            sampleState.bindImage(ShaderBinding.SAMPLE_STATE, ImageAccess.READ_WRITE);
            diagnostics.bindBase(ShaderBinding.DIAGNOSTICS);
            activeList.bindBase(ShaderBinding.ACTIVE_LIST);
            if (guidesSummed) {
                guideAlbedoHits.bindImage(ShaderBinding.GUIDE_ALBEDO_HITS, ImageAccess.READ_WRITE);
                guideNormalDepth.bindImage(ShaderBinding.GUIDE_NORMAL_DEPTH, ImageAccess.READ_WRITE);
                diffuseSums.bindImage(ShaderBinding.DIFFUSE_SUMS, ImageAccess.READ_WRITE);
                otherSquares.bindImage(ShaderBinding.OTHER_SQUARES, ImageAccess.READ_WRITE);
            }
            // After a convergence test (whole frames only) the listed pixels are traced instead, laid out w wide.
            boolean listed = activeCount >= 0;
            TileQueue traceTiles = !listed ? tiles
                    : activeCount == 0 ? TileQueue.empty() : TileQueue.of(PixelWindow.whole(w, (activeCount + w - 1) / w), tile);
            boolean wantsFirstHit = aovs.stream().anyMatch(Aov::fromFirstHit);
            // The guide pass tops the summed guides up to the GPU's budget of camera samples (GuideBudget) on the
            // pixels on guide edges, where a pixel has fewer; without the trace passes' sums it traces
            // guideSamples(spp) of every pixel.
            int guideEnd = GuideEdges.guideEnd(GuideBudget.EQUAL_SAMPLES, p.samplesPerPixel(), guidesSummed);
            boolean guidePass = wantsFirstHit && (!guidesSummed || listed || totalSamples < guideEnd);
            // Progress counts the queue's tiles, whoever takes them: several renderers' fractions add up to the pass's.
            int total = Math.max(1, traceTiles.size() + (guidePass ? tiles.size() : 0)), done = 0;
            List<PixelWindow> taken = new ArrayList<>();
            long traceNanos = 0;
            for (PixelWindow t = traceTiles.take(); t != null; t = traceTiles.take()) {
                traceTimer.begin();
                if (wavefront != null) {
                    try {
                        wavefront.trace(t, GlWavefront.shadowRays(image));
                    } catch (GpuMemoryException e) {
                        // Nothing of the tile was traced: the kernel traces it, and this renderer's frames from now on.
                        System.err.println("drt: " + e.getMessage() + " for the wavefront frame's working memory; "
                                + "tracing frames with the frame kernel");
                        frameSchedule = FrameSchedule.KERNEL;
                        wavefront = null;
                    }
                }
                if (wavefront == null) {
                    trace.setIVec2("uTileOffset", t.x(), t.y());
                    trace.dispatchCovering(t.width(), t.height());
                }
                traceTimer.end();
                // Done before the next tile is taken: GPUs sharing a queue take tiles as they finish them.
                GlSync.finish();
                traceNanos += traceTimer.elapsedNanos();
                taken.add(t);
                progress.progress((double) ++done / total);
            }
            // The image's tiles this pass covers: those taken, or every tile of the frame when the list was traced.
            List<PixelWindow> covered = listed ? tiles.all() : taken;
            lastTraceGpuMillis = traceNanos / 1e6;
            lastFrameSchedule = wavefront != null ? FrameSchedule.WAVEFRONT : FrameSchedule.KERNEL;
            if (wavefront != null) wavefrontWorkingBytes = wavefront.workingBytes();
            GlSync.imageBarrier();
            float[] depthValues = null, normals = null, albedo = null;
            DiffuseSplit split = null;
            float[] albedoHits = null;
            // The sums and sample counts are read back once (a 1080p RGBA32F image is 33 MB) for all that needs them.
            boolean splits = guidesSummed && (wantsFirstHit || aovs.contains(Aov.DIFFUSE));
            boolean readSums = splits || aovs.contains(Aov.RADIANCE) || aovs.contains(Aov.VARIANCE);
            float[] counts = readSums || wantsFirstHit || aovs.contains(Aov.SAMPLES)
                    ? ConvergenceMask.sampleCounts(readFloats(sampleState, 1), w * h) : null;
            float[] rgba = readSums ? readFloats(accumulation, 4) : null;
            if (splits) {
                // Before a guide pass adds to albedoHits: the split divides by the albedo of the radiance's own samples.
                albedoHits = readFloats(guideAlbedoHits, 4);
                split = DiffuseSplit.resolve(rgba, 4, readFloats(diffuseSums, 4), readFloats(otherSquares, 1), albedoHits, counts);
            }
            if (wantsFirstHit) {
                // Without a guide pass each pixel's guides average its own samples (or none were summed: see below).
                float[] guideCounts = counts;
                if (albedoHits == null) albedoHits = new float[GuideSums.FLOATS * w * h];
                float[] normalDepth = guidesSummed ? readFloats(guideNormalDepth, 4) : new float[GuideSums.FLOATS * w * h];
                if (guidePass) {
                    try (Texture2D extraAlbedoHits = Texture2D.create(TextureFormat.RGBA32F, w, h);
                         Texture2D extraNormalDepth = Texture2D.create(TextureFormat.RGBA32F, w, h);
                         Texture2D passCounts = Texture2D.create(TextureFormat.R32F, w, h)) {
                        setCommonUniforms(aov, image, p);
                        // The guide chain follows mirrors and glass as the shading does (guide.glsl).
                        aov.setFloat("uRayEpsilon", p.rayEpsilon());
                        aov.setFloat("uThroughputCutoff", p.throughputCutoff());
                        aov.setInt("uMaxDepth", p.maxDepth());
                        aov.setInt("uGuideEnd", guideEnd);
                        aov.setInt("uFromSampleState", guidesSummed ? 1 : 0);
                        aov.setInt("uEdgesOnly", guidesSummed ? 1 : 0);
                        aov.setInt("uSamplesPerPixel", p.samplesPerPixel());
                        aov.setInt("uFilter", p.filter().shaderCode());
                        aov.setUInt("uSeed", p.seed());
                        aov.setInt("uCameraMotion", p.motion() ? 1 : 0);
                        scene.bind();
                        sampleState.bindImage(ShaderBinding.SAMPLE_STATE, ImageAccess.READ_ONLY);
                        passCounts.bindImage(ShaderBinding.GUIDE_COUNTS, ImageAccess.READ_WRITE);
                        extraAlbedoHits.bindImage(ShaderBinding.EXTRA_ALBEDO_HITS, ImageAccess.READ_WRITE);
                        extraNormalDepth.bindImage(ShaderBinding.EXTRA_NORMAL_DEPTH, ImageAccess.READ_WRITE);
                        if (guidesSummed) {
                            guideAlbedoHits.bindImage(ShaderBinding.OWN_ALBEDO_HITS, ImageAccess.READ_ONLY);
                            guideNormalDepth.bindImage(ShaderBinding.OWN_NORMAL_DEPTH, ImageAccess.READ_ONLY);
                        }
                        aov.setInt("uChunkSamples", GUIDE_CHUNK);
                        // Dispatch 0 probes; 1 … n trace GUIDE_CHUNK samples each, enough for a pixel that has none.
                        int dispatches = 1 + (guideEnd + GUIDE_CHUNK - 1) / GUIDE_CHUNK;
                        for (PixelWindow t : covered) {
                            aov.setIVec2("uTileOffset", t.x(), t.y());
                            for (int chunk = 0; chunk < dispatches; chunk++) {
                                aov.setInt("uChunk", chunk);
                                aov.dispatchCovering(t.width(), t.height());
                                GlSync.imageBarrier();
                            }
                            GlSync.finish();
                            progress.progress((double) ++done / total);
                        }
                        GlSync.imageBarrier();
                        GuideSums.add(albedoHits, readFloats(extraAlbedoHits, 4));
                        GuideSums.add(normalDepth, readFloats(extraNormalDepth, 4));
                        guideCounts = readFloats(passCounts, 1);
                    }
                }
                if (aovs.contains(Aov.DEPTH)) depthValues = new float[w * h];
                if (aovs.contains(Aov.NORMAL)) normals = new float[3 * w * h];
                if (aovs.contains(Aov.ALBEDO)) albedo = new float[3 * w * h];
                GuideSums.resolve(albedoHits, normalDepth, guideCounts, depthValues, normals, albedo);
            }
            resolve.setIVec2("uImageSize", w, h);
            resolve.setFloat("uSampleCount", totalSamples);
            resolve.setFloat("uInverseSampleCount", 1f / totalSamples);
            accumulation.bindImage(ShaderBinding.ACCUMULATION, ImageAccess.READ_ONLY);
            display.bindImage(ShaderBinding.DISPLAY, ImageAccess.WRITE_ONLY);
            sampleState.bindImage(ShaderBinding.RESOLVE_SAMPLE_STATE, ImageAccess.READ_ONLY);
            resolve.dispatchCovering(w, h);
            byte[] srgb = readBytes(display);
            float[] radiance = null, variance = null, samples = null;
            if (aovs.contains(Aov.RADIANCE) || aovs.contains(Aov.VARIANCE) || aovs.contains(Aov.SAMPLES)) {
                if (aovs.contains(Aov.SAMPLES)) samples = counts;
                if (aovs.contains(Aov.RADIANCE)) {
                    radiance = new float[3 * w * h];
                    float inv = 1f / totalSamples;
                    for (int i = 0; i < w * h; i++) {
                        float pixelInv = counts[i] == totalSamples ? inv : 1f / counts[i];
                        radiance[3 * i] = rgba[4 * i] * pixelInv;
                        radiance[3 * i + 1] = rgba[4 * i + 1] * pixelInv;
                        radiance[3 * i + 2] = rgba[4 * i + 2] * pixelInv;
                    }
                }
                if (aovs.contains(Aov.VARIANCE)) {
                    variance = new float[w * h];
                    for (int i = 0; i < w * h; i++) {
                        variance[i] = Frame.meanVariance(Frame.luminance(rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]),
                                rgba[4 * i + 3], (int) counts[i]);
                    }
                }
            }
            ByteBuffer count = ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder());
            diagnostics.read(0, count);
            long errors = Integer.toUnsignedLong(count.getInt(0));
            return new TracedTiles(new Frame(w, h, srgb, radiance, depthValues, normals, albedo, variance, samples, split, errors,
                    uploaded), covered);
        }
    }

    private void closeGuideSums() {
        if (guideAlbedoHits != null) guideAlbedoHits.close();
        if (guideNormalDepth != null) guideNormalDepth.close();
        if (diffuseSums != null) diffuseSums.close();
        if (otherSquares != null) otherSquares.close();
        guideAlbedoHits = null;
        guideNormalDepth = null;
        diffuseSums = null;
        otherSquares = null;
    }

    @Override
    public int converge(AdaptiveSampling adaptive) throws RenderException {
        if (accumulatedWidth == 0) throw new IllegalStateException("no accumulation to converge; render a pass first");
        try {
            return gl.call(() -> {
                if (converge == null) converge = ComputeProgram.load("converge.comp", Map.of());
                activeCount = runConverge(converge, accumulation, sampleState, activeList, adaptive);
                return activeCount;
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
        return lastTraceGpuMillis;
    }

    GlThread glThread() {
        return gl;
    }

    /** The scene's textures, brought up to date with {@code image}; call on the GL thread. */
    GeometryImageTextures sceneTextures(GeometryImage image) throws org.drtstudio.render.RenderException {
        syncAccel();
        if (scene == null) scene = new GeometryImageTextures(gl.info(), nodeKind, builtFor, boxStorage);
        scene.update(image);
        return scene;
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
        pass.setInt("uNearestLightShadows", shadowLights == org.drtstudio.render.ShadowLights.NEAREST ? 1 : 0);
        pass.setFloat("uRayEpsilon", p.rayEpsilon());
        pass.setFloat("uThroughputCutoff", p.throughputCutoff());
        pass.setInt("uMaxDepth", p.maxDepth());
        pass.setInt("uActiveCount", activeCount);
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
        program.setInt("uLensLight", org.drtstudio.render.LensLight.of(image, p));
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

    private static byte[] readBytes(Texture2D texture) {
        return TextureReadback.bytes(texture, TextureReadback.DEFAULT_BAND_BYTES);
    }

    /** The texture's floats; {@code channels} documents what the caller expects of its format. */
    static float[] readFloats(Texture2D texture, int channels) {
        if (texture.format().bytesPerTexel() != channels * Float.BYTES) {
            throw new IllegalArgumentException(texture.format() + " does not hold " + channels + " floats per texel");
        }
        return TextureReadback.floats(texture, TextureReadback.DEFAULT_BAND_BYTES);
    }

    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t.getMessage() != null ? t.getMessage() : t.toString();
    }

    @Override
    public void close() {
        try {
            gl.run(() -> {
                if (scene != null) scene.close();
                if (accumulation != null) accumulation.close();
                if (sampleState != null) sampleState.close();
                closeGuideSums();
                if (activeList != null) activeList.close();
                if (converge != null) converge.close();
                for (TracePrograms programs : variants) if (programs != null) programs.close();
                if (resolve != null) resolve.close();
                if (traceTimer != null) traceTimer.close();
                if (denoiser != null) denoiser.closeOnGlThread();
            });
        } finally {
            gl.close();
        }
    }
}
