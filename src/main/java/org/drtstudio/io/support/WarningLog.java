package org.drtstudio.io.support;

import org.drtstudio.io.Excerpt;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects import warnings as one-line messages {@code file:line: text}. Each kind of warning is
 * listed a few times and then summarised, so a file repeating the same oddity ten thousand times
 * yields a readable list rather than ten thousand entries.
 */
public final class WarningLog {
    /** How many warnings of one kind are listed before the rest are only counted. */
    public static final int MAX_PER_KIND = 5;

    private final Path file;
    private final List<String> messages = new ArrayList<>();
    private final Map<String, Integer> countByKind = new LinkedHashMap<>();

    public WarningLog(Path file) {
        this.file = file;
    }

    /**
     * @param kind groups similar warnings for the summary, e.g. the skipped keyword
     * @param line 1-based line, or 0 for a warning about the whole file
     */
    public void add(String kind, int line, String text) {
        int n = countByKind.merge(kind, 1, Integer::sum);
        if (n <= MAX_PER_KIND) messages.add(Excerpt.message(format(line, text)));
    }

    /** Adds a message from elsewhere (e.g. another importer) as it is. */
    public void addVerbatim(String message) {
        messages.add(Excerpt.message(message));
    }

    /** The warnings, with one summary line per kind that was cut short. */
    public List<String> toList() {
        List<String> out = new ArrayList<>(messages);
        countByKind.forEach((kind, n) -> {
            if (n > MAX_PER_KIND) {
                out.add(format(0, (n - MAX_PER_KIND) + " more warnings like the above (" + kind + ") not listed"));
            }
        });
        return out;
    }

    private String format(int line, String text) {
        String name = file == null ? "<input>" : file.toString();
        return line > 0 ? name + ":" + line + ": " + text : name + ": " + text;
    }
}
