package org.drtstudio.render.gl;

import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Denoiser;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.denoise.SplitFiltering;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.RenderException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The GL twin of {@link NlmDenoiser}. Its inputs are shader storage buffers in {@link DenoiseInput}'s
 * layouts: a host's arrays sent up as they are (no packing on the host), or, for a frame asked for
 * {@link org.drtstudio.render.Aov#DENOISED}, the images the pass resolved them into, copied on the GPU
 * ({@link #denoiseOnGlThread}). {@code shaders/denoise_stages.comp} packs the guides, prepares
 * each part of the input ({@link DiffuseSplit}: demodulated by the albedo, the variance over its
 * luminance squared and blurred 3x3, as {@link NlmDenoiser#demodulate} does),
 * {@code shaders/denoise.comp} filters it, and the stages shader remodulates it into one result,
 * read back once. Measured at 1080p on an H100 before this layout: of one part's 150 ms the filter
 * took 21 ms and the host's demodulating, packing and unpacking of 2M pixels most of the rest
 * (docs/RESULTS.md). Made by {@link GlRenderer#denoiser()}; its programs are closed with the renderer.
 *
 * <p>Where the GPU has no room for a call's buffers or images ({@link GpuMemoryException}), the call
 * frees what it made and filters on the host with {@link NlmDenoiser} instead, saying so once a
 * renderer: a denoised render fails at its very end otherwise, its trace (minutes, maybe) lost.
 */
final class GlDenoiser implements Denoiser {
    /** denoise_stages.comp's stages and parts (its #defines). */
    private static final int GUIDES = 0, PREPARE = 1, BLUR = 2, REMODULATE = 3;
    private static final int WHOLE = 0, DIFFUSE = 1, OTHER = 2;

    private final GlThread gl;
    /** denoise.comp with NlmDenoiser's default settings, and with those of the split's diffuse part. */
    private ComputeProgram filter, diffuseFilter, otherFilter, stages;
    /**
     * How the inputs go up and the result comes back: through the driver's own copies from and into
     * the arrays, a 1080p call's 150 MB of inputs took 280-380 ms and its result 33-44 ms on an H200,
     * against 15 ms of filtering (docs/BENCHMARKS.md).
     */
    private final ArrayTransfers transfers = new ArrayTransfers();
    /** Where the user is told that a call filtered on the host ({@link org.drtstudio.render.Renderer#noticesTo}). */
    private final Consumer<String> notices;
    private final AtomicBoolean told = new AtomicBoolean();
    private final AtomicInteger hostCalls = new AtomicInteger();
    private int deviceCalls;
    /** Tests: the denoiser's GPU allocations to make before one fails as if the GPU were full; negative: none fails. */
    private volatile int allocationsBeforeFailure = -1;

    GlDenoiser(GlThread gl, Consumer<String> notices) {
        this.gl = gl;
        this.notices = notices;
    }

    @Override
    public float[] denoise(DenoiseInput in) throws RenderException {
        return denoise(in, () -> false);
    }

    /** {@code stop} is read only by the host's filter, where the GPU had no room. */
    @Override
    public float[] denoise(DenoiseInput in, BooleanSupplier stop) throws RenderException {
        try {
            return gl.call(() -> run(in));
        } catch (RuntimeException e) {
            // A GpuMemoryException comes wrapped (a checked exception out of the GL thread); its message says what was missing.
            GpuMemoryException full = outOfMemory(e);
            if (full == null) throw new RenderException("GPU denoiser failed: " + GlRenderer.rootMessage(e), e);
            // Here, off the GL thread: the arrays are the caller's already.
            return onHost(in, full, stop);
        }
    }

    /**
     * On the GL thread: the inputs a pass left on the GPU ({@link DenoiserImages#complete}), copied there
     * into the buffers the stages read, filtered; the result read back. Nothing of the inputs crosses to
     * the host: at 1080p they are about 150 MB, which the host path reads back and sends up again.
     */
    float[] denoiseOnGlThread(DenoiserImages images) {
        if (!images.complete()) throw new IllegalArgumentException("the pass left only part of the denoiser's inputs");
        try (DenoiserCopies copies = new DenoiserCopies(images)) {
            try {
                boolean split = images.hasSplit();
                Inputs in = new Inputs(images.width, images.height, copy(copies, images.radiance),
                        split ? null : copy(copies, images.variance),
                        copy(copies, images.normals), copy(copies, images.albedo), copy(copies, images.depth),
                        split ? new SplitBuffers(copy(copies, images.diffuse), copy(copies, images.ownAlbedo),
                                copy(copies, images.diffuseVariance), copy(copies, images.otherVariance)) : null);
                deviceCalls++;
                return filter(in);
            } catch (GpuMemoryException e) {
                // What filter() made is freed by now; the inputs come back from wherever they are, each freed as read.
                return onHost(copies.readBack(), e, () -> false);
            }
        }
    }

    /** Calls that filtered inputs left on the GPU, counted once they were copied (tests: whether a renderer took that path). */
    int deviceCalls() {
        return deviceCalls;
    }

    /** Calls filtered on the host for want of GPU memory (tests). */
    int hostCalls() {
        return hostCalls.get();
    }

    /**
     * Tests: makes the denoiser's GPU allocation {@code n} from now (0: the next; copies, uploads, the
     * result and the filter's images, in that order) fail as if the GPU had no room. Set it before the
     * call that should meet it.
     */
    void failAllocation(int n) {
        allocationsBeforeFailure = n;
    }

    /** Before each of the denoiser's GPU allocations: the failure {@link #failAllocation} asked for, when this is the one. */
    private void allocating() throws GpuMemoryException {
        int left = allocationsBeforeFailure;
        if (left < 0) return;
        allocationsBeforeFailure = left - 1;
        if (left == 0) throw new GpuMemoryException("the GPU has no room (a failure a test asked for)");
    }

    /**
     * The CPU twin's filtering of {@code in}, which the GPU had no room for ({@code why}); the user
     * told, the first time, in one line. Null when {@code stop} turned true first.
     */
    private float[] onHost(DenoiseInput in, GpuMemoryException why, BooleanSupplier stop) {
        hostCalls.incrementAndGet();
        float[] out = new NlmDenoiser().denoise(in, stop);
        // Once a renderer: a sequence's frames would each say it again.
        if (told.compareAndSet(false, true)) notices.accept(why.getMessage() + " for the denoiser; the frame was denoised on the CPU");
        return out;
    }

    private static GpuMemoryException outOfMemory(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof GpuMemoryException full) return full;
        }
        return null;
    }

    /**
     * The denoiser's inputs as storage buffers in {@link DenoiseInput}'s layouts: the whole radiance's
     * variance only without a split (its parts have their own), the split's only with one.
     */
    private record Inputs(int width, int height, ShaderStorageBuffer radiance, ShaderStorageBuffer variance,
                          ShaderStorageBuffer normals, ShaderStorageBuffer albedo, ShaderStorageBuffer depth, SplitBuffers split) {
    }

    /** {@link DiffuseSplit}'s arrays as storage buffers. */
    private record SplitBuffers(ShaderStorageBuffer diffuse, ShaderStorageBuffer ownAlbedo, ShaderStorageBuffer diffuseVariance,
                                ShaderStorageBuffer otherVariance) {
    }

    /** One filtering of the input: which part, with which variance and albedo floor. */
    private record Part(int kind, ShaderStorageBuffer variance, float floor) {
    }

    /** On the GL thread: the host's arrays uploaded as they are, then filtered. */
    private float[] run(DenoiseInput in) throws GpuMemoryException {
        List<ShaderStorageBuffer> buffers = new ArrayList<>();
        try {
            DiffuseSplit split = in.split();
            Inputs inputs = new Inputs(in.width(), in.height(), upload(buffers, in.radiance()),
                    split == null ? upload(buffers, in.variance()) : null,
                    upload(buffers, in.normals()), upload(buffers, in.albedo()), upload(buffers, in.depth()),
                    split == null ? null : new SplitBuffers(upload(buffers, split.diffuse()), upload(buffers, split.ownAlbedo()),
                            upload(buffers, split.diffuseVariance()), upload(buffers, split.otherVariance())));
            return filter(inputs);
        } finally {
            for (ShaderStorageBuffer b : buffers) b.close();
        }
    }

    /**
     * On the GL thread: the guides packed once, then each part filtered and added to the result, which
     * is read back. Frees what it makes, however it ends.
     */
    private float[] filter(Inputs in) throws GpuMemoryException {
        NlmDenoiser.Settings s = NlmDenoiser.Settings.DEFAULT;
        if (filter == null) filter = filterProgram(s);
        if (diffuseFilter == null) diffuseFilter = filterProgram(NlmDenoiser.Settings.DIFFUSE);
        if (otherFilter == null) otherFilter = filterProgram(NlmDenoiser.Settings.OTHER);
        if (stages == null) stages = ComputeProgram.load("denoise_stages.comp", Map.of());
        int w = in.width(), h = in.height(), n = w * h;
        SplitBuffers split = in.split();
        List<Texture2D> images = new ArrayList<>();
        ShaderStorageBuffer result = null;
        try {
            allocating();
            // Written whole by the first part's remodulation before anything reads it.
            result = ShaderStorageBuffer.allocate(4L * 3 * n);
            List<Part> parts = split == null
                    ? List.of(new Part(WHOLE, in.variance(), s.albedoFloor()))
                    : List.of(new Part(DIFFUSE, split.diffuseVariance(), s.albedoFloor()),
                            new Part(OTHER, split.otherVariance(), SplitFiltering.OTHER_FLOOR));
            in.radiance().bindBase(ShaderBinding.STAGE_RADIANCE);
            in.albedo().bindBase(ShaderBinding.STAGE_ALBEDO);
            in.normals().bindBase(ShaderBinding.STAGE_NORMALS);
            in.depth().bindBase(ShaderBinding.STAGE_DEPTH);
            // Without a split nothing reads these; a buffer is bound there all the same.
            (split == null ? in.radiance() : split.diffuse()).bindBase(ShaderBinding.STAGE_DIFFUSE);
            (split == null ? in.albedo() : split.ownAlbedo()).bindBase(ShaderBinding.STAGE_OWN_ALBEDO);
            result.bindBase(ShaderBinding.STAGE_RESULT);
            Texture2D prepared = image(images, w, h), blurred = image(images, w, h), normalDepth = image(images, w, h),
                    albedoImage = image(images, w, h), filtered = image(images, w, h);
            stages.setIVec2("uImageSize", w, h);
            prepared.bindImage(ShaderBinding.STAGE_PREPARED, ImageAccess.READ_WRITE);
            normalDepth.bindImage(ShaderBinding.STAGE_NORMAL_DEPTH, ImageAccess.WRITE_ONLY);
            albedoImage.bindImage(ShaderBinding.STAGE_ALBEDO_IMAGE, ImageAccess.WRITE_ONLY);
            stage(GUIDES, w, h);
            for (int k = 0; k < parts.size(); k++) {
                Part part = parts.get(k);
                part.variance().bindBase(ShaderBinding.STAGE_PART_VARIANCE);
                stages.setInt("uPart", part.kind());
                stages.setFloat("uFloor", part.floor());
                stages.setInt("uAccumulate", k > 0 ? 1 : 0);
                prepared.bindImage(ShaderBinding.STAGE_PREPARED, ImageAccess.READ_WRITE);
                stage(PREPARE, w, h);
                blurred.bindImage(ShaderBinding.STAGE_BLURRED, ImageAccess.WRITE_ONLY);
                stage(BLUR, w, h);
                blurred.bindImage(ShaderBinding.DENOISE_INPUT, ImageAccess.READ_ONLY);
                normalDepth.bindImage(ShaderBinding.DENOISE_NORMAL_DEPTH, ImageAccess.READ_ONLY);
                albedoImage.bindImage(ShaderBinding.DENOISE_ALBEDO, ImageAccess.READ_ONLY);
                filtered.bindImage(ShaderBinding.DENOISE_OUTPUT, ImageAccess.WRITE_ONLY);
                ComputeProgram f = switch (part.kind()) {
                    case DIFFUSE -> diffuseFilter;
                    case OTHER -> otherFilter;
                    default -> filter;
                };
                f.setIVec2("uImageSize", w, h);
                f.dispatchCovering(w, h);
                GlSync.imageBarrier();
                // The stages shader's own units again (REMODULATE reads unit 4; the rest as at the top, to be safe).
                prepared.bindImage(ShaderBinding.STAGE_PREPARED, ImageAccess.READ_WRITE);
                blurred.bindImage(ShaderBinding.STAGE_BLURRED, ImageAccess.WRITE_ONLY);
                normalDepth.bindImage(ShaderBinding.STAGE_NORMAL_DEPTH, ImageAccess.WRITE_ONLY);
                albedoImage.bindImage(ShaderBinding.STAGE_ALBEDO_IMAGE, ImageAccess.WRITE_ONLY);
                filtered.bindImage(ShaderBinding.STAGE_FILTERED, ImageAccess.READ_ONLY);
                stage(REMODULATE, w, h);
            }
            float[] out = new float[3 * n];
            transfers.read(result, out);
            return out;
        } finally {
            for (Texture2D t : images) t.close();
            if (result != null) result.close();
        }
    }

    /** denoise.comp with a filter's settings as its #defines. */
    private static ComputeProgram filterProgram(NlmDenoiser.Settings s) {
        return ComputeProgram.load("denoise.comp", Map.of("RADIUS", Integer.toString(s.radius()),
                "K", glsl(s.k()), "SIGMA_NORMAL", glsl(s.sigmaNormal()), "SIGMA_DEPTH", glsl(s.sigmaDepth()),
                "SIGMA_ALBEDO", glsl(s.sigmaAlbedo()), "RIDGE", glsl(s.ridge()), "EPSILON", glsl(NlmDenoiser.EPSILON),
                "NEGLIGIBLE", glsl(NlmDenoiser.NEGLIGIBLE), "FEATURES", s.albedoSlopes() ? "3" : "0"));
    }

    /** One dispatch of the stages shader over the picture, its writes made visible to the next. */
    private void stage(int stage, int w, int h) {
        stages.setInt("uStage", stage);
        stages.dispatchCovering(w, h);
        GlSync.imageAndStorageBarrier();
    }

    private ShaderStorageBuffer upload(List<ShaderStorageBuffer> buffers, float[] values) throws GpuMemoryException {
        allocating();
        ShaderStorageBuffer b = transfers.buffer(values);
        buffers.add(b);
        return b;
    }

    /** {@link DenoiserCopies#copy}: the image in a new buffer, the image freed. */
    private ShaderStorageBuffer copy(DenoiserCopies copies, Texture2D image) throws GpuMemoryException {
        allocating();
        return copies.copy(image);
    }

    private Texture2D image(List<Texture2D> images, int w, int h) throws GpuMemoryException {
        allocating();
        Texture2D t = Texture2D.allocate(TextureFormat.RGBA32F, w, h);
        images.add(t);
        return t;
    }

    private static String glsl(float v) {
        return String.format(Locale.ROOT, "%.9g", v);
    }

    /** Call on the GL thread. */
    void closeOnGlThread() {
        if (filter != null) filter.close();
        if (diffuseFilter != null) diffuseFilter.close();
        if (otherFilter != null) otherFilter.close();
        if (stages != null) stages.close();
        transfers.close();
        filter = null;
        diffuseFilter = null;
        otherFilter = null;
        stages = null;
    }
}
