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
    private int deviceCalls;

    GlDenoiser(GlThread gl) {
        this.gl = gl;
    }

    @Override
    public float[] denoise(DenoiseInput in) throws RenderException {
        try {
            return gl.call(() -> run(in));
        } catch (RuntimeException e) {
            // The result buffer's GpuMemoryException comes wrapped; the root message says what was missing.
            throw new RenderException("GPU denoiser failed: " + GlRenderer.rootMessage(e), e);
        }
    }

    /**
     * On the GL thread: the inputs a pass left on the GPU ({@link DenoiserImages#complete}), copied there
     * into the buffers the stages read, filtered; the result read back. Nothing of the inputs crosses to
     * the host: at 1080p they are about 150 MB, which the host path reads back and sends up again.
     */
    float[] denoiseOnGlThread(DenoiserImages images) throws RenderException {
        if (!images.complete()) throw new IllegalArgumentException("the pass left only part of the denoiser's inputs");
        List<ShaderStorageBuffer> buffers = new ArrayList<>();
        try {
            boolean split = images.hasSplit();
            Inputs in = new Inputs(images.width, images.height, copy(buffers, images.radiance),
                    split ? null : copy(buffers, images.variance),
                    copy(buffers, images.normals), copy(buffers, images.albedo), copy(buffers, images.depth),
                    split ? new SplitBuffers(copy(buffers, images.diffuse), copy(buffers, images.ownAlbedo),
                            copy(buffers, images.diffuseVariance), copy(buffers, images.otherVariance)) : null);
            deviceCalls++;
            return filter(in, buffers);
        } catch (GpuMemoryException e) {
            throw new RenderException("GPU denoiser failed: " + e.getMessage(), e);
        } finally {
            for (ShaderStorageBuffer b : buffers) b.close();
        }
    }

    /** Calls that filtered inputs left on the GPU (tests: whether a renderer took that path). */
    int deviceCalls() {
        return deviceCalls;
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
            return filter(inputs, buffers);
        } finally {
            for (ShaderStorageBuffer b : buffers) b.close();
        }
    }

    /**
     * On the GL thread: the guides packed once, then each part filtered and added to the result, which
     * is read back; the buffers it makes go into {@code buffers}, which the caller closes.
     */
    private float[] filter(Inputs in, List<ShaderStorageBuffer> buffers) throws GpuMemoryException {
        NlmDenoiser.Settings s = NlmDenoiser.Settings.DEFAULT;
        if (filter == null) filter = filterProgram(s);
        if (diffuseFilter == null) diffuseFilter = filterProgram(NlmDenoiser.Settings.DIFFUSE);
        if (otherFilter == null) otherFilter = filterProgram(NlmDenoiser.Settings.OTHER);
        if (stages == null) stages = ComputeProgram.load("denoise_stages.comp", Map.of());
        int w = in.width(), h = in.height(), n = w * h;
        SplitBuffers split = in.split();
        List<Texture2D> images = new ArrayList<>();
        try {
            // Written whole by the first part's remodulation before anything reads it.
            ShaderStorageBuffer result = ShaderStorageBuffer.allocate(4L * 3 * n);
            buffers.add(result);
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
        ShaderStorageBuffer b = transfers.buffer(values);
        buffers.add(b);
        return b;
    }

    /**
     * The image's texels in a new buffer, the image freed at once (closing it again with its
     * {@link DenoiserImages} does nothing): at no time are all the inputs held twice, about 150 MB
     * more at 1080p.
     */
    private static ShaderStorageBuffer copy(List<ShaderStorageBuffer> buffers, Texture2D image) throws GpuMemoryException {
        ShaderStorageBuffer b = image.copyToBuffer();
        buffers.add(b);
        image.close();
        return b;
    }

    private static Texture2D image(List<Texture2D> images, int w, int h) {
        Texture2D t = Texture2D.create(TextureFormat.RGBA32F, w, h);
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
