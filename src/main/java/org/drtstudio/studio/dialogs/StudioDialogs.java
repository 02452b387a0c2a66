package org.drtstudio.studio.dialogs;

import java.nio.file.Path;
import java.util.Optional;
import org.drtstudio.studio.export.ExportSettings;

/**
 * The questions the studio asks the user. The window uses {@link FxStudioDialogs} (native file
 * choosers, JavaFX dialogs); UI tests substitute answers, since native choosers cannot be driven
 * by a robot.
 */
public interface StudioDialogs {
    enum SaveChoice { SAVE, DISCARD, CANCEL }

    /** A file to open or import, or empty when cancelled. */
    Optional<Path> chooseOpen(String title, boolean projectsOnly);

    /**
     * An environment picture (an equirectangular .hdr or .exr sky) for the World panel, or empty when
     * cancelled; by default the model chooser's answer (UI tests substitute one).
     */
    default Optional<Path> chooseEnvironment() {
        return chooseOpen("Environment picture", false);
    }

    /**
     * A file was opened or imported without a chooser (the command line, the recent list, a drop):
     * the next chooser opens in its folder.
     */
    default void opened(Path file) {
    }

    /** A file to save to, or empty when cancelled. */
    Optional<Path> chooseSave(String title, String suggestedName, String extension);

    /** Unsaved changes: save them, discard them, or cancel the action. */
    SaveChoice askSaveChanges(String documentName);

    /** Whether to restore the autosaved recovery file found at start. */
    boolean askRestore(Path recoveryFile);

    /** Size, samples, format and output of an export, or empty when cancelled. */
    Optional<ExportSettings> askExport(ExportSettings defaults, boolean animation);

    /** Tells the user something went wrong, in one line. */
    void showError(String message);

    /** Tells the user of something done that they must know of (a model kept as a placeholder), which did not stop the work. */
    void showWarning(String message);
}
