package org.drtstudio.render.gl;

import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code shaders/denoise.comp} and {@link NlmDenoiser} give the same picture within float rounding, with and without a {@link DiffuseSplit}. */
@Timeout(120)
class GlDenoiserTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void gpuAndCpuDenoiseAlike() throws Exception {
        // Not multiples of the 8x8 work group, nor of the CPU filter's 64x8 tiles: three tiles across, the last 13 wide.
        Random random = new Random(9);
        DenoiseInput in = blocky(141, 37, random), split = withSplit(in, random);
        assertAlike(in, in.radiance());
        assertAlike(split, in.radiance());
        float[] asOne = new NlmDenoiser().denoise(in), parts = new NlmDenoiser().denoise(split);
        double differ = 0;
        for (int i = 0; i < asOne.length; i++) differ += Math.abs(asOne[i] - parts[i]);
        assertTrue(differ / asOne.length > 1e-3, "the split changes what is filtered: " + differ / asOne.length);
    }

    @Test
    void framesNarrowerThanTheWindowDenoiseAlike() throws Exception {
        // Narrower (or lower) than the 7x7 window and taller than a tile: offsets whose every neighbour lies outside.
        Random random = new Random(5);
        for (int[] size : new int[][] {{1, 20}, {2, 19}, {3, 17}, {20, 1}}) {
            DenoiseInput in = blocky(size[0], size[1], random);
            assertAlike(withSplit(in, random), in.radiance());
        }
    }

    /** Blocky guides (so weights are neither all 0 nor all 1), background patches, noisy radiance. */
    private static DenoiseInput blocky(int w, int h, Random random) {
        int n = w * h;
        float[] radiance = new float[3 * n], variance = new float[n], normals = new float[3 * n], albedo = new float[3 * n],
                depth = new float[n];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int p = y * w + x, block = (x / 6) * 7 + (y / 5);
                boolean background = block % 11 == 0;
                float nx = (block % 3) * 0.3f;
                normals[3 * p] = background ? 0 : nx;
                normals[3 * p + 2] = background ? 0 : (float) Math.sqrt(1 - nx * nx);
                for (int c = 0; c < 3; c++) {
                    albedo[3 * p + c] = background ? 0 : 0.2f + 0.1f * ((block + c) % 4);
                    radiance[3 * p + c] = (float) Math.max(0, 0.4 + 0.1 * (block % 5) + 0.15 * random.nextGaussian());
                }
                depth[p] = background ? Float.POSITIVE_INFINITY : 2f + 0.05f * x + (block % 2);
                variance[p] = 0.02f * random.nextFloat();
            }
        }
        return new DenoiseInput(w, h, radiance, variance, normals, albedo, depth);
    }

    /** {@code in} with a split: part of each pixel diffuse light, its own samples' albedo off the guide's by up to 20 %. */
    private static DenoiseInput withSplit(DenoiseInput in, Random random) {
        int n = in.width() * in.height();
        float[] diffuse = new float[3 * n], own = new float[3 * n], diffuseVariance = new float[n], otherVariance = new float[n];
        for (int i = 0; i < 3 * n; i++) {
            diffuse[i] = in.radiance()[i] * (0.3f + 0.6f * random.nextFloat());
            own[i] = in.albedo()[i] * (0.8f + 0.4f * random.nextFloat());
        }
        for (int i = 0; i < n; i++) {
            diffuseVariance[i] = 0.6f * in.variance()[i];
            otherVariance[i] = 0.4f * in.variance()[i];
        }
        return new DenoiseInput(in.width(), in.height(), in.radiance(), in.variance(), in.normals(), in.albedo(), in.depth(),
                new DiffuseSplit(diffuse, diffuseVariance, otherVariance, own));
    }

    private static void assertAlike(DenoiseInput in, float[] radiance) throws Exception {
        float[] cpu = new NlmDenoiser().denoise(in), gpuOut = GL.get().denoiser().denoise(in);
        // Through the staging buffers (the path of large pictures) the same, bit for bit.
        System.setProperty("drt.stagedUpload", "all");
        try {
            assertArrayEquals(gpuOut, GL.get().denoiser().denoise(in), "staged inputs and read-back");
        } finally {
            System.clearProperty("drt.stagedUpload");
        }
        double maxDiff = 0, changed = 0;
        for (int i = 0; i < cpu.length; i++) {
            maxDiff = Math.max(maxDiff, Math.abs(cpu[i] - gpuOut[i]));
            changed += Math.abs(cpu[i] - radiance[i]);
        }
        assertTrue(changed / cpu.length > 0.02, "the filter should change the picture: " + changed / cpu.length);
        assertTrue(maxDiff < 1e-3, "GPU vs CPU denoised: max |diff| " + maxDiff);
    }
}
