package org.drtstudio.render.denoise;

import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Denoiser;
import java.util.stream.IntStream;
import org.drtstudio.render.Frame;

/**
 * Non-local means weights with a local plane fit, on the light arriving at the surface.
 * <ol>
 *   <li><b>Demodulate</b> (SVGF, Schied et al. 2017): the radiance is divided by the pixel's albedo (at
 *       least {@link Settings#albedoFloor} per channel) and its variance by the albedo's luminance
 *       squared, so what is filtered is the light, smooth across a texture's edges; the albedo is
 *       multiplied back at the end, so textures come out as sharp as the albedo guide. The variance
 *       is then blurred 3×3 (a box), as a per-pixel noise level.</li>
 *   <li><b>Weigh</b> every pixel q of the {@code (2r+1)²} window around p ({@link Settings#radius}) by
 *       how alike the two neighbourhoods look (Rousselle, Knaus and Zwicker 2012, "Adaptive rendering
 *       with non-local means filtering"): the mean over a 3×3 patch of
 *       {@code ((Lp − Lq)² − (vp + min(vp, vq))) / (ε + k²(vp + vq))} for the demodulated luminance L
 *       and blurred variance v, through {@code exp(−max(0, d))}. A difference within the noise costs
 *       nothing, so flat and smoothly lit regions (penumbrae, glossy highlights) average over the
 *       whole window; a patch with an edge only matches patches with the same edge. The guides gate
 *       that as the à-trous filter did: normals (cosine to the power {@link Settings#sigmaNormal}),
 *       relative depth ({@link Settings#sigmaDepth}), albedo (a Gaussian of {@link Settings#sigmaAlbedo}),
 *       and background (infinite depth) mixes only with background.</li>
 *   <li><b>Fit a plane</b> in screen position to the weighted irradiance (ridge {@link Settings#ridge} on
 *       the slopes) and keep its value at p: a window across a gradient is not pulled towards its
 *       mean, so a wide window does not flatten shading ramps. With {@link Settings#albedoSlopes} the
 *       fit is also linear in the guide's albedo relative to p's ({@link FeatureFit}, NFOR's first-order
 *       regression on a feature; {@link Settings#OTHER}): a pixel on a silhouette or a defocused edge
 *       mixes the two sides in the proportion of its samples, and so does its albedo guide, of four to
 *       sixteen times as many samples; the fit reads the proportion from the guide, so the guide
 *       gates can be loose without blurring one side into the other.</li>
 * </ol>
 * Measured against the two-pass à-trous filter it replaced, on the noise scenes of docs/RESULTS.md
 * (160×120, 16 spp, seeds 1–4): 11–20 % less error per scene, and at 64 spp it nearly stops costing
 * accuracy where the picture is already clean.
 * The guides average the pixel's camera samples ({@link DenoiseInput}). The GLSL twin is
 * {@code shaders/denoise.comp} (run by the GL renderer's denoiser on the output of
 * {@code shaders/denoise_stages.comp}, {@link #demodulate}'s twin); the two agree within float rounding.
 */
