package org.drtstudio.render.gl;

import org.drtstudio.render.Aov;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.GuideSums;

import java.util.Set;

/**
 * The images a progressive render sums its passes into on the GPU, kept from pass to pass: the
 * radiance sums, the sample states, the guide sums and the denoiser's split, and the list of
 * pixels still active after a convergence test. Created, bound and closed on the GL thread; only
 * {@link #width} and {@link #height} are read from the calling thread.
 */
final class RunningSums {
    /** The running sum of samples, kept between passes of progressive rendering. */
    Texture2D accumulation;
    /** Samples per pixel of {@link #accumulation}, negated once converged (see {@code ConvergenceMask}). */
    Texture2D sampleState;
    /**
     * The guides summed by the trace passes since sample 0 (two RGBA32F images in {@link GuideSums}'
     * layout, {@code shaders/guide_sums.glsl}), or null when the render's first pass asked for no
     * first-hit AOV: then a later pass that asks gets them from the separate guide pass ({@code aov.comp}).
     */
    Texture2D guideAlbedoHits, guideNormalDepth;
    /** The denoiser's split ({@link DiffuseSplit}), summed with the guides. */
    Texture2D diffuseSums, otherSquares;
    /** Active pixels listed by the last convergence test (y × width + x), traced instead of the whole image. */
    ShaderStorageBuffer activeList;
    /** Entries of {@link #activeList} valid for the running sum, or -1 before its first convergence test: trace every pixel. */
    int activeCount = -1;
    /** Size of {@link #accumulation}, readable from the calling thread to check passes before queuing them; 0: no sum to add to. */
    volatile int width, height;

    /**
     * Readies the images for a w × h pass that starts at sample {@code firstSample}: at sample 0 a new
     * sum (images reused when their size fits: a window's render left the size unset), with the
     * guide sums when an AOV is summed with the guides; later passes add to what is there.
     */
    void begin(int w, int h, int firstSample, Set<Aov> aovs) {
        if (firstSample != 0) return;
        if (accumulation == null || accumulation.width() != w || accumulation.height() != h) {
            closeSums();
            accumulation = Texture2D.create(TextureFormat.RGBA32F, w, h);
            sampleState = Texture2D.create(TextureFormat.R32F, w, h);
            activeList = ShaderStorageBuffer.create(4L * w * h);
        }
        width = w;
        height = h;
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

    /** Whether the trace passes sum the guides and the split (the render's first pass asked for them). */
    boolean guidesSummed() {
        return guideAlbedoHits != null;
    }

    /** Binds the images a trace pass adds to (after the scene: creating a texture rebinds unit 0). */
    void bindForTrace() {
        accumulation.bindImage(ShaderBinding.ACCUMULATION, ImageAccess.READ_WRITE);
        sampleState.bindImage(ShaderBinding.SAMPLE_STATE, ImageAccess.READ_WRITE);
        activeList.bindBase(ShaderBinding.ACTIVE_LIST);
        if (guidesSummed()) {
            guideAlbedoHits.bindImage(ShaderBinding.GUIDE_ALBEDO_HITS, ImageAccess.READ_WRITE);
            guideNormalDepth.bindImage(ShaderBinding.GUIDE_NORMAL_DEPTH, ImageAccess.READ_WRITE);
            diffuseSums.bindImage(ShaderBinding.DIFFUSE_SUMS, ImageAccess.READ_WRITE);
            otherSquares.bindImage(ShaderBinding.OTHER_SQUARES, ImageAccess.READ_WRITE);
        }
    }

    /** Lets go of every image. */
    void close() {
        closeSums();
        closeGuideSums();
    }

    private void closeSums() {
        if (accumulation != null) accumulation.close();
        if (sampleState != null) sampleState.close();
        if (activeList != null) activeList.close();
        accumulation = null;
        sampleState = null;
        activeList = null;
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
}
