package org.drtstudio.studio;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.Frame;
import org.drtstudio.render.PassBudget;
import org.drtstudio.render.ProgressiveSession;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.ToneMapper;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.TextureSource;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The viewport's render loop, on its own thread (the renderer it drives keeps its GL context on the
 * GL thread). It takes the newest {@link PreviewRequest} (older ones are skipped, never queued),
 * packs the scene when geometry, materials, lights or time changed (the builder keeps mesh
 * hierarchies, so a moved node re-packs only the top level), and refines the view pass after pass
 * with a {@link ProgressiveSession} whose {@link PassBudget} keeps passes near 33 ms. Right after a
 * change it renders at a reduced resolution (pixel blocks) sized from the measured cost so that
 * the first frames arrive within 25 ms, then steps to finer resolutions, settling at the finest
 * whose passes still come 10 times a second (full resolution on a fast device, or when asked for).
 * A view that stays still there for {@value #SETTLED_SAMPLES} samples then refines at full
 * resolution up to the target, with passes that may come slower on a slow device. Each pass is
 * published into a single slot; the FX thread takes the newest and stale ones are dropped.
 */
final class PreviewRenderer implements AutoCloseable {
    /** Samples per pixel the reduced-resolution view accumulates before full resolution takes over. */
    static final int COARSE_SAMPLES = 4;
    /** Samples the settled reduced resolution gathers before a still view moves on to full resolution. */
    static final int SETTLED_SAMPLES = 16;
    static final int MAX_PIXEL_SCALE = 8;
    /** Pass time aimed at right after a change: under the 33 ms frame budget, leaving room for the UI's own drawing. */
    static final long COARSE_BUDGET_NANOS = 25_000_000L;
    /** Longest pass while refining: 10 new frames a second. */
    static final long REFINE_BUDGET_NANOS = 100_000_000L;

    private final java.util.function.Supplier<Renderer> rendererFactory;
    private volatile Renderer renderer;
    private volatile String description = "starting the renderer…";
    private final GeometryImageBuilder builder;
    private final Consumer<String> problems;
    private final Thread thread;
    private final Object lock = new Object();
    private PreviewRequest pending;
    private boolean closed;
    private final AtomicReference<PreviewFrame> slot = new AtomicReference<>();
    private volatile Runnable frameListener = () -> { };

    /** Nanoseconds per pixel-sample, measured; drives the coarse resolution. Negative until known. */
    private double costPerPixelSample = -1;

    /**
     * @param renderers makes the renderer, on the preview thread (starting GL and compiling shaders
     *                  takes a while and must not hold up the window)
     */
    PreviewRenderer(java.util.function.Supplier<Renderer> renderers, TextureSource textures, Consumer<String> problems) {
        this.rendererFactory = renderers;
        this.builder = new GeometryImageBuilder(textures);
        this.problems = problems;
        this.thread = new Thread(this::loop, "drt-preview");
        thread.setDaemon(true);
        thread.start();
    }

    String description() {
        return description;
    }

    /** Asks for a new view; replaces any request not yet started. Any thread. */
    void show(PreviewRequest request) {
        synchronized (lock) {
            pending = request;
            lock.notifyAll();
        }
    }

    /** The newest finished frame not yet taken, or null. Any thread; taking it empties the slot. */
    PreviewFrame takeFrame() {
        return slot.getAndSet(null);
    }

    /** Called on the render thread after each published frame (e.g. to wake the FX side). */
    void onFrame(Runnable listener) {
        frameListener = listener;
    }

    private PreviewRequest waitForRequest(boolean block) throws InterruptedException {
        synchronized (lock) {
            while (block && pending == null && !closed) lock.wait();
            PreviewRequest r = pending;
            pending = null;
            return r;
        }
    }

    private void loop() {
        try {
            renderer = rendererFactory.get();
            description = renderer.description();
        } catch (RuntimeException e) {
            description = "no renderer";
            problems.accept("no renderer could be started: " + e.getMessage());
            return;
        }
        PreviewRequest current = null, packedFor = null;
        GeometryImage image = null;
        ProgressiveSession session = null;
        PassBudget budget = new PassBudget(PassBudget.DEFAULT_BUDGET_NANOS, 64);
        int scale = 1;
        boolean settled = false;
        try {
            while (!isClosed()) {
                boolean idle = current == null || image == null || (session.converged() && settled && scale == 1);
                PreviewRequest next = waitForRequest(idle);
                if (isClosed()) break;
                if (next != null) {
                    try {
                        if (packedFor == null || !packedFor.sameGeometry(next) || image == null) {
                            image = pack(next);
                            packedFor = next;
                        }
                    } catch (IllegalArgumentException e) {
                        image = null;
                        packedFor = null;
                        current = next;
                        problems.accept("scene cannot be shown: " + e.getMessage());
                        publishBackground(next);
                        continue;
                    }
                    current = next;
                    scale = next.fullResolution() ? 1 : coarseScale(next.width(), next.height());
                    settled = scale == 1;
                    budget.reset();
                    session = new ProgressiveSession(renderer, budget);
                    session.restart(image, parameters(current, image, scale, settled ? current.targetSamples() : COARSE_SAMPLES));
                    lastSamplesDone = 0;
                } else if (session.converged() && settled && scale > 1) {
                    // The view has stayed still: go on to full resolution, whose passes may come slower.
                    scale = 1;
                    budget.reset();
                    session.restart(image, parameters(current, image, 1, current.targetSamples()));
                    lastSamplesDone = 0;
                } else if (session.converged() && !settled) {
                    // Step to a finer resolution while its passes are predicted to stay within the refine
                    // budget (or straight to full resolution when asked); else settle here and refine.
                    int finer = current.fullResolution() ? 1 : scale - 1;
                    double predicted = lastNanosPerSample * Math.pow(scale / (double) Math.max(1, finer), 2);
                    if (scale > 1 && (current.fullResolution() || predicted <= REFINE_BUDGET_NANOS)) {
                        scale = finer;
                    } else {
                        settled = true;
                    }
                    budget.reset();
                    int target = !settled ? COARSE_SAMPLES : scale > 1 ? SETTLED_SAMPLES : current.targetSamples();
                    session.restart(image, parameters(current, image, scale, target));
                    lastSamplesDone = 0;
                }
                long t0 = System.nanoTime();
                Frame frame;
                try {
                    frame = session.nextPass();
                } catch (RenderException | RuntimeException e) {
                    // Report and wait for the next change rather than stopping the preview for good.
                    problems.accept("preview pass failed: " + e.getMessage());
                    current = null;
                    continue;
                }
                long elapsed = System.nanoTime() - t0;
                if (frame == null) continue;
                int passSamples = lastPassSamples(session, budget);
                long rays = (long) frame.width() * frame.height() * passSamples;
                updateCost(elapsed, rays);
                lastNanosPerSample = elapsed / (double) passSamples;
                publish(frame, session.samplesDone(), scale, current, elapsed, rays);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            problems.accept("preview stopped: " + e.getMessage());
        }
    }

    private int lastSamplesDone;
    /** Time of one sample per pixel in the last pass, at its resolution. */
    private double lastNanosPerSample;

    /** Samples the last pass added (the session only tells the running total). */
    private int lastPassSamples(ProgressiveSession session, PassBudget budget) {
        int done = session.samplesDone();
        int added = done >= lastSamplesDone ? done - lastSamplesDone : done;
        lastSamplesDone = done;
        return Math.max(1, added);
    }

    private void updateCost(long nanos, long pixelSamples) {
        double c = nanos / (double) Math.max(1, pixelSamples);
        costPerPixelSample = costPerPixelSample < 0 ? c : 0.7 * costPerPixelSample + 0.3 * c;
    }

    /** Pixel block size so one sample of the whole view fits the pass budget. */
    int coarseScale(int width, int height) {
        if (costPerPixelSample < 0) return 4;
        double full = costPerPixelSample * width * height;
        int s = (int) Math.ceil(Math.sqrt(full / COARSE_BUDGET_NANOS));
        return Math.max(1, Math.min(MAX_PIXEL_SCALE, s));
    }

    private GeometryImage pack(PreviewRequest r) {
        return FrameSetup.pack(builder, r.model(), r.time(), r.motionBlur());
    }

    /** @param samples where this stage stops (never above the request's target) */
    private static TraceParameters parameters(PreviewRequest r, GeometryImage image, int scale, int samples) {
        int w = Math.max(1, r.width() / scale), h = Math.max(1, r.height() / scale);
        return FrameSetup.parameters(r.model(), r.time(), r.motionBlur(), r.filter(), image, w, h,
                Math.min(samples, r.targetSamples()), null);
    }

    private void publish(Frame frame, int samples, int scale, PreviewRequest r, long passNanos, long rays) {
        byte[] rgba = frame.srgb();
        byte[] bgra = new byte[rgba.length];
        for (int i = 0; i < rgba.length; i += 4) {
            bgra[i] = rgba[i + 2];
            bgra[i + 1] = rgba[i + 1];
            bgra[i + 2] = rgba[i];
            bgra[i + 3] = (byte) 255;
        }
        slot.set(new PreviewFrame(frame.width(), frame.height(), bgra, samples, scale, r.revision(), r.createdNanos(),
                passNanos, rays));
        frameListener.run();
    }

    /** A frame of the background colour, for a scene with nothing to trace. */
    private void publishBackground(PreviewRequest r) {
        var bg = r.model().settings().background();
        int w = Math.max(1, r.width() / 4), h = Math.max(1, r.height() / 4);
        byte[] bgra = new byte[4 * w * h];
        byte b = (byte) ToneMapper.toSrgb8(bg.z()), g = (byte) ToneMapper.toSrgb8(bg.y()), rr = (byte) ToneMapper.toSrgb8(bg.x());
        for (int i = 0; i < bgra.length; i += 4) {
            bgra[i] = b;
            bgra[i + 1] = g;
            bgra[i + 2] = rr;
            bgra[i + 3] = (byte) 255;
        }
        slot.set(new PreviewFrame(w, h, bgra, 0, 4, r.revision(), r.createdNanos(), 0, 0));
        frameListener.run();
    }

    private boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
        }
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Renderer r = renderer;
        if (r != null) r.close();
    }
}