public final class NlmDenoiser implements Denoiser {
    /** The filter's parameters; {@link #DEFAULT} is what both twins use (the GLSL one as {@code #define}s). */
    public record Settings(int radius, float k, float sigmaNormal, float sigmaDepth, float sigmaAlbedo, float ridge,
                           float albedoFloor, boolean albedoSlopes) {
        /**
         * A 7×7 window, k 0.8: of the radii 2–7, patches 3×3 to 7×7 and k 0.2–2 tried on the four noise
         * scenes (docs/RESULTS.md), within 0.5 % of the lowest RMSE summed at 16 spp (an 11×11 window)
         * at 40 % of its taps: the studio denoises whole viewports on two cores.
         */
        public static final Settings DEFAULT = new Settings(3, 0.8f, 64f, 0.05f, 0.3f, 1e-3f, 0.02f, false);
        /**
         * The diffuse part's ({@link DiffuseSplit}): a 5×5 window, k 0.7, fitted on the albedo, the
         * normal and depth gates loosened (cos⁸, relative depth 0.1), the albedo gate kept tight (0.3).
         * Divided by its own samples' albedo and remodulated by the guides, the diffuse light needs
         * less smoothing than the rest (k 0.5–0.8 on the four noise scenes). Why the looser gates: on
         * the held-out scenes most of what the denoiser left was on silhouettes, where the fit kept the
         * pixel's own colour (its leverage, (A⁻¹)₀₀, about 1): along a small sphere's outline the guide
         * normal turns by several degrees a pixel, and cos⁶⁴ shut out the neighbours along the edge;
         * the albedo fit keeps the looser window from mixing the two sides. Issue 40
         * ({@code lab.HeldoutDenoise eval}, CPU tracer, 160×120, 16 spp, all three effects), denoised /
         * plain with the old diffuse settings (5×5, k 0.5, cos⁶⁴, depth 0.05, no fit) → these: tuned
         * on seeds 101 0.710 → 0.686 and 202 0.741 → 0.738; never looked at while tuning, 303 0.734
         * → 0.720, 404 0.752 → 0.721, 505 0.695 → 0.683, 606 0.782 → 0.741, 7001 0.762 → 0.740, 7002
         * 0.812 → 0.775, 7003 0.680 → 0.657, 7004 0.725 → 0.697, 7005 0.811 → 0.792; the four noise
         * scenes 0.0–1.4 % more error (depth of field the most). An albedo fit with every gate loose
         * (cos⁸, depth 0.5, albedo 1) lost on the noise scenes, as did the fit with the tight gates.
         */
        public static final Settings DIFFUSE = new Settings(2, 0.7f, 8f, 0.1f, 0.3f, 1e-3f, 0.02f, true);
        /**
         * The other part's (highlights, reflections, refractions: {@link DiffuseSplit}): a 7×7 window, k 1,
         * fitted on the albedo, so the gates can be loose: normals cos⁸, relative depth 0.5, albedo 1.
         * Where the rest is most of the noise (rough mirrors and glass, curved), cos⁶⁴ on the first hit's
         * normal left little to average. Issue 40 ({@code bench.HeldoutDenoise}, CPU tracer, 160×120,
         * 16 spp, all three effects): held-out scene 101 0.747 → 0.710 of plain, 202 0.763 → 0.741; the
         * noise scenes within 0.5 % (depth of field and Spot's texture gain). Was {@link #DEFAULT}.
         */
        public static final Settings OTHER = new Settings(3, 1f, 8f, 0.5f, 1f, 1e-3f, 0.02f, true);

        public Settings {
            if (radius < 1 || radius > 15) throw new IllegalArgumentException("radius " + radius + " (1-15)");
        }
    }

    /** A neighbour whose weight is below e^-this (1e-13 of the pixel's own) is left out: no exponential for it. */
    public static final float NEGLIGIBLE = 30f;

    /** Keeps the patch distance finite where the variance is zero (background, unlit flat colour). */
    public static final float EPSILON = 1e-10f;

    private final Settings settings;
    /** Filter the diffuse and the other part of a split input: this one, or ones with their own settings. */
    private final NlmDenoiser diffuse, other;

    /** {@link Settings#DEFAULT}, {@link Settings#DIFFUSE} and {@link Settings#OTHER} for the parts of a split input. */
    public NlmDenoiser() {
        this(Settings.DEFAULT, Settings.DIFFUSE, Settings.OTHER);
    }

    /** The same settings for every part. */
    public NlmDenoiser(Settings settings) {
        this.settings = settings;
        diffuse = this;
        other = this;
    }

    /** {@code whole} for an input without a split, the other two for the parts of one. */
    public NlmDenoiser(Settings whole, Settings diffusePart, Settings otherPart) {
        settings = whole;
        diffuse = new NlmDenoiser(diffusePart);
        other = new NlmDenoiser(otherPart);
    }

    /**
     * The filter's unit of work: a tile of this many rows and {@link #TILE_COLUMNS} columns. Its fit
     * sums (39 floats a pixel with the albedo fit) and patch terms stay in the core's cache across
     * the window's offsets.
     */
    private static final int TILE_ROWS = 8, TILE_COLUMNS = 64;

    /**
     * Tile by tile (in parallel), and within a tile offset by offset rather than pixel by pixel: for
     * each offset o of the window, every pixel's patch term against the pixel o away is computed once
     * and summed over the 3×3 patches, so a term is shared by the nine patches it belongs to (nine
     * times fewer divisions than per pixel). Per pixel the offsets still come in the shader's order,
     * into float sums like the shader's.
     */
    @Override
    public float[] denoise(DenoiseInput in) {
        return denoise(in, () -> false);
    }

