package org.drtstudio.render.gl;

import org.drtstudio.render.AdaptiveChecks;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.adaptive.ConvergenceMask;
import org.drtstudio.render.Frame;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Adaptive sampling on the GL tracer (llvmpipe where there is no GPU): {@code converge.comp}
 * decides exactly as its Java twin on the same accumulation, and the tracer's adaptive render agrees
 * with the CPU tracer's (the checks every tracer passes: {@link org.drtstudio.render.RendererContract}).
 */
@Timeout(600)
class GlAdaptiveTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    /**
     * Random accumulations whose pixels' relative errors lie around the threshold, many within
     * float rounding of it: the shader and the Java twin flip exactly the same pixels.
     */
    @Test
    void convergeShaderDecidesBitForBitAsItsJavaTwin() {
        int w = 61, h = 37, n = w * h;
        SplittableRandom random = new SplittableRandom(13);
        float[] rgba = new float[4 * n], sums = new float[3 * n], squares = new float[n], state = new float[n];
        AdaptiveSampling adaptive = new AdaptiveSampling(0.03f, 8);
        // The error relative to the threshold varies by 6x6 block, so whole neighbourhoods fall under it or not.
        double[] blockFactor = new double[((w + 5) / 6) * ((h + 5) / 6)];
        for (int b = 0; b < blockFactor.length; b++) blockFactor[b] = random.nextDouble(0.85, 1.15);
        for (int i = 0; i < n; i++) {
            double factor = blockFactor[(i / w) / 6 * ((w + 5) / 6) + (i % w) / 6] * random.nextDouble(0.99, 1.01);
            int samples = 4 + random.nextInt(60);
            float mean = random.nextInt(10) == 0 ? 0 : (float) random.nextDouble(0, 1.5);
            // Spread so the relative error is near 0.03: error = spread / sqrt(n - 1) / (mean + floor).
            float spread = (float) (0.03 * factor * Math.sqrt(samples - 1) * (mean + AdaptiveSampling.LUMINANCE_FLOOR));
            float r = (float) random.nextDouble(0.5, 1.5), g = (float) random.nextDouble(0.5, 1.5);
            // A coloured pixel whose luminance is k × the grey's: its squares scale by k², its relative error stays.
            float k = Frame.luminance(r, g, 1f);
            float s = samples * mean, q = k * k * samples / 2f * ((mean + spread) * (mean + spread) + (mean - spread) * (mean - spread));
            sums[3 * i] = rgba[4 * i] = s * r;
            sums[3 * i + 1] = rgba[4 * i + 1] = s * g;
            sums[3 * i + 2] = rgba[4 * i + 2] = s;
            squares[i] = rgba[4 * i + 3] = q;
            state[i] = random.nextInt(20) == 0 ? -samples : samples;
        }
        java.util.List<Integer> listedPixels = new java.util.ArrayList<>();
        float[] gpuState = GL.get().glThread().call(() -> {
            try (ComputeProgram program = ComputeProgram.load("converge.comp", Map.of());
                 Texture2D acc = Texture2D.create(TextureFormat.RGBA32F, w, h, rgba);
                 Texture2D st = Texture2D.create(TextureFormat.R32F, w, h, state.clone());
                 ShaderStorageBuffer list = ShaderStorageBuffer.create(4L * n)) {
                int active = GlRenderer.runConverge(program, acc, st, list, adaptive);
                float[] out = TextureReadback.floats(st, TextureReadback.DEFAULT_BAND_BYTES);
                java.nio.ByteBuffer listed = java.nio.ByteBuffer.allocateDirect(4 * n).order(java.nio.ByteOrder.nativeOrder());
                list.read(0, listed);
                for (int k = 0; k < active; k++) listedPixels.add(listed.getInt(4 * k));
                float[] withCount = new float[n + 1];
                System.arraycopy(out, 0, withCount, 0, n);
                withCount[n] = active;
                return withCount;
            }
        });
        int javaActive = ConvergenceMask.update(w, h, sums, squares, state, adaptive);
        int stopped = 0, mismatches = 0;
        for (int i = 0; i < n; i++) {
            if (state[i] < 0) stopped++;
            if (Float.floatToRawIntBits(state[i]) != Float.floatToRawIntBits(gpuState[i])) mismatches++;
        }
        assertEquals(0, mismatches, "pixels decided differently by GLSL and Java");
        assertEquals(javaActive, (int) gpuState[n], "active pixels counted");
        // The list the next passes trace holds exactly the active pixels, each once.
        java.util.Set<Integer> expected = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) if (state[i] >= 0) expected.add(i);
        assertEquals(expected, new java.util.HashSet<>(listedPixels));
        assertEquals(expected.size(), listedPixels.size());
        assertTrue(stopped > n / 10 && stopped < n * 9 / 10, "the inputs should straddle the threshold: " + stopped + " of " + n + " stopped");
    }

    /** The GL tracer's adaptive render takes the CPU tracer's samples in the same places and makes the same picture. */
    @Test
    void adaptiveRenderAgreesWithTheCpuTracer() throws Exception {
        Scene s = AdaptiveChecks.penumbra(32, 128);
        Frame g = AdaptiveChecks.adaptive(GL.get(), s, 0.02f), c = AdaptiveChecks.adaptive(new CpuRenderer(2), s, 0.02f);
        int sameCount = 0, n = 32 * 32;
        for (int i = 0; i < n; i++) if (g.samples()[i] == c.samples()[i]) sameCount++;
        assertTrue(sameCount >= 0.98 * n, "sample counts agree on " + sameCount + " of " + n + " pixels");
        double meanAbs = 0, mean = 0;
        for (int i = 0; i < g.radiance().length; i++) {
            meanAbs += Math.abs(Math.min(g.radiance()[i], 1f) - Math.min(c.radiance()[i], 1f));
            mean += Math.min(c.radiance()[i], 1f);
        }
        assertTrue(meanAbs <= 0.01 * mean, "images differ: mean |gpu-cpu| " + meanAbs / g.radiance().length);
    }
}
