package org.drtstudio.studio.export;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.image.ExrPicture;
import org.drtstudio.io.image.ImageFormat;
import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.OutputTarget;
import org.drtstudio.io.support.WriteBehind;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Denoiser;
import org.drtstudio.render.Frame;
import org.drtstudio.render.PassAbandonedException;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.ViewTransform;
import org.drtstudio.render.WorkEstimate;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.studio.preview.FrameSetup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.function.DoubleConsumer;
import java.util.function.Supplier;

/**
 * Renders a still or a frame range of a model to files, on the calling (background) thread, with
 * its own renderer so the preview keeps running. Samples are added in passes of a few at a time;
 * {@link #cancel()} stops it between passes, and the CPU tracer within one, between its rows.
 * Frame {@code f} is the scene at {@code f / fps} seconds with the seed {@link AnimationSettings#frameSeed}
 * gives, as {@code drt render --frames} does, and like it each frame of a range is written while the next is traced
 * ({@link WriteBehind}).
 */
public final class ExportJob {
    private static final int SAMPLES_PER_PASS = 4;
    /** The least share of the job between two progress reports within a pass (each one is a message to the UI). */
    static final double REPORT_STEP = 0.002;
    private final SceneModel model;
    private final ExportSettings settings;
    private final boolean animation, motionBlur;
    private final double stillTime;
    private final PixelFilter filter;
    private volatile boolean cancelled;
    /** What the renderer said of how it rendered ({@link Renderer#noticesTo}), from its threads. */
    private final List<String> notes = Collections.synchronizedList(new ArrayList<>());
    /** How an 8-bit export shows the radiance (the studio's view controls); EXR and PFM stay scene-referred. */
    private ViewTransform view = ViewTransform.DEFAULT;

    public ExportJob(SceneModel model, ExportSettings settings, boolean animation, double stillTime, boolean motionBlur, PixelFilter filter) {
        this.model = model;
        this.settings = settings;
        this.animation = animation;
        this.stillTime = stillTime;
        this.motionBlur = motionBlur;
        this.filter = filter;
    }

    /** This job with its 8-bit pictures made through {@code v}. */
    public ExportJob withView(ViewTransform v) {
        view = v;
        return this;
    }

    public void cancel() {
        cancelled = true;
    }

    /** The renderer's notes so far (the denoiser filtering on the CPU where the GPU had no room): the outcome's to say. */
    public List<String> notes() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    /**
     * A pass's listener: the job's progress as the pass's rows come in (a 1080p pass of a few samples
     * takes seconds on two cores), at most every {@link #REPORT_STEP} of the job, and {@link #cancel()}
     * asked between rows, so a tracer that can stop mid-pass (the CPU tracer) stops at once.
     */
    private final class Pass implements ProgressListener {
        private final DoubleConsumer progress;
        /** The job's share done before this pass, and the share this pass adds. */
        private final double start, span;
        private double reported = -1;

        Pass(DoubleConsumer progress, double start, double span) {
            this.progress = progress;
            this.start = start;
            this.span = span;
        }

        @Override
        public void progress(double fraction) {
            report(fraction);
        }

        /** Reports the job's share with {@code fraction} of this pass done (from the rendering threads). */
        synchronized void report(double fraction) {
            double job = start + Math.min(1, fraction) * span;
            if (fraction < 1 && job - reported < REPORT_STEP) return;
            reported = job;
            progress.accept(job);
        }

        @Override
        public boolean abandoned() {
            return cancelled;
        }
    }

    /**
     * Refuses, before any frame is traced, an output that cannot be written (no picture extension, a
     * folder or special file in its place) and a frame whose buffers the heap cannot hold.
     */
    private WorkEstimate checkBeforeWork(Path firstOutput) throws IOException {
        if (!settings.pfm()) ImageFormat.forFile(firstOutput);
        boolean linear = settings.pfm() || exr(firstOutput);
        OutputTarget.resolve(firstOutput);
        Set<Aov> read = EnumSet.noneOf(Aov.class);
        if (linear) read.add(Aov.RADIANCE);
        if (settings.denoise()) read.add(Aov.DENOISED);
        WorkEstimate e = WorkEstimate.of(settings.width(), settings.height(), settings.samples(), 1, read);
        long free = WorkEstimate.availableHeap();
        if (e.frameBytes() > 0.9 * free)
            throw new OutputProblem(firstOutput, "a " + settings.width() + "x" + settings.height() + " frame needs about "
                    + WorkEstimate.bytes(e.frameBytes()) + " of memory and " + WorkEstimate.bytes(free)
                    + " are free; export it smaller or start the studio with more memory (JAVA_OPTS=-Xmx…)");
        return e;
    }