    /** As {@link #denoise(DenoiseInput)}; {@code stop} is read before each tile. */
    @Override
    public float[] denoise(DenoiseInput in, java.util.function.BooleanSupplier stop) {
        return SplitFiltering.denoise(in, settings.albedoFloor(),
                (part, floor, kind) -> (switch (kind) {
                    case WHOLE -> this;
                    case DIFFUSE -> diffuse;
                    case OTHER -> other;
                }).filter(part, floor, stop));
    }

    /** One filtering of the radiance demodulated by the albedo (at least {@code floor}); null when stopped. */
    private float[] filter(DenoiseInput in, float floor, java.util.function.BooleanSupplier stop) {
        int w = in.width(), h = in.height();
        Demodulated d = demodulate(in, floor);
        float[] out = new float[3 * w * h];
        java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
        int across = (w + TILE_COLUMNS - 1) / TILE_COLUMNS, tiles = across * ((h + TILE_ROWS - 1) / TILE_ROWS);
        IntStream.range(0, tiles).parallel().forEach(index -> {
            if (stopped.get() || stop.getAsBoolean()) {
                stopped.set(true);
                return;
            }
            int tile = scattered(index, tiles);
            int x0 = tile % across * TILE_COLUMNS, y0 = tile / across * TILE_ROWS;
            Tile t = new Tile(x0, Math.min(w, x0 + TILE_COLUMNS), y0, Math.min(h, y0 + TILE_ROWS), settings.albedoSlopes());
            int r = settings.radius();
            for (int oy = -r; oy <= r; oy++) {
                for (int ox = -r; ox <= r; ox++) {
                    for (int y = t.y0 - 1; y <= t.y1; y++) patchTerms(d, w, h, ox, oy, y, t);
                    java.util.Arrays.fill(t.regressors[1], ox / (float) r); // u and v: the same for every pixel
                    java.util.Arrays.fill(t.regressors[2], oy / (float) r);
                    for (int y = t.y0; y < t.y1; y++) neighbours(in, d, t, y, ox, oy);
                    t.fit.add(t.weights, t.regressors, t.colours);
                }
            }
            for (int y = t.y0; y < t.y1; y++) {
                for (int x = t.x0; x < t.x1; x++) t.fit.intercept(t.pixel(x, y), settings.ridge(), out, y * w + x);
            }
        });
        return stopped.get() ? null : d.remodulate(out);
    }

    /**
     * The tiles in an order spread over the picture (index × a prime above any tile count, mod the
     * count): the JIT compiles the filter from what its first tiles met, and a corner tile alone
     * (no background, no right edge) left it to recompile several times when the rest came.
     */
    static int scattered(int index, int tiles) {
        return (int) (index * 1_000_003L % tiles);
    }

    /**
     * One tile's working arrays: pixels [x0, x1) × [y0, y1) are filtered; the patch terms cover the
     * tile and a ring of one pixel around it, columns x0 − 1 to x1 of rows y0 − 1 to y1 (0 outside the image).
     */
    private static final class Tile {
        final int x0, x1, y0, y1;
        final float[] terms;
        final FeatureFit fit;
        /**
         * One offset's neighbours of the tile's pixels (by {@link #pixel}): their weights (0: left
         * out), their regressors (1, u, v and the albedo's difference when fitted on it) and colours.
         */
        final float[] weights;
        final float[][] regressors, colours;

        Tile(int x0, int x1, int y0, int y1, boolean albedoSlopes) {
            this.x0 = x0;
            this.x1 = x1;
            this.y0 = y0;
            this.y1 = y1;
            terms = new float[(y1 - y0 + 2) * (x1 - x0 + 2)];
            fit = new FeatureFit(pixels(), albedoSlopes ? 3 : 0);
            weights = new float[pixels()];
            regressors = new float[fit.regressors()][pixels()];
            colours = new float[3][pixels()];
            java.util.Arrays.fill(regressors[0], 1f);
        }

        int pixels() {
            return (y1 - y0) * (x1 - x0);
        }

        /** The fit's index of image pixel (x, y) of this tile. */
        int pixel(int x, int y) {
            return (y - y0) * (x1 - x0) + x - x0;
        }

        /** The index in {@link #terms} of the term at image pixel (x, y), x0 − 1 ≤ x ≤ x1, y0 − 1 ≤ y ≤ y1. */
        int term(int x, int y) {
            return (y - y0 + 1) * (x1 - x0 + 2) + x - x0 + 1;
        }
    }

