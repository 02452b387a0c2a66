package org.drtstudio.render;

import org.drtstudio.accel.ParallelRanges;
import org.joml.Matrix3d;
import org.joml.Vector3d;

import java.util.Locale;

/**
 * How scene-referred linear radiance becomes a picture on a display: an exposure in stops (the
 * radiance times 2^stops), then a display transform, then the sRGB encoding and 8 bits.
 *
 * <ul>
 *   <li>{@link View#STANDARD}: clamp to [0, 1] — the tracers' picture as it always was
 *       ({@link ToneMapper}); a light brighter than white clips to white.</li>
 *   <li>{@link View#AGX}: Troy Sobotka's AgX view (github.com/sobotka/AgX, the view Blender 4
 *       ships), in the published "minimal" form of Benjamin Wrensch ("Minimal AgX Implementation",
 *       iolite-engine.com, 2023): the colour pulled toward the achromatic axis by AgX's inset matrix,
 *       encoded as log2 over 16.5 stops (−12.47 … +4.03 around middle grey 0.18), shaped by his
 *       polynomial fit of AgX's default contrast sigmoid, taken back by the inset's inverse, and
 *       decoded with the 2.2 exponent of a reference display. Highlights roll off toward white
 *       (a value 16 times brighter than white is still not white) and saturated lights lose
 *       saturation as they brighten, as film does, instead of clipping to a flat hue.</li>
 * </ul>
 * EXR and PFM outputs stay scene-referred: the transform is applied to the 8-bit picture only.
 *
 * @param exposureStops exposure in stops, finite (0: as rendered)
 */
public record ViewTransform(float exposureStops, View view) {
    /** The tracers' own picture: no exposure, the standard clamp. */
    public static final ViewTransform DEFAULT = new ViewTransform(0f, View.STANDARD);

    /** The display transforms. */
    public enum View {
        STANDARD, AGX;

        /** The name on the command line: {@code standard}, {@code agx}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The view called {@code word} ({@code standard}; {@code agx}, also {@code filmic}), or null. */
        public static View named(String word) {
            return switch (word.toLowerCase(Locale.ROOT)) {
                case "standard" -> STANDARD;
                case "agx", "filmic" -> AGX;
                default -> null;
            };
        }
    }

    /** AgX's inset matrix (rows: output channels), from the published minimal form. */
    private static final Matrix3d INSET = new Matrix3d(
            0.842479062253094, 0.0423282422610123, 0.0423756549057051,
            0.0784335999999992, 0.878468636469772, 0.0784336,
            0.0792237451477643, 0.0791661274605434, 0.879142973793104);
    private static final Matrix3d OUTSET = new Matrix3d(INSET).invert();
    private static final double MIN_EV = -12.47393, MAX_EV = 4.026069;

    public ViewTransform {
        if (!Float.isFinite(exposureStops) || Math.abs(exposureStops) > 64)
            throw new IllegalArgumentException("exposure must be a finite number of stops within ±64, got " + exposureStops);
        if (view == null) view = View.STANDARD;
    }

    public boolean isDefault() {
        return exposureStops == 0 && view == View.STANDARD;
    }

    /** 8-bit sRGB RGBA (alpha 255) of {@code pixels} interleaved linear RGB values; rows of a large picture on every core. */
    public byte[] toSrgb(float[] rgb, int pixels) {
        if (isDefault()) return ToneMapper.toSrgb(rgb, pixels);
        byte[] out = new byte[4 * pixels];
        ParallelRanges.forEach(pixels, (from, to) -> map(rgb, out, from, to));
        return out;
    }

    /** Pixels [from, to): each on its own, so any split gives the same bytes. */
    private void map(float[] rgb, byte[] out, int from, int to) {
        double gain = Math.pow(2, exposureStops);
        double[] c = new double[3];
        Vector3d v = new Vector3d();
        for (int i = from; i < to; i++) {
            for (int k = 0; k < 3; k++) {
                double x = rgb[3 * i + k] * gain;
                c[k] = Double.isFinite(x) ? Math.max(0, x) : (x > 0 ? Float.MAX_VALUE : 0);
            }
            if (view == View.AGX) agx(c, v);
            for (int k = 0; k < 3; k++) out[4 * i + k] = (byte) ToneMapper.toSrgb8ByTable((float) c[k]);
            out[4 * i + 3] = (byte) 255;
        }
    }

    /** {@code c} (linear, ≥ 0) through AgX to display-linear values in [0, 1]. */
    static void agx(double[] c, Vector3d v) {
        v.set(c[0], c[1], c[2]);
        // JOML's Matrix3d(m00, m01, m02, …) takes columns first, as GLSL's mat3(…) does: the published matrix applies as written
        INSET.transform(v);
        double[] t = {v.x, v.y, v.z};
        for (int k = 0; k < 3; k++) {
            double log = t[k] > 0 ? Math.log(t[k]) / Math.log(2) : MIN_EV;
            double u = (Math.min(Math.max(log, MIN_EV), MAX_EV) - MIN_EV) / (MAX_EV - MIN_EV);
            t[k] = contrast(u);
        }
        v.set(t[0], t[1], t[2]);
        OUTSET.transform(v);
        c[0] = Math.pow(Math.min(Math.max(v.x, 0), 1), 2.2);
        c[1] = Math.pow(Math.min(Math.max(v.y, 0), 1), 2.2);
        c[2] = Math.pow(Math.min(Math.max(v.z, 0), 1), 2.2);
    }

    /** Wrensch's sixth-order polynomial fit of AgX's default contrast sigmoid, over [0, 1]. */
    static double contrast(double x) {
        double x2 = x * x, x4 = x2 * x2;
        return 15.5 * x4 * x2 - 40.14 * x4 * x + 31.96 * x4 - 6.868 * x2 * x + 0.4298 * x2 + 0.1191 * x - 0.00232;
    }

    /** "exposure +1.5 stops, AgX view" for a report line. */
    public String describe() {
        return String.format(Locale.ROOT, "exposure %+.2f stops, %s view", exposureStops, view.word());
    }
}
