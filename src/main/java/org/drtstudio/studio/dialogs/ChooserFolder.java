package org.drtstudio.studio.dialogs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The folder the studio's file choosers open in: that of the file the user last chose in one, or
 * opened another way (named on the command line, picked from the recent list, dropped on the
 * window), whichever came last. Without the second, the first Import after {@code drt studio
 * model.obj} opened GTK's "Recent" list instead of the model's folder.
 */
final class ChooserFolder {
    private Path folder;

    /** A file was chosen, opened or imported: the next chooser starts beside it. */
    void used(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) folder = parent;
    }

    /** Where the next chooser opens, while that folder still exists. */
    Optional<Path> folder() {
        return folder != null && Files.isDirectory(folder) ? Optional.of(folder) : Optional.empty();
    }
}
