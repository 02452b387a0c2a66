package org.drtstudio.render.gl;

import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.GuideSums;
import org.drtstudio.render.adaptive.ConvergenceMask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frame's arrays resolved from a pass's sums on the GPU (pixel_arrays.comp) equal the Java
 * resolves' (ConvergenceMask.sampleCounts, GlRenderer's radianceOf and varianceOf,
 * DiffuseSplit.resolve, GuideSums.resolve) to the floats' rounding, on sums made up to reach every
 * branch: converged pixels (negative states), pixels of one sample, of none, misses (no hits, a
 * zero normal sum) and partly covered ones; only the rows asked for come back.
 */
@Timeout(120)
class GlPixelArraysTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    private static final int W = 23, H = 17, N = W * H, TOTAL = 8;

    @Test
    void theGpuResolvesTheSumsAsJavaDoes() {
        Random random = new Random(5);
        float[] state = new float[N], rgba = new float[4 * N], albedoHits = new float[4 * N], normalDepth = new float[4 * N],
                diffuseSums = new float[4 * N], otherSquares = new float[N], guideCounts = new float[N];
        for (int i = 0; i < N; i++) {
            int n = switch (i % 7) { case 0 -> 0; case 1 -> 1; case 2 -> TOTAL; default -> 2 + random.nextInt(2 * TOTAL); };
            state[i] = i % 3 == 0 ? -n : n; // negated once converged
            int hits = i % 5 == 0 ? 0 : i % 5 == 1 ? Math.max(0, n - 1) : n;
            for (int c = 0; c < 3; c++) {
                rgba[4 * i + c] = n * random.nextFloat() * 3;
                albedoHits[4 * i + c] = hits * random.nextFloat();
                normalDepth[4 * i + c] = hits == 0 ? 0 : (float) random.nextGaussian() * hits;
                diffuseSums[4 * i + c] = rgba[4 * i + c] * random.nextFloat();
            }
            rgba[4 * i + 3] = n * random.nextFloat() * 9;
            albedoHits[4 * i + 3] = hits;
            normalDepth[4 * i + 3] = hits * (1 + 20 * random.nextFloat());
            diffuseSums[4 * i + 3] = n * random.nextFloat() * 4;
            otherSquares[i] = n * random.nextFloat() * 4;
            guideCounts[i] = n + random.nextInt(3);
        }
        FrameReadback.Rows rows = new FrameReadback.Rows(2, H - 5);
        GL.get().call(() -> {
            try (FrameReadback back = new FrameReadback();
                 GlPixelArrays arrays = new GlPixelArrays(back);
                 Texture2D sums = Texture2D.create(TextureFormat.RGBA32F, W, H, rgba);
                 Texture2D states = Texture2D.create(TextureFormat.R32F, W, H, state);
                 Texture2D albedo = Texture2D.create(TextureFormat.RGBA32F, W, H, albedoHits);
                 Texture2D normals = Texture2D.create(TextureFormat.RGBA32F, W, H, normalDepth);
                 Texture2D diffuse = Texture2D.create(TextureFormat.RGBA32F, W, H, diffuseSums);
                 Texture2D other = Texture2D.create(TextureFormat.R32F, W, H, otherSquares);
                 Texture2D counts = Texture2D.create(TextureFormat.R32F, W, H, guideCounts)) {
                float[] javaCounts = ConvergenceMask.sampleCounts(state, N);
                GlPixelArrays.Means means = arrays.means(sums, states, TOTAL, rows, true, true, null);
                assertRowsClose("counts", javaCounts, means.counts(), 1, rows);
                assertRowsClose("radiance", GlRenderer.radianceOf(rgba, javaCounts, N, TOTAL), means.radiance(), 3, rows);
                assertRowsClose("variance", GlRenderer.varianceOf(rgba, javaCounts, N), means.variance(), 1, rows);
                GlPixelArrays.Means countsAlone = arrays.means(sums, states, TOTAL, rows, false, false, null);
                assertRowsClose("counts alone", javaCounts, countsAlone.counts(), 1, rows);
                assertNull(countsAlone.radiance(), "radiance not asked for");
                assertNull(countsAlone.variance(), "variance not asked for");

                DiffuseSplit want = DiffuseSplit.resolve(rgba, 4, diffuseSums, otherSquares, albedoHits, javaCounts);
                DiffuseSplit got = arrays.split(sums, states, albedo, diffuse, other, rows, true, null);
                assertRowsClose("diffuse", want.diffuse(), got.diffuse(), 3, rows);
                assertRowsClose("own albedo", want.ownAlbedo(), got.ownAlbedo(), 3, rows);
                assertRowsClose("diffuse variance", want.diffuseVariance(), got.diffuseVariance(), 1, rows);
                assertRowsClose("other variance", want.otherVariance(), got.otherVariance(), 1, rows);

                float[] depth = new float[N], n3 = new float[3 * N], a3 = new float[3 * N];
                GuideSums.resolve(albedoHits, normalDepth, guideCounts, depth, n3, a3);
                GlPixelArrays.Guides guides = arrays.guides(albedo, normals, counts, rows, true, true, true, null);
                assertRowsClose("depth", depth, guides.depth(), 1, rows);
                assertRowsClose("normals", n3, guides.normals(), 3, rows);
                assertRowsClose("albedo", a3, guides.albedo(), 3, rows);
                // Without a guide pass the guides average the pixel's own samples: the sample state's counts, negated once converged.
                GuideSums.resolve(albedoHits, normalDepth, javaCounts, depth, n3, a3);
                GlPixelArrays.Guides own = arrays.guides(albedo, normals, states, rows, true, true, true, null);
                assertRowsClose("own depth", depth, own.depth(), 1, rows);
                assertRowsClose("own normals", n3, own.normals(), 3, rows);
                assertRowsClose("own albedo", a3, own.albedo(), 3, rows);

                // Left on the GPU for the denoiser: the same arrays, none read back but those asked for.
                try (DenoiserImages kept = new DenoiserImages(W, H)) {
                    GlPixelArrays.Means keptMeans = arrays.means(sums, states, TOTAL, rows, false, true, kept);
                    assertNull(keptMeans.radiance(), "radiance not read back");
                    assertRowsClose("kept variance, read back", GlRenderer.varianceOf(rgba, javaCounts, N), keptMeans.variance(), 1, rows);
                    assertNull(arrays.split(sums, states, albedo, diffuse, other, rows, false, kept), "the split not read back");
                    GlPixelArrays.Guides keptGuides = arrays.guides(albedo, normals, states, rows, false, true, false, kept);
                    assertNull(keptGuides.depth(), "depth not read back");
                    assertNull(keptGuides.albedo(), "albedo not read back");
                    assertRowsClose("kept normals, read back", n3, keptGuides.normals(), 3, rows);
                    assertTrue(kept.complete(), "every input of the denoiser kept");
                    FrameReadback.Rows all = FrameReadback.Rows.all(H);
                    assertClose("kept radiance", GlRenderer.radianceOf(rgba, javaCounts, N, TOTAL), back.floats(kept.radiance, 1, all), 0, 3 * N);
                    assertClose("kept variance", GlRenderer.varianceOf(rgba, javaCounts, N), back.floats(kept.variance, 1, all), 0, N);
                    assertClose("kept diffuse", want.diffuse(), back.floats(kept.diffuse, 1, all), 0, 3 * N);
                    assertClose("kept own albedo", want.ownAlbedo(), back.floats(kept.ownAlbedo, 1, all), 0, 3 * N);
                    assertClose("kept diffuse variance", want.diffuseVariance(), back.floats(kept.diffuseVariance, 1, all), 0, N);
                    assertClose("kept other variance", want.otherVariance(), back.floats(kept.otherVariance, 1, all), 0, N);
                    assertClose("kept depth", depth, back.floats(kept.depth, 1, all), 0, N);
                    assertClose("kept normals", n3, back.floats(kept.normals, 1, all), 0, 3 * N);
                    assertClose("kept albedo", a3, back.floats(kept.albedo, 1, all), 0, 3 * N);
                }
            }
            return null;
        });
    }

    /** {@code got} equals {@code want} in {@code rows} of this test's pictures (see {@link #assertClose}) and is 0 elsewhere. */
    private static void assertRowsClose(String what, float[] want, float[] got, int floatsPerPixel, FrameReadback.Rows rows) {
        int perRow = W * floatsPerPixel;
        assertClose(what, want, got, rows.first() * perRow, (rows.first() + rows.count()) * perRow);
    }

    /**
     * {@code got} equals {@code want} from float {@code from} to {@code to} to a few units of rounding
     * (infinities and NaNs alike: relative to the value, or to a thousandth of the array's largest where
     * the value is far smaller, as a variance's difference of near squares is) and is 0 elsewhere.
     */
    static void assertClose(String what, float[] want, float[] got, int from, int to) {
        assertEquals(want.length, got.length, what + ": length");
        float largest = 0;
        for (float v : want) if (Float.isFinite(v)) largest = Math.max(largest, Math.abs(v));
        for (int i = 0; i < got.length; i++) {
            if (i < from || i >= to) {
                assertEquals(0f, got[i], what + " outside the rows, float " + i);
            } else if (Float.isNaN(want[i]) || Float.isInfinite(want[i])) {
                assertEquals(want[i], got[i], what + " float " + i);
            } else {
                float scale = Math.max(Math.abs(want[i]), 1e-3f * largest);
                assertTrue(Math.abs(want[i] - got[i]) <= 1e-5f * scale + Float.MIN_NORMAL,
                        what + " float " + i + ": Java " + want[i] + ", GPU " + got[i]);
            }
        }
    }
}
