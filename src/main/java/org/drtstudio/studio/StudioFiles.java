package org.drtstudio.studio;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.util.Duration;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.Installation;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.project.LoadedProject;
import org.drtstudio.io.project.MovableParts;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.io.project.ProjectFiles;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.edit.ImportModel;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.edit.EditorSession;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.export.BlankImageCheck;
import org.drtstudio.studio.export.ExportDefaults;
import org.drtstudio.studio.export.ExportJob;
import org.drtstudio.studio.export.ExportOutcome;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.drtstudio.studio.timeline.TimelineRange;
import org.drtstudio.studio.viewport.ImportPlacement;
import org.drtstudio.studio.viewport.ViewportPane;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;

/**
 * File work of the studio: New / Open / Save / Save As / recent files, Import (menu and drop),
 * Export still and animation, the unsaved-changes question, and autosave with recovery. Reading,
 * parsing, writing and rendering happen on worker threads; only the resulting edit is applied on
 * the FX thread.
 */
final class StudioFiles {
    private static final int RECENT_LIMIT = 8;
    private final StudioWindow window;
    private final StudioDialogs dialogs;
    private final ExecutorService workers;
    private final StudioWindow.Config config;
    private Timeline autosave;
    private volatile int pendingImports;
    /** The export dialog's starting values: this project's last export, else its settings and folder. */
    final ExportDefaults exportDefaults = new ExportDefaults();

    StudioFiles(StudioWindow window, StudioDialogs dialogs, ExecutorService workers, StudioWindow.Config config) {
        this.window = window;
        this.dialogs = dialogs;
        this.workers = workers;
        this.config = config;
    }

    private EditorSession session() {
        return window.session;
    }

    // ---- new, open, save ----

    void newScene() {
        if (!confirmDiscardOrSave()) return;
        session().open(StudioWindow.emptyModel(), null);
        exportDefaults.untitledBecomes(null);
        window.message("new scene");
    }

    void openWithDialog() {
        if (!confirmDiscardOrSave()) return;
        dialogs.chooseOpen("Open project or scene", true).ifPresent(this::open);
    }

    /** Loads {@code file} (a project, or an OBJ/NFF/cfg wrapped as one) in the background, then shows it. */
    void open(Path file) {
        open(file, false);
    }

    /**
     * Opens a sample scene shipped with the studio as an untitled copy: Save asks where to save it,
     * so the installation (read-only for users, or written by root) is never written to.
     */
    void openSample(Path file) {
        open(file, true);
    }

    private void open(Path file, boolean sample) {
        ImportWarmup.stopShared();
        window.jobStarted("opening " + file.getFileName() + sizeNote(file) + "…", null);
        background(() -> ProjectConverter.openForEditing(file), (LoadedProject p) -> {
            boolean project = ProjectConverter.isProject(file);
            // A scene file's models become groups, so they can be moved, animated and duplicated like imports.
            SceneModel opened = TimelineRange.withTimelineRange(project ? p.model() : MovableParts.wrap(p.model()));
            session().open(opened, project ? file.toAbsolutePath() : null);
            if (!project || sample) session().setFile(null);
            // A model's folder is where its renders go too; a sample's is the installation, never written to.
            if (project || sample) exportDefaults.untitledBecomes(null);
            else exportDefaults.untitledOpenedFrom(file);
            if (!sample) {
                addRecent(file);
                dialogs.opened(file);
            }
            window.jobFinished("opened " + (sample ? "sample " : "") + file.getFileName() + warningsNote(p.warnings()));
            warnOfMissingModels(opened);
        }, "cannot open " + file.getFileName());
    }

    /** A project whose model files could not be read opened with placeholders: the user must know before working on. */
    private void warnOfMissingModels(SceneModel opened) {
        List<String> missing = MissingModels.of(opened);
        if (missing.isEmpty()) return;
        boolean one = missing.size() == 1;
        dialogs.showWarning((one ? "A model file could not be read: " : missing.size() + " model files could not be read: ")
                + String.join("; ", missing) + ". " + (one ? "It stays" : "They stay") + " in the scene, empty, and saving keeps "
                + (one ? "its place" : "their places") + ": restore " + (one ? "the file" : "the files") + " and open the project again.");
    }

    /** Saves to the current project file, or asks for one. Returns whether it was saved. */
    boolean save() {
        Path f = session().file();
        if (f == null || !ProjectConverter.isProject(f)) return saveAs();
        return writeProject(f);
    }

