package org.drtstudio.farm;

import org.drtstudio.io.image.ImageFormat;
import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.render.PixelWindow;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The merge job: puts a tiles job's tiles side by side into the still and each of its AOVs, and
 * writes them as one group (all or none) with their sidecar. Pictures are assembled from the tiles'
 * 8-bit pixels and encoded once, AOVs from the tiles' floats, so the still is bit for bit what one
 * {@code drt render} of the whole image writes.
 */
public final class TileMerger {
    private TileMerger() {
    }

    /** Where a merge's time went: checking the tiles' sidecars, reading and placing the tiles, encoding and writing the still. */
    public record Times(double checkSeconds, double assembleSeconds, double writeSeconds) {
    }

    public static Times merge(FarmJob job) throws FarmException, IOException {
        long t0 = System.nanoTime();
        if (job.kind() != FarmJob.Kind.TILES) throw new FarmException(FarmJobFile.in(job.folder()) + ": not a tiles job; nothing to merge");
        for (int t = 0; t < job.taskCount(); t++) {
            if (!Sidecar.complete(job.tileOutputs(t), job.signature())) {
                throw new FarmException("tile " + t + " (" + job.tileWindow(t) + ") is not complete: " + job.tileOutputs(t).picture()
                        + " or its sidecar is missing or does not match; resubmit to render it");
            }
        }
        long t1 = System.nanoTime();
        OutputSet still = job.stillOutputs();
        ImageFormat format;
        try {
            format = ImageFormat.forFile(still.picture());
        } catch (OutputProblem e) {
            throw new FarmException("cannot write " + e.getMessage());
        }
        int w = job.width(), h = job.height();
        List<AtomicFileWriter.Output> outputs = new ArrayList<>();
        for (int k = 0; k < still.files().size(); k++) {
            Path target = still.files().get(k);
            if (target.getFileName().toString().endsWith(".pfm")) {
                int[] channels = new int[1];
                float[] data = assembleFloats(job, k, channels);
                outputs.add(new AtomicFileWriter.Output(target, PfmWriter.body(w, h, channels[0], data)));
            } else {
                byte[] rgba = assemblePixels(job, k);
                ImageFormat f = k == 0 ? format : ImageFormat.PNG;
                outputs.add(new AtomicFileWriter.Output(target, f.body(w, h, rgba)));
            }
        }
        long t2 = System.nanoTime();
        AtomicFileWriter.writeAll(outputs);
        Sidecar.write(still, job.signature());
        return new Times((t1 - t0) / 1e9, (t2 - t1) / 1e9, (System.nanoTime() - t2) / 1e9);
    }

    /** File {@code k} of every tile, 8-bit pictures, into one RGBA array of the still (alpha 255 as the tracers make it). */
    private static byte[] assemblePixels(FarmJob job, int k) throws FarmException, IOException {
        int w = job.width();
        byte[] rgba = new byte[4 * w * job.height()];
        int[] row = new int[w];
        for (int t = 0; t < job.taskCount(); t++) {
            PixelWindow win = job.tileWindow(t);
            Path file = job.tileOutputs(t).files().get(k);
            BufferedImage img = PngWriter.read(file);
            if (img.getWidth() != win.width() || img.getHeight() != win.height()) {
                throw new FarmException(file + ": " + img.getWidth() + "x" + img.getHeight() + " where tile " + t + " is "
                        + win.width() + "x" + win.height());
            }
            for (int y = 0; y < win.height(); y++) {
                img.getRGB(0, y, win.width(), 1, row, 0, w);
                int base = 4 * ((win.y() + y) * w + win.x());
                for (int x = 0; x < win.width(); x++) {
                    int argb = row[x];
                    rgba[base + 4 * x] = (byte) (argb >> 16);
                    rgba[base + 4 * x + 1] = (byte) (argb >> 8);
                    rgba[base + 4 * x + 2] = (byte) argb;
                    rgba[base + 4 * x + 3] = (byte) 0xff;
                }
            }
        }
        return rgba;
    }

    /** File {@code k} of every tile, PFMs, into one float array of the still; {@code channelsOut[0]} gets their channel count. */
    private static float[] assembleFloats(FarmJob job, int k, int[] channelsOut) throws FarmException, IOException {
        int w = job.width();
        float[] all = null;
        int channels = 0;
        for (int t = 0; t < job.taskCount(); t++) {
            PixelWindow win = job.tileWindow(t);
            Path file = job.tileOutputs(t).files().get(k);
            int[] size = new int[3];
            float[] tile = PfmWriter.read(file, size);
            if (size[0] != win.width() || size[1] != win.height() || (all != null && size[2] != channels)) {
                throw new FarmException(file + ": " + size[0] + "x" + size[1] + "x" + size[2] + " where tile " + t + " is "
                        + win.width() + "x" + win.height() + (all != null ? "x" + channels : ""));
            }
            if (all == null) {
                channels = size[2];
                all = new float[channels * w * job.height()];
            }
            for (int y = 0; y < win.height(); y++) {
                System.arraycopy(tile, y * win.width() * channels, all, ((win.y() + y) * w + win.x()) * channels, win.width() * channels);
            }
        }
        channelsOut[0] = channels;
        return all;
    }
}
