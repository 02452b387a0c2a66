package org.drtstudio.render;

/**
 * Edge-avoiding à-trous wavelet filter (Dammertz et al. 2010, "Edge-Avoiding À-Trous Wavelet
 * Transform for fast Global Illumination Filtering") with the variance-driven luminance weight of
 * SVGF (Schied et al. 2017). {@link #PASSES} passes of a 5×5 B3-spline kernel whose taps lie 1, 2, …
 * pixels apart (the footprint doubles each pass at the cost of 25 taps). Each tap is
 * weighted by how alike the two pixels are:
 * <ul>
 *   <li>geometry: normals (cosine to the power {@link #SIGMA_NORMAL}) and depth (relative
 *       difference over {@link #SIGMA_DEPTH} per pixel of tap distance); a pixel that sees the
 *       background only mixes with background, so silhouettes stay sharp;</li>
 *   <li>albedo: a Gaussian of the colour difference ({@link #SIGMA_ALBEDO}), so texture edges such
 *       as a checkerboard's stay sharp;</li>
 *   <li>luminance: the difference over {@link #SIGMA_LUMINANCE} standard deviations of the pixel's
 *       noise (its variance estimate, blurred 3×3): noise is smoothed, real shading edges are not.
 *       The variance is carried through the passes (Σw²v / (Σw)²).</li>
 * </ul>
 * The guides come from the pixel-centre ray while the radiance averages the whole pixel, so a pixel
 * on a silhouette or texture edge holds a mix its guides do not describe; filtering would pull it
 * to one side and alias the edge. Such a pixel (a 4-neighbour's geometry or albedo weight below
 * {@link #EDGE_WEIGHT}) keeps its own value. Measured without this rule: 3.0 → 5.1 RMSE on a 64×48
 * ball-and-floor picture at 8 spp, the error all on edges.
 * The GLSL twin is {@code shaders/denoise.comp}; the two agree within float rounding.
 */
public final class AtrousDenoiser implements Denoiser {
    /**
     * Two passes (taps 1 and 2 px apart) and {@link #SIGMA_LUMINANCE} 2: of the tried settings (5, 3
     * and 2 passes; σ 1, 2, 4, 16) the lowest RMSE on the four noise scenes of docs/RESULTS.md. Wider
     * footprints and looser luminance weights blurred what the pixel-centre guides do not show
     * (depth-of-field blur, penumbrae) more than they removed noise.
     */
    public static final int PASSES = 2;
    public static final float SIGMA_NORMAL = 64f;
    public static final float SIGMA_DEPTH = 0.05f;
    public static final float SIGMA_ALBEDO = 0.05f;
    public static final float SIGMA_LUMINANCE = 2f;
    public static final float EDGE_WEIGHT = 0.1f;
    private static final float[] KERNEL = {1f / 16f, 1f / 4f, 3f / 8f, 1f / 4f, 1f / 16f};
    private static final float[] BLUR = {1f / 4f, 1f / 8f, 1f / 16f}; // 3×3 Gaussian: centre, edge, corner

