package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.drtstudio.render.cpu.ThreadNiceness;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.Installation;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.io.support.UserFolders;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.studio.dialogs.HelpDialogs;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.edit.EditorSession;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.inspector.InspectorPane;
import org.drtstudio.studio.inspector.MaterialSwatch;
import org.drtstudio.studio.measure.FxHeartbeat;
import org.drtstudio.studio.panels.AddMenu;
import org.drtstudio.studio.panels.EffectsPanel;
import org.drtstudio.studio.panels.NodeCommands;
import org.drtstudio.studio.panels.SceneTreePane;
import org.drtstudio.studio.panels.WorldPanel;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.drtstudio.studio.preview.RendererSource;
import org.drtstudio.studio.timeline.TimelinePane;
import org.drtstudio.studio.timeline.TimelineRange;
import org.drtstudio.studio.viewport.CameraNavigator;
import org.drtstudio.studio.viewport.Gizmo;
import org.drtstudio.studio.viewport.KeyboardTransform;
import org.drtstudio.studio.viewport.ViewportPane;
import org.drtstudio.studio.window.AccelControl;
import org.drtstudio.studio.window.KeyRepeats;
import org.drtstudio.studio.window.MainWindowSizing;
import org.drtstudio.studio.window.ViewControls;
import org.drtstudio.studio.window.WindowSettings;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/**
 * The studio's main window: menus, the viewport, scene tree, inspector, effect sliders, timeline
 * and status bar, wired to one {@link EditorSession}. Loading, saving, importing and exporting run
 * on background threads; their results come back to the FX thread, which only edits the document.
 */
public final class StudioWindow {
    /**
     * Where the studio keeps its own files, and how often it autosaves.
     *
     * @param home  folder for the settings: the recent-files list, the window's layout
     * @param state folder for the recovery files
     */
    record Config(Path home, Path state, double autosaveSeconds) {
        /** One folder for both (tests, {@code -Ddrt.studioHome}). */
        Config(Path home, double autosaveSeconds) {
            this(home, home, autosaveSeconds);
        }

        /** The XDG folders ({@code io.support.UserFolders}, the old ~/.drtstudio moved over once), or {@code -Ddrt.studioHome}. */
        static Config standard() {
            String override = System.getProperty("drt.studioHome");
            if (override != null) return new Config(Path.of(override), 30);
            UserFolders folders = UserFolders.ofUser();
            return new Config(folders.config(), folders.state(), 30);
        }
    }

    final Stage stage;
    final EditorSession session;
    final ViewportPane viewport;
    final EffectsPanel effects;
    /** The environment light (issue 38): its picture, turn and strength. */
    final WorldPanel world;
    final SceneTreePane tree;
    final InspectorPane inspector;
    final TimelinePane timeline;
    final StudioFiles files;
    final NodeCommands nodeCommands;
    final AddMenu addMenu;
    final KeyboardTransform keyboardTransform;
    final FxHeartbeat heartbeat = new FxHeartbeat();
    private final RendererSource exportRenderers;
    private final StudioDialogs dialogs;
    private final PreviewRenderer preview;
    /**
     * Imports, opens and saves: at the tracer's lowered priority, and a fork/join pool so that the
     * readers' and builders' parallel steps run in it rather than in the common pool at the window's
     * priority (on two cores an import's threads made the FX thread wait 80-94 ms for a core).
     */
    private final ExecutorService workers = ThreadNiceness.pool("drt-studio-worker", 2, ThreadNiceness.BACKGROUND);
    /** The structure the preview walks inside meshes (--accel of drt render); the picture is the same with each. */
    final AccelControl accelChoice = new AccelControl();
    /** View → Exposure and Display transform: how the preview and 8-bit exports show the light. */
    final ViewControls viewControls;
    private final StatusBar status;
    final MainWindowSizing sizing;