    /**
     * What a pass reads back: radiance only for the last pass of a linear export or one with a view
     * transform; to denoise, the denoised radiance instead with the last pass, and the split
     * (Aov.DIFFUSE) asked from the first so the trace passes sum it with the guides, with no guide
     * pass before the last.
     */
    private Set<Aov> passAovs(int done, boolean last) {
        Set<Aov> aovs = EnumSet.noneOf(Aov.class);
        if (settings.denoise() && done == 0) aovs.add(Aov.DIFFUSE);
        if (last && settings.denoise()) aovs.add(Aov.DENOISED);
        else if (last && (settings.pfm() || exr(settings.output()) || !view.isDefault())) aovs.add(Aov.RADIANCE);
        return aovs;
    }

    /** Whether {@code out} is an OpenEXR file: linear radiance, as drt render -o x.exr writes it. */
    private static boolean exr(Path out) {
        String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".exr");
    }

    /** One frame's file: PFM or EXR of the linear radiance, else the 8-bit picture through the view. */
    private void write(Path out, Frame frame) throws IOException {
        if (settings.pfm()) PfmWriter.write(out, frame.width(), frame.height(), 3, frame.radiance());
        else if (exr(out)) AtomicFileWriter.write(out, new ExrPicture(frame.width(), frame.height(), ExrPicture.Precision.HALF)
                .rgba(frame.radiance()).body());
        else AtomicFileWriter.write(out, ImageFormat.forFile(out).body(frame.width(), frame.height(),
                view.isDefault() ? frame.srgb() : view.toSrgb(frame.radiance(), frame.width() * frame.height())));
    }

    /**
     * @param progress 0..1 over the whole job
     * @throws CancellationException when cancelled (files already finished stay, the one being written too)
     */
    public void run(Supplier<Renderer> renderers, TextureSource textures, DoubleConsumer progress) throws RenderException, IOException {
        int first = animation ? settings.firstFrame() : 0, last = animation ? settings.lastFrame() : 0;
        WorkEstimate frame0 = checkBeforeWork(animation ? settings.frameFile(first) : settings.output());
        GeometryImageBuilder builder = new GeometryImageBuilder(textures);
        // Each frame is written while the next is traced, where the heap has room (WorkEstimate.twoFramesFit).
        boolean behind = last > first && frame0.twoFramesFit(WorkEstimate.availableHeap());
        try (Renderer renderer = renderers.get(); WriteBehind writes = WriteBehind.behindIf(behind)) {
            renderer.noticesTo(notes::add);
            for (int f = first; f <= last; f++) {
                double time = animation ? model.animation().frameTime(f) : stillTime;
                long seed = model.at(time).settings().seed();
                if (animation) seed = AnimationSettings.frameSeed(seed, f);
                GeometryImage image = FrameSetup.pack(builder, model, time, motionBlur);
                TraceParameters params = FrameSetup.parameters(model, time, motionBlur, filter, image, settings.width(),
                        settings.height(), settings.samples(), seed);
                Frame frame = null;
                for (int done = 0; done < settings.samples(); ) {
                    if (cancelled) throw new CancellationException("export cancelled");
                    int n = Math.min(SAMPLES_PER_PASS, settings.samples() - done);
                    double frames = last - first + 1, perSample = 1 / (frames * settings.samples());
                    Pass pass = new Pass(progress, (f - first) / frames + done * perSample, n * perSample);
                    try {
                        frame = renderer.accumulate(image, params, done, n, passAovs(done, done + n >= settings.samples()), pass);
                    } catch (PassAbandonedException e) {
                        throw new CancellationException("export cancelled");
                    }
                    done += n;
                    pass.report(1);
                }
                Frame traced = frame;
                Path out = animation ? settings.frameFile(f) : settings.output();
                writes.write(() -> write(out, settings.denoise() ? Denoiser.asPicture(traced) : traced));
            }
        }
    }
}
