package org.drtstudio.io.obj;

import org.drtstudio.io.Excerpt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects the warnings of one import, formatted like {@link org.drtstudio.io.SceneFormatException}
 * messages ({@code file:line: problem}) so the user reads both the same way. Warnings of one kind
 * are listed {@value #MAX_PER_KIND} times and then counted: a file with 100,000 {@code mtllib}
 * lines naming missing files yields a handful of lines and "and N more", not 100,000. Every
 * message is sanitised ({@link Excerpt#message}): it may quote names from an untrusted file.
 */
final class ImportWarnings {
    /** How many warnings of one kind are listed before the rest are only counted. */
    static final int MAX_PER_KIND = 5;

    private final List<String> messages = new ArrayList<>();
    private final Map<String, Integer> countByKind = new LinkedHashMap<>();
    private final Set<String> onceKeys = new HashSet<>();

    /** A warning of its own kind (never summarised). */
    void add(Path file, int line, String problem) {
        messages.add(format(file, line, problem));
    }

    /** A warning of {@code kind}; past {@link #MAX_PER_KIND} of a kind only counted. */
    void add(String kind, Path file, int line, String problem) {
        add(kind, format(file, line, problem));
    }

    /** A ready-made message of {@code kind}. */
    void add(String kind, String message) {
        int n = countByKind.merge(kind, 1, Integer::sum);
        if (n <= MAX_PER_KIND) messages.add(Excerpt.message(message));
    }

    void add(String message) {
        messages.add(Excerpt.message(message));
    }

    /** True the first time a key is seen, so a problem repeated on many lines is told once. */
    boolean firstTime(String key) {
        return onceKeys.add(key);
    }

    List<String> list() {
        List<String> out = new ArrayList<>(messages);
        countByKind.forEach((kind, n) -> {
            if (n > MAX_PER_KIND) out.add("and " + (n - MAX_PER_KIND) + " more warnings like the above (" + kind + ") not listed");
        });
        return List.copyOf(out);
    }

    private static String format(Path file, int line, String problem) {
        String name = file == null ? "<input>" : file.toString();
        return Excerpt.message(line > 0 ? name + ":" + line + ": " + problem : name + ": " + problem);
    }
}
