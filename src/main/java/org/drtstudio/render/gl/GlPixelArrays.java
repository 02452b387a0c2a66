package org.drtstudio.render.gl;

import org.drtstudio.render.DiffuseSplit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A pass's running sums resolved on the GPU into the arrays a {@link org.drtstudio.render.Frame}
 * holds ({@code shaders/pixel_arrays.comp}), read back as they are. Resolving them in Java read
 * the sums back and divided them in per-pixel loops; in a JVM's first denoised 1080p call on the
 * H200 machine (16 cores) those loops took most of the Java samples of a profile (their profiling
 * code's counters written by every thread). The Java resolves stay for the CPU tracer and for
 * pictures too wide for this layout ({@link #fits}). One per renderer, on its GL thread.
 */
final class GlPixelArrays implements AutoCloseable {
    /** pixel_arrays.comp's stages (its #defines). */
    private static final int COUNTS_MEANS = 0, SPLIT_MEANS = 1, SPLIT_VARIANCE = 2, GUIDES = 3;

    private final FrameReadback readback;
    private ComputeProgram program;
    /** Off (tests), the renderer resolves in Java as it does for pictures too wide. */
    private volatile boolean enabled = true;
    private int dispatches;

    GlPixelArrays(FrameReadback readback) {
        this.readback = readback;
    }

    /** Whether a picture {@code width} wide is resolved here: arrays of three floats a pixel are images three times as wide. */
    boolean fits(int width, GlInfo info) {
        return enabled && 3L * width <= info.maxTextureSize();
    }

    /** Tests: whether to resolve here at all. */
    void enable(boolean on) {
        enabled = on;
    }

    /** Each pixel's sample count, mean radiance (3 floats) and the variance of its mean luminance. */
    record Means(float[] counts, float[] radiance, float[] variance) {
    }

    /** The first-hit guides: depth, unit normal (3 floats), albedo (3 floats) a pixel. */
    record Guides(float[] depth, float[] normals, float[] albedo) {
    }

    /**
     * From the accumulation (radiance and squared luminance sums) and the sample state, of {@code rows}:
     * the counts, and the radiance and variance when asked for (else null). With {@code keep}, the
     * radiance and variance are made whether read or not and left there for the denoiser.
     */
    Means means(Texture2D accumulation, Texture2D sampleState, int totalSamples, FrameReadback.Rows rows,
                boolean radiance, boolean variance, DenoiserImages keep) {
        int w = accumulation.width(), h = accumulation.height();
        try (Outputs out = new Outputs(w, h, radiance || keep != null ? 3 : 0, variance || keep != null ? 1 : 0, 1)) {
            accumulation.bindImage(ShaderBinding.ARRAYS_SUMS, ImageAccess.READ_ONLY);
            sampleState.bindImage(ShaderBinding.ARRAYS_STATE, ImageAccess.READ_ONLY);
            program().setFloat("uTotalSamples", totalSamples);
            run(COUNTS_MEANS, w, h, out);
            Means means = new Means(out.read(2, rows), radiance ? out.read(0, rows) : null, variance ? out.read(1, rows) : null);
            if (keep != null) {
                keep.radiance = out.take(0);
                keep.variance = out.take(1);
            }
            return means;
        }
    }

    /**
     * {@link DiffuseSplit#resolve} of the trace passes' sums: the accumulation, sample state, own albedo
     * sums, diffuse sums and other parts' squares; read back when {@code read} (else null), left for the
     * denoiser in {@code keep} when it is not null.
     */
    DiffuseSplit split(Texture2D accumulation, Texture2D sampleState, Texture2D ownAlbedoHits, Texture2D diffuseSums,
                       Texture2D otherSquares, FrameReadback.Rows rows, boolean read, DenoiserImages keep) {
        int w = accumulation.width(), h = accumulation.height();
        sampleState.bindImage(ShaderBinding.ARRAYS_STATE, ImageAccess.READ_ONLY);
        diffuseSums.bindImage(ShaderBinding.ARRAYS_FOUR, ImageAccess.READ_ONLY);
        float[] diffuse = null, ownAlbedo = null, diffuseVariance = null, otherVariance = null;
        try (Outputs out = new Outputs(w, h, 3, 3)) {
            ownAlbedoHits.bindImage(ShaderBinding.ARRAYS_ALBEDO_HITS, ImageAccess.READ_ONLY);
            run(SPLIT_MEANS, w, h, out);
            if (read) {
                diffuse = out.read(0, rows);
                ownAlbedo = out.read(1, rows);
            }
            if (keep != null) {
                keep.diffuse = out.take(0);
                keep.ownAlbedo = out.take(1);
            }
        }
        try (Outputs out = new Outputs(w, h, 1, 1)) {
            accumulation.bindImage(ShaderBinding.ARRAYS_SUMS, ImageAccess.READ_ONLY);
            otherSquares.bindImage(ShaderBinding.ARRAYS_OTHER_SQUARES, ImageAccess.READ_ONLY);
            run(SPLIT_VARIANCE, w, h, out);
            if (read) {
                diffuseVariance = out.read(0, rows);
                otherVariance = out.read(1, rows);
            }
            if (keep != null) {
                keep.diffuseVariance = out.take(0);
                keep.otherVariance = out.take(1);
            }
        }
        return read ? new DiffuseSplit(diffuse, diffuseVariance, otherVariance, ownAlbedo) : null;
    }

    /**
     * {@link org.drtstudio.render.GuideSums#resolve} of guide sums and the sample counts they hold (R32F):
     * depth, normals and albedo each read back when asked for (else null), all three left for the
     * denoiser in {@code keep} when it is not null.
     */
    Guides guides(Texture2D albedoHits, Texture2D normalDepth, Texture2D counts, FrameReadback.Rows rows,
                  boolean depth, boolean normals, boolean albedo, DenoiserImages keep) {
        int w = albedoHits.width(), h = albedoHits.height();
        try (Outputs out = new Outputs(w, h, 1, 3, 3)) {
            counts.bindImage(ShaderBinding.ARRAYS_STATE, ImageAccess.READ_ONLY);
            albedoHits.bindImage(ShaderBinding.ARRAYS_ALBEDO_HITS, ImageAccess.READ_ONLY);
            normalDepth.bindImage(ShaderBinding.ARRAYS_FOUR, ImageAccess.READ_ONLY);
            run(GUIDES, w, h, out);
            Guides guides = new Guides(depth ? out.read(0, rows) : null, normals ? out.read(1, rows) : null,
                    albedo ? out.read(2, rows) : null);
            if (keep != null) {
                keep.depth = out.take(0);
                keep.normals = out.take(1);
                keep.albedo = out.take(2);
            }
            return guides;
        }
    }

    /** Dispatches made so far (tests: whether the renderer resolved here). */
    int dispatches() {
        return dispatches;
    }

    private void run(int stage, int w, int h, Outputs out) {
        dispatches++;
        ComputeProgram p = program();
        out.bind();
        p.setIVec2("uImageSize", w, h);
        p.setInt("uStage", stage);
        p.dispatchCovering(w, h);
        GlSync.imageBarrier();
    }

    private ComputeProgram program() {
        if (program == null) program = ComputeProgram.load("pixel_arrays.comp", Map.of());
        return program;
    }

    /**
     * A stage's output images (R32F, {@code floatsPerPixel} times the picture's width) at units
     * ARRAYS_OUT_A, B, C; an output not wanted (0 floats a pixel) and units a stage does not write get
     * an image of one texel, where the shader's stores fall outside and are dropped.
     */
    private final class Outputs implements AutoCloseable {
        private static final ShaderBinding[] UNITS = {ShaderBinding.ARRAYS_OUT_A, ShaderBinding.ARRAYS_OUT_B, ShaderBinding.ARRAYS_OUT_C};
        private final List<Texture2D> images = new ArrayList<>();
        private final int[] floatsPerPixel;

        Outputs(int w, int h, int... floatsPerPixel) {
            this.floatsPerPixel = floatsPerPixel;
            for (int k = 0; k < UNITS.length; k++) {
                int floats = k < floatsPerPixel.length ? floatsPerPixel[k] : 0;
                images.add(floats > 0 ? Texture2D.create(TextureFormat.R32F, floats * w, h) : Texture2D.create(TextureFormat.R32F, 1, 1));
            }
        }

        void bind() {
            for (int i = 0; i < UNITS.length; i++) images.get(i).bindImage(UNITS[i], ImageAccess.WRITE_ONLY);
        }

        /** Output {@code i}'s rows, in an array of the whole picture's (the rows are the picture's); null when not wanted. */
        float[] read(int i, FrameReadback.Rows rows) {
            return floatsPerPixel[i] > 0 ? readback.floats(images.get(i), 1, rows) : null;
        }

        /** Output {@code i}'s image, which the caller now owns (closing these outputs leaves it open). */
        Texture2D take(int i) {
            if (floatsPerPixel[i] == 0) throw new IllegalStateException("output " + i + " was not made");
            return images.set(i, null);
        }

        @Override
        public void close() {
            for (Texture2D t : images) if (t != null) t.close();
        }
    }

    /** Call on the GL thread. */
    @Override
    public void close() {
        if (program != null) program.close();
        program = null;
    }
}
