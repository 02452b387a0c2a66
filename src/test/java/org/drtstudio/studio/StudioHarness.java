package org.drtstudio.studio;

import javafx.geometry.Point2D;
import javafx.scene.image.Image;
import javafx.scene.image.PixelReader;
import javafx.stage.Stage;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.studio.panels.SceneTreePane;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.junit.jupiter.api.Assumptions;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Starts the real studio window under the test display (Xvfb in CI) with scripted dialogs, and
 * reads what the viewport shows. The preview and exports use the CPU tracer: deterministic, and
 * on llvmpipe faster than software GL (the studio picks it there too).
 */
final class StudioHarness {
    /** The shortest any UI wait gives its state, whatever the test asked for. */
    static final double MIN_WAIT_SECONDS = 20;

    static {
        System.setProperty("testfx.robot", "glass");
        System.setProperty("testfx.headless", "false");
        System.setProperty("prism.order", "sw");
        System.setProperty("prism.text", "t2k");
    }

    final ScriptedDialogs dialogs = new ScriptedDialogs();
    /** Exports' passes wait here while a test holds it closed (open unless closed). */
    final GatedRenderer.Gate exportGate = new GatedRenderer.Gate();
    StudioWindow window;

    /** Where this test JVM's scratch folders go: one folder, removed with everything in it when the JVM ends. */
    private static final Path SCRATCH = scratchRoot();

    /**
     * A new empty folder for a test's settings or files; gone after the test run (UI tests used to
     * leave one settings folder per window in the system's temporary folder).
     */
    static Path tempDir(String prefix) throws java.io.IOException {
        return Files.createTempDirectory(SCRATCH, prefix);
    }

