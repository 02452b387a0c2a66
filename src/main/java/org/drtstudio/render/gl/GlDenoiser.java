package org.drtstudio.render.gl;

import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Denoiser;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.NlmDenoiser;
import org.drtstudio.render.RenderException;

import java.util.Locale;
import java.util.Map;

/**
 * The GL twin of {@link NlmDenoiser}: the radiance is demodulated by the albedo and the variance
 * blurred as there ({@link NlmDenoiser#demodulate}, a few operations per pixel), then
 * {@code shaders/denoise.comp} runs once on the renderer's GL thread over textures of the irradiance
 * (+ blurred variance), normal (+ depth) and albedo, and the result is remodulated. Made by
 * {@link GlRenderer#denoiser()}; its program is closed with the renderer.
 */
final class GlDenoiser implements Denoiser {
    private final GlThread gl;
    private ComputeProgram program;

    GlDenoiser(GlThread gl) {
        this.gl = gl;
    }

    @Override
    public float[] denoise(DenoiseInput in) throws RenderException {
        try {
            return gl.call(() -> run(in));
        } catch (RuntimeException e) {
            throw new RenderException("GPU denoiser failed: " + GlRenderer.rootMessage(e), e);
        }
    }

    /** On the GL thread: the guides uploaded once, then each part of the input ({@link DiffuseSplit}) filtered with them. */
    private float[] run(DenoiseInput in) {
        NlmDenoiser.Settings s = NlmDenoiser.Settings.DEFAULT;
        if (program == null) {
            program = ComputeProgram.load("denoise.comp", Map.of("RADIUS", Integer.toString(s.radius()),
                    "K", glsl(s.k()), "SIGMA_NORMAL", glsl(s.sigmaNormal()), "SIGMA_DEPTH", glsl(s.sigmaDepth()),
                    "SIGMA_ALBEDO", glsl(s.sigmaAlbedo()), "RIDGE", glsl(s.ridge()), "EPSILON", glsl(NlmDenoiser.EPSILON),
                    "NEGLIGIBLE", glsl(NlmDenoiser.NEGLIGIBLE)));
        }
        int w = in.width(), h = in.height(), n = w * h;
        float[] normalDepth = new float[4 * n], albedo = new float[4 * n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) {
                normalDepth[4 * i + c] = in.normals()[3 * i + c];
                albedo[4 * i + c] = in.albedo()[3 * i + c];
            }
            normalDepth[4 * i + 3] = in.depth()[i];
        }
        try (Texture2D guide = Texture2D.create(TextureFormat.RGBA32F, w, h, normalDepth);
             Texture2D albedoImage = Texture2D.create(TextureFormat.RGBA32F, w, h, albedo);
             Texture2D output = Texture2D.create(TextureFormat.RGBA32F, w, h)) {
            return DiffuseSplit.denoise(in, s.albedoFloor(), (part, floor) -> filter(part, floor, guide, albedoImage, output));
        }
    }

    /** One filtering: the part demodulated by the albedo (at least {@code floor}), run through the shader, remodulated. */
    private float[] filter(DenoiseInput in, float floor, Texture2D guide, Texture2D albedoImage, Texture2D output) {
        NlmDenoiser.Demodulated demodulated = NlmDenoiser.demodulate(in, floor);
        int w = in.width(), h = in.height(), n = w * h;
        float[] colour = new float[4 * n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) colour[4 * i + c] = demodulated.irradiance()[3 * i + c];
            colour[4 * i + 3] = demodulated.variance()[i];
        }
        try (Texture2D input = Texture2D.create(TextureFormat.RGBA32F, w, h, colour)) {
            program.setIVec2("uImageSize", w, h);
            input.bindImage(0, ImageAccess.READ_ONLY);
            guide.bindImage(1, ImageAccess.READ_ONLY);
            albedoImage.bindImage(2, ImageAccess.READ_ONLY);
            output.bindImage(3, ImageAccess.WRITE_ONLY);
            program.dispatchCovering(w, h);
            GlSync.imageBarrier();
            float[] rgba = GlRenderer.readFloats(output, 4);
            float[] out = new float[3 * n];
            for (int i = 0; i < n; i++) {
                out[3 * i] = rgba[4 * i];
                out[3 * i + 1] = rgba[4 * i + 1];
                out[3 * i + 2] = rgba[4 * i + 2];
            }
            return demodulated.remodulate(out);
        }
    }

    private static String glsl(float v) {
        return String.format(Locale.ROOT, "%.9g", v);
    }

    /** Call on the GL thread. */
    void closeOnGlThread() {
        if (program != null) program.close();
        program = null;
    }
}
