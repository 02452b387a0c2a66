package org.drtstudio.lab;

import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.exr.TinyExr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The error of pictures that {@code drt render -o X.exr} wrote, against a reference picture of the
 * same size (or PFM pictures, as {@code --aov noisy} and scripts/oidn-anchor.py write them): RMSE on the 0–255 sRGB scale ({@link NoiseMeasurement#rmse}, the measure every noise
 * table in docs/RESULTS.md uses). It measures what a user gets from the command line, so builds
 * whose lab programs differ (an old commit's, today's) are compared through their pictures alone
 * ({@code scripts/denoise-equal-time.sh}).
 * <pre>scripts/lab.sh PictureError REF.exr PICTURE.exr|PICTURE.pfm...</pre>
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
            int[] size = new int[3];
            float[] picture = args[i].endsWith(".pfm") ? PfmWriter.read(Path.of(args[i]), size) : exr(args[i], size);
            if (size[0] != reference.width() || size[1] != reference.height() || size[2] != 3)
                throw new IllegalArgumentException(args[i] + " is " + size[0] + "x" + size[1] + " of " + size[2]
                        + " channels, the reference " + reference.width() + "x" + reference.height() + " of 3");
            System.out.printf(Locale.ROOT, "%s %.4f%n", args[i], NoiseMeasurement.rmse(picture, ref));
        }
    }

    private static float[] exr(String file, int[] sizeOut) throws IOException {
        TinyExr.Picture p = TinyExr.decode(Files.readAllBytes(Path.of(file)));
        sizeOut[0] = p.width();
        sizeOut[1] = p.height();
        sizeOut[2] = 3;
        return rgb(p, file);
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
