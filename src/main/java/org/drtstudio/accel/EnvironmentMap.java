package org.drtstudio.accel;

import org.drtstudio.scene.Environment;
import org.drtstudio.scene.TextureImage;

/**
 * An environment light packed for both tracers: the equirectangular picture's texels and the tables
 * that sample it in proportion to its brightness, in one float array that the GPU holds as one
 * shader storage buffer ({@code shaders/environment.glsl}) and the CPU twin
 * ({@code render.cpu.EnvironmentSampler}) reads as is, so both draw the same directions.
 *
 * <p>Rows run from the top of the picture (θ = 0, straight up, +y) down; column u looks along
 * u = ½ + atan2(x, z) / 2π (left edge −z, then −x, the centre +z, then +x), the layout of a sphere's
 * texture coordinates. Layout of {@link #data()}, {@code w} = {@link #width()}, {@code h} = {@link #height()}:
 * <ul>
 *   <li>[0, 4wh): texel (column c, row r) at 4(r·w + c): linear r, g, b as stored (strength not applied),
 *       and the density of drawing it over the unit square of (u, θ/π): weight · wh / Σ weight;</li>
 *   <li>{@link #marginalOffset()}: h + 1 floats, the cumulative distribution over rows (0 … 1);</li>
 *   <li>{@link #conditionalOffset()} + r·{@link #rowStride()}: w + 1 floats per row, the cumulative
 *       distribution over that row's columns (0 … 1).</li>
 * </ul>
 * A texel's weight is its luminance above the map's mean ({@link #compensatedWeights}) times sin θ
 * at the row's centre: the solid angle an equirectangular texel covers shrinks toward the poles as
 * sin θ (pbrt's InfiniteAreaLight). Texels of weight 0 are never drawn by the map; the cosine-weighted
 * draw the shading combines with it reaches every direction, so their light is still counted.
 *
 * <p>Rotation and strength do not change the tables: a turn only maps directions, and a factor on
 * every texel leaves the proportions. {@link #withPlacement} shares the tables.
 */
public final class EnvironmentMap {
    /**
     * Texel values are clamped into [0, this]: a sun is about 1e5 in the brightest skies, and a
     * hostile file's 1e38 times a strength would overflow the float sums to infinity. NaN reads as 0.
     */
    public static final float MAX_VALUE = 1e9f;
    /**
     * The shader storage binding of {@link #data()} on the GPU ({@code ENV_BINDING}): free in the
     * trace kernel, whose other buffers are the frame's (0, 2), the portals' (3–7) and the box layout's (12, 13).
     */
    public static final int BINDING = 1;

    private final int width, height;
    private final float[] data;
    private final float cosYaw, sinYaw, strength;

    private EnvironmentMap(int width, int height, float[] data, float cosYaw, float sinYaw, float strength) {
        this.width = width;
        this.height = height;
        this.data = data;
        this.cosYaw = cosYaw;
        this.sinYaw = sinYaw;
        this.strength = strength;
    }