    boolean saveAs() {
        String name = session().document.model().name().replaceAll("[^A-Za-z0-9_.-]", "_");
        // A scene opened from a model file is named after it ("default.nff"): offer "default.json", not "default.nff.json".
        if (name.lastIndexOf('.') > 0 && SceneLoader.isModelFile(Path.of(name))) name = name.substring(0, name.lastIndexOf('.'));
        String suggested = name + ".json";
        Optional<Path> target = dialogs.chooseSave("Save project", suggested, "json");
        if (target.isEmpty()) return false;
        Path f = target.get();
        // The studio's chooser adds the extension (asking before replacing what that names); a substitute may not.
        if (!ProjectConverter.isProject(f)) f = f.resolveSibling(f.getFileName() + ".json");
        return writeProject(f.toAbsolutePath());
    }

    /**
     * Writes the project on the FX thread: a project file only names its models, so it is small and
     * quick to write, and saving synchronously keeps "saved" exact (no edit can slip in between).
     */
    private boolean writeProject(Path f) {
        try {
            ProjectFiles.write(session().document.model(), f);
        } catch (OutputProblem e) {
            dialogs.showError("Cannot save " + e.getMessage()); // names the file and the system's reason
            return false;
        } catch (IOException | RuntimeException e) {
            dialogs.showError("Cannot save " + f + ": " + e.getMessage());
            return false;
        }
        session().document.markSaved();
        if (session().file() == null) exportDefaults.untitledBecomes(f); // the untitled scene's exports go with it
        session().setFile(f);
        addRecent(f);
        window.message("saved " + f.getFileName());
        return true;
    }

    /** Asks about unsaved changes; true when the caller may go on (saved or discarded). */
    boolean confirmDiscardOrSave() {
        if (!session().document.isDirty()) return true;
        Path f = session().file();
        return switch (dialogs.askSaveChanges(f != null ? f.getFileName().toString() : session().document.model().name())) {
            case SAVE -> save();
            case DISCARD -> true;
            case CANCEL -> false;
        };
    }

    // ---- import ----

    void importWithDialog() {
        dialogs.chooseOpen("Import model", false).ifPresent(this::importModel);
    }

    /** Reads a model in the background and adds it where it can be seen (see {@link ImportPlacement}), as one undoable step. */
    void importModel(Path file) {
        importModel(file, null);
    }

    /** A file dropped at scene point (x, y): it lands under the cursor when that is over the viewport. */
    void importDropped(Path file, double sceneX, double sceneY) {
        ViewportPane v = window.viewport;
        javafx.geometry.Point2D p = v.sceneToLocal(sceneX, sceneY);
        boolean over = p != null && p.getX() >= 0 && p.getY() >= 0 && p.getX() < v.getWidth() && p.getY() < v.getHeight();
        importModel(file, over ? v.projection().ray(p.getX(), p.getY()) : null);
    }

    /** @param aim the direction from the eye to land the model along; null: the view's centre */
    void importModel(Path file, Vec3 aim) {
        String name = file.getFileName().toString();
        if (!Files.exists(file)) {
            // A name typed into the file dialog that names nothing (GTK hands back a half-typed completion).
            importRefused(name, "no such file");
            return;
        }
        if (!SceneLoader.isModelFile(file)) {
            // The same one dialog as a file that cannot be read (issue 39, item 13: a .png only got a status line).
            importRefused(name, "it is not a model DRT Studio reads (expected a model file: " + SceneLoader.modelDescription() + ")");
            return;
        }
        try {
            if (Files.size(file) == 0) {
                importRefused(name, "the file is empty (0 bytes)");
                return;
            }
        } catch (IOException e) {
            // unreadable: the loader below says why
        }
        ImportWarmup.stopShared(); // the import gets the cores; what was compiled so far stays compiled
        pendingImports++;
        long started = System.nanoTime();
        window.jobStarted("importing " + name + sizeNote(file) + "…", null);
        // The model's bounds and its placement are worked out in the background too: a pass over every
        // vertex of a large model, and the placement's rays through a large scene, would hold the FX
        // thread. The placement is for the scene as it was when the import was asked for.
        SceneModel scene = session().document.model();
        double time = session().time();
        record Loaded(ModelAsset asset, ImportPlacement.Placement place, List<String> warnings,
                      java.util.List<org.drtstudio.io.TimedPhase> phases) {
        }
        // The preview stops refining the scene as it was while the file is read and parsed: on two
        // cores its passes took half the machine and doubled the parse (measured, docs/STUDIO.md), and
        // the pass in flight when the model arrived delayed the first picture with it, so that pass is
        // stopped. It goes on, with the model, once the import is committed or has failed.
        window.holdPreview(PreviewRenderer.Hold.STOP_PASS);
        background(() -> {
            try {
                // The share of the file read so far drives the progress bar (at most once per percent).
                // Once the whole file is read the bar goes back to moving on its own: parsing and normals follow.
                ImportResult r = SceneLoader.load(file, fraction -> Platform.runLater(() -> {
                    if (pendingImports > 0) window.jobProgress(fraction >= 1 ? -1 : fraction);
                }));
                ModelAsset asset = new ModelAsset(file, r.scene().root(), r.scene().materials());
                // A file that parses but holds nothing to show is not imported as an empty group.
                if (NodeGeometry.bounds(asset.root()).isEmpty()) throw new SceneFormatException(file, 0, "it contains no geometry; nothing imported");
                // An NFF file whose up is not the studio's +y (an SPD scene's +z) is stood upright. Only NFF: its
                // view's up is the one hint of its world's up there is; glTF is +y by definition, and the camera
                // other formats are given is the reader's own.
                boolean nff = name.toLowerCase(java.util.Locale.ROOT).endsWith(".nff");
                Quat upright = nff ? ImportPlacement.upright(r.scene().camera().up()) : Quat.IDENTITY;
                ImportPlacement.Placement place = placement(scene, time, ImportPlacement.graphBox(asset.root(), upright), upright, aim);
                return new Loaded(asset, uprightNote(place, r.scene().camera().up(), upright), r.warnings(), r.phases());
            } catch (Throwable t) {
                window.releasePreview(PreviewRenderer.Hold.STOP_PASS);
                throw t;
            }
        }, (Loaded loaded) -> {
            pendingImports--;
            dialogs.opened(file);
            try {
                commitImport(loaded.asset(), loaded.place(), loaded.warnings(), loaded.phases(), name, started);
            } finally {
                window.releasePreview(PreviewRenderer.Hold.STOP_PASS);
            }
        }, "cannot import " + name);
    }

