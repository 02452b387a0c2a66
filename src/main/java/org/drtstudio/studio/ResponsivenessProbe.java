package org.drtstudio.studio;

import javafx.animation.AnimationTimer;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.edit.AddNode;
import org.drtstudio.scene.edit.SetTransform;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code drt studio --measure}: measures the studio's responsiveness on the machine it runs on and
 * prints the numbers. Phases: (1) the preview refining a still view — frames shown per second;
 * (2) a gizmo-style drag — a sphere in its own group is moved by a live transform edit on every
 * FX pulse (the path a gizmo drag takes: edit, top-level re-pack, pass, screen) — frames per
 * second and the time from each edit to the first frame showing it on screen; (3) an import of
 * the open scene file in the background; (4) rest: with a sample target of {@value #REST_TARGET}
 * the preview finishes and stops, the probe's own pulse timer stops too, and the process's CPU
 * time over {@value #REST_SECONDS} s of wall time is the studio's idle cost. Throughout phases
 * 1-3, an {@link FxHeartbeat} records the longest stall of the FX thread.
 */
final class ResponsivenessProbe {
    private final StudioWindow window;
    private final PrintStream out;

    private final boolean maximized;
    /** The collector's pauses, phase by phase: a stall they explain is not the studio's own. */
    private final GcPauses gc = new GcPauses();
    /** Sample target of the rest phase, low so a slow machine reaches it in seconds. */
    static final int REST_TARGET = 4;
    static final int REST_SECONDS = 10;

    /** @param maximized measure in the maximised window (whatever viewport that gives) instead of a 640x360 one */
    ResponsivenessProbe(StudioWindow window, PrintStream out, boolean maximized) {
        this.window = window;
        this.out = out;
        this.maximized = maximized;
        window.sizing.keepSavedSettings(); // the sizes measured in are not the user's
    }

    /** The viewport size the targets are stated for. */
    static final double WIDTH = 640, HEIGHT = 360;

    /** Grows or shrinks the window so the viewport is {@link #WIDTH} x {@link #HEIGHT}. */
    private void fitViewport() {
        if (maximized) {
            window.stage.setMaximized(true);
            return;
        }
        ViewportPane vp = window.viewport;
        double dw = WIDTH - vp.getWidth(), dh = HEIGHT - vp.getHeight();
        if (Math.abs(dw) >= 1) window.stage.setWidth(window.stage.getWidth() + dw);
        if (Math.abs(dh) >= 1) window.stage.setHeight(window.stage.getHeight() + dh);
    }

    /** Runs for about {@code seconds} in total, then reports whether every target was met. */
    void run(double seconds, Consumer<Boolean> done) {
        double phase = Math.max(2, seconds / 3);
        ViewportPane vp = window.viewport;
        window.heartbeat.start();
        gc.start();
        new AnimationTimer() {
            double lastWidth, lastHeight;
            int steadyPulses;
            long start = -1, phaseStart;
            int step; // 0 wait for first frame, 1 idle, 2 drag, 3 import, 4 done
            int framesAtPhase;
            long lastShownRevision = -1;
            final List<Double> latencies = new ArrayList<>();
            final List<Long> pendingRequests = new ArrayList<>();
            int frames;
            double coarseSeconds, fullSeconds;
            int settledScale;
            double idleFps, dragFps, stallIdle, stallDrag, stallImport, handlerMax;
            final long[] gcLongest = new long[3];
            int refineScale, coarseFrames, fullFrames;
            long firstFullNanos = -1;
            int groupId = -1;
            String idleDetail = "";
            long dragStartRevision;
            PreviewFrame lastFrame;

            @Override
            public void handle(long now) {
                if (start < 0) start = now;
                PreviewFrame f = vp.shownFrame();
                boolean newFrame = f != null && f != lastFrame;
                lastFrame = f;
                if (newFrame) frames++;
                double t = (now - phaseStart) / 1e9;
                switch (step) {
                    case 0 -> {
                        fitViewport();
                        boolean current = f != null && f.revision() == vp.requestRevision() && f.samples() > 0;
                        // Maximised: whatever size the window manager gives, once it has stayed put for half a second.
                        steadyPulses = vp.getWidth() == lastWidth && vp.getHeight() == lastHeight ? steadyPulses + 1 : 0;
                        lastWidth = vp.getWidth();
                        lastHeight = vp.getHeight();
                        boolean sized = maximized ? steadyPulses > 30 && vp.getWidth() > WIDTH
                                : Math.abs(vp.getWidth() - WIDTH) < 1 && Math.abs(vp.getHeight() - HEIGHT) < 1;
                        if (current && window.files.pendingImports() == 0 && sized) {
                            step = 1;
                            phaseStart = now;
                            frames = 0;
                            window.heartbeat.reset();
                            gc.reset();
                        }
                    }
                    case 1 -> {
                        if (newFrame && f.pixelScale() > 1) {
                            coarseFrames++;
                            refineScale = Math.max(refineScale, 0);
                            settledScale = f.pixelScale();
                        }
                        if (newFrame && f.pixelScale() == 1) {
                            if (firstFullNanos < 0) firstFullNanos = now;
                            else fullFrames++;
                        }
                        if (t >= phase) {
                            coarseSeconds = ((firstFullNanos < 0 ? now : firstFullNanos) - phaseStart) / 1e9;
                            fullSeconds = firstFullNanos < 0 ? 0 : (now - firstFullNanos) / 1e9;
                            idleFps = frames / t;
                            stallIdle = window.heartbeat.maxDelayMillis();
                            gcLongest[0] = gc.longestMillis();
                            handlerMax = Math.max(handlerMax, window.heartbeat.maxHandlerMillis());
                            refineScale = settledScale;
                            idleDetail = String.format("%d frames in %.1f s at reduced resolution (settling at 1/%d), then %d full-resolution passes in %.1f s (%.1f per second)",
                                    coarseFrames, coarseSeconds, settledScale, fullFrames, fullSeconds, fullSeconds > 0 ? fullFrames / fullSeconds : 0);
                            addDragTarget();
                            dragStartRevision = vp.requestRevision();
                            step = 2;
                            phaseStart = now;
                            frames = 0;
                            window.heartbeat.reset();
                            gc.reset();
                        }
                    }
                    case 2 -> {
                        if (newFrame && f.revision() != lastShownRevision && f.revision() > dragStartRevision) {
                            lastShownRevision = f.revision();
                            latencies.add((System.nanoTime() - f.requestNanos()) / 1e6);
                        }
                        double x = Math.sin(t * 2) * 1.5;
                        window.session.preview(new SetTransform(groupId, Trs.translation(new Vec3((float) x, 0, 0))));
                        if (t >= phase) {
                            dragFps = frames / t;
                            stallDrag = window.heartbeat.maxDelayMillis();
                            gcLongest[1] = gc.longestMillis();
                            handlerMax = Math.max(handlerMax, window.heartbeat.maxHandlerMillis());
                            window.session.cancelPreview();
                            step = 3;
                            phaseStart = now;
                            window.heartbeat.reset();
                            gc.reset();
                            java.nio.file.Path model = importable();
                            if (model != null) window.files.importModel(model);
                        }
                    }
                    case 3 -> {
                        if (window.files.pendingImports() == 0 && t > 0.5) {
                            stallImport = window.heartbeat.maxDelayMillis();
                            gcLongest[2] = gc.longestMillis();
                            handlerMax = Math.max(handlerMax, window.heartbeat.maxHandlerMillis());
                            stop();
                            window.heartbeat.stop();
                            String windowSize = String.format("window %.0fx%.0f%s", window.stage.getWidth(), window.stage.getHeight(),
                                    window.stage.isMaximized() ? " (maximised)" : "");
                            double[] draggedBounds = {vp.getWidth(), vp.getHeight()};
                            rest(cpu -> report(idleFps, idleDetail, dragFps, latencies, stallIdle, stallDrag, stallImport, gcLongest, handlerMax,
                                    windowSize, draggedBounds, cpu, done));
                        }
                    }
                    default -> stop();
                }
            }

            private void addDragTarget() {
                SceneModel m = window.session.document.model();
                groupId = m.nextId();
                var c = m.camera().look();
                GroupNode g = GroupNode.of(groupId, "probe", List.of(new SpheresLeaf(groupId + 1, "probe sphere",
                        List.of(new Sphere(new Vec3(c.x(), c.y() + 0.6f, c.z()), 0.4f, 0)))));
                window.session.commit(AddNode.append(m.root().id(), g));
            }
        }.start();
    }

    /**
     * Phase 4, off the FX thread so that nothing of the probe keeps the FX pulse running: lowers the
     * sample target, waits until the preview says it is done, then measures the process's CPU time
     * over {@link #REST_SECONDS} s. Reports the share of one core (100 % = one core busy), or
     * negative when the preview never finished.
     */
    private void rest(java.util.function.DoubleConsumer report) {
        window.viewport.setTargetSamples(REST_TARGET);
        Thread t = new Thread(() -> {
            double share = -1;
            try {
                long give = System.nanoTime() + 300_000_000_000L;
                while (window.viewport.previewState() != PreviewRenderer.State.DONE && System.nanoTime() < give) Thread.sleep(100);
                if (window.viewport.previewState() == PreviewRenderer.State.DONE) {
                    Thread.sleep(1000); // the viewport's pulse timer stops after its idle pulses
                    var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
                    long cpu0 = os.getProcessCpuTime(), wall0 = System.nanoTime();
                    Thread.sleep(REST_SECONDS * 1000L);
                    share = 100.0 * (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - wall0);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            double result = share;
            javafx.application.Platform.runLater(() -> report.accept(result));
        }, "drt-probe-rest");
        t.setDaemon(true);
        t.start();
    }

    private java.nio.file.Path sceneFile() {
        return window.probeSource;
    }

    /**
     * What the import phase imports: the scene file when it is a model (OBJ, NFF, ...), else, for a
     * project, the largest model file it names (a project cannot be imported; the refusal is a dialog,
     * which ended a measurement run); null when there is none.
     */
    private java.nio.file.Path importable() {
        java.nio.file.Path scene = window.session.file() != null ? window.session.file() : sceneFile();
        if (scene != null && !org.drtstudio.io.project.ProjectConverter.isProject(scene)) return scene;
        java.nio.file.Path best = null;
        long bestSize = -1;
        for (var n : window.session.document.model().nodes()) {
            if (!(n instanceof org.drtstudio.scene.authored.ModelLeaf leaf) || leaf.asset().file() == null) continue;
            try {
                long size = java.nio.file.Files.size(leaf.asset().file());
                if (size > bestSize) {
                    best = leaf.asset().file();
                    bestSize = size;
                }
            } catch (java.io.IOException e) {
                // a model that cannot be read now is not measured
            }
        }
        return best;
    }

    private void report(double idleFps, String idleDetail, double dragFps, List<Double> latencies, double stallIdle, double stallDrag,
                        double stallImport, long[] gcLongest, double handlerMax, String windowSize, double[] viewport, double restCpu,
                        Consumer<Boolean> done) {
        List<Double> sorted = new ArrayList<>(latencies);
        Collections.sort(sorted);
        double median = sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() / 2);
        double p95 = sorted.isEmpty() ? Double.NaN : sorted.get((int) Math.min(sorted.size() - 1, Math.round(sorted.size() * 0.95)));
        double max = sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() - 1);
        double stall = Math.max(stallIdle, Math.max(stallDrag, stallImport));
        out.printf("studio responsiveness (%s), viewport %.0fx%.0f, %s%n", window.viewport.projection() != null ? rendererLine() : "?",
                viewport[0], viewport[1], windowSize);
        out.printf("  preview frames shown per second, refining a still view: %.1f: %s%n", idleFps, idleDetail);
        out.printf("  preview frames shown per second, while dragging a node: %.1f%n", dragFps);
        out.printf("  drag edit to frame on screen: median %.0f ms, p95 %.0f ms, max %.0f ms (%d frames)%n", median, p95, max, sorted.size());
        out.printf("  FX thread longest stall: %.0f ms refining, %.0f ms dragging, %.0f ms importing%n", stallIdle, stallDrag, stallImport);
        out.printf("  of which the longest garbage-collection pause: %d ms refining, %d ms dragging, %d ms importing%n",
                gcLongest[0], gcLongest[1], gcLongest[2]);
        out.printf("  longest studio handler on the FX thread (frame upload, gizmo, panels reacting to an edit): %.0f ms%n", handlerMax);
        if (restCpu >= 0) {
            out.printf("  CPU after the sample target (%d spp) is reached: %.1f %% of one core over %d s%n", REST_TARGET, restCpu, REST_SECONDS);
        } else {
            out.printf("  CPU after the sample target: not measured, the preview did not reach %d spp in 5 minutes%n", REST_TARGET);
        }
        out.printf("  machine: %d cores, load average %s%n", Runtime.getRuntime().availableProcessors(), loadAverage());
        boolean ok = idleFps >= 10 && dragFps >= 10 && median < 100 && stall < 50 && restCpu >= 0 && restCpu < 5;
        String targets = "(>= 10 frames/s, drag < 100 ms, FX stall < 50 ms, CPU at rest < 5 %)";
        out.println(ok ? "  all targets met " + targets : "  NOT all targets met " + targets);
        done.accept(ok);
    }

    private static String loadAverage() {
        try {
            String[] parts = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private String rendererLine() {
        return window.rendererDescription();
    }
}