    /**
     * Row y of the tile's patch terms between each pixel s and s + (ox, oy): 0 where s or s + o lies
     * outside the image, which adds nothing to a patch's sum ({@link #weight} counts the others).
     */
    private void patchTerms(Demodulated d, int w, int h, int ox, int oy, int y, Tile tile) {
        float[] l = d.luminance(), v = d.variance(), terms = tile.terms;
        float k2 = settings.k() * settings.k();
        int row = tile.term(0, y), from = tile.x0 - 1, to = tile.x1 + 1;
        if (y < 0 || y >= h || y + oy < 0 || y + oy >= h) {
            java.util.Arrays.fill(terms, row + from, row + to, 0f);
            return;
        }
        // Columns [from, inFrom) and [inTo, to) lie outside; on a picture narrower than the window, all of them.
        int inFrom = Math.min(to, Math.max(from, Math.max(0, -ox))), inTo = Math.max(inFrom, Math.min(to, Math.min(w, w - ox)));
        java.util.Arrays.fill(terms, row + from, row + inFrom, 0f);
        for (int x = inFrom; x < inTo; x++) {
            int a = y * w + x, b = a + oy * w + ox;
            float va = v[a], vb = v[b], diff = l[a] - l[b];
            terms[row + x] = (diff * diff - (va + Math.min(va, vb))) / (EPSILON + k2 * (va + vb));
        }
        java.util.Arrays.fill(terms, row + inTo, row + to, 0f);
    }

    /**
     * The neighbours q = p + (ox, oy) of the tile's pixels p of row y into its buffers: weight 0
     * (and regressors and colour 0) where q lies outside the image.
     */
    private void neighbours(DenoiseInput in, Demodulated d, Tile tile, int y, int ox, int oy) {
        int w = in.width(), h = in.height(), row = tile.pixel(tile.x0, y);
        boolean rowInside = y + oy >= 0 && y + oy < h;
        int inFrom = rowInside ? Math.max(tile.x0, -ox) : tile.x1, inTo = rowInside ? Math.min(tile.x1, w - ox) : tile.x1;
        for (int x = tile.x0; x < tile.x1; x++) {
            if (x >= inFrom && x < inTo) neighbour(in, d, tile, x, y, ox, oy);
            else leaveOut(tile, row + x - tile.x0);
        }
    }

    /** Neighbour k of the tile's buffers left out: weight, regressors and colour 0. */
    private static void leaveOut(Tile tile, int k) {
        tile.weights[k] = 0f;
        for (int i = 3; i < tile.regressors.length; i++) tile.regressors[i][k] = 0f;
        for (int ch = 0; ch < 3; ch++) tile.colours[ch][k] = 0f;
    }

    /**
     * Pixel q = p + (ox, oy), inside the image, as p's neighbour in the tile's buffers: its weight,
     * its albedo regressors and its colour; all 0 where it is left out.
     */
    private void neighbour(DenoiseInput in, Demodulated d, Tile tile, int x, int y, int ox, int oy) {
        int k = tile.pixel(x, y), w = in.width();
        float weight = weight(in, tile, x, y, ox, oy);
        if (weight == 0f) {
            leaveOut(tile, k);
            return;
        }
        tile.weights[k] = weight;
        float[][] r = tile.regressors, c = tile.colours;
        int p = y * w + x, q = (y + oy) * w + x + ox;
        float[] a = in.albedo(), irradiance = d.irradiance();
        // Background pixels have no albedo to fit on (theirs is 0): their fit stays a plane.
        boolean missP = Float.isInfinite(in.depth()[p]);
        for (int i = 3; i < r.length; i++) r[i][k] = missP ? 0f : a[3 * q + i - 3] - a[3 * p + i - 3];
        for (int ch = 0; ch < 3; ch++) c[ch][k] = irradiance[3 * q + ch];
    }

