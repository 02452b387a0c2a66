package org.drtstudio.io.obj;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects the warnings of one import, formatted like {@link org.drtstudio.io.SceneFormatException}
 * messages ({@code file:line: problem}) so the user reads both the same way.
 */
final class ImportWarnings {
    private final List<String> messages = new ArrayList<>();
    private final Set<String> onceKeys = new HashSet<>();

    void add(Path file, int line, String problem) {
        String name = file == null ? "<input>" : file.toString();
        messages.add(line > 0 ? name + ":" + line + ": " + problem : name + ": " + problem);
    }

    void add(String message) {
        messages.add(message);
    }

    /** True the first time a key is seen, so a problem repeated on many lines is told once. */
    boolean firstTime(String key) {
        return onceKeys.add(key);
    }

    List<String> list() {
        return List.copyOf(messages);
    }
}
