package org.drtstudio.render.denoise;

/**
 * Per pixel, the normal equations of a weighted linear regression of the neighbours' colour on
 * X = (1, u, v, f₁ … fₖ): the screen offset and k guide features taken relative to the pixel's own
 * (Bitterli et al. 2016, "Nonlinearly weighted first-order regression for denoising Monte Carlo
 * renderings", NFOR, first order). The fitted value at the pixel itself (the intercept) is the
 * estimate. Why: on a silhouette or a defocused edge a pixel's radiance is the mix of the two sides in
 * the proportion its samples fell, and so are its guides, which average four to sixteen times as
 * many samples; the regression reads the proportion from the guides, so the edge comes out with the
 * guides' precision instead of the radiance's 16 samples.
 * A = Σ w X Xᵀ (symmetric, upper triangle kept) and b = Σ w X c per channel, in floats.
 */
final class FeatureFit {
    private final int m, pixels;
    /**
     * Sum k of pixel p at {@code data[k][p]}: the pixels side by side, so that adding a neighbour to
     * each pixel is {@code m(m+1)/2 + 3m} loops over consecutive floats, which the JIT turns into
     * vector instructions (pixel by pixel, the sums took nearly half the CPU denoiser's time). One array a
     * sum, not one array at an offset a sum: Java 17's C2 vectorises {@code d[p] += a[p] * b[p]} but
     * not {@code d[o + p] += …} (0.37 against 0.05 ns a float on the 2-core machine).
     */
    private final float[][] data;
    /** Scratch for one pixel's solve: A (m × m), then b (3 × m); and a row's weights times one regressor. */
    private final float[] a, b, weighted;

    /** {@code features} beyond (1, u, v), for {@code pixels} pixels. */
    FeatureFit(int pixels, int features) {
        m = 3 + features;
        this.pixels = pixels;
        data = new float[m * (m + 1) / 2 + 3 * m][pixels];
        a = new float[m * m];
        b = new float[3 * m];
        weighted = new float[pixels];
    }

    /** The regressors per neighbour, the constant 1 first. */
    int regressors() {
        return m;
    }

    /**
     * Adds one neighbour to each of the fit's pixels: pixel k's has weight {@code weights[k]},
     * regressors {@code x[i][k]} ({@code x[0]} all 1) and colour {@code colour[ch][k]}. A neighbour
     * of weight 0 adds nothing (its regressors and colour must be finite). Per pixel the products are
     * those of a neighbour added alone, in the same order, so the sums are the same to the bit.
     */
    void add(float[] weights, float[][] x, float[][] colour) {
        int k = 0;
        for (int i = 0; i < m; i++) k = addWeighted(k, i, weights, x[i], x);
        for (int ch = 0; ch < 3; ch++) k = addWeighted(k, 0, weights, colour[ch], x);
    }

    /**
     * Sums k, k + 1, … of every pixel get {@code weights × factor × x[j]} for j from {@code first} on;
     * returns the next sum's index.
     */
    private int addWeighted(int k, int first, float[] weights, float[] factor, float[][] x) {
        for (int p = 0; p < pixels; p++) weighted[p] = weights[p] * factor[p];
        for (int j = first; j < m; j++, k++) {
            float[] xj = x[j], sum = data[k];
            for (int p = 0; p < pixels; p++) sum[p] += weighted[p] * xj[p];
        }
        return k;
    }

    /**
     * The regression's value at pixel p (its intercept), at least 0, into pixel {@code o3} of out.
     * {@code ridge} times the weight sum is added to the slopes' diagonal so that a window where a
     * feature does not vary (or varies in a line with another) still solves, the slope pulled to 0.
     */
    void intercept(int p, float ridge, float[] out, int o3) {
        int k = 0;
        for (int i = 0; i < m; i++) {
            for (int j = i; j < m; j++, k++) {
                a[i * m + j] = data[k][p];
                a[j * m + i] = data[k][p];
            }
        }
        float w = a[0];
        for (int i = 1; i < m; i++) a[i * m + i] += ridge * w;
        for (int ch = 0; ch < 3; ch++) {
            for (int i = 0; i < m; i++, k++) b[ch * m + i] = data[k][p];
        }
        if (!cholesky(a, m)) {
            // Only where no neighbour had weight (or rounding broke A): the weighted mean, or black.
            for (int ch = 0; ch < 3; ch++) out[3 * o3 + ch] = w > 0 ? Math.max(0f, b[ch * m] / w) : 0f;
            return;
        }
        for (int ch = 0; ch < 3; ch++) out[3 * o3 + ch] = Math.max(0f, solveFirst(a, m, b, ch * m));
    }

    /** In place, the lower triangle of a becomes L with A = L Lᵀ; false where A is not positive definite. */
    private static boolean cholesky(float[] a, int m) {
        for (int j = 0; j < m; j++) {
            float d = a[j * m + j];
            for (int k = 0; k < j; k++) d -= a[j * m + k] * a[j * m + k];
            if (!(d > 0)) return false;
            float l = (float) Math.sqrt(d);
            a[j * m + j] = l;
            for (int i = j + 1; i < m; i++) {
                float s = a[i * m + j];
                for (int k = 0; k < j; k++) s -= a[i * m + k] * a[j * m + k];
                a[i * m + j] = s / l;
            }
        }
        return true;
    }

    /** The first unknown of L Lᵀ β = b[off .. off+m) (b overwritten). */
    private static float solveFirst(float[] l, int m, float[] b, int off) {
        for (int i = 0; i < m; i++) {
            float s = b[off + i];
            for (int k = 0; k < i; k++) s -= l[i * m + k] * b[off + k];
            b[off + i] = s / l[i * m + i];
        }
        for (int i = m - 1; i >= 0; i--) {
            float s = b[off + i];
            for (int k = i + 1; k < m; k++) s -= l[k * m + i] * b[off + k];
            b[off + i] = s / l[i * m + i];
        }
        return b[off];
    }
}
