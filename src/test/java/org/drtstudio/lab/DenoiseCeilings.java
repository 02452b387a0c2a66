package org.drtstudio.lab;

import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.DiffuseSplit;
import org.drtstudio.render.Frame;
import org.drtstudio.render.denoise.NlmDenoiser;
import org.drtstudio.render.denoise.NlmDenoiser.Settings;
import org.drtstudio.render.denoise.SplitFiltering;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * How far a change of the denoiser could go at best (issue 40), on frames captured by
 * {@link HeldoutDenoise} ({@code capture}), against its references: each mode gives the filter
 * something a real one cannot have, so what it measures is a ceiling.
 * <ul>
 *   <li>{@code selection FRAME.bin REF}: per pixel the best of a few filters (the default, one of
 *       twice and one of half its k, the plain picture) by the true squared error, smoothed over
 *       (2r+1)² boxes: what choosing among them by a perfect error estimate would reach.</li>
 *   <li>{@code cross A.bin B.bin REF}: two independent renders of half the samples; the same choice by
 *       the cross error (each half filtered, compared with the other half unfiltered), from the
 *       frame that averages them: what an estimate from half buffers reaches.</li>
 *   <li>{@code variance FRAME.bin REF MORE.bin...}: the default filter with each pixel's variance
 *       measured across independent renders of the same sample count (MORE, other seeds) instead of
 *       from the frame's own samples, scaled by 1–4: what a better variance estimate would reach.</li>
 *   <li>{@code parts FRAME.bin REF HIGH.bin}: the error of the diffuse and the other part alone, plain and
 *       denoised, against the parts of a capture of many samples (HIGH), as a share of the plain RMSE.</li>
 * </ul>
 * RMSE as {@link NoiseMeasurement#rmse}, as a fraction of the frame's plain RMSE. The guides' ceiling
 * is {@code HeldoutDenoise capture} with {@code -Dnoise.guides=64x1024}.
 */
public final class DenoiseCeilings {
    private DenoiseCeilings() {
    }

    public static void main(String[] args) throws Exception {
        DenoiseInput frame = HeldoutDenoise.read(Path.of(args[1]));
        switch (args[0]) {
            case "selection" -> selection(frame, NoiseCurves.readFloats(Path.of(args[2])));
            case "cross" -> cross(frame, HeldoutDenoise.read(Path.of(args[2])), NoiseCurves.readFloats(Path.of(args[3])));
            case "variance" -> {
                List<DenoiseInput> more = new java.util.ArrayList<>();
                for (int k = 3; k < args.length; k++) more.add(HeldoutDenoise.read(Path.of(args[k])));
                variance(frame, NoiseCurves.readFloats(Path.of(args[2])), more);
            }
            case "parts" -> parts(frame, NoiseCurves.readFloats(Path.of(args[2])), HeldoutDenoise.read(Path.of(args[3])));
            default -> throw new IllegalArgumentException("mode " + args[0] + ": selection, cross, variance or parts");
        }
    }

    /** The default denoiser, one of {@code kScale} times its k on every part, and {@code null} for the plain picture. */
    private static List<NlmDenoiser> candidates() {
        return java.util.Arrays.asList(new NlmDenoiser(), scaled(2f), scaled(0.5f), null);
    }

    private static NlmDenoiser scaled(float kScale) {
        return new NlmDenoiser(withK(Settings.DEFAULT, kScale), withK(Settings.DIFFUSE, kScale), withK(Settings.OTHER, kScale));
    }

    private static Settings withK(Settings s, float kScale) {
        return new Settings(s.radius(), s.k() * kScale, s.sigmaNormal(), s.sigmaDepth(), s.sigmaAlbedo(), s.ridge(),
                s.albedoFloor(), s.albedoSlopes());
    }

    private static float[] run(NlmDenoiser d, DenoiseInput in) {
        return d == null ? in.radiance().clone() : d.denoise(in);
    }

    private static void selection(DenoiseInput in, float[] ref) {
        List<NlmDenoiser> candidates = candidates();
        float[][] outs = new float[candidates.size()][], errors = new float[candidates.size()][];
        for (int c = 0; c < outs.length; c++) {
            outs[c] = run(candidates.get(c), in);
            errors[c] = squaredLuminanceError(outs[c], ref);
        }
        report("selection", in, ref, outs, errors);
    }

    private static void cross(DenoiseInput a, DenoiseInput b, float[] ref) {
        DenoiseInput full = average(a, b), bWithGuidesOfA = withGuides(b, a);
        List<NlmDenoiser> candidates = candidates();
        float[][] outs = new float[candidates.size()][], errors = new float[candidates.size()][];
        for (int c = 0; c < outs.length; c++) {
            outs[c] = run(candidates.get(c), full);
            float[] ea = squaredLuminanceError(run(candidates.get(c), a), bWithGuidesOfA.radiance());
            float[] eb = squaredLuminanceError(run(candidates.get(c), bWithGuidesOfA), a.radiance());
            for (int p = 0; p < ea.length; p++) ea[p] += eb[p];
            errors[c] = ea;
        }
        report("cross", full, ref, outs, errors);
    }

    /** Each candidate's RMSE, then per pixel the candidate of least error smoothed over boxes of radius 0–4. */
    private static void report(String mode, DenoiseInput in, float[] ref, float[][] outs, float[][] errors) {
        double plain = NoiseMeasurement.rmse(in.radiance(), ref);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s: plain %.4f; default, 2k, k/2, plain:", mode, plain));
        for (float[] out : outs) line.append(String.format(Locale.ROOT, " %.3f", NoiseMeasurement.rmse(out, ref) / plain));
        int w = in.width(), h = in.height(), n = w * h;
        for (int r = 0; r <= 4; r++) {
            float[][] smooth = new float[errors.length][];
            for (int c = 0; c < errors.length; c++) smooth[c] = boxMean(errors[c], w, h, r);
            float[] chosen = new float[3 * n];
            for (int p = 0; p < n; p++) {
                int best = 0;
                for (int c = 1; c < errors.length; c++) if (smooth[c][p] < smooth[best][p]) best = c;
                System.arraycopy(outs[best], 3 * p, chosen, 3 * p, 3);
            }
            line.append(String.format(Locale.ROOT, "; chosen r%d %.3f", r, NoiseMeasurement.rmse(chosen, ref) / plain));
        }
        System.out.println(line);
    }

    private static void variance(DenoiseInput in, float[] ref, List<DenoiseInput> more) {
        int n = in.width() * in.height();
        float[][] measured = new float[3][n];
        double[][] sum = new double[3][n], squares = new double[3][n];
        for (DenoiseInput o : more) {
            for (int p = 0; p < n; p++) {
                float total = luminance(o.radiance(), p), diffuse = luminance(o.split().diffuse(), p);
                float[] parts = {total, diffuse, total - diffuse};
                for (int k = 0; k < 3; k++) {
                    sum[k][p] += parts[k];
                    squares[k][p] += parts[k] * parts[k];
                }
            }
        }
        int m = more.size();
        double plain = NoiseMeasurement.rmse(in.radiance(), ref);
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "variance: own samples' %.3f; measured over %d renders,"
                + " times 1-4:", NoiseMeasurement.rmse(new NlmDenoiser().denoise(in), ref) / plain, m));
        for (int scale = 1; scale <= 4; scale++) {
            for (int k = 0; k < 3; k++) {
                for (int p = 0; p < n; p++) {
                    measured[k][p] = scale * (float) Math.max(0, (squares[k][p] - sum[k][p] * sum[k][p] / m) / (m - 1));
                }
            }
            DiffuseSplit s = in.split();
            DenoiseInput with = new DenoiseInput(in.width(), in.height(), in.radiance(), measured[0].clone(), in.normals(),
                    in.albedo(), in.depth(), new DiffuseSplit(s.diffuse(), measured[1].clone(), measured[2].clone(), s.ownAlbedo()));
            line.append(String.format(Locale.ROOT, " %.3f", NoiseMeasurement.rmse(new NlmDenoiser().denoise(with), ref) / plain));
        }
        System.out.println(line);
    }

    private static void parts(DenoiseInput in, float[] ref, DenoiseInput high) {
        float[][] filtered = new float[2][];
        SplitFiltering.denoise(in, Settings.DIFFUSE.albedoFloor(), (part, floor, kind) -> {
            Settings s = kind == SplitFiltering.Part.DIFFUSE ? Settings.DIFFUSE : Settings.OTHER;
            float[] out = new NlmDenoiser(new Settings(s.radius(), s.k(), s.sigmaNormal(), s.sigmaDepth(), s.sigmaAlbedo(),
                    s.ridge(), floor, s.albedoSlopes())).denoise(part);
            filtered[kind == SplitFiltering.Part.DIFFUSE ? 0 : 1] = out;
            return out.clone();
        });
        float[] diffuseHigh = high.split().diffuse(), otherHigh = minus(high.radiance(), diffuseHigh);
        float[] diffusePlain = SplitFiltering.diffuseInput(in.split(), in, Settings.DIFFUSE.albedoFloor()).radiance();
        float[] otherPlain = minus(in.radiance(), in.split().diffuse());
        double plain = NoiseMeasurement.rmse(in.radiance(), ref);
        System.out.printf(Locale.ROOT, "parts: high's own error %.3f; diffuse plain %.3f denoised %.3f; other plain %.3f"
                        + " denoised %.3f%n", NoiseMeasurement.rmse(high.radiance(), ref) / plain,
                NoiseMeasurement.rmse(plus(diffusePlain, otherHigh), ref) / plain,
                NoiseMeasurement.rmse(plus(filtered[0], otherHigh), ref) / plain,
                NoiseMeasurement.rmse(plus(diffuseHigh, otherPlain), ref) / plain,
                NoiseMeasurement.rmse(plus(diffuseHigh, filtered[1]), ref) / plain);
    }

    /** The frame of both halves' samples: their means and guides of the first (the variance of a mean of both: a quarter of the sum). */
    private static DenoiseInput average(DenoiseInput a, DenoiseInput b) {
        DiffuseSplit sa = a.split(), sb = b.split();
        return new DenoiseInput(a.width(), a.height(), mix(a.radiance(), b.radiance(), 0.5f), mix(a.variance(), b.variance(), 0.25f),
                a.normals(), a.albedo(), a.depth(), new DiffuseSplit(mix(sa.diffuse(), sb.diffuse(), 0.5f),
                mix(sa.diffuseVariance(), sb.diffuseVariance(), 0.25f), mix(sa.otherVariance(), sb.otherVariance(), 0.25f),
                mix(sa.ownAlbedo(), sb.ownAlbedo(), 0.5f)));
    }

    private static DenoiseInput withGuides(DenoiseInput b, DenoiseInput a) {
        return new DenoiseInput(b.width(), b.height(), b.radiance(), b.variance(), a.normals(), a.albedo(), a.depth(), b.split());
    }

    private static float[] squaredLuminanceError(float[] a, float[] b) {
        float[] e = new float[a.length / 3];
        for (int p = 0; p < e.length; p++) {
            float d = luminance(a, p) - luminance(b, p);
            e[p] = d * d;
        }
        return e;
    }

    private static float[] boxMean(float[] v, int w, int h, int r) {
        float[] out = new float[v.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float sum = 0;
                int count = 0;
                for (int qy = Math.max(0, y - r); qy <= Math.min(h - 1, y + r); qy++) {
                    for (int qx = Math.max(0, x - r); qx <= Math.min(w - 1, x + r); qx++) {
                        sum += v[qy * w + qx];
                        count++;
                    }
                }
                out[y * w + x] = sum / count;
            }
        }
        return out;
    }

    private static float luminance(float[] c, int p) {
        return Frame.luminance(c[3 * p], c[3 * p + 1], c[3 * p + 2]);
    }

    private static float[] mix(float[] a, float[] b, float f) {
        float[] out = new float[a.length];
        for (int i = 0; i < out.length; i++) out[i] = f * (a[i] + b[i]);
        return out;
    }

    private static float[] plus(float[] a, float[] b) {
        float[] out = new float[a.length];
        for (int i = 0; i < out.length; i++) out[i] = a[i] + b[i];
        return out;
    }

    private static float[] minus(float[] a, float[] b) {
        float[] out = new float[a.length];
        for (int i = 0; i < out.length; i++) out[i] = a[i] - b[i];
        return out;
    }
}
