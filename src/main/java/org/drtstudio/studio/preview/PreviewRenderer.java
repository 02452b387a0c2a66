package org.drtstudio.studio.preview;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.AccelChoice;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Frame;
import org.drtstudio.render.PassBudget;
import org.drtstudio.render.ProgressiveSession;
import org.drtstudio.render.cpu.ThreadNiceness;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.ToneMapper;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.ViewTransform;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.studio.edit.NodeGeometry;

import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The viewport's render loop, on its own thread (the renderer it drives keeps its GL context on the
 * GL thread). It takes the newest {@link PreviewRequest} (older ones are skipped, never queued,
 * their {@link Change} kinds merged into the newest's), packs the scene again only when those
 * changes touch what the geometry image holds (transforms, geometry, materials, lights,
 * animation) or the time moved — the builder then rebuilds only what is new: a moved node re-packs
 * the top level, a material edit the material texels, an added mesh that mesh's hierarchy, here
 * and not on the GL thread — while camera, settings, size and region changes only restart
 * accumulation. A {@link PreviewSchedule} decides the resolution and samples of each stage and
 * when the view is finished; then, and while paused or held by an export, the thread waits on a
 * lock (no polling) until a request or a resume wakes it. Each pass is published into a single
 * slot; the FX thread takes the newest and stale ones are dropped.
 */
public final class PreviewRenderer implements AutoCloseable {
    /** Where the render loop is, for the status bar. */
    public enum State { STARTING, RENDERING, DONE, PAUSED, EXPORTING, IMPORTING }

    private final Supplier<Renderer> rendererFactory;
    private volatile Renderer renderer;
    private volatile String description = "starting the renderer…";
    private final GeometryImageBuilder builder;
    private final Consumer<String> problems;
    private final Thread thread;
    private final Object lock = new Object();
    /** Guarded by {@link #lock}: pause and hold are set from the FX thread, read by the loop. */
    private final PreviewSchedule schedule;
    private PreviewRequest pending;
    private final Set<Change> pendingChanges = EnumSet.noneOf(Change.class);
    /** Guarded by {@link #lock}: the request the loop took last (what the view accumulates for), or null. */
    private PreviewRequest taken;
    /** Guarded by {@link #lock}: the next view starts over whatever it shows (a new tracer structure, a view to redo). */
    private boolean restartRequested;
    /** Guarded by {@link #lock}: taking {@link #pending} restarts accumulation (see {@link PreviewRequest#restartsAccumulationAfter}). */
    private boolean pendingRestarts;
    private boolean closed;
    /** Guarded by {@link #lock}: the loop is inside {@code lock.wait()}, rendering nothing. */
    private boolean asleep;
    private final AtomicReference<PreviewFrame> slot = new AtomicReference<>();
    private volatile Runnable frameListener = () -> { };
    private final LoopCounters counters = new LoopCounters();

    /**
     * Where the time went between a request that needed a new geometry image and its first frame:
     * the hierarchies of new shapes, the rest of the packing, the box layout the tracers walk
     * (derived with the image), and the first pass (the upload of the image and tracing).
     *
     * @param revision the request that was packed
     * @param coarse   whether a new shape's hierarchy was the coarse first stage (see {@link #COARSE_FIRST_TRIANGLES})
     * @param upload   the renderer's last upload, part of the first pass ({@link Renderer.Upload#NONE} for the CPU tracer)
     */
    public record PackTimings(long revision, double hierarchyMillis, boolean coarse, double packMillis, double boxLayoutMillis, double firstPassMillis,
                              Renderer.Upload upload) {
    }

    /**
     * New meshes of at least this many triangles reach the screen through a coarse hierarchy first
     * (a linear BVH: about a fifth of the binned build's time and a quarter of its nodes, so also less to
     * pack and lay out), and the view starts again once the full one is built, right after that
     * first picture. Below this a build takes a tenth of a second or less on two cores.
     */
    public static final int COARSE_FIRST_TRIANGLES = 250_000;

    /** Milliseconds the last refinement of coarse hierarchies took (0 before any); any thread. */
    public double refineMillis() {
        return counters.refineMillis();
    }

    /**
     * Whether the picture on its way to the screen was traced through a coarse hierarchy whose full
     * build is still to come (the view then starts again); any thread.
     */
    public boolean coarseHierarchy() {
        return coarsePending;
    }

    private volatile boolean coarsePending;

    /** The newest {@link PackTimings}, published before the frame it ends with; any thread. */
    public PackTimings packTimings() {
        return counters.packTimings();
    }

    /** Whether young views are shown denoised (the studio's Denoise toggle); read by the loop before each pass. */
    private volatile boolean denoise = true;
    /** Guarded by {@link #lock}: the toggle changed, so the last pass is to be shown again the other way. */
    private boolean redisplay;
    private volatile ViewTransform view = ViewTransform.DEFAULT;

    /** A published pass and what its {@link PreviewFrame} says about it. */
    private record Published(Frame frame, int samples, int scale, PreviewRequest request, long passNanos, long rays, double converged) {
    }

    /**
     * @param renderers makes the renderer, on the preview thread (starting GL and compiling shaders
     *                  takes a while and must not hold up the window)
     */
    public PreviewRenderer(Supplier<Renderer> renderers, TextureSource textures, Consumer<String> problems) {
        this.rendererFactory = renderers;
        this.builder = new GeometryImageBuilder(textures);
        // -Ddrt.coarseFirstTriangles=N moves the threshold (tests use small models).
        builder.coarseFirstFrom(Integer.getInteger("drt.coarseFirstTriangles", COARSE_FIRST_TRIANGLES));
        this.problems = problems;
        this.schedule = new PreviewSchedule(System::nanoTime);
        this.thread = new Thread(this::loop, "drt-preview");
        thread.setDaemon(true);
        thread.start();
    }

    public String description() {
        return description;
    }

    /**
     * Asks for a new view; replaces any request not yet started, keeping its changes. A request that
     * shows the same picture as the view under way (a selection, a save) keeps its samples. Any thread.
     */
    public void show(PreviewRequest request) {
        synchronized (lock) {
            pending = request;
            pendingChanges.addAll(request.changes());
            pendingRestarts = restartRequested || request.restartsAccumulationAfter(taken, pendingChanges);
            lock.notifyAll();
        }
    }

    /** Starts the view again from its first stage, with {@code r} unless a newer request waits; packs nothing by itself. */
    private void restartView(PreviewRequest r) {
        synchronized (lock) {
            if (pending == null) pending = r;
            restartRequested = true;
            pendingRestarts = true;
            lock.notifyAll();
        }
    }

    /** The newest finished frame not yet taken, or null. Any thread; taking it empties the slot. */
    public PreviewFrame takeFrame() {
        return slot.getAndSet(null);
    }

    /** Whether a finished frame waits in the slot. */
    public boolean hasFrame() {
        return slot.get() != null;
    }

    /** Called on the render thread after each published frame (e.g. to wake the FX side). */
    public void onFrame(Runnable listener) {
        frameListener = listener;
    }

    /** Stops rendering (true) or goes on where it stopped (false). Any thread. */
    public void setPaused(boolean on) {
        synchronized (lock) {
            schedule.setPaused(on);
            lock.notifyAll();
        }
    }

    public boolean paused() {
        synchronized (lock) {
            return schedule.paused();
        }
    }

    /**
     * Shows young views denoised (true, the default) or as accumulated; the last pass is shown again
     * the new way at once, also when the view is finished. Any thread.
     */
    public void setDenoise(boolean on) {
        synchronized (lock) {
            denoise = on;
            redisplay = true;
            lock.notifyAll();
        }
    }

    /**
     * Shows the preview through {@code v} (exposure and display transform); the last pass is shown
     * again at once when it has its radiance, else the view is traced again with it. Any thread.
     */
    public void setView(ViewTransform v) {
        synchronized (lock) {
            view = v;
            redisplay = true;
            lock.notifyAll();
        }
    }

    /** Whether young views are shown denoised ({@link #setDenoise}). */
    public boolean denoise() {
        return denoise;
    }

    /** The structure the preview's tracer walks (the studio's Accel choice); applied when the next view starts. */
    private volatile AccelStructure accel = AccelStructure.DEFAULT;

    /** Walks {@code accel} from the next view on (the caller asks for one, which then starts over: same picture, another speed). Any thread. */
    public void setAccel(AccelStructure accel) {
        synchronized (lock) {
            this.accel = accel;
            restartRequested = true;
            if (pending != null) pendingRestarts = true;
        }
    }

    /** The structure the tracer walks now: BVH for a tracer that cannot switch. */
    public AccelStructure tracerAccel() {
        Renderer r;
        synchronized (lock) {
            r = renderer;
        }
        return r instanceof AccelChoice c ? c.accel() : AccelStructure.BVH;
    }

    /** What a hold does to the pass under way. */
    public enum Hold {
        /** It finishes (an export): the view keeps its samples and goes on from them after the hold. */
        FINISH_PASS,
        /**
         * The CPU tracer stops it between two rows (an import: the scene is about to change, and at
         * full resolution a pass takes a second or more it would take from the parse); the view
         * starts again from its first stage after the hold.
         */
        STOP_PASS
    }

    /** Guarded by {@link #lock}: the holds not yet released, by kind. */
    private final PreviewHolds holds = new PreviewHolds();

    /** Stops rendering while an import or export runs; every hold is ended by one {@link #release} of its kind. Any thread. */
    public void hold(Hold kind) {
        synchronized (lock) {
            schedule.hold();
            holds.add(kind);
        }
    }

    public void release(Hold kind) {
        synchronized (lock) {
            holds.remove(kind);
            schedule.release();
            lock.notifyAll();
        }
    }

    public State state() {
        synchronized (lock) {
            if (renderer == null) return State.STARTING;
            // Only an export holds with FINISH_PASS; an import's own hold is not an export (the status bar said so during imports).
            if (schedule.held()) return holds.exporting() ? State.EXPORTING : State.IMPORTING;
            if (schedule.paused()) return State.PAUSED;
            if (schedule.finished() && pending == null) return State.DONE;
            return State.RENDERING;
        }
    }

    /** Passes rendered so far (tests: it stops growing once the view is finished or paused). */
    public long passes() {
        return counters.passes();
    }

    /** Geometry images packed so far (tests: camera and settings changes pack none). */
    long packs() {
        return counters.packs();
    }

    /** The render thread's state: {@link Thread.State#WAITING} while it sleeps on its lock (or waits for its tracer's workers). */
    public Thread.State threadState() {
        return thread.getState();
    }

    /** Whether the loop sleeps on its lock until a request, a resume or a release wakes it. */
    public boolean asleep() {
        synchronized (lock) {
            return asleep;
        }
    }

    /** Whether a request is waiting for the loop to take it (tests: asleep with none waiting means it took the newest). */
    public boolean requestWaiting() {
        synchronized (lock) {
            return pending != null;
        }
    }

    /**
     * A request and the changes since the last one taken, or null when the loop should go on with its view.
     *
     * @param restart whether accumulation starts over for it; else it shows the picture under way, which keeps its samples
     */
    private record Work(PreviewRequest request, Set<Change> changes, boolean restart) {
    }

    /** Blocks while there is nothing to do; returns new work, or null to render the next pass of the current view. */
    private Work waitForWork() throws InterruptedException {
        synchronized (lock) {
            while (pending == null && schedule.idle() && !closed && !redisplay) {
                asleep = true;
                try {
                    lock.wait();
                } finally {
                    asleep = false;
                }
            }
            if (pending == null) return null;
            Work w = new Work(pending, EnumSet.copyOf(pendingChanges.isEmpty() ? EnumSet.noneOf(Change.class) : pendingChanges),
                    pendingRestarts);
            taken = pending;
            pending = null;
            pendingChanges.clear();
            restartRequested = false;
            pendingRestarts = false;
            return w;
        }
    }

    /**
     * Whether to render a pass now: not paused, held or finished. A newer request waiting does not
     * prevent it: during a drag requests come faster than a pack and a pass, and each taken request
     * gets at least one pass so the screen keeps following (later passes it stops: {@link #passToStop}).
     */
    private boolean mayRender() {
        synchronized (lock) {
            return !closed && !schedule.idle();
        }
    }

    /** Whether an import or export holds the loop (it may finish the pass under way). */
    private boolean held() {
        synchronized (lock) {
            return schedule.held();
        }
    }

    /**
     * Render thread only: the pass under way is the first of the request taken last. It is never
     * stopped for a newer request: during a drag requests come faster than passes, and each gets
     * one so the screen keeps following.
     */
    private volatile boolean firstPassOfRequest;

    /** Whether an import holds the loop ({@link Hold#STOP_PASS}): the CPU denoiser stops between bands then. */
    private boolean importHolds() {
        synchronized (lock) {
            return schedule.held() && holds.stopsPass();
        }
    }

    /**
     * Whether the pass under way should stop; read by the CPU tracer between rows. An import's hold
     * ({@link Hold#STOP_PASS}) stops it, and so does a newer request that restarts accumulation once
     * its own request has had a pass: the view is about to start again, so the rest of the pass would
     * be thrown away. On the CPU tracer a full-resolution pass of a 1M-triangle scene takes 2-3 s,
     * which a drag of a node waited for before its first picture. A request for the same picture (a
     * selection) lets the pass finish: its samples are kept.
     */
    private boolean passToStop() {
        synchronized (lock) {
            return importHolds() || (pending != null && pendingRestarts && !firstPassOfRequest);
        }
    }

    private void loop() {
        // Packing, denoising and publishing step back for the window's threads, as the tracer's do.
        ThreadNiceness.lowerCurrentThread(ThreadNiceness.BACKGROUND);
        Renderer r = startRenderer();
        if (r == null) return;
        RenderThread view = new RenderThread(r);
        // Each step runs in a pool of lowered-priority threads, so that the parallel parts of packing
        // and denoising (parallel streams, fork/join builds) run there too rather than in the common
        // pool at the window's priority, where on two cores they took turns with the FX thread.
        ForkJoinPool background = ThreadNiceness.pool("drt-preview-work", Runtime.getRuntime().availableProcessors(),
                ThreadNiceness.BACKGROUND);
        try {
            while (!isClosed()) {
                Work work = waitForWork();
                if (isClosed()) break;
                runIn(background, () -> view.step(work));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            problems.accept("preview stopped: " + e.getMessage());
        } finally {
            background.shutdown();
        }
    }

    /** Runs {@code step} in {@code pool} and waits for it; its unchecked exceptions come out as they were thrown. */
    private static void runIn(ForkJoinPool pool, Runnable step) throws InterruptedException {
        try {
            pool.submit(step).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Makes the renderer (GL start and shader compilation take a while); null, reported, when none can be made. */
    private Renderer startRenderer() {
        Renderer r;
        try {
            r = rendererFactory.get();
        } catch (RuntimeException e) {
            description = "no renderer";
            problems.accept("no renderer could be started: " + e.getMessage());
            return null;
        }
        description = r.description();
        synchronized (lock) {
            renderer = r;
        }
        return r;
    }

    /**
     * The loop's own state, render thread only, and its stages: show the last pass again (the
     * denoise toggle or the view transform changed), go on with the same picture, begin a view (pack
     * what changed, restart accumulation), move to the schedule's next stage, refine a coarse
     * hierarchy, trace a pass and publish it.
     */
    private final class RenderThread {
        private final Renderer renderer;
        private final PreviewDenoiser denoiser;
        private final DenoisePacer pacer = new DenoisePacer();
        private final PassBudget budget = new PassBudget(PassBudget.DEFAULT_BUDGET_NANOS, 64);
        private final Set<Change> changesSincePack = EnumSet.noneOf(Change.class);
        private PreviewRequest current, packedFor;
        private GeometryImage image;
        private ProgressiveSession session;
        private GeometryImageBuilder.Timings packed; // a new image's timings until its first frame
        private boolean coarseShown; // a pass of an image with coarse hierarchies was traced
        private boolean packedCoarse;
        private long packedRevision, packEnd;
        /** The last pass published, kept to show it again when the toggle changes. */
        private Published lastPublished;
        /** The last pass published, shown again for a request of the same picture. */
        private PreviewFrame lastFrame;

        RenderThread(Renderer renderer) {
            this.renderer = renderer;
            this.denoiser = new PreviewDenoiser(renderer);
        }

        /** One turn of the loop: {@code work} is the newest request, or null to go on with the view. */
        void step(Work work) {
            if (work == null && takeRedisplay()) {
                redisplay();
                return;
            }
            if (work != null && !work.restart() && current != null && image != null && session != null) {
                // The same picture (a selection, a save, a timeline setting): the view goes on with its samples.
                current = work.request();
                republish(current);
                return;
            }
            if (work != null) {
                if (!beginView(work)) return;
            } else if (session.converged() && !nextStage()) {
                return; // finished: the next wait sleeps until something changes
            }
            if (work == null && coarseShown && !held()) {
                refineCoarse();
                return;
            }
            if (!mayRender()) return; // paused or held: sleep, keeping the view's samples
            tracePass();
        }

        /** Shows the last pass again through the current toggle and view transform. */
        private void redisplay() {
            denoiser.setEnabled(denoise);
            denoiser.setView(view);
            Published last = lastPublished;
            if (last == null || session == null) return;
            if (!denoiser.canView(last.frame()) && current != null) {
                show(current); // traced without its radiance: the view starts again with it
                return;
            }
            byte[] picture = shownPicture(denoiser, last.frame(), last.samples(), () -> false);
            if (picture == null && denoise && current != null && last.samples() <= PreviewDenoiser.DENOISE_UP_TO_SAMPLES
                    && last.samples() > PreviewDenoiser.GUIDES_FROM_SAMPLE) {
                restartView(current); // rendered with denoising off: no guides yet, so the view starts again with them
            } else {
                publish(last, picture);
            }
        }

        /** Packs what the request changed and starts its view; false when the scene cannot be shown. */
        private boolean beginView(Work work) {
            PreviewRequest next = work.request();
            changesSincePack.addAll(work.changes());
            try {
                if (image == null || next.needsPack(changesSincePack, packedFor)) packFor(next);
            } catch (IllegalArgumentException e) {
                image = null;
                packedFor = null;
                current = null;
                stopView();
                // An empty scene is no problem (the viewport shows its background and a hint). It is
                // judged here, on the request that failed: judged later on the FX thread against the
                // document, the empty scene before the first file opened was reported as an error.
                if (!nothingToShow(next)) problems.accept("scene cannot be shown: " + e.getMessage());
                publishBackground(next);
                return false;
            }
            current = next;
            // The frame on screen is the old view's: a request for the same picture that comes before this
            // view's first pass must wait for that pass, not be shown the old picture again.
            lastFrame = null;
            firstPassOfRequest = true;
            PreviewSchedule.Stage stage;
            synchronized (lock) {
                stage = schedule.begin(next.refinedWidth(), next.refinedHeight(), next.targetSamples(), next.fullResolution());
            }
            budget.reset();
            pacer.reset();
            if (renderer instanceof AccelChoice c && c.accel() != accel) c.useAccel(accel);
            session = new ProgressiveSession(denoiser, budget);
            session.restart(image, parameters(current, image, stage), adaptive(current, stage));
            return true;
        }

        private void packFor(PreviewRequest next) {
            image = pack(next);
            packEnd = System.nanoTime();
            packed = builder.lastTimings();
            packedCoarse = builder.hasCoarseShapes();
            packedRevision = next.revision();
            counters.countPack();
            packedFor = next;
            changesSincePack.clear();
        }

        /** The view's stage converged: starts the next; false when the view is finished. */
        private boolean nextStage() {
            PreviewSchedule.Stage stage;
            synchronized (lock) {
                stage = schedule.stageDone();
            }
            if (stage == null) return false;
            budget.reset();
            session.restart(image, parameters(current, image, stage), adaptive(current, stage));
            return true;
        }

        /**
         * The first picture of a large new model came through its coarse hierarchy: builds the full
         * one now and starts the view again with it (the same picture, faster to trace).
         */
        private void refineCoarse() {
            coarseShown = false;
            counters.refined(builder.refine());
            coarsePending = false;
            packedFor = null;
            restartView(current);
        }

        /** Traces one pass of the view and publishes it, denoised when the view is young. */
        private void tracePass() {
            int before = session.samplesDone();
            Frame frame;
            denoiser.setEnabled(denoise);
            denoiser.setView(view);
            schedule.passStarted();
            try {
                // An import's hold or a newer request stops the CPU tracer's pass between two rows (see passToStop).
                frame = session.nextPass(PreviewRenderer.this::passToStop);
            } catch (RenderException | RuntimeException e) {
                // Report and wait for the next change rather than stopping the preview for good.
                problems.accept("preview pass failed: " + e.getMessage());
                current = null;
                stopView();
                return;
            }
            if (frame == null) {
                // Stopped, its samples gone: the view starts again from its coarse stages when the
                // hold ends, unless a newer request (the import's own, or the one that stopped it) replaces it.
                if (session.samplesDone() == 0 && current != null) restartView(current);
                return;
            }
            firstPassOfRequest = false;
            // The CPU tracer names the walk that traced the pass (Embree, or the Java walk and why).
            description = renderer.description();
            coarseShown = builder.hasCoarseShapes();
            coarsePending = coarseShown;
            int added = session.samplesDone() - before;
            long elapsed = schedule.passFinished(added, (long) frame.width() * frame.height());
            counters.countPass();
            recordPackTimings();
            double converged = adaptive(current, schedule.stage()).enabled()
                    ? 1 - session.activePixels() / (double) Math.max(1, session.pixels()) : PreviewFrame.NOT_ADAPTIVE;
            Published pass = new Published(frame, session.samplesDone(), schedule.stage().pixelScale(), current, elapsed,
                    (long) frame.width() * frame.height() * Math.max(1, added), converged);
            lastPublished = pass;
            if (denoiser.denoises(frame, session.samplesDone())) publishDenoised(pass, elapsed);
            else publish(pass, null);
        }

        /** A new image's first frame is traced: its timings, from the pack to here, are published. */
        private void recordPackTimings() {
            if (packed == null) return;
            counters.publish(new PackTimings(packedRevision, packed.hierarchyMillis(), packedCoarse, packed.packMillis(), packed.boxLayoutMillis(),
                    (System.nanoTime() - packEnd) / 1e6, renderer.lastUpload()));
            packed = null;
        }

        private void publishDenoised(Published pass, long elapsed) {
            // Held by an import or export since the pass began: denoising it (a second or more on
            // the CPU) would only take the cores from them; the view goes on after the hold.
            if (held()) return;
            // Traced, not shown: the last denoised picture stays; a stage's last pass is always shown.
            if (!pacer.due(elapsed) && !session.converged()) return;
            long denoiseStart = System.nanoTime();
            byte[] picture = shownPicture(denoiser, pass.frame(), pass.samples(), PreviewRenderer.this::importHolds);
            // An import's hold came while the CPU denoised (a second or more on a large view): it
            // stopped there, and the view goes on after the hold.
            if (picture == null && importHolds()) return;
            pacer.denoised(System.nanoTime() - denoiseStart);
            publish(pass, picture);
        }

        /** Publishes a pass: {@code denoised} (RGBA) when not null, else the pass's own picture. */
        private void publish(Published pass, byte[] denoised) {
            Frame frame = pass.frame();
            PreviewRequest r = pass.request();
            byte[] rgba = denoised != null ? denoised : denoiser.viewedSrgb(frame);
            byte[] bgra = new byte[rgba.length];
            for (int i = 0; i < rgba.length; i += 4) {
                bgra[i] = rgba[i + 2];
                bgra[i + 1] = rgba[i + 1];
                bgra[i + 2] = rgba[i];
                bgra[i + 3] = (byte) 255;
            }
            PreviewFrame shown = new PreviewFrame(frame.width(), frame.height(), bgra, pass.samples(), r.targetSamples(), pass.scale(), r.region(),
                    r.revision(), r.createdNanos(), pass.passNanos(), pass.rays(), pass.converged(), denoised != null);
            lastFrame = shown;
            slot.set(shown);
            frameListener.run();
        }

        /**
         * Publishes the last pass again as {@code r}'s frame: {@code r} shows the same picture, and a
         * finished or paused view renders no new pass that would carry its revision to the screen.
         */
        private void republish(PreviewRequest r) {
            PreviewFrame last = lastFrame;
            if (last == null) return;
            slot.set(last.forRequest(r.revision(), r.createdNanos()));
            frameListener.run();
        }

        /** A frame of the background colour, for a scene with nothing to trace. */
        private void publishBackground(PreviewRequest r) {
            lastFrame = null;
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
            slot.set(new PreviewFrame(w, h, bgra, 0, r.targetSamples(), 4, null, r.revision(), r.createdNanos(), 0, 0, PreviewFrame.NOT_ADAPTIVE, false));
            frameListener.run();
        }
    }

    private static boolean nothingToShow(PreviewRequest r) {
        return NodeGeometry.worldBounds(r.model(), r.model().root().id(), r.time()).isEmpty();
    }

    /** Nothing to refine until the next request (after a scene that cannot be shown or a failed pass). */
    private void stopView() {
        synchronized (lock) {
            schedule.clear();
        }
    }

    private GeometryImage pack(PreviewRequest r) {
        return FrameSetup.pack(builder, r.model(), r.time(), r.motionBlur());
    }

    /** The stage's parameters: the whole view, or the render region as an image of its own, at the stage's block size. */
    private static TraceParameters parameters(PreviewRequest r, GeometryImage image, PreviewSchedule.Stage stage) {
        int scale = stage.pixelScale();
        if (r.region() == null) {
            int w = Math.max(1, r.width() / scale), h = Math.max(1, r.height() / scale);
            return FrameSetup.parameters(r.model(), r.time(), r.motionBlur(), r.filter(), image, w, h, stage.samples(), null, r.widening());
        }
        TraceParameters full = FrameSetup.parameters(r.model(), r.time(), r.motionBlur(), r.filter(), image, r.width(), r.height(),
                stage.samples(), null, r.widening());
        int w = Math.max(1, r.region().width() / scale), h = Math.max(1, r.region().height() / scale);
        return RegionCrop.crop(full, r.region(), w, h);
    }

    /**
     * The full-resolution stage samples adaptively under the settings' noise threshold (if any): it
     * is the one that goes on to the sample target; the reduced stages take too few samples to tell.
     */
    private static AdaptiveSampling adaptive(PreviewRequest r, PreviewSchedule.Stage stage) {
        float threshold = r.model().settings().noiseThreshold();
        return threshold > 0 && stage.pixelScale() == 1 ? AdaptiveSampling.of(threshold) : AdaptiveSampling.OFF;
    }

    private boolean takeRedisplay() {
        synchronized (lock) {
            boolean was = redisplay;
            redisplay = false;
            return was;
        }
    }

    /**
     * The denoised picture of a pass, or null to show it as accumulated (a denoiser failure is
     * reported, not fatal); null also when {@code stop} ended the denoising.
     */
    private byte[] shownPicture(PreviewDenoiser denoiser, Frame frame, int samples, java.util.function.BooleanSupplier stop) {
        try {
            return denoiser.denoisedSrgb(frame, samples, stop);
        } catch (RenderException | RuntimeException e) {
            problems.accept("preview denoiser failed: " + e.getMessage());
            return null;
        }
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
