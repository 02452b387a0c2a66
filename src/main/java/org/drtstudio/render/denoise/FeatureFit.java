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
    private final int m, sums;
    private final float[] data;
    /** Scratch for one pixel's solve: A (m × m), then b (3 × m). */
    private final float[] a, b;

    /** {@code features} beyond (1, u, v), for {@code pixels} pixels. */
    FeatureFit(int pixels, int features) {
        m = 3 + features;
        sums = m * (m + 1) / 2 + 3 * m;
        data = new float[sums * pixels];
        a = new float[m * m];
        b = new float[3 * m];
    }

    /** The regressors per neighbour, the constant 1 first. */
    int regressors() {
        return m;
    }

    /** Adds a neighbour of regressors {@code x} (x[0] = 1) and colour {@code colour[3q..3q+2]} with {@code weight} to pixel p. */
    void add(int p, float weight, float[] x, float[] colour, int q) {
        int o = sums * p;
        for (int i = 0; i < m; i++) {
            float wx = weight * x[i];
            for (int j = i; j < m; j++) data[o++] += wx * x[j];
        }
        for (int ch = 0; ch < 3; ch++) {
            float wc = weight * colour[3 * q + ch];
            for (int i = 0; i < m; i++) data[o++] += wc * x[i];
        }
    }

    /**
     * The regression's value at pixel p (its intercept), at least 0, into pixel {@code o3} of out.
     * {@code ridge} times the weight sum is added to the slopes' diagonal so that a window where a
     * feature does not vary (or varies in a line with another) still solves, the slope pulled to 0.
     */
    void intercept(int p, float ridge, float[] out, int o3) {
        int o = sums * p;
        for (int i = 0; i < m; i++) {
            for (int j = i; j < m; j++) {
                a[i * m + j] = data[o];
                a[j * m + i] = data[o++];
            }
        }
        float w = a[0];
        for (int i = 1; i < m; i++) a[i * m + i] += ridge * w;
        for (int ch = 0; ch < 3; ch++) {
            for (int i = 0; i < m; i++) b[ch * m + i] = data[o++];
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
