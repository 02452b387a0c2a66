package org.drtstudio.studio.dialogs;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.drtstudio.studio.export.ExportSettings;

/**
 * The studio's questions answered without a person, for {@code drt studio --measure}: a run that
 * nobody watches must never wait on a dialog. Errors are printed as one {@code drt:} line and
 * handed to {@code onError} (the measurement ends: the studio it would measure did not open its
 * scene); questions get the answer that changes nothing (no file chosen, no restore, discard
 * rather than ask).
 */
public final class UnattendedDialogs implements StudioDialogs {
    private final PrintStream out;
    private final Consumer<String> onError;

    public UnattendedDialogs(PrintStream out, Consumer<String> onError) {
        this.out = out;
        this.onError = onError;
    }

    @Override
    public Optional<Path> chooseOpen(String title, boolean projectsOnly) {
        return Optional.empty();
    }

    @Override
    public Optional<Path> chooseSave(String title, String suggestedName, String extension) {
        return Optional.empty();
    }

    @Override
    public SaveChoice askSaveChanges(String documentName) {
        return SaveChoice.DISCARD;
    }

    @Override
    public boolean askRestore(Path recoveryFile) {
        return false; // measure the scene that was named, not an autosave
    }

    @Override
    public Optional<ExportSettings> askExport(ExportSettings defaults, boolean animation) {
        return Optional.empty();
    }

    @Override
    public void showError(String message) {
        out.println("drt: " + message);
        onError.accept(message);
    }

    @Override
    public void showWarning(String message) {
        out.println("drt: warning: " + message);
    }
}