    @Override
    public float[] denoise(DenoiseInput in) {
        int w = in.width(), h = in.height();
        float[] color = in.radiance().clone(), variance = in.variance().clone();
        float[] nextColor = new float[color.length], nextVariance = new float[variance.length];
        for (int pass = 0; pass < PASSES; pass++) {
            int step = 1 << pass;
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    filterPixel(in, color, variance, nextColor, nextVariance, x, y, step);
                }
            }
            float[] t = color;
            color = nextColor;
            nextColor = t;
            t = variance;
            variance = nextVariance;
            nextVariance = t;
        }
        return color;
    }

    private static void filterPixel(DenoiseInput in, float[] color, float[] variance, float[] outColor, float[] outVariance,
                                    int x, int y, int step) {
        int w = in.width(), h = in.height(), p = y * w + x;
        float[] n = in.normals(), a = in.albedo(), z = in.depth();
        if (onEdge(in, x, y)) {
            outColor[3 * p] = color[3 * p];
            outColor[3 * p + 1] = color[3 * p + 1];
            outColor[3 * p + 2] = color[3 * p + 2];
            outVariance[p] = variance[p];
            return;
        }
        float lp = Frame.luminance(color[3 * p], color[3 * p + 1], color[3 * p + 2]);
        float sigmaL = SIGMA_LUMINANCE * (float) Math.sqrt(blurredVariance(variance, w, h, x, y)) + 1e-4f;
        float sumW = 0, sumR = 0, sumG = 0, sumB = 0, sumV = 0;
        for (int dy = -2; dy <= 2; dy++) {
            int qy = y + dy * step;
            if (qy < 0 || qy >= h) continue;
            for (int dx = -2; dx <= 2; dx++) {
                int qx = x + dx * step;
                if (qx < 0 || qx >= w) continue;
                int q = qy * w + qx;
                float weight = KERNEL[dx + 2] * KERNEL[dy + 2];
                if (q != p) {
                    float lq = Frame.luminance(color[3 * q], color[3 * q + 1], color[3 * q + 2]);
                    weight *= geometryWeight(n, z, p, q, step) * albedoWeight(a, p, q)
                            * (float) Math.exp(-Math.abs(lp - lq) / sigmaL);
                }
                sumW += weight;
                sumR += weight * color[3 * q];
                sumG += weight * color[3 * q + 1];
                sumB += weight * color[3 * q + 2];
                sumV += weight * weight * variance[q];
            }
        }
        outColor[3 * p] = sumR / sumW;
        outColor[3 * p + 1] = sumG / sumW;
        outColor[3 * p + 2] = sumB / sumW;
        outVariance[p] = sumV / (sumW * sumW);
    }

    /** Whether a 4-neighbour's geometry or albedo differs enough that the pixel straddles an edge. */
    static boolean onEdge(DenoiseInput in, int x, int y) {
        int w = in.width(), h = in.height(), p = y * w + x;
        int[][] neighbours = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
        for (int[] q : neighbours) {
            if (q[0] < 0 || q[1] < 0 || q[0] >= w || q[1] >= h) continue;
            int i = q[1] * w + q[0];
            if (geometryWeight(in.normals(), in.depth(), p, i, 1) * albedoWeight(in.albedo(), p, i) < EDGE_WEIGHT) return true;
        }
        return false;
    }

    /** Normal and depth agreement; background (infinite depth) only agrees with background. */
    static float geometryWeight(float[] n, float[] z, int p, int q, int step) {
        boolean missP = Float.isInfinite(z[p]), missQ = Float.isInfinite(z[q]);
        if (missP || missQ) return missP && missQ ? 1f : 0f;
        float cos = n[3 * p] * n[3 * q] + n[3 * p + 1] * n[3 * q + 1] + n[3 * p + 2] * n[3 * q + 2];
        float wn = (float) Math.pow(Math.max(0f, cos), SIGMA_NORMAL);
        float wz = (float) Math.exp(-Math.abs(z[p] - z[q]) / (SIGMA_DEPTH * step * Math.max(z[p], 1e-6f)));
        return wn * wz;
    }

    static float albedoWeight(float[] a, int p, int q) {
        float dr = a[3 * p] - a[3 * q], dg = a[3 * p + 1] - a[3 * q + 1], db = a[3 * p + 2] - a[3 * q + 2];
        return (float) Math.exp(-(dr * dr + dg * dg + db * db) / (SIGMA_ALBEDO * SIGMA_ALBEDO));
    }

    /** The variance blurred by a 3×3 Gaussian (taps outside the image left out, weights renormalised). */
    static float blurredVariance(float[] v, int w, int h, int x, int y) {
        float sum = 0, weights = 0;
        for (int dy = -1; dy <= 1; dy++) {
            int qy = y + dy;
            if (qy < 0 || qy >= h) continue;
            for (int dx = -1; dx <= 1; dx++) {
                int qx = x + dx;
                if (qx < 0 || qx >= w) continue;
                float k = BLUR[Math.abs(dx) + Math.abs(dy)];
                sum += k * v[qy * w + qx];
                weights += k;
            }
        }
        return sum / weights;
    }
}