    /**
     * The weight of pixel q = p + (ox, oy), inside the image, in p's plane fit: 0 where it is left out.
     * The patch's mean is over the terms whose pixels s and s + o both lie inside: the others are 0
     * in the tile's terms, and their count is that of such columns times that of such rows.
     */
    private float weight(DenoiseInput in, Tile tile, int x, int y, int ox, int oy) {
        int w = in.width(), h = in.height();
        int p = y * w + x, q = (y + oy) * w + x + ox;
        float[] z = in.depth(), terms = tile.terms;
        boolean missP = Float.isInfinite(z[p]);
        if (missP != Float.isInfinite(z[q])) return 0f;
        float sum = 0;
        for (int sy = y - 1; sy <= y + 1; sy++) {
            int at = tile.term(x - 1, sy);
            sum += terms[at];
            sum += terms[at + 1];
            sum += terms[at + 2];
        }
        int columns = Math.min(x + 1, Math.min(w - 1, w - 1 - ox)) - Math.max(x - 1, Math.max(0, -ox)) + 1;
        int rows = Math.min(y + 1, Math.min(h - 1, h - 1 - oy)) - Math.max(y - 1, Math.max(0, -oy)) + 1;
        // One exponential for the patch, depth and albedo terms together (a product of three).
        float exponent = Math.max(0f, sum / (columns * rows)), normalWeight = 1f;
        if (!missP && q != p) {
            normalWeight = normalWeight(in.normals(), p, q);
            if (normalWeight == 0f) return 0f;
            exponent += depthExponent(z, p, q) + albedoExponent(in.albedo(), p, q);
        }
        if (exponent > NEGLIGIBLE) return 0f;
        return normalWeight * (float) Math.exp(-exponent);
    }

    /**
     * The radiance divided by the albedo (at least {@code floor} per channel, so unlit-colour and
     * background pixels keep finite values), its luminance, the variance divided by the albedo's
     * luminance squared and blurred 3×3, and the albedo used: what both twins filter (the GL twin
     * gets these from here).
     */
    public record Demodulated(float[] irradiance, float[] luminance, float[] variance, float[] modulation) {
        /** The filtered irradiance times the albedo again (in place). */
        public float[] remodulate(float[] filtered) {
            for (int i = 0; i < filtered.length; i++) filtered[i] *= modulation[i];
            return filtered;
        }
    }

    public static Demodulated demodulate(DenoiseInput in, float floor) {
        int w = in.width(), h = in.height(), n = w * h;
        float[] m = new float[3 * n], irradiance = new float[3 * n], luminance = new float[n], variance = new float[n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) {
                m[3 * i + c] = Math.max(in.albedo()[3 * i + c], floor);
                irradiance[3 * i + c] = in.radiance()[3 * i + c] / m[3 * i + c];
            }
            luminance[i] = Frame.luminance(irradiance[3 * i], irradiance[3 * i + 1], irradiance[3 * i + 2]);
            float l = Frame.luminance(m[3 * i], m[3 * i + 1], m[3 * i + 2]);
            variance[i] = in.variance()[i] / (l * l);
        }
        return new Demodulated(irradiance, luminance, boxBlur(variance, w, h), m);
    }

    /** Each value replaced by the mean of its 3×3 neighbourhood's values inside the image. */
    static float[] boxBlur(float[] v, int w, int h) {
        float[] out = new float[v.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float sum = 0;
                int count = 0;
                for (int qy = Math.max(0, y - 1); qy <= Math.min(h - 1, y + 1); qy++) {
                    for (int qx = Math.max(0, x - 1); qx <= Math.min(w - 1, x + 1); qx++) {
                        sum += v[qy * w + qx];
                        count++;
                    }
                }
                out[y * w + x] = sum / count;
            }
        }
        return out;
    }

    /**
     * The cosine of the two normals to the power {@link Settings#sigmaNormal}, by repeated squaring
     * where that is a power of two (64 by default). With the three exponentials merged into one, this
     * took the 160×120 frame from 140 to 120 ms (two threads; the two were not timed apart).
     */
    private float normalWeight(float[] n, int p, int q) {
        float cos = Math.max(0f, n[3 * p] * n[3 * q] + n[3 * p + 1] * n[3 * q + 1] + n[3 * p + 2] * n[3 * q + 2]);
        float e = settings.sigmaNormal();
        if (e != Math.rint(e) || Integer.bitCount((int) e) != 1) return (float) Math.pow(cos, e);
        for (int i = 1; i < (int) e; i *= 2) cos *= cos;
        return cos;
    }

    /** Relative depth difference over {@link Settings#sigmaDepth}: the depth weight is exp(−this). */
    private float depthExponent(float[] z, int p, int q) {
        return Math.abs(z[p] - z[q]) / (settings.sigmaDepth() * Math.max(z[p], 1e-6f));
    }

    /** Squared albedo difference over {@link Settings#sigmaAlbedo}²: the albedo weight is exp(−this). */
    private float albedoExponent(float[] a, int p, int q) {
        float dr = a[3 * p] - a[3 * q], dg = a[3 * p + 1] - a[3 * q + 1], db = a[3 * p + 2] - a[3 * q + 2];
        float s = settings.sigmaAlbedo();
        return (dr * dr + dg * dg + db * db) / (s * s);
    }
}