    /** Adds a loaded model to the scene (on the FX thread) and reports where its import's time went once it is on screen. */
    private void commitImport(ModelAsset asset, ImportPlacement.Placement place, List<String> warnings,
                              List<org.drtstudio.io.TimedPhase> phases, String name, long started) {
        SceneModel m = session().document.model();
        String base = name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
        try {
            long before = window.viewport.requestRevision();
            session().commit(new ImportModel(m.root().id(), base, asset, place.transform()), m.nextId());
            // The reader's warnings (a material library outside the model's folder, skipped lines) go
            // with it, as when a file is opened: otherwise a model imports without its materials unexplained.
            String done = "imported " + name + warningsNote(warnings) + (place.note().isEmpty() ? "" : "; " + place.note());
            window.jobFinished(done);
            // Once a frame with the model is on screen, the same line says where the time went.
            window.viewport.whenShownAfter(before, () -> {
                PreviewRenderer.PackTimings pack = window.viewport.packTimings();
                window.message(ImportTimes.line(done, phases, pack != null && pack.revision() > before ? pack : null,
                        (System.nanoTime() - started) / 1e6));
            });
        } catch (IllegalArgumentException e) {
            window.jobFinished("cannot import " + name + ": " + e.getMessage());
        }
    }

    /** An import that cannot be done: one dialog, and the status bar, naming the file and the reason. */
    private void importRefused(String name, String reason) {
        String msg = "cannot import " + name + ": " + reason;
        window.message(msg);
        dialogs.showError(msg);
    }

    int pendingImports() {
        return pendingImports;
    }

    /** Where a new object with box {@code box} lands: along {@code aim} from the eye (null: the view's centre). */
    static ImportPlacement.Placement placement(SceneModel m, double time, float[] box, Quat rotation, Vec3 aim) {
        if (box == null) return new ImportPlacement.Placement(Trs.IDENTITY, "");
        Camera c = m.cameraAt(time);
        return ImportPlacement.place(m, time, box, rotation, c.eye(), aim != null ? aim : c.look().minus(c.eye()), aim != null);
    }

