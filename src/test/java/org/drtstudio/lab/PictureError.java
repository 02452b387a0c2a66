package org.drtstudio.lab;

import org.drtstudio.io.image.exr.TinyExr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The error of pictures that {@code drt render -o X.exr} wrote, against a reference picture of the
 * same size: RMSE on the 0–255 sRGB scale ({@link NoiseMeasurement#rmse}, the measure every noise
 * table in docs/RESULTS.md uses). It measures what a user gets from the command line, so builds
 * whose lab programs differ (an old commit's, today's) are compared through their pictures alone
 * ({@code scripts/denoise-equal-time.sh}).
 * <pre>scripts/lab.sh PictureError REF.exr PICTURE.exr...</pre>
 * prints one line per picture: its path and its RMSE.
 */
public final class PictureError {
    private PictureError() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: PictureError REF.exr PICTURE.exr...");
            System.exit(2);
        }
        TinyExr.Picture reference = TinyExr.decode(Files.readAllBytes(Path.of(args[0])));
        float[] ref = rgb(reference, args[0]);
        for (int i = 1; i < args.length; i++) {
            TinyExr.Picture p = TinyExr.decode(Files.readAllBytes(Path.of(args[i])));
            if (p.width() != reference.width() || p.height() != reference.height())
                throw new IllegalArgumentException(args[i] + " is " + p.width() + "x" + p.height() + ", the reference "
                        + reference.width() + "x" + reference.height());
            System.out.printf(Locale.ROOT, "%s %.4f%n", args[i], NoiseMeasurement.rmse(rgb(p, args[i]), ref));
        }
    }

    /** The picture's R, G and B channels interleaved, as the tracers' radiance arrays are. */
    static float[] rgb(TinyExr.Picture p, String file) {
        int n = p.width() * p.height();
        float[] out = new float[3 * n];
        String[] names = {"R", "G", "B"};
        for (int c = 0; c < 3; c++) {
            TinyExr.Channel channel = p.channel(names[c]);
            if (channel == null) throw new IllegalArgumentException(file + " has no " + names[c] + " channel");
            float[] v = channel.values();
            for (int i = 0; i < n; i++) out[3 * i + c] = v[i];
        }
        return out;
    }
}
