package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.stage.Stage;
import org.drtstudio.render.cpu.ThreadNiceness;
import org.drtstudio.studio.dialogs.FxStudioDialogs;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.dialogs.UnattendedDialogs;
import org.drtstudio.studio.preview.RendererSource;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Starts the studio from a plain main method. JavaFX is started with {@link Platform#startup}
 * rather than {@code Application.launch}: the launcher's "JavaFX runtime components are missing"
 * check only applies when the main class extends {@code Application}, so the studio starts from
 * the class path (the JavaFX jars with their natives are ordinary dependencies in lib/).
 */
public final class Studio {
    private Studio() {
    }

    /** Whether a display to open windows on is configured (X11 or Wayland). */
    public static boolean displayAvailable() {
        String display = System.getenv("DISPLAY"), wayland = System.getenv("WAYLAND_DISPLAY");
        return (display != null && !display.isBlank()) || (wayland != null && !wayland.isBlank());
    }

    /**
     * Opens the studio on {@code scene} (null for a new scene) and returns when its window closes.
     *
     * @param previewRenderers makes the live preview's renderer
     * @param exportRenderers  makes the renderers of exports
     * @param measureSeconds above 0: run the responsiveness measurement for that long, print it and close
     * @return the process exit code
     */
    public static int run(Path scene, RendererSource previewRenderers, RendererSource exportRenderers, double measureSeconds,
                          PrintStream out) {
        return run(scene, previewRenderers, exportRenderers, measureSeconds, false, () -> { }, out);
    }

    /**
     * Why JavaFX did not start, with what to do: a machine without GTK 3 (a render node that
     * installed the package without its recommended libraries) is told how to get the window, and
     * that headless rendering needs none of it.
     */
    static String whyNoUi(Throwable e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("GTK")) {
            return "GTK 3 is not installed (" + message.strip() + "); install libgtk-3-0 for the window, "
                    + "or render without one: drt render SCENE -o PICTURE";
        }
        return message;
    }

    /**
     * The JIT compiler's threads step back like the tracer's ({@link ThreadNiceness#BACKGROUND}). In a
     * fresh studio they are the busiest threads of the process for its first half minute (the C2
     * thread used 8.6 s of a core in the first 16 s on the 2-core machine, the JavaFX thread 2.6 s),
     * and at the window's priority they took a core from it whenever both wanted one and left the
     * tracer a tenth of a core. Compiled code comes a little later; the window answers first.
     * Called again once the first picture is shown, for compiler threads the JVM added since.
     */
    static void lowerCompilerThreads() {
        ThreadNiceness.lowerThreadsNamed(ThreadNiceness.BACKGROUND, "C1 CompilerThre", "C2 CompilerThre");
    }

    /**
     * @param measureMaximized measure in the maximised window rather than a 640x360 viewport
     * @param toolkitStarted   runs once JavaFX's own threads exist, before the window opens
     */
    public static int run(Path scene, RendererSource previewRenderers, RendererSource exportRenderers, double measureSeconds,
                          boolean measureMaximized, Runnable toolkitStarted, PrintStream out) {
        CountDownLatch closed = new CountDownLatch(1);
        AtomicInteger code = new AtomicInteger();
        lowerCompilerThreads();
        try {
            Platform.startup(() -> { });
        } catch (IllegalStateException alreadyRunning) {
            // a second studio in the same process (tests): the toolkit is up already
        } catch (UnsupportedOperationException | Error e) {
            out.println("drt: cannot start the studio UI: " + whyNoUi(e));
            return 1;
        }
        toolkitStarted.run();
        Platform.setImplicitExit(false);
        Platform.runLater(() -> {
            try {
                Stage stage = new Stage();
                // Measuring, nobody answers dialogs: an error ends the run with code 2 instead of waiting.
                AtomicReference<StudioWindow> opened = new AtomicReference<>();
                StudioDialogs dialogs = measureSeconds > 0
                        ? new UnattendedDialogs(out, message -> {
                            code.set(2);
                            if (opened.get() != null) Platform.runLater(opened.get()::closeWithoutAsking);
                        })
                        : new FxStudioDialogs(stage);
                StudioWindow window = new StudioWindow(stage, previewRenderers, exportRenderers, dialogs,
                        StudioWindow.Config.standard());
                opened.set(window);
                stage.setOnHidden(e -> closed.countDown());
                window.show(scene);
                if (measureSeconds > 0) {
                    new ResponsivenessProbe(window, out, measureMaximized).run(measureSeconds, ok -> {
                        if (code.get() == 0) code.set(ok ? 0 : 1);
                        window.closeWithoutAsking();
                    });
                }
            } catch (RuntimeException e) {
                out.println("drt: studio failed to start: " + e);
                code.set(1);
                closed.countDown();
            }
        });
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Platform.exit();
        return code.get();
    }
}
