package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
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
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.drtstudio.io.Excerpt;
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
import org.drtstudio.studio.export.JobProgress;
import org.drtstudio.studio.inspector.InspectorPane;
import org.drtstudio.studio.inspector.MaterialSwatch;
import org.drtstudio.studio.measure.FxHeartbeat;
import org.drtstudio.studio.panels.AddMenu;
import org.drtstudio.studio.panels.EffectsPanel;
import org.drtstudio.studio.panels.NodeCommands;
import org.drtstudio.studio.panels.SceneTreePane;
import org.drtstudio.studio.panels.WorldPanel;
import org.drtstudio.studio.preview.PreviewDenoiser;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.drtstudio.studio.preview.PreviewStatus;
import org.drtstudio.studio.preview.RendererSource;
import org.drtstudio.studio.timeline.TimelinePane;
import org.drtstudio.studio.timeline.TimelineRange;
import org.drtstudio.studio.viewport.CameraNavigator;
import org.drtstudio.studio.viewport.Gizmo;
import org.drtstudio.studio.viewport.KeyboardTransform;
import org.drtstudio.studio.viewport.ViewportNotice;
import org.drtstudio.studio.viewport.ViewportPane;
import org.drtstudio.studio.window.AccelControl;
import org.drtstudio.studio.window.KeyRepeats;
import org.drtstudio.studio.window.MainWindowSizing;
import org.drtstudio.studio.window.StatusMessages;
import org.drtstudio.studio.window.ViewControls;
import org.drtstudio.studio.window.WindowSettings;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

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
    private final ExecutorService workers = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "drt-studio-worker");
        t.setDaemon(true);
        return t;
    });
    private final Label rendererLabel = new Label(), statsLabel = new Label(), messageLabel = new Label();
    /** The structure the preview walks inside meshes (--accel of drt render); the picture is the same with each. */
    final AccelControl accelChoice = new AccelControl();
    private final ProgressBar progress = new ProgressBar();
    /** The job's share done and time left, beside its bar ({@link JobProgress}). */
    private final Label progressText = new Label();
    private JobProgress jobProgress;
    private final Button cancel = new Button("Cancel");
    private final javafx.scene.control.ToggleButton pausePreview = new javafx.scene.control.ToggleButton("Pause preview");
    /** Shows the young preview denoised (on by default); off shows the accumulated, noisy picture. */
    private final javafx.scene.control.CheckBox denoisePreview = new javafx.scene.control.CheckBox("Denoise");
    /** View → Exposure and Display transform: how the preview and 8-bit exports show the light. */
    final ViewControls viewControls;
    private final List<String> notices = new ArrayList<>();
    private final StatusMessages messages = new StatusMessages();
    private final javafx.scene.control.Tooltip messageTip = new javafx.scene.control.Tooltip();
    private Runnable cancelAction;
    /** Refreshes the status bar 4 times a second; a scheduled task rather than an FX animation, which would keep the FX pulse running. */
    private final java.util.concurrent.ScheduledExecutorService statusTimer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "drt-status");
        t.setDaemon(true);
        return t;
    });
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
        this.preview = new PreviewRenderer(() -> previewRenderers.create(n -> Platform.runLater(() -> {
            notices.add(n);
            rendererLabel.setText(rendererText());
        })), new TextureLoader(w -> Platform.runLater(() -> message("warning: " + w))),
                p -> Platform.runLater(() -> previewProblem(p)));
        this.viewport = new ViewportPane(session, preview);
        this.viewControls = new ViewControls(preview::setView);
        // Once the first picture is on screen, the import path is compiled in the background, so a first
        // import of a large model takes about half the time (docs/BENCHMARKS.md, "Import at scale").
        viewport.whenShownAfter(0, ImportWarmup::startShared);
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
        root.setBottom(new VBox(timeline, statusBar()));
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
        statusTimer.scheduleWithFixedDelay(() -> Platform.runLater(this::updateStatus), 250, 250, java.util.concurrent.TimeUnit.MILLISECONDS);
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
        if (!files.offerRecovery()) {
            if (scene != null) files.open(scene);
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
        statusTimer.shutdownNow();
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
        return rendererText();
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
        pauseItem.selectedProperty().bindBidirectional(pausePreview.selectedProperty());
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
                item("About DRT Studio…", "aboutItem", null, () -> HelpDialogs.showAbout(stage, rendererText())));
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
            case P -> pausePreview.setSelected(!pausePreview.isSelected());
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

    private HBox statusBar() {
        progress.setVisible(false);
        progress.setPrefWidth(160);
        progress.setMinWidth(60); // gives way before the Cancel beside it, which keeps its label
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setVisible(false);
        progressText.setId("jobProgressText");
        progressText.setMinWidth(Region.USE_PREF_SIZE);
        progressText.setVisible(false);
        cancel.setId("cancelJob");
        cancel.setOnAction(e -> {
            if (cancelAction != null) cancelAction.run();
        });
        pausePreview.setId("pausePreview");
        pausePreview.setFocusTraversable(false);
        pausePreview.setMinWidth(Region.USE_PREF_SIZE); // a long message must not squeeze the button to "..."
        pausePreview.setTooltip(new javafx.scene.control.Tooltip("Stop refining the preview and free the CPU (P); again to go on"));
        pausePreview.selectedProperty().addListener((o, was, on) -> {
            viewport.setPaused(on); // the button stays pressed while paused; its text stays, so nothing beside it moves
            updateStatus();
        });
        denoisePreview.setId("denoisePreview");
        denoisePreview.setSelected(true);
        denoisePreview.setFocusTraversable(false);
        denoisePreview.setMinWidth(Region.USE_PREF_SIZE);
        denoisePreview.setTooltip(new javafx.scene.control.Tooltip(
                "Show the preview denoised while it has few samples (5 to " + PreviewDenoiser.DENOISE_UP_TO_SAMPLES
                        + " per pixel); off shows the noisy picture as rendered"));
        denoisePreview.selectedProperty().addListener((o, was, on) -> viewport.setDenoise(on));
        rendererLabel.setId("rendererLabel");
        statsLabel.setId("statsLabel");
        messageLabel.setId("messageLabel");
        // Every message is readable: the slot takes the room left (cut with "…" where it must be) and its
        // tooltip shows the whole line and the ones before it. The renderer's line gives way first.
        rendererLabel.setMinWidth(0);
        rendererLabel.setMaxWidth(360);
        javafx.scene.control.Tooltip rendererTip = new javafx.scene.control.Tooltip();
        rendererTip.textProperty().bind(rendererLabel.textProperty());
        rendererTip.setWrapText(true);
        rendererTip.setMaxWidth(600);
        rendererLabel.setTooltip(rendererTip);
        statsLabel.setMinWidth(Region.USE_PREF_SIZE);
        // While a job runs the figures may be cut (giveJobLineRoom): the tooltip says them whole.
        javafx.scene.control.Tooltip statsTip = new javafx.scene.control.Tooltip();
        statsTip.textProperty().bind(statsLabel.textProperty());
        statsLabel.setTooltip(statsTip);
        messageLabel.setMinWidth(0);
        messageLabel.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(messageLabel, Priority.ALWAYS);
        messageLabel.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        messageTip.setWrapText(true);
        messageTip.setMaxWidth(600);
        messageTip.setShowDelay(javafx.util.Duration.millis(300));
        messageLabel.setTooltip(messageTip);
        accelChoice.onChange(viewport::setAccel);
        HBox bar = new HBox(12, pausePreview, denoisePreview, accelChoice.node(), rendererLabel, statsLabel, messageLabel, progress, progressText,
                cancel);
        bar.setPadding(new Insets(3, 8, 3, 8));
        // The bar never widens the window's content: a longer status ("… spp denoised · 0% converged") made
        // the root wider than the scene, the viewport wider with it, and the preview restarted for the new
        // size, dropping back to the shorter text, and so on (the preview never got past 5 samples at 900 px).
        // What does not fit is cut at the bar's right edge instead.
        bar.setMinWidth(0);
        javafx.scene.shape.Rectangle barClip = new javafx.scene.shape.Rectangle();
        barClip.widthProperty().bind(bar.widthProperty());
        barClip.heightProperty().bind(bar.heightProperty());
        bar.setClip(barClip);
        bar.setStyle("-fx-background-color: derive(-fx-base, -8%);");
        rendererLabel.setText(rendererText());
        return bar;
    }

    private String rendererText() {
        String text = preview.description();
        if (!notices.isEmpty()) text += " — " + String.join("; ", notices);
        return text;
    }

    private void updateStatus() {
        showMessage();
        // The time left (or so far) moves on between the job's reports: a pass of a large still takes minutes.
        if (jobProgress != null) {
            String p = jobProgress.describe(progress.getProgress(), System.nanoTime());
            if (!p.equals(progressText.getText())) progressText.setText(p);
        }
        String r = rendererText();
        if (!r.equals(rendererLabel.getText())) rendererLabel.setText(r);
        String stats = PreviewStatus.text(viewport.shownFrame(), viewport.framesPerSecond(), viewport.previewState(),
                viewport.region() != null);
        if (!stats.equals(statsLabel.getText())) statsLabel.setText(stats);
    }

    /** The status bar's preview figures as shown now (tests). */
    String previewStatusText() {
        return statsLabel.getText();
    }

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

    /** The message the status bar shows now. */
    String statusMessage() {
        return messageLabel.getText();
    }

    /** Shows a one-line note in the status bar (it goes after a while; the tooltip keeps it). */
    void message(String text) {
        if (Boolean.getBoolean("drt.studio.echo")) System.err.println("studio: " + Excerpt.message(text));
        messages.show(text, StatusMessages.Kind.NOTE, System.nanoTime());
        showMessage();
    }

    /**
     * A problem the preview met: shown until a rendered frame follows it. (An empty scene is not
     * reported as one: the viewport shows its background and how to add something, {@link ViewportNotice}.)
     */
    private void previewProblem(String text) {
        if (Boolean.getBoolean("drt.studio.echo")) System.err.println("studio: " + Excerpt.message(text));
        messages.show(text, StatusMessages.Kind.PREVIEW_PROBLEM, System.nanoTime());
        showMessage();
    }

    private PreviewFrame lastFrameSeen;
    private long renderedFrameNanos = -1;

    private void showMessage() {
        PreviewFrame f = viewport.shownFrame();
        if (f != lastFrameSeen) {
            lastFrameSeen = f;
            if (f != null && f.samples() > 0) renderedFrameNanos = System.nanoTime();
        }
        String text = messages.current(System.nanoTime(), renderedFrameNanos);
        if (!text.equals(messageLabel.getText())) messageLabel.setText(text);
        List<String> history = new ArrayList<>(messages.history());
        java.util.Collections.reverse(history); // newest first
        String tip = history.isEmpty() ? "No messages yet" : String.join("\n", history);
        if (!tip.equals(messageTip.getText())) messageTip.setText(tip);
    }

    /** Shows a background job's progress (0..1, or negative for unknown) with a Cancel button when it can be cancelled. */
    void jobStarted(String text, Runnable onCancel) {
        messages.show(text, StatusMessages.Kind.JOB, System.nanoTime());
        showMessage();
        giveJobLineRoom(true);
        progress.setProgress(-1);
        progress.setVisible(true);
        jobProgress = new JobProgress(System.nanoTime());
        progressText.setText("");
        progressText.setVisible(true);
        cancelAction = onCancel;
        cancel.setVisible(onCancel != null);
    }

    void jobProgress(double fraction) {
        progress.setProgress(fraction);
        if (jobProgress != null) progressText.setText(jobProgress.describe(fraction, System.nanoTime()));
    }

    /** The job's share done and time left as the status bar shows it ("" when none runs). */
    String jobProgressText() {
        return progressText.isVisible() ? progressText.getText() : "";
    }

    void jobFinished(String text) {
        giveJobLineRoom(false);
        message(text);
        progress.setVisible(false);
        progressText.setVisible(false);
        jobProgress = null;
        cancel.setVisible(false);
        cancelAction = null;
    }

    /** The widest the job's line is kept whole while the preview's figures give way (a long file name is still cut). */
    private static final double JOB_LINE_WIDTH = 420;

    /**
     * While an import or export runs, its line ("importing NAME (27.6 MB)…") is what the user needs
     * to read, so the preview's figures give way to it instead of the other way round: in the default
     * window on a 1366x768 screen the bar showed "… · paused while importing" and "i…" (issue 39,
     * item 6). Afterwards the figures keep their room again and messages take what is left.
     */
    private void giveJobLineRoom(boolean job) {
        statsLabel.setMinWidth(job ? 0 : Region.USE_PREF_SIZE);
        messageLabel.setMinWidth(job ? Math.min(JOB_LINE_WIDTH, messageLabel.prefWidth(-1)) : 0);
    }

    boolean jobRunning() {
        return progress.isVisible();
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