    /**
     * The map of {@code picture} (a decoded {@link TextureImage}, rows from the bottom up) placed as
     * {@code settings} says.
     */
    public static EnvironmentMap of(TextureImage picture, Environment settings) {
        int w = picture.width(), h = picture.height();
        if ((long) w * h > Integer.MAX_VALUE / 8) throw new IllegalArgumentException("environment picture " + w + "x" + h + " is too large");
        int texels = w * h;
        float[] data = new float[4 * texels + h + 1 + h * (w + 1)];
        double[] luminance = new double[texels], sinTheta = new double[h];
        double lit = 0, area = 0;
        for (int r = 0; r < h; r++) {
            // The picture's rows run bottom-up; ours top-down.
            int source = (h - 1 - r) * w;
            sinTheta[r] = Math.sin(Math.PI * (r + 0.5) / h);
            for (int c = 0; c < w; c++) {
                int t = r * w + c;
                float red = clean(picture.rgb()[3 * (source + c)]);
                float green = clean(picture.rgb()[3 * (source + c) + 1]);
                float blue = clean(picture.rgb()[3 * (source + c) + 2]);
                data[4 * t] = red;
                data[4 * t + 1] = green;
                data[4 * t + 2] = blue;
                luminance[t] = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
                lit += luminance[t] * sinTheta[r];
                area += sinTheta[r];
            }
        }
        double[] weight = compensatedWeights(luminance, sinTheta, w, lit / area);
        double total = 0;
        for (double x : weight) total += x;
        int marginal = 4 * texels, conditional = marginal + h + 1;
        double rowsSoFar = 0;
        for (int r = 0; r < h; r++) {
            double rowTotal = 0;
            for (int c = 0; c < w; c++) rowTotal += weight[r * w + c];
            int row = conditional + r * (w + 1);
            double sum = 0;
            for (int c = 0; c < w; c++) {
                data[row + c] = (float) (rowTotal > 0 ? sum / rowTotal : (double) c / w);
                sum += weight[r * w + c];
                data[4 * (r * w + c) + 3] = (float) (weight[r * w + c] * texels / total);
            }
            data[row + w] = 1f;
            data[marginal + r] = (float) (rowsSoFar / total);
            rowsSoFar += rowTotal;
        }
        data[marginal + h] = 1f;
        EnvironmentMap unplaced = new EnvironmentMap(w, h, data, 1f, 0f, 1f);
        return unplaced.withPlacement(settings);
    }

    /**
     * The texels' sampling weights: luminance above the map's mean (over the sphere), times sin θ.
     * MIS compensation (Karlík, Šik, Vévoda, Skřivan and Křivánek 2019): the map's draw is combined
     * with a cosine-weighted draw that already covers the even part of the sky well, so the map's
     * draw is spent on what stands out, a sun; with plain luminance a third of a sunny sky's draws
     * went to the sky, and the sun's count among a pixel's 16 draws made its light 2.4 times as
     * noisy as a uniform sky's (EnvironmentNoiseTest). A map with nothing above its mean (a uniform
     * sky) is drawn by plain luminance, a black one uniformly.
     */
    private static double[] compensatedWeights(double[] luminance, double[] sinTheta, int w, double mean) {
        double[] weight = new double[luminance.length];
        for (int pass = 0; pass < 3; pass++) {
            double total = 0;
            for (int t = 0; t < weight.length; t++) {
                double above = pass == 0 ? luminance[t] - mean : pass == 1 ? luminance[t] : 1.0;
                weight[t] = Math.max(0.0, above) * (pass == 2 ? 1.0 : sinTheta[t / w]);
                total += weight[t];
            }
            if (total > 0) return weight;
        }
        return weight;
    }

    private static float clean(float v) {
        return v > 0f ? Math.min(v, MAX_VALUE) : 0f; // NaN and negatives fail v > 0
    }

    /** The same picture and tables, turned and scaled as {@code settings} says. */
    public EnvironmentMap withPlacement(Environment settings) {
        double yaw = Math.toRadians(settings.rotationDegrees());
        return new EnvironmentMap(width, height, data, (float) Math.cos(yaw), (float) Math.sin(yaw), settings.strength());
    }

    public int width() { return width; }

    public int height() { return height; }

    /** The packed texels and tables (see the class comment); nobody modifies it. */
    public float[] data() { return data; }

    /** Where the rows' cumulative distribution starts in {@link #data()}. */
    public int marginalOffset() { return 4 * width * height; }

    /** Where row 0's cumulative distribution over columns starts in {@link #data()}. */
    public int conditionalOffset() { return marginalOffset() + height + 1; }

    /** Floats from one row's distribution over columns to the next's. */
    public int rowStride() { return width + 1; }

    /** cos of the turn about +y: a map direction m is the world direction (cos·m.x + sin·m.z, m.y, −sin·m.x + cos·m.z). */
    public float cosYaw() { return cosYaw; }

    /** sin of the turn about +y (see {@link #cosYaw()}). */
    public float sinYaw() { return sinYaw; }

    /** The factor on every texel's value. */
    public float strength() { return strength; }

    /** Bytes the map takes in memory and on the GPU. */
    public long bytes() { return 4L * data.length; }
}
