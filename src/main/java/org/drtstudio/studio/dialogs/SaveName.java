package org.drtstudio.studio.dialogs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The file a save chooser's answer stands for, ending in the chosen format's extension. A name typed
 * without it gets it, as other programs' save dialogs do: "bunnyexr" typed for an OpenEXR export was
 * refused by the export ("has no picture extension"), and Save Project wrote "scene" beside
 * "scene.json". GTK's chooser adds the filter's extension itself to a name that already has it
 * ("frame.png.png"): the second one is dropped.
 *
 * <p>The chooser asked whether to replace the file it returned, not the one this names, so a name
 * changed here that names an existing file must be asked about again ({@link #needsReplaceQuestion}).
 */
final class SaveName {
    private SaveName() {
    }

    /** {@code chosen} ending in {@code extension} (lower case, no dot): as it is, one doubled extension dropped, or the extension added. */
    static Path withExtension(Path chosen, String extension) {
        Path file = chosen.getFileName();
        if (file == null) return chosen;
        String name = file.toString(), lower = name.toLowerCase(Locale.ROOT), dotted = "." + extension.toLowerCase(Locale.ROOT);
        String fixed;
        if (lower.endsWith(dotted + dotted)) fixed = name.substring(0, name.length() - dotted.length());
        else if (lower.endsWith(dotted) && lower.length() > dotted.length()) fixed = name;
        else fixed = (name.endsWith(".") ? name.substring(0, name.length() - 1) : name) + dotted;
        return fixed.equals(name) ? chosen : chosen.resolveSibling(fixed);
    }

    /** Whether {@code target}, made from the chooser's answer {@code chosen}, is another file that exists: the chooser did not ask about it. */
    static boolean needsReplaceQuestion(Path chosen, Path target) {
        return !target.equals(chosen) && Files.exists(target);
    }
}
