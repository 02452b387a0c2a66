package org.drtstudio.lab;

import org.drtstudio.io.image.ExrPicture;
import org.drtstudio.io.image.ImageFormat;
import org.drtstudio.render.ToneMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What making a frame's files costs on the host: the tone map, the PNG and the EXR (half RGBA, and with float depth,
 * normal and colour layers) of a W×H picture, each five times in this JVM, the bytes counted and thrown away.
 * {@code PictureWriting [W H [NOISE]]} (default 1920 1080 0.05): a smooth picture with seeded Gaussian noise of that
 * strength, about what a 16-spp render's noise compresses like. "first" is what a one-shot command pays, "fifth" a
 * warm writer. Run the builds in turn, a fresh JVM each (docs/BENCHMARKS.md, "Writing the picture").
 */
public final class PictureWriting {
    private PictureWriting() {
    }

    public static void main(String[] args) throws IOException {
        int w = args.length > 1 ? Integer.parseInt(args[0]) : 1920, h = args.length > 1 ? Integer.parseInt(args[1]) : 1080;
        double noise = args.length > 2 ? Double.parseDouble(args[2]) : 0.05;
        int n = w * h;
        float[] rgb = new float[3 * n], depth = new float[n], normal = new float[3 * n];
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < n; i++) {
            int x = i % w, y = i / w;
            for (int c = 0; c < 3; c++) rgb[3 * i + c] = (float) Math.max(0, 0.5 + 0.3 * Math.sin(x * 0.01 + c) * Math.cos(y * 0.013) + noise * r.nextGaussian());
            depth[i] = 5f + 0.001f * x + 0.002f * y;
            normal[3 * i + 2] = 1f;
        }
        time("tone map", () -> ToneMapper.toSrgb(rgb, n).length);
        byte[] srgb = ToneMapper.toSrgb(rgb, n);
        time("png", () -> size(ImageFormat.PNG.body(w, h, srgb)));
        time("exr half rgba", () -> size(new ExrPicture(w, h, ExrPicture.Precision.HALF).rgba(rgb).body()));
        time("exr with layers", () -> size(new ExrPicture(w, h, ExrPicture.Precision.HALF).rgba(rgb).dataLayer("depth", depth, "Z")
                .dataLayer("normal", normal, "X", "Y", "Z").colourLayer("albedo", rgb).body()));
    }

    private interface Work {
        long run() throws IOException;
    }

    private static void time(String what, Work work) throws IOException {
        double first = 0, fifth = 0;
        long bytes = 0;
        for (int k = 1; k <= 5; k++) {
            long t0 = System.nanoTime();
            bytes = work.run();
            double ms = (System.nanoTime() - t0) / 1e6;
            if (k == 1) first = ms;
            if (k == 5) fifth = ms;
        }
        System.out.printf(Locale.ROOT, "%s: first %.0f ms, fifth %.0f ms, %,d bytes%n", what, first, fifth, bytes);
    }

    private static long size(org.drtstudio.io.support.AtomicFileWriter.Body body) throws IOException {
        long[] count = {0};
        body.writeTo(new OutputStream() {
            @Override
            public void write(int b) {
                count[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                count[0] += len;
            }
        });
        return count[0];
    }
}
