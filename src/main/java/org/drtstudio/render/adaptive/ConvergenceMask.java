package org.drtstudio.render.adaptive;

import org.drtstudio.accel.ParallelRanges;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Frame;

/**
 * Which pixels have converged, for {@link AdaptiveSampling}; the Java twin of
 * {@code shaders/converge.comp}, bit for bit.
 *
 * <p>A pixel's <em>sample state</em> is the number of samples it has taken, negated once it has
 * converged: tracers skip pixels whose state is negative, and the magnitude is always the count its
 * mean divides by. So one float per pixel is both the mask and the samples-per-pixel map.
 *
 * <p>The test avoids divisions and square roots so GLSL (whose division and sqrt may be a few ulps
 * off) and Java decide identically; with S the sum of a pixel's sample luminances, Q the sum of
 * their squares and n their count, "relative standard error of the mean ≤ T" is
 * <pre>  sqrt(((Q − S²/n) / (n − 1)) / n) / (S/n + F) ≤ T   ⇔   n·Q − S² ≤ T² · (S + F·n)² · (n − 1)</pre>
 * (F = {@link AdaptiveSampling#LUMINANCE_FLOOR}), evaluated left to right in float in both languages
 * (the shader marks it {@code precise} so no multiply-add is fused).
 */
public final class ConvergenceMask {
    private ConvergenceMask() {
    }

    /**
     * Marks the active pixels that may stop: at least {@code minSamples} samples, and they and their
     * (in-image) eight neighbours under the threshold. Converged pixels stay converged.
     *
     * @param sums    running radiance sums, 3 floats per pixel, rows top to bottom
     * @param squares running sums of each sample's squared luminance, 1 float per pixel
     * @param state   sample states (see the class comment), updated in place
     * @return pixels still active (not converged)
     */
    public static int update(int width, int height, float[] sums, float[] squares, float[] state, AdaptiveSampling adaptive) {
        int n = width * height;
        if (sums.length < 3 * n || squares.length < n || state.length < n) {
            throw new IllegalArgumentException("accumulation buffers do not match " + width + "x" + height);
        }
        float t2 = adaptive.threshold() * adaptive.threshold();
        // Decide from the states before this update: only signs change, and the test reads magnitudes.
        int active = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int i = y * width + x;
                float samples = state[i];
                if (samples < 0) continue;
                if (samples >= adaptive.minSamples() && neighbourhoodUnder(width, height, x, y, sums, squares, state, t2)) {
                    state[i] = -samples;
                } else {
                    active++;
                }
            }
        }
        return active;
    }

    private static boolean neighbourhoodUnder(int width, int height, int x, int y, float[] sums, float[] squares, float[] state,
                                              float t2) {
        for (int dy = -1; dy <= 1; dy++) {
            int yy = y + dy;
            if (yy < 0 || yy >= height) continue;
            for (int dx = -1; dx <= 1; dx++) {
                int xx = x + dx;
                if (xx < 0 || xx >= width) continue;
                int j = yy * width + xx;
                if (!under(sums[3 * j], sums[3 * j + 1], sums[3 * j + 2], squares[j], Math.abs(state[j]), t2)) return false;
            }
        }
        return true;
    }

    /**
     * Whether one pixel's relative standard error is at most T (given as T²); see the class comment.
     * Public so the GLSL twin can be checked against it on single values.
     */
    public static boolean under(float r, float g, float b, float squares, float n, float t2) {
        float s = Frame.luminance(r, g, b);
        float spread = n * squares - s * s;
        float scale = s + AdaptiveSampling.LUMINANCE_FLOOR * n;
        float bound = t2 * scale * scale * (n - 1f);
        return spread <= bound;
    }

    /** The samples each pixel has taken: the magnitudes of the states. */
    public static float[] sampleCounts(float[] state, int pixels) {
        float[] counts = new float[pixels];
        ParallelRanges.forEach(pixels, (from, to) -> {
            for (int i = from; i < to; i++) counts[i] = Math.abs(state[i]);
        });
        return counts;
    }
}