    /**
     * @param previewRenderers makes the preview's renderer (fast interaction first)
     * @param exportRenderers  makes one renderer per export
     */
    StudioWindow(Stage stage, RendererSource previewRenderers, RendererSource exportRenderers, StudioDialogs dialogs, Config config) {
        this.stage = stage;
        this.exportRenderers = exportRenderers;
        this.dialogs = dialogs;
        this.session = new EditorSession(emptyModel());
        this.preview = new PreviewRenderer(() -> previewRenderers.create(n -> Platform.runLater(() -> rendererNotice(n))), new TextureLoader(w -> Platform.runLater(() -> message("warning: " + w))),
                p -> Platform.runLater(() -> previewProblem(p)));
        this.viewport = new ViewportPane(session, preview);
        this.status = new StatusBar(viewport, preview, accelChoice);
        this.viewControls = new ViewControls(preview::setView);
        // Once the first picture is on screen, the import path is compiled in the background, so a first
        // import of a large model takes about half the time (docs/BENCHMARKS.md, "Import at scale").
        viewport.whenShownAfter(0, () -> {
            ImportWarmup.startShared();
            workers.execute(Studio::lowerCompilerThreads);
        });
        this.effects = new EffectsPanel(session);
        this.world = new WorldPanel(session, dialogs);
        this.files = new StudioFiles(this, dialogs, workers, config);
        this.tree = new SceneTreePane(session);
        this.inspector = new InspectorPane(session, dialogs, new MaterialSwatch(exportRenderers));
        this.timeline = new TimelinePane(session);
        this.nodeCommands = new NodeCommands(session, tree, this::message);
        this.addMenu = new AddMenu(session, this::message);
        this.keyboardTransform = new KeyboardTransform(viewport, session);
        // A selected light (its row in the tree, its icon in the view, or one just added) opens the
        // inspector's light editor on it.
        int[] lightShown = {-1};
        session.addListener(() -> {
            int light = session.selectedLight();
            if (light != lightShown[0] && light >= 0) inspector.showLight(light);
            lightShown[0] = light;
        });

        SplitPane split = new SplitPane();
        VBox right = new VBox(6, effects, world, inspector);
        right.setPadding(new Insets(4));
        ScrollPane rightScroll = new ScrollPane(right);
        rightScroll.setFitToWidth(true);
        rightScroll.setPrefWidth(320);
        split.getItems().addAll(tree, viewport, rightScroll);
        sizing = new MainWindowSizing(stage, split, tree, viewport, rightScroll, config.home().resolve(WindowSettings.FILE_NAME), this::message);

        BorderPane root = new BorderPane();
        root.setTop(menus());
        root.setCenter(split);
        root.setBottom(new VBox(timeline, status.node()));
        Scene scene = new Scene(root, 1180, 680);
        scene.getStylesheets().add(java.util.Objects.requireNonNull(StudioWindow.class.getResource("studio.css")).toExternalForm());
        KeyRepeats repeats = KeyRepeats.install(scene, stage);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> shortcut(e, repeats.repeated(e)));
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) for (File f : e.getDragboard().getFiles()) files.importDropped(f.toPath(), e.getSceneX(), e.getSceneY());
            e.setDropCompleted(ok);
            e.consume();
        });
        stage.setScene(scene);
        stage.setOnCloseRequest(e -> {
            if (!files.confirmDiscardOrSave()) e.consume();
            else shutdown();
        });
        session.addListener(this::updateTitle);
        status.start();
        viewport.monitor(heartbeat);
        session.monitor(heartbeat);
        updateTitle();
    }

    /** Shows the window on {@code scene} (null: a new scene), offering to restore an autosave first. */
    void show(Path scene) {
        probeSource = scene;
        sizing.place();
        stage.show();
        sizing.restoreMaximized();
        sizing.settle();
        Tooltips.install(this);
        if (!files.offerRecovery() && scene != null) {
            // A shipped scene (./drt alone opens scenes/default.nff) opens as the Open Sample menu opens it, an
            // untitled copy: its Save and its first export ask where, never into the installation.
            if (Installation.current().isSample(scene)) files.openSample(scene);
            else files.open(scene);
        }
        files.startAutosave();
    }

    /** Closes without the unsaved-changes question (measurements, tests). */
    void closeWithoutAsking() {
        shutdown();
        stage.close();
    }

    private void shutdown() {
        sizing.save();
        status.stop();
        heartbeat.stop();
        viewport.stop();
        files.stopAutosave(true);
        timeline.stop();
        workers.shutdownNow();
        inspector.swatch.close();
        preview.close();
    }

    /** The file the window was opened on, which the responsiveness probe imports again. */
    Path probeSource;

    String rendererDescription() {
        return status.rendererText();
    }

    RendererSource exportRenderers() {
        return exportRenderers;
    }

    // ---- menus and shortcuts ----

    private MenuBar menus() {
        Menu file = new Menu("File");
        file.setId("fileMenu");
        MenuItem newScene = item("New", "newItem", new KeyCodeCombination(KeyCode.N, KeyCombination.SHORTCUT_DOWN), files::newScene);
        MenuItem open = item("Open…", "openItem", new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN), files::openWithDialog);
        Menu recent = new Menu("Open Recent");
        recent.setOnShowing(e -> files.fillRecent(recent));
        files.fillRecent(recent);
        Menu samples = new Menu("Open Sample");
        samples.setId("openSampleMenu");
        files.fillSamples(samples); // once: the installation's scenes do not change while it runs
        // Ctrl+S, Ctrl+Z, Ctrl+Y and Delete are the scene's shortcuts (they work with the focus anywhere, and
        // Delete not while typing); the menus show them too. The scene's filter takes those keys before any
        // accelerator, so each still acts once.
        MenuItem save = item("Save", "saveItem", new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN), files::save);
        MenuItem saveAs = item("Save As…", "saveAsItem", new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN), files::saveAs);
        MenuItem imp = item("Import Model…", "importItem", new KeyCodeCombination(KeyCode.I, KeyCombination.SHORTCUT_DOWN), files::importWithDialog);
        MenuItem still = item("Export Still…", "exportStillItem", new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN), () -> files.exportWithDialog(false));
        MenuItem anim = item("Export Animation…", "exportAnimationItem", null, () -> files.exportWithDialog(true));
        MenuItem quit = item("Quit", "quitItem", new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), () -> {
            if (files.confirmDiscardOrSave()) closeWithoutAsking();
        });
        file.getItems().addAll(newScene, open, recent, samples, new SeparatorMenuItem(), save, saveAs, new SeparatorMenuItem(), imp,
                still, anim, new SeparatorMenuItem(), quit);

        Menu edit = new Menu("Edit");
        edit.setId("editMenu");
        MenuItem undo = item("Undo", "undoItem", new KeyCodeCombination(KeyCode.Z, KeyCombination.SHORTCUT_DOWN), this::undo);
        MenuItem redo = item("Redo", "redoItem", new KeyCodeCombination(KeyCode.Y, KeyCombination.SHORTCUT_DOWN), this::redo);
        MenuItem delete = item("Delete", "deleteItem", new KeyCodeCombination(KeyCode.DELETE), () -> {
            // An accelerator is also asked while a text field has the key (it did not use it): Delete there is the field's.
            if (!(stage.getScene().getFocusOwner() instanceof TextInputControl)) deleteSelected();
        });
        MenuItem insertKey = item("Insert Keyframe (I)", "insertKeyItem", null, this::insertKeyframe);
        MenuItem duplicate = item("Duplicate", "duplicateItem", new KeyCodeCombination(KeyCode.D, KeyCombination.SHORTCUT_DOWN), tree::duplicateSelected);
        edit.setOnShowing(e -> {
            undo.setText(session.document.undoLabel().map(l -> "Undo " + l).orElse("Undo"));
            redo.setText(session.document.redoLabel().map(l -> "Redo " + l).orElse("Redo"));
            undo.setDisable(!session.document.canUndo());
            redo.setDisable(!session.document.canRedo());
        });
        edit.getItems().addAll(undo, redo, new SeparatorMenuItem(), delete, duplicate, insertKey);
        edit.getItems().addAll(nodeCommands.menuItems());

        Menu view = new Menu("View");
        javafx.scene.control.CheckMenuItem fullRes = new javafx.scene.control.CheckMenuItem("Full-resolution preview (slower)");
        fullRes.setId("fullResolutionItem");
        fullRes.selectedProperty().addListener((o, a, on) -> viewport.setFullResolution(on));
        javafx.scene.control.CheckMenuItem pauseItem = new javafx.scene.control.CheckMenuItem("Pause preview (P)");
        pauseItem.setId("pausePreviewItem");
        pauseItem.selectedProperty().bindBidirectional(status.pausedProperty());
        MenuItem clearRegion = item("Clear render region (Ctrl+Shift+click)", "clearRegionItem", null, () -> viewport.setRegion(null));
        javafx.scene.control.CheckMenuItem renderFrame = new javafx.scene.control.CheckMenuItem("Export frame (darken what exports leave out)");
        renderFrame.setId("renderFrameItem");
        renderFrame.setSelected(viewport.showsRenderFrame());
        renderFrame.selectedProperty().addListener((o, a, on) -> viewport.setShowRenderFrame(on));
        view.getItems().addAll(fullRes, pauseItem, clearRegion, renderFrame, new SeparatorMenuItem());
        view.getItems().addAll(viewControls.menus());
        view.getItems().addAll(new SeparatorMenuItem(),
                item("Play / pause (Space)", "playItem", null, this::togglePlay),
                item("Frame selection (F)", "frameItem", null, this::frameSelection),
                item("Move gizmo (G)", "moveItem", null, () -> viewport.setGizmoMode(Gizmo.Mode.MOVE)),
                item("Rotate gizmo (R)", "rotateItem", null, () -> viewport.setGizmoMode(Gizmo.Mode.ROTATE)),
                item("Scale gizmo (S)", "scaleItem", null, () -> viewport.setGizmoMode(Gizmo.Mode.SCALE)));
        Menu help = new Menu("Help");
        help.setId("helpMenu");
        help.getItems().addAll(item("Keyboard and mouse…", "shortcutsItem", new KeyCodeCombination(KeyCode.F1), () -> HelpDialogs.showShortcuts(stage)),
                item("About DRT Studio…", "aboutItem", null, () -> HelpDialogs.showAbout(stage, status.rendererText())));
        for (var check : List.of(fullRes, pauseItem, renderFrame)) check.setMnemonicParsing(false);
        return new MenuBar(file, edit, addMenu, view, help);
    }

    private static MenuItem item(String text, String id, KeyCombination accelerator, Runnable action) {
        MenuItem m = new MenuItem(text);
        // Labels name files and models ("Undo Import 'bunny_1m'"): an underscore is text, not a mnemonic.
        m.setMnemonicParsing(false);
        m.setId(id);
        if (accelerator != null) m.setAccelerator(accelerator);
        m.setOnAction(e -> action.run());
        return m;
    }

    /** Keys that toggle or start a mode: a held key's repeats must not toggle again. */
    private static final java.util.Set<KeyCode> ONCE_PER_PRESS = java.util.EnumSet.of(KeyCode.G, KeyCode.R, KeyCode.S, KeyCode.P, KeyCode.SPACE);

    /**
     * Shortcuts of common 3D tools; single letters only while no text field has the focus. Toggles
     * and modes act once per press, not again for each repeat of a held key ({@link KeyRepeats}).
     */
    private void shortcut(KeyEvent e, boolean repeat) {
        boolean typing = stage.getScene().getFocusOwner() instanceof TextInputControl;
        if (e.isShortcutDown()) {
            switch (e.getCode()) {
                case Z -> { if (e.isShiftDown()) redo(); else undo(); }
                case Y -> redo();
                case S -> { if (e.isShiftDown()) files.saveAs(); else files.save(); }
                default -> { return; }
            }
            e.consume();
            return;
        }
        if (typing || viewport.mouseLookActive()) return;
        if (repeat && ONCE_PER_PRESS.contains(e.getCode())) {
            e.consume();
            return;
        }
        switch (e.getCode()) {
            case DELETE, BACK_SPACE -> deleteSelected();
            case F -> frameSelection();
            case G, R, S -> keyboardTransform.key(e.getCode());
            case P -> status.pausedProperty().set(!status.pausedProperty().get());
            case SPACE -> togglePlay(); // as in Blender
            case I -> insertKeyframe(); // as in Blender
            default -> { return; }
        }
        e.consume();
    }

    /** Plays the animation, or pauses it (Space). */
    void togglePlay() {
        timeline.play.setSelected(!timeline.play.isSelected());
    }

    /** Keys the selected object at the current time, or the camera when no object is selected (I). */
    void insertKeyframe() {
        timeline.keySelectionOrCamera();
    }

    void undo() {
        inspector.discardTyping();
        session.undo();
    }

    void redo() {
        inspector.discardTyping();
        session.redo();
    }

    void deleteSelected() {
        nodeCommands.delete();
    }

    /** Points the camera at the selection (or the whole scene) so it fills the view. */
    void frameSelection() {
        SceneModel m = session.document.model();
        int id = session.selected() >= 0 ? session.selected() : m.root().id();
        Optional<float[]> b = NodeGeometry.worldBounds(m, id, session.time());
        if (b.isEmpty()) return;
        float[] s = b.get();
        Camera c = CameraNavigator.frame(m.camera(), new Vec3(s[0], s[1], s[2]), s[3]);
        session.commit(new SetCamera(c));
    }

    // ---- status ----

    /**
     * Stops the preview while an import or export runs (the two would share the cores); every hold
     * needs one release of the same kind ({@link PreviewRenderer.Hold}).
     */
    void holdPreview(PreviewRenderer.Hold kind) {
        preview.hold(kind);
        viewport.wake();
    }

    void releasePreview(PreviewRenderer.Hold kind) {
        preview.release(kind);
        viewport.wake();
    }

    /** The renderer source's note on the renderer it chose (no GPU, a fallback), for the status bar. */
    private void rendererNotice(String text) {
        status.notice(text);
    }

    /** A problem the preview met: shown until a rendered frame follows it ({@link StatusBar#previewProblem}). */
    private void previewProblem(String text) {
        status.previewProblem(text);
    }

    /** The status bar's preview figures as shown now (tests). */
    String previewStatusText() {
        return status.previewStatusText();
    }

    /** The message the status bar shows now. */
    String statusMessage() {
        return status.statusMessage();
    }

    /** Shows a one-line note in the status bar (it goes after a while; the tooltip keeps it). */
    void message(String text) {
        status.message(text);
    }

    /** Shows a background job's progress (0..1, or negative for unknown) with a Cancel button when it can be cancelled. */
    void jobStarted(String text, Runnable onCancel) {
        status.jobStarted(text, onCancel);
    }

    void jobProgress(double fraction) {
        status.jobProgress(fraction);
    }

    /** The job's share done and time left as the status bar shows it ("" when none runs). */
    String jobProgressText() {
        return status.jobProgressText();
    }

    void jobFinished(String text) {
        status.jobFinished(text);
    }

    boolean jobRunning() {
        return status.jobRunning();
    }

    private void updateTitle() {
        Path f = session.file();
        String name = f != null ? f.getFileName().toString() : session.document.model().name();
        stage.setTitle((session.document.isDirty() ? "*" : "") + Excerpt.sanitize(name, 200) + " — DRT Studio");
    }

    /** A new scene's light: with an added light ({@link AddMenu#addedLightIntensity}) the lights sum to 1, so a white floor stays below white. */
    static final float NEW_SCENE_LIGHT = 0.6f;

    /** A new scene: nothing in it yet, one light, the default camera. */
    public static SceneModel emptyModel() {
        GroupNode root = GroupNode.of(0, "root", List.of());
        return TimelineRange.withTimelineRange(SceneModel.of("untitled", root, List.of(Material.DEFAULT),
                List.of(new PointLight(new Vec3(4, 8, 6), new Vec3(1, 1, 1), NEW_SCENE_LIGHT)),
                new Camera(new Vec3(0, 2, 8), new Vec3(0, 0.5f, 0), new Vec3(0, 1, 0), 40f, 0f, 0f), RenderSettings.DEFAULT));
    }
}
