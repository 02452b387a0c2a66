package org.drtstudio.studio.dialogs;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.drtstudio.studio.export.ExportSettings;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;

/** The real dialogs: the platform's file choosers and JavaFX alerts. */
public final class FxStudioDialogs implements StudioDialogs {
    private final Window owner;
    private final ChooserFolder folder = new ChooserFolder();

    public FxStudioDialogs(Window owner) {
        this.owner = owner;
    }

    @Override
    public Optional<Path> chooseOpen(String title, boolean projectsOnly) {
        FileChooser fc = chooser(title);
        java.util.List<String> models = org.drtstudio.io.project.SceneLoader.modelExtensions().stream().map(e -> "*" + e).toList();
        if (projectsOnly) {
            java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of("*.json"));
            all.addAll(models);
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Projects and scenes", all));
        } else {
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Models", models));
        }
        return remember(withOwnerBlocked(() -> fc.showOpenDialog(null)));
    }

    @Override
    public Optional<Path> chooseEnvironment() {
        FileChooser fc = chooser("Environment picture");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("HDR skies (.hdr, .exr)", "*.hdr", "*.exr", "*.HDR", "*.EXR"));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("All pictures", "*.hdr", "*.exr", "*.png", "*.jpg", "*.jpeg"));
        return remember(withOwnerBlocked(() -> fc.showOpenDialog(null)));
    }

    @Override
    public Optional<Path> chooseSave(String title, String suggestedName, String extension) {
        return chooseSaveIn(null, title, suggestedName, extension, true);
    }

    /**
     * A file to save to, ending in {@code extension} ({@link SaveName}), the chooser opening in
     * {@code folder} where it exists (else where the last one was). When that name is not the one the
     * chooser returned and names an existing file, the user is asked before it is replaced
     * ({@code writesTheName}: the caller writes that very file; an animation writes numbered frames
     * instead); not replacing goes back to the chooser.
     */
    private Optional<Path> chooseSaveIn(Path folder, String title, String suggestedName, String extension, boolean writesTheName) {
        FileChooser fc = chooser(title);
        if (folder != null && java.nio.file.Files.isDirectory(folder)) fc.setInitialDirectory(folder.toFile());
        fc.setInitialFileName(suggestedName);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(extension.toUpperCase() + " files", "*." + extension));
        while (true) {
            File chosen = withOwnerBlocked(() -> fc.showSaveDialog(null));
            if (chosen == null) return Optional.empty();
            Path target = SaveName.withExtension(chosen.toPath(), extension);
            if (!writesTheName || !SaveName.needsReplaceQuestion(chosen.toPath(), target) || askReplace(target)) return remember(target.toFile());
            fc.setInitialDirectory(chosen.getParentFile());
            fc.setInitialFileName(target.getFileName().toString());
        }
    }

    /** Whether to replace {@code file}, which exists; Cancel is the default, as in the platform's chooser. */
    private boolean askReplace(Path file) {
        ButtonType replace = new ButtonType("Replace", ButtonBar.ButtonData.OK_DONE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, file.getFileName() + " already exists in " + file.getParent()
                + ". Replace it?", replace, ButtonType.CANCEL);
        a.setTitle("Replace file");
        a.setHeaderText(null);
        ((javafx.scene.control.Button) a.getDialogPane().lookupButton(replace)).setDefaultButton(false);
        ((javafx.scene.control.Button) a.getDialogPane().lookupButton(ButtonType.CANCEL)).setDefaultButton(true);
        DialogPlacement.prepare(a, owner);
        return a.showAndWait().orElse(ButtonType.CANCEL) == replace;
    }

    /**
     * Runs a native file chooser without an owner: given one, the platform disables the owner while it
     * is open, and openbox un-maximises a disabled window. The main window's input is blocked instead.
     */
    private File withOwnerBlocked(java.util.function.Supplier<File> chooser) {
        if (owner == null) return chooser.get();
        OwnerInputBlock block = OwnerInputBlock.of(owner);
        block.hold();
        try {
            return chooser.get();
        } finally {
            block.release();
        }
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        folder.folder().ifPresent(f -> fc.setInitialDirectory(f.toFile()));
        return fc;
    }

    private Optional<Path> remember(File f) {
        if (f == null) return Optional.empty();
        folder.used(f.toPath());
        return Optional.of(f.toPath());
    }

    @Override
    public void opened(Path file) {
        folder.used(file);
    }

    @Override
    public SaveChoice askSaveChanges(String documentName) {
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't save", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "Save changes to " + documentName + "?", save, discard, ButtonType.CANCEL);
        a.setTitle("Unsaved changes");
        a.setHeaderText("Unsaved changes");
        DialogPlacement.prepare(a, owner);
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == ButtonType.CANCEL) return SaveChoice.CANCEL;
        return r.get() == save ? SaveChoice.SAVE : SaveChoice.DISCARD;
    }

    @Override
    public boolean askRestore(Path recoveryFile) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION,
                "The studio did not close normally last time. Restore the autosaved scene?", ButtonType.YES, ButtonType.NO);
        a.setTitle("Recover unsaved work");
        a.setHeaderText("Recover unsaved work");
        DialogPlacement.prepare(a, owner);
        return a.showAndWait().orElse(ButtonType.NO) == ButtonType.YES;
    }

    @Override
    public Optional<ExportSettings> askExport(ExportSettings d, boolean animation) {
        Optional<ExportDialog.Choice> choice = new ExportDialog(d, animation, owner).ask();
        if (choice.isEmpty()) return Optional.empty();
        ExportDialog.Choice c = choice.get();
        // In the folder offered (the project's, or its last export's), under the name offered when its format was kept.
        return chooseSaveIn(d.output().getParent(), ExportDialog.title(animation), c.suggestedName(animation), c.extension(), !animation)
                .map(c.settings()::withOutput);
    }

    @Override
    public void showError(String message) {
        show(Alert.AlertType.ERROR, "DRT Studio: problem", message);
    }

    @Override
    public void showWarning(String message) {
        show(Alert.AlertType.WARNING, "DRT Studio: warning", message);
    }

    private void show(Alert.AlertType type, String title, String message) {
        Alert a = new Alert(type, message, ButtonType.OK);
        a.setTitle(title);
        a.setHeaderText(null);
        DialogPlacement.prepare(a, owner);
        a.show();
    }
}
