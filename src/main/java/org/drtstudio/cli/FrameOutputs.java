package org.drtstudio.cli;

import org.drtstudio.io.image.ExrPicture;
import org.drtstudio.io.image.ImageFormat;
import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.WriteBehind;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ToneMapper;
import org.drtstudio.render.ViewTransform;
import org.drtstudio.render.adaptive.SampleHeatMap;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code drt render}'s frames to their files: each frame's picture made from the traced (or denoised) radiance,
 * written with its AOVs as one group ({@link AtomicFileWriter#writeAll}) or as one EXR, then told to {@code written}
 * (the render farm seals it) and said. A sequence writes each frame while the next is traced ({@link WriteBehind}),
 * where the heap has room for it (WorkEstimate.twoFramesFit); a still, in place.
 */
final class FrameOutputs implements AutoCloseable {
    /** How the traced frames become files: the AOVs asked for, the picture's source and view, the EXR's precision. */
    record Kind(Set<Aov> wanted, boolean denoise, boolean exr, ViewTransform view, ExrPicture.Precision precision) {
    }

    private final Kind kind;
    private final WriteBehind writes;
    private final Consumer<Path> written;
    private final PrintWriter err;
    /** The bar of the frame being traced while an earlier one is written: its lines go above it. */
    private volatile ProgressBar bar;
    private final Object sayLock = new Object();

    FrameOutputs(Kind kind, boolean behind, Consumer<Path> written, PrintWriter err) {
        this.kind = kind;
        this.writes = WriteBehind.behindIf(behind);
        this.written = written;
        this.err = err;
    }

    /** The progress bar of the frame traced from now on (null: none drawn). */
    void tracing(ProgressBar b) {
        bar = b;
    }

    /**
     * Writes {@code traced} to {@code target} (behind the next frame's trace in a sequence), then seals and says
     * {@code said}. Throws an earlier frame's write failure.
     */
    void write(Path target, Frame traced, int maxSamples, List<String> said) throws IOException {
        writes.write(() -> {
            float[] linear = kind.denoise() ? traced.denoised() : traced.radiance();
            Frame frame = traced;
            int pixels = frame.width() * frame.height();
            // Denoised, the picture is the filtered radiance's; the traced one stays the frame's (--aov noisy).
            if (!kind.view().isDefault()) frame = withPicture(frame, kind.view().toSrgb(linear, pixels));
            else if (kind.denoise()) frame = withPicture(frame, ToneMapper.toSrgb(linear, pixels));
            if (kind.exr()) writeExr(target, frame, linear);
            else writeOutputs(target, frame, maxSamples);
            written.accept(target);
            say(said);
        });
    }

    /** Waits for the last frame's files (throwing their failure). */
    @Override
    public void close() throws IOException {
        writes.close();
    }

    /**
     * Says {@code lines} together: lines said meanwhile from the other thread (through here) come before or after
     * them, not between; above the progress bar being drawn. Each line goes through {@code err}'s println, which a
     * terminal's writer cleans of control characters (a file name is untrusted).
     */
    void say(List<String> lines) {
        if (lines.isEmpty()) return;
        Runnable print = () -> {
            synchronized (sayLock) {
                for (String line : lines) err.println(line);
                err.flush();
            }
        };
        ProgressBar b = bar;
        if (b == null) print.run();
        else b.above(print);
    }

    /** The frame with its 8-bit picture replaced (made by a view transform); radiance and AOVs as they are. */
    private static Frame withPicture(Frame f, byte[] srgb) {
        return new Frame(f.width(), f.height(), srgb, f.radiance(), f.depth(), f.normals(), f.albedo(), f.variance(), f.samples(),
                f.split(), f.errors(), f.uploadedBytes(), f.denoised());
    }

    /** A frame's picture and its AOVs as one group: all of them or none (see {@link AtomicFileWriter#writeAll}). */
    private void writeOutputs(Path target, Frame frame, int maxSamples) throws IOException {
        Set<Aov> wanted = kind.wanted();
        int w = frame.width(), h = frame.height();
        List<AtomicFileWriter.Output> files = new ArrayList<>();
        files.add(new AtomicFileWriter.Output(target, ImageFormat.forFile(target).body(w, h, frame.srgb())));
        if (wanted.contains(Aov.RADIANCE)) files.add(pfm(target, "noisy", w, h, 3, frame.radiance()));
        if (wanted.contains(Aov.VARIANCE)) files.add(pfm(target, "variance", w, h, 1, frame.variance()));
        if (wanted.contains(Aov.SAMPLES)) {
            files.add(pfm(target, "samples", w, h, 1, frame.samples()));
            files.add(new AtomicFileWriter.Output(RenderCommand.heatMapPath(target),
                    ImageFormat.PNG.body(w, h, SampleHeatMap.rgba(frame.samples(), maxSamples))));
        }
        if (frame.depth() != null && wanted.contains(Aov.DEPTH)) files.add(pfm(target, "depth", w, h, 1, frame.depth()));
        if (frame.normals() != null && wanted.contains(Aov.NORMAL)) files.add(pfm(target, "normal", w, h, 3, frame.normals()));
        if (frame.albedo() != null && wanted.contains(Aov.ALBEDO)) files.add(pfm(target, "albedo", w, h, 3, frame.albedo()));
        if (frame.split() != null && wanted.contains(Aov.DIFFUSE)) files.add(pfm(target, "diffuse", w, h, 3, frame.split().diffuse()));
        AtomicFileWriter.writeAll(files);
    }

    private static AtomicFileWriter.Output pfm(Path target, String aov, int w, int h, int channels, float[] data) {
        return new AtomicFileWriter.Output(RenderCommand.aovPath(target, aov), PfmWriter.body(w, h, channels, data));
    }

    /**
     * One EXR: the linear (denoised, when asked) radiance as R, G, B, A, and each asked-for AOV as a layer of
     * the same file ({@link ExrPicture}), written atomically like every output.
     */
    private void writeExr(Path target, Frame frame, float[] linear) throws IOException {
        Set<Aov> wanted = kind.wanted();
        ExrPicture exr = new ExrPicture(frame.width(), frame.height(), kind.precision()).rgba(linear);
        if (wanted.contains(Aov.RADIANCE)) exr.colourLayer("noisy", frame.radiance());
        if (wanted.contains(Aov.VARIANCE)) exr.dataLayer("variance", frame.variance(), "Y");
        if (wanted.contains(Aov.SAMPLES)) exr.dataLayer("samples", frame.samples(), "Y");
        if (frame.depth() != null && wanted.contains(Aov.DEPTH)) exr.dataLayer("depth", frame.depth(), "Z");
        if (frame.normals() != null && wanted.contains(Aov.NORMAL)) exr.dataLayer("normal", frame.normals(), "X", "Y", "Z");
        if (frame.albedo() != null && wanted.contains(Aov.ALBEDO)) exr.colourLayer("albedo", frame.albedo());
        if (frame.split() != null && wanted.contains(Aov.DIFFUSE)) exr.colourLayer("diffuse", frame.split().diffuse());
        AtomicFileWriter.write(target, exr.body());
    }
}