    private static Path scratchRoot() {
        try {
            Path root = Files.createTempDirectory("drt-ui-tests");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(root)));
            return root;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) {
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException | RuntimeException e) {
            // best effort at exit: a folder left behind is only clutter
        }
    }

    static void assumeDisplay() {
        Assumptions.assumeTrue(Studio.displayAvailable(), "no DISPLAY: UI tests need a display (scripts/test.sh runs them under Xvfb)");
    }

    /** Opens a window of {@code width} x {@code height} on {@code scene}, its state kept in {@code home}. */
    void start(Path scene, Path home, double width, double height) throws Exception {
        assumeDisplay();
        FxToolkit.registerPrimaryStage(); // starts JavaFX once per test JVM
        releaseInput();
        closeStrayWindows();
        // A fresh stage per window: a reused one keeps the previous window's geometry on an X server
        // without a window manager, and robot clicks would land where JavaFX no longer draws.
        Stage stage = fx(Stage::new);
        window = fx(() -> {
            StudioWindow w = new StudioWindow(stage, n -> production(2), n -> new GatedRenderer(production(2), exportGate), dialogs,
                    new StudioWindow.Config(home, 0));
            w.viewport.setFullResolution(true);
            w.show(scene);
            return w;
        });
        // The size the test asks for, once the window placed itself (from its settings, or for the screen).
        waitUntil(() -> window.sizing.isSettled(), 20, "window settled");
        fx(() -> {
            stage.setMaximized(false);
            stage.setWidth(width);
            stage.setHeight(height);
            return null;
        });
        waitUntil(() -> window.session.document.model().nodes().size() > (scene == null ? 0 : 1), 30, "scene opened");
        waitUntil(() -> Math.abs(stage.getWidth() - width) < 2 && Math.abs(stage.getHeight() - height) < 2, 10,
                "window sized " + width + " x " + height);
        focus();
    }

    /** Opens a window on {@code scene} with a fresh settings folder of its own. */
    void start(Path scene, double width, double height) throws Exception {
        start(scene, tempDir("drt-studio-home"), width, height);
    }

    /**
     * Gives this window the keyboard focus: a window manager gives it to a new window, but another
     * test's window or dialog may still hold it; a click on the status bar also makes keyboard
     * shortcuts reach the scene rather than a text field.
     */
    void focus() throws Exception {
        Stage stage = window.stage;
        fx(() -> {
            stage.toFront();
            stage.requestFocus();
            return null;
        });
        org.testfx.api.FxRobot robot = new FxThreadRobot();
        javafx.scene.control.Labeled stats = robot.lookup("#statsLabel").queryLabeled();
        // Laid out inside the window at its new size (a click on a label still outside it fails).
        waitUntil(() -> {
            var b = stats.localToScene(stats.getBoundsInLocal());
            return stats.getWidth() > 0 && b.getMaxY() <= stage.getScene().getHeight() && b.getMaxX() <= stage.getScene().getWidth();
        }, 10, "status bar laid out");
        // The window may still be resizing to the test's size (a loaded machine lays out late): then TestFX
        // finds the label outside the scene; ask again once the layout caught up.
        for (int attempt = 1; ; attempt++) {
            try {
                robot.clickOn(stats);
                break;
            } catch (RuntimeException e) {
                if (attempt == 5) throw e;
                awaitPulses(2); // a layout pass runs on a pulse
            }
        }
        waitUntil(stage::isFocused, 10, "studio window focused");
    }

    /** Scrolls the scroll pane around {@code node} (the inspector's) so the node is on screen, where the robot can click it. */
    static void reveal(javafx.scene.Node node) throws Exception {
        fx(() -> {
            for (javafx.scene.Node p = node.getParent(); p != null; p = p.getParent()) {
                if (p instanceof javafx.scene.control.ScrollPane sp && sp.getContent() != null) {
                    double contentHeight = sp.getContent().getBoundsInLocal().getHeight();
                    double viewport = sp.getViewportBounds().getHeight();
                    if (contentHeight <= viewport) return null;
                    double y = sp.getContent().sceneToLocal(node.localToScene(node.getBoundsInLocal())).getMinY();
                    sp.setVvalue(Math.max(0, Math.min(1, (y - viewport / 3) / (contentHeight - viewport))));
                    sp.layout();
                    return null;
                }
            }
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Imports {@code model} through the studio (as the File menu does) and returns the new group's id, selected. */
    int importModel(Path model) throws Exception {
        int before = fx(() -> window.session.document.model().nodes().size());
        fx(() -> {
            window.files.importModel(model);
            return null;
        });
        waitUntil(() -> window.session.document.model().nodes().size() > before && window.files.pendingImports() == 0, 30,
                "imported " + model.getFileName());
        int id = fx(() -> window.session.selected());
        // The scene tree shows the new row at its next layout, after the document has the node; tests
        // drive the tree next (a click on "▣ bunny" right after the import once found no such row).
        waitUntil(() -> treeRowShown(id), 10, "the scene tree's row for " + model.getFileName());
        return id;
    }

    /** Whether the scene tree has a visible cell for node {@code id} (call on the FX thread). */
    private boolean treeRowShown(int id) {
        return window.tree.view.lookupAll(".tree-cell").stream().anyMatch(n -> n.isVisible()
                && n instanceof javafx.scene.control.TreeCell<?> c && c.getItem() instanceof SceneTreePane.Entry e && e.nodeId() == id);
    }

    /**
     * Closes the window and everything a test may have left behind (dialogs, menus, keys or buttons
     * held after a failed drag), so the next test starts from a clean desktop whatever this one did.
     */
    void stop() throws Exception {
        exportGate.open(); // an export a failed test left at the gate ends with the window
        if (window != null) {
            StudioWindow w = window;
            window = null;
            fx(() -> {
                w.closeWithoutAsking();
                return null;
            });
        }
        releaseInput();
        closeStrayWindows();
        dialogs.answers.clear();
        dialogs.lastOpened = null;
    }

    /** Keys or buttons left pressed would turn the next test's clicks into shortcut clicks or drags. */
    private static void releaseInput() {
        org.testfx.api.FxRobot robot = new FxThreadRobot();
        robot.release(new javafx.scene.input.KeyCode[0]);
        robot.release(new javafx.scene.input.MouseButton[0]);
    }

    /** Hides every window but TestFX's own primary stage: dialogs, popups and other studios a test left open. */
    private static void closeStrayWindows() throws Exception {
        fx(() -> {
            Stage primary = FxToolkit.toolkitContext().getRegisteredStage();
            for (javafx.stage.Window w : new java.util.ArrayList<>(javafx.stage.Window.getWindows())) {
                if (w != primary && w.isShowing()) w.hide();
            }
            return null;
        });
    }

    /**
     * A second studio window on {@code home}, as started after a crash, answering its questions
     * (the recovery offer first) with {@code answers}; CPU tracers. The caller closes it.
     */
    static StudioWindow secondStudio(Path home, ScriptedDialogs answers) throws Exception {
        return fx(() -> {
            StudioWindow w = new StudioWindow(new Stage(), n -> production(1), n -> production(1), answers,
                    new StudioWindow.Config(home, 0));
            w.show(null);
            return w;
        });
    }

    static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
    }

    static void waitUntil(BooleanSupplier condition, double seconds, String what) throws Exception {
        // A loaded CI machine delays the FX pulse, the robot's events and the render thread by
        // seconds; a wait returns as soon as its state holds, so a longer floor costs a passing test nothing.
        seconds = Math.max(seconds, MIN_WAIT_SECONDS);
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            if (fx(condition::getAsBoolean)) return;
            Thread.sleep(20);
        }
        throw new AssertionError("timed out after " + seconds + " s waiting for: " + what);
    }

    /**
     * Chooses {@code item} from menu {@code menu} with the mouse, for an item that asks one of the
     * scripted dialogs: waits for the item to be on screen before clicking it, and tries again
     * (after Escape) when the click did not reach it, which happens on a busy machine when the
     * popup is still being laid out.
     */
    void menu(org.testfx.api.FxRobot robot, String menu, String item) throws Exception {
        int answers = dialogs.answers.size();
        for (int attempt = 0; attempt < 3; attempt++) {
            robot.clickOn(menu);
            waitUntil(() -> robot.lookup(item).queryAll().stream().anyMatch(n -> n.isVisible() && n.getScene() != null
                    && n.getScene().getWindow() != null && n.getScene().getWindow().isShowing()), 10, "menu item " + item + " shown");
            javafx.scene.Node node = robot.lookup(item).queryAll().stream().filter(n -> n.isVisible() && n.getScene() != null
                    && n.getScene().getWindow() != null && n.getScene().getWindow().isShowing()).findFirst().orElseThrow();
            robot.clickOn(node);
            long end = System.nanoTime() + 3_000_000_000L;
            while (System.nanoTime() < end && dialogs.answers.size() == answers) Thread.sleep(20);
            if (dialogs.answers.size() < answers) return;
            robot.push(javafx.scene.input.KeyCode.ESCAPE);
        }
        throw new AssertionError("the menu item " + menu + " > " + item + " did not act");
    }

    /**
     * Clicks through a menu path with the mouse: the bar's menu, then the items of the popups it
     * opens (not panels of the same name); into a submenu across at its parent item's height, so
     * the pointer does not pass over a sibling of the parent (which would close the submenu).
     */
    static void clickMenu(org.testfx.api.FxRobot robot, String... path) throws Exception {
        javafx.geometry.Bounds previous = null;
        for (int i = 0; i < path.length; i++) {
            String text = path[i];
            boolean inPopup = i > 0;
            waitUntil(() -> menuNode(robot, text, inPopup) != null, 10, "menu entry " + text + " shown");
            javafx.scene.Node node = fx(() -> menuNode(robot, text, inPopup));
            if (i >= 2) {
                javafx.geometry.Bounds b = fx(() -> node.localToScreen(node.getBoundsInLocal()));
                robot.moveTo(new Point2D(b.getMinX() + 10, previous.getCenterY()));
            }
            previous = fx(() -> node.localToScreen(node.getBoundsInLocal()));
            robot.clickOn(node);
        }
    }

    /**
     * Right-clicks {@code target} and chooses {@code item} from the context menu it opens, once the
     * item is on screen in that popup: clicked at once, on a busy machine the popup was not shown
     * yet and TestFX's query for the item found nothing ("the query "Rename…" returned no nodes",
     * seen with two test JVMs on two cores).
     */
    static void contextMenu(org.testfx.api.FxRobot robot, String target, String item) throws Exception {
        robot.rightClickOn(target);
        waitUntil(() -> menuNode(robot, item, true) != null, 10, "context menu item " + item + " shown");
        robot.clickOn(fx(() -> menuNode(robot, item, true)));
    }

    private static javafx.scene.Node menuNode(org.testfx.api.FxRobot robot, String text, boolean inPopup) {
        return robot.lookup(text).queryAll().stream().filter(n -> n.isVisible() && n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing() && (n.getScene().getWindow() instanceof javafx.stage.PopupWindow) == inPopup)
                .findFirst().orElse(null);
    }

    /** Waits for a frame of the current view with at least {@code samples} samples per pixel at full resolution. */
    void awaitRefined(int samples) throws Exception {
        waitUntil(() -> {
            PreviewFrame f = window.viewport.shownFrame();
            return f != null && f.revision() == window.viewport.requestRevision() && f.pixelScale() == 1 && f.samples() >= samples
                    && !window.session.hasLiveEdit();
        }, 90, "preview refined to " + samples + " spp");
    }

    /**
     * Waits until the preview has nothing left to do for the current view: its render thread sleeps
     * on its lock with no request waiting, the current request's frame is on screen and the pulse
     * timer stopped. Then one more round trip through the FX queue, so whatever the render thread
     * posted before it fell asleep (a message, a frame) has been handled: after this, a check that
     * something did not happen is a check, not a guess at how long it might take.
     */
    void awaitPreviewIdle() throws Exception {
        PreviewRenderer preview = fx(() -> window.viewport.renderer());
        waitUntil(() -> preview.asleep() && !preview.requestWaiting() && !preview.hasFrame() && !window.viewport.pulsing()
                && window.viewport.shownFrame() != null && window.viewport.shownFrame().revision() == window.viewport.requestRevision(),
                60, "the preview idle with the current view on screen");
        fx(() -> null);
    }

    /**
     * Waits until the FX thread has run {@code count} more animation pulses. Every running
     * {@code AnimationTimer} is called on each pulse, so after this a timer that should have stopped
     * has had {@code count} chances to show it did not.
     */
    static void awaitPulses(int count) throws Exception {
        java.util.concurrent.CountDownLatch pulses = new java.util.concurrent.CountDownLatch(count);
        javafx.animation.AnimationTimer counter = new javafx.animation.AnimationTimer() {
            @Override
            public void handle(long now) {
                pulses.countDown();
            }
        };
        fx(() -> {
            counter.start();
            return null;
        });
        try {
            if (!pulses.await(60, java.util.concurrent.TimeUnit.SECONDS)) throw new AssertionError("no " + count + " FX pulses in 60 s");
        } finally {
            fx(() -> {
                counter.stop();
                return null;
            });
        }
    }

    /** The viewport image as shown: linear luminance per pixel (from sRGB), row-major. */
    Pixels pixels() throws Exception {
        return fx(() -> Pixels.of(window.viewport.image()));
    }

    Point2D toScreen(Point2D viewportPoint) throws Exception {
        return fx(() -> window.viewport.localToScreen(viewportPoint));
    }

    /** Saves a screenshot of the whole window to {@code file} (PNG). */
    void screenshot(Path file) throws Exception {
        Image img = fx(() -> window.stage.getScene().snapshot(null));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Pixels.writePng(img, file);
    }

    /** Where screenshots go: -Ddrt.screenshots=DIR (docs/images when updating the README), else the build folder. */
    static Path screenshotDir() {
        String dir = System.getProperty("drt.screenshots");
        return dir != null ? Path.of(dir) : Path.of(System.getProperty("drt.buildDir", "target"), "studio-screenshots");
    }

    /** Dialog answers queued by the test; an unexpected question fails the test. */
    static final class ScriptedDialogs implements StudioDialogs {
        final Deque<Object> answers = new java.util.concurrent.ConcurrentLinkedDeque<>();
        volatile String lastError, lastWarning;
        /** The file name the last save dialog offered. */
        volatile String lastSuggestedName;
        /** What the export dialog was last offered. */
        volatile ExportSettings lastExportOffer;
        /** The last file opened or imported without a chooser: the next chooser opens beside it. */
        volatile Path lastOpened;

        @Override
        public void opened(Path file) {
            lastOpened = file;
        }

        @Override
        public Optional<Path> chooseOpen(String title, boolean projectsOnly) {
            return Optional.ofNullable((Path) next(title));
        }

        @Override
        public Optional<Path> chooseSave(String title, String suggestedName, String extension) {
            lastSuggestedName = suggestedName;
            return Optional.ofNullable((Path) next(title));
        }

        @Override
        public SaveChoice askSaveChanges(String documentName) {
            return answers.isEmpty() ? SaveChoice.DISCARD : (SaveChoice) next("save changes");
        }

        @Override
        public boolean askRestore(Path recoveryFile) {
            return answers.isEmpty() ? false : (Boolean) next("restore");
        }

        @Override
        public Optional<ExportSettings> askExport(ExportSettings defaults, boolean animation) {
            lastExportOffer = defaults;
            return Optional.ofNullable((ExportSettings) next("export"));
        }

        @Override
        public void showError(String message) {
            lastError = message;
        }

        @Override
        public void showWarning(String message) {
            lastWarning = message;
        }

        private Object next(String question) {
            if (answers.isEmpty()) throw new AssertionError("unexpected dialog: " + question);
            return answers.poll();
        }
    }

    /** Linear luminance of an image, for measurements. */
    record Pixels(int width, int height, float[] luminance, int[] argb) {
        static Pixels of(Image image) {
            int w = (int) image.getWidth(), h = (int) image.getHeight();
            PixelReader r = image.getPixelReader();
            int[] argb = new int[w * h];
            float[] lum = new float[w * h];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int p = r.getArgb(x, y);
                    argb[y * w + x] = p;
                    lum[y * w + x] = 0.2126f * lin(p >> 16) + 0.7152f * lin(p >> 8) + 0.0722f * lin(p);
                }
            }
            return new Pixels(w, h, lum, argb);
        }

        private static float lin(int c) {
            return org.drtstudio.render.ToneMapper.fromSrgb8(c & 255);
        }

        float at(int x, int y) {
            return luminance[y * width + x];
        }

        /** Mean squared difference of neighbouring pixels in a box: high for sharp detail, low when blurred. */
        double sharpness(int x0, int y0, int x1, int y1) {
            double sum = 0;
            int n = 0;
            for (int y = Math.max(0, y0); y < Math.min(height - 1, y1); y++) {
                for (int x = Math.max(0, x0); x < Math.min(width - 1, x1); x++) {
                    double dx = at(x + 1, y) - at(x, y), dy = at(x, y + 1) - at(x, y);
                    sum += dx * dx + dy * dy;
                    n++;
                }
            }
            return sum / Math.max(1, n);
        }

        /**
         * {@link #sharpness} of the image averaged over blocks of {@code block}² pixels: sampling noise
         * averages out while edges wider than a block remain, so blur lowers it and noise does not raise it.
         */
        double blockSharpness(int x0, int y0, int x1, int y1, int block) {
            int w = (x1 - x0) / block, hgt = (y1 - y0) / block;
            float[] avg = new float[w * hgt];
            for (int by = 0; by < hgt; by++) {
                for (int bx = 0; bx < w; bx++) {
                    float sum = 0;
                    for (int y = 0; y < block; y++) for (int x = 0; x < block; x++) sum += at(x0 + bx * block + x, y0 + by * block + y);
                    avg[by * w + bx] = sum / (block * block);
                }
            }
            return new Pixels(w, hgt, avg, new int[0]).sharpness(0, 0, w, hgt);
        }

        /** Mean absolute luminance difference to {@code other} in a box. */
        double difference(Pixels other, int x0, int y0, int x1, int y1) {
            double sum = 0;
            int n = 0;
            for (int y = Math.max(0, y0); y < Math.min(height, y1); y++) {
                for (int x = Math.max(0, x0); x < Math.min(width, x1); x++) {
                    sum += Math.abs(at(x, y) - other.at(x, y));
                    n++;
                }
            }
            return sum / Math.max(1, n);
        }

        static void writePng(Image img, Path file) throws java.io.IOException {
            Pixels p = of(img);
            byte[] rgba = new byte[4 * p.width * p.height];
            for (int i = 0; i < p.argb.length; i++) {
                int c = p.argb[i];
                rgba[4 * i] = (byte) (c >> 16);
                rgba[4 * i + 1] = (byte) (c >> 8);
                rgba[4 * i + 2] = (byte) c;
                rgba[4 * i + 3] = (byte) 255;
            }
            PngWriter.write(file, p.width, p.height, rgba);
        }
    }

    /** The production CPU tracer the studio previews and exports with where there is no GPU (app.Backends). */
    static CpuRenderer production(int threads) {
        return CpuRenderer.production(threads, new org.drtstudio.render.embree.EmbreeWalk());
    }
}