    /** 1, 0, -0.5, 0.333: as a person writes a vector's component. */
    private static String compact(float v) {
        return new java.math.BigDecimal(String.format(java.util.Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }

    /** The status bar's note, saying so when the model was turned upright. */
    private static ImportPlacement.Placement uprightNote(ImportPlacement.Placement place, Vec3 fileUp, Quat upright) {
        if (upright.equals(Quat.IDENTITY)) return place;
        String turned = "turned upright (the file's up is (" + compact(fileUp.x()) + ", " + compact(fileUp.y()) + ", " + compact(fileUp.z()) + "))";
        return new ImportPlacement.Placement(place.transform(), place.note().isEmpty() ? turned : turned + "; " + place.note());
    }

    // ---- export ----

    void exportWithDialog(boolean animation) {
        Path project = session().file();
        ExportSettings defaults = exportDefaults.offer(session().document.model(), project, animation, window.viewport.denoise());
        dialogs.askExport(defaults, animation).ifPresent(s -> {
            exportDefaults.remember(project, s);
            export(s, animation, null);
        });
    }

    /** Renders in the background with its own renderer; {@code done} (may be null) gets the outcome message. */
    void export(ExportSettings s, boolean animation, Consumer<String> done) {
        if (window.jobRunning()) {
            window.message("another job is running; wait for it or cancel it");
            return;
        }
        ExportJob job = new ExportJob(session().document.model(), s, animation, session().time(), session().motionBlur(),
                session().filter()).withView(window.viewControls.current());
        window.jobStarted((animation ? "exporting frames " + s.firstFrame() + "-" + s.lastFrame() : "exporting " + s.output().getFileName()) + "…",
                job::cancel);
        // The preview pauses while the export renders, so the export gets the cores, and goes on after
        // from the samples it had (its pass under way finishes).
        window.holdPreview(PreviewRenderer.Hold.FINISH_PASS);
        workers.execute(() -> { // execute, not submit: an Error (out of memory) reaches the uncaught handler, not a Future nobody reads
            ExportOutcome outcome;
            try {
                job.run(() -> window.exportRenderers().create(n -> { }), new TextureLoader(w -> { }),
                        f -> Platform.runLater(() -> window.jobProgress(f)));
                // A blank picture is written but not reported as a plain success (it is read back: cheap next to rendering).
                Path written = animation ? s.frameFile(s.firstFrame()) : s.output();
                outcome = ExportOutcome.written("exported " + s.output().getFileName() + BlankImageCheck.warning(written)
                        + job.notes().stream().map(n -> " — note: " + n).collect(java.util.stream.Collectors.joining()));
            } catch (CancellationException e) {
                outcome = ExportOutcome.cancelled(s.output(), e);
            } catch (Exception e) {
                outcome = ExportOutcome.failed(s.output(), e);
            } finally {
                window.releasePreview(PreviewRenderer.Hold.FINISH_PASS);
            }
            ExportOutcome ended = outcome;
            Platform.runLater(() -> {
                window.jobFinished(ended.message());
                // A failure is a dialog too, as an import's is: the status line is easily missed.
                if (ended.failed()) dialogs.showError(ended.message());
                if (done != null) done.accept(ended.message());
            });
        });
    }

    // ---- recent files ----

    private Path recentList() {
        return config.home().resolve("recent.txt");
    }

    List<Path> recent() {
        try {
            List<Path> out = new ArrayList<>();
            for (String line : Files.readAllLines(recentList(), StandardCharsets.UTF_8)) if (!line.isBlank()) out.add(Path.of(line));
            return out;
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private void addRecent(Path file) {
        List<Path> list = new ArrayList<>(recent());
        Path abs = file.toAbsolutePath().normalize();
        list.remove(abs);
        list.add(0, abs);
        while (list.size() > RECENT_LIMIT) list.remove(list.size() - 1);
        try {
            Files.createDirectories(config.home());
            Files.write(recentList(), list.stream().map(Path::toString).toList(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            window.message("cannot update the recent-files list: " + e.getMessage());
        }
    }

    void fillRecent(Menu menu) {
        menu.getItems().clear();
        for (Path p : recent()) {
            MenuItem item = new MenuItem(p.getFileName() + "  —  " + p.getParent());
            item.setMnemonicParsing(false); // file names keep their underscores
            item.setOnAction(e -> {
                if (confirmDiscardOrSave()) open(p);
            });
            menu.getItems().add(item);
        }
        if (menu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(none yet)");
            none.setDisable(true);
            menu.getItems().add(none);
        }
    }

    /** Lists the installation's sample scenes ({@link Installation#samples()}) in {@code menu}. */
    void fillSamples(Menu menu) {
        menu.getItems().clear();
        Installation installation = Installation.current();
        for (Path p : installation.samples()) {
            String name = p.getFileName().toString();
            MenuItem item = new MenuItem(name);
            item.setMnemonicParsing(false);
            item.setId("sample-" + name.replaceAll("[^A-Za-z0-9]", "-"));
            item.setOnAction(e -> {
                if (confirmDiscardOrSave()) openSample(p);
            });
            menu.getItems().add(item);
        }
        if (menu.getItems().isEmpty()) {
            MenuItem none = new MenuItem("(no sample scenes in " + installation.scenes() + ")");
            none.setDisable(true);
            menu.getItems().add(none);
        }
    }

    // ---- autosave and recovery ----

    Path recoveryFile() {
        return config.state().resolve("recovery.json");
    }

    /** The project file the autosaved work belongs to (one line; absent or empty: none). */
    Path recoverySourceFile() {
        return config.state().resolve("recovery-source.txt");
    }

    /** Offers to restore the recovery file left by a crash; true when it was restored. */
    boolean offerRecovery() {
        Path f = recoveryFile();
        if (!Files.isRegularFile(f) || !dialogs.askRestore(f)) return false;
        try {
            LoadedProject p = ProjectFiles.readForEditing(f);
            session().openUnsaved(p.model());
            warnOfMissingModels(p.model());
            Optional<Path> source = recoverySource();
            // The work belongs to the file it was autosaved from: Save writes there, the title names it.
            source.ifPresent(s -> {
                session().setFile(s);
                addRecent(s);
            });
            window.message("restored the autosaved scene" + source.map(s -> " of " + s.getFileName()).orElse("") + "; save it to keep it");
            return true;
        } catch (SceneFormatException e) {
            window.message("the recovery file could not be read: " + e.getMessage());
            return false;
        }
    }

    void startAutosave() {
        if (config.autosaveSeconds() <= 0) return;
        autosave = new Timeline(new KeyFrame(Duration.seconds(config.autosaveSeconds()), e -> autosaveNow()));
        autosave.setCycleCount(Timeline.INDEFINITE);
        autosave.play();
    }

    private Optional<Path> recoverySource() {
        try {
            String line = Files.readString(recoverySourceFile(), StandardCharsets.UTF_8).strip();
            if (line.isEmpty()) return Optional.empty();
            Path p = Path.of(line);
            return p.isAbsolute() && ProjectConverter.isProject(p) ? Optional.of(p) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // no record (an older autosave): the work belongs to no file
        }
    }

    /**
     * Writes the recovery file, and beside it the project file the work belongs to, when there are
     * unsaved changes (encoding on the FX thread is quick; writing is not).
     */
    void autosaveNow() {
        if (!session().document.isDirty()) return;
        SceneModel model = session().document.model();
        Path f = recoveryFile();
        Path source = session().file();
        workers.execute(() -> { // execute, not submit: an Error (out of memory) reaches the uncaught handler, not a Future nobody reads
            try {
                Files.createDirectories(f.getParent());
                ProjectFiles.write(model, f);
                byte[] sourceLine = (source == null ? "" : source.toAbsolutePath().toString()).getBytes(StandardCharsets.UTF_8);
                AtomicFileWriter.write(recoverySourceFile(), out -> out.write(sourceLine));
            } catch (IOException | RuntimeException e) {
                Platform.runLater(() -> window.message("autosave failed: " + e.getMessage()));
            }
        });
    }

    /** Stops autosaving; a normal close deletes the recovery file (nothing to recover). */
    void stopAutosave(boolean deleteRecovery) {
        if (autosave != null) autosave.stop();
        if (deleteRecovery) {
            try {
                Files.deleteIfExists(recoveryFile());
                Files.deleteIfExists(recoverySourceFile());
            } catch (IOException e) {
                // harmless: the next start offers to restore it
            }
        }
    }

    // ---- helpers ----

    @FunctionalInterface
    interface Work<T> {
        T call() throws Exception;
    }

    /** Runs {@code work} on a worker; its result (or a one-line error) comes back on the FX thread. */
    private <T> void background(Work<T> work, Consumer<T> onDone, String failurePrefix) {
        workers.execute(() -> { // execute, not submit: an Error (out of memory) reaches the uncaught handler, not a Future nobody reads
            try {
                T result = work.call();
                Platform.runLater(() -> onDone.accept(result));
            } catch (Exception e) {
                // An import says "cannot import NAME: why" whatever went wrong, as a refused file type does; the
                // reader's own message (file, line, problem) is the why.
                boolean importing = failurePrefix.startsWith("cannot import");
                String msg = e instanceof SceneFormatException && !importing ? e.getMessage() : failurePrefix + ": " + e.getMessage();
                Platform.runLater(() -> {
                    if (importing) pendingImports--;
                    window.jobFinished(msg);
                    dialogs.showError(msg);
                });
            }
        });
    }

    private static String sizeNote(Path file) {
        try {
            long bytes = Files.size(file);
            return bytes > 1_000_000 ? String.format(" (%.1f MB)", bytes / 1e6) : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static String warningsNote(List<String> warnings) {
        return warnings.isEmpty() ? "" : " (" + warnings.size() + " warning" + (warnings.size() == 1 ? "" : "s") + ": " + warnings.get(0) + ")";
    }
}
