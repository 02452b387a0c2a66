package org.drtstudio.render;

/**
 * Edge-avoiding à-trous wavelet filter (Dammertz et al. 2010, "Edge-Avoiding À-Trous Wavelet
 * Transform for fast Global Illumination Filtering") with the variance-steered luminance weight and
 * albedo demodulation of SVGF (Schied et al. 2017).
 * <ol>
 *   <li>Demodulate: the radiance is divided by the pixel's albedo (at least {@link Settings#albedoFloor}
 *       per channel) and its variance by the albedo's luminance squared, so what is filtered is the
 *       light arriving at the surface, smooth across a texture's edges; the albedo is multiplied back
 *       at the end, so textures come out as sharp as the albedo guide.</li>
 *   <li>{@link Settings#passes} passes of a 5×5 B3-spline kernel whose taps lie 1, 2, 4, … pixels apart
 *       (the footprint doubles each pass at the cost of 25 taps). Each tap is weighted by how alike
 *       the two pixels are:
 *       <ul>
 *         <li>geometry: normals (cosine to the power {@link Settings#sigmaNormal}) and depth (relative
 *             difference over {@link Settings#sigmaDepth} per pixel of tap distance); a pixel that
 *             sees only background mixes only with background, so silhouettes stay sharp;</li>
 *         <li>albedo: a Gaussian of the difference ({@link Settings#sigmaAlbedo}), so different
 *             materials (and a pixel half covered, whose averaged albedo is darker) keep apart;</li>
 *         <li>luminance: the difference over {@link Settings#sigmaLuminance} standard deviations of
 *             the pixel's noise (its variance, blurred 3×3): noise is smoothed, real shading edges
 *             such as a penumbra's boundary are not. The variance is carried through the passes
 *             (Σw²v / (Σw)²), so each pass trusts the smoothing of the previous ones.</li>
 *       </ul></li>
 * </ol>
 * The guides average the pixel's own camera samples (lens, time and position; {@link DenoiseInput}),
 * so under depth of field a defocused edge is a smooth mix in the guides as in the radiance and the
 * filter may smooth across it.
 * The GLSL twin is {@code shaders/denoise.comp} (run by the GL renderer's denoiser); the two agree
 * within float rounding.
 */
public final class AtrousDenoiser implements Denoiser {
    /**
     * The filter's parameters. {@link #DEFAULT} is what both twins use (the GLSL one gets the values
     * as {@code #define}s); the others exist for the measurements of docs/RESULTS.md.
     */
    public record Settings(int passes, float sigmaNormal, float sigmaDepth, float sigmaAlbedo, float sigmaLuminance,
                           float albedoFloor) {
        /**
         * Two passes (taps 1 and 2 px apart), σ_l 1.5, σ_albedo 0.3: of the settings tried on the
         * four noise scenes of docs/RESULTS.md at 16 spp, the lowest RMSE over the four (docs/RESULTS.md
         * lists the others). More passes and looser luminance weights blur penumbrae: the variance
         * is that of independent samples, and the Sobol sampler's error is well below it.
         */
        public static final Settings DEFAULT = new Settings(2, 64f, 0.05f, 0.3f, 1.5f, 0.02f);

        public Settings {
            if (passes < 1 || passes > 12) throw new IllegalArgumentException("passes " + passes + " (1-12)");
        }
    }

    private static final float[] KERNEL = {1f / 16f, 1f / 4f, 3f / 8f, 1f / 4f, 1f / 16f};
    private static final float[] BLUR = {1f / 4f, 1f / 8f, 1f / 16f}; // 3×3 Gaussian: centre, edge, corner

    private final Settings settings;

    public AtrousDenoiser() {
        this(Settings.DEFAULT);
    }

    public AtrousDenoiser(Settings settings) {
        this.settings = settings;
    }

    public Settings settings() {
        return settings;
    }

    @Override
    public float[] denoise(DenoiseInput in) {
        Demodulated d = demodulate(in, settings.albedoFloor());
        float[] color = d.irradiance(), variance = d.variance();
        float[] nextColor = new float[color.length], nextVariance = new float[variance.length];
        for (int pass = 0; pass < settings.passes(); pass++) {
            int step = 1 << pass;
            for (int y = 0; y < in.height(); y++) {
                for (int x = 0; x < in.width(); x++) {
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
        return d.remodulate(color);
    }

    /**
     * The radiance divided by the albedo (at least {@code floor} per channel, so unlit-colour and
     * background pixels keep finite values), its variance divided by the albedo's luminance squared,
     * and the albedo used: what both twins filter (the GL twin gets these from here).
     */
    public record Demodulated(float[] irradiance, float[] variance, float[] modulation) {
        /** The filtered irradiance times the albedo again (in place). */
        public float[] remodulate(float[] filtered) {
            for (int i = 0; i < filtered.length; i++) filtered[i] *= modulation[i];
            return filtered;
        }
    }

    public static Demodulated demodulate(DenoiseInput in, float floor) {
        int n = in.width() * in.height();
        float[] m = new float[3 * n], irradiance = new float[3 * n], variance = new float[n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) {
                m[3 * i + c] = Math.max(in.albedo()[3 * i + c], floor);
                irradiance[3 * i + c] = in.radiance()[3 * i + c] / m[3 * i + c];
            }
            float l = Frame.luminance(m[3 * i], m[3 * i + 1], m[3 * i + 2]);
            variance[i] = in.variance()[i] / (l * l);
        }
        return new Demodulated(irradiance, variance, m);
    }

    private void filterPixel(DenoiseInput in, float[] color, float[] variance, float[] outColor, float[] outVariance,
                             int x, int y, int step) {
        int w = in.width(), h = in.height(), p = y * w + x;
        float[] n = in.normals(), a = in.albedo(), z = in.depth();
        float lp = Frame.luminance(color[3 * p], color[3 * p + 1], color[3 * p + 2]);
        float sigmaL = settings.sigmaLuminance() * (float) Math.sqrt(blurredVariance(variance, w, h, x, y)) + 1e-4f;
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

    /** Normal and depth agreement; background (infinite depth) only agrees with background. */
    float geometryWeight(float[] n, float[] z, int p, int q, int step) {
        boolean missP = Float.isInfinite(z[p]), missQ = Float.isInfinite(z[q]);
        if (missP || missQ) return missP && missQ ? 1f : 0f;
        float cos = n[3 * p] * n[3 * q] + n[3 * p + 1] * n[3 * q + 1] + n[3 * p + 2] * n[3 * q + 2];
        float wn = (float) Math.pow(Math.max(0f, cos), settings.sigmaNormal());
        float wz = (float) Math.exp(-Math.abs(z[p] - z[q]) / (settings.sigmaDepth() * step * Math.max(z[p], 1e-6f)));
        return wn * wz;
    }

    float albedoWeight(float[] a, int p, int q) {
        float dr = a[3 * p] - a[3 * q], dg = a[3 * p + 1] - a[3 * q + 1], db = a[3 * p + 2] - a[3 * q + 2];
        float s = settings.sigmaAlbedo();
        return (float) Math.exp(-(dr * dr + dg * dg + db * db) / (s * s));
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
