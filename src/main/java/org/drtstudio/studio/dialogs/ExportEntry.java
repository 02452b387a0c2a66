package org.drtstudio.studio.dialogs;

import org.drtstudio.studio.export.ExportSettings;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The numbers typed into the export dialog, checked field by field so the dialog can mark the one
 * that is wrong, say why in one line and stay open with everything as typed. It used to close on a
 * bad value with an error, and reopen with the defaults: the rest of what was typed was lost.
 */
record ExportEntry(String width, String height, String samples, String firstFrame, String lastFrame) {
    enum Field { WIDTH, HEIGHT, SAMPLES, FIRST_FRAME, LAST_FRAME }

    /** The field that is wrong and why, in one line. */
    record Problem(Field field, String message) {
    }

    /** The first field, top to bottom, whose value an export refuses; empty when all are good. */
    Optional<Problem> problem() {
        Optional<Problem> p = range(Field.WIDTH, "Width", width, 1, ExportSettings.MAX_SIDE, " pixels")
                .or(() -> range(Field.HEIGHT, "Height", height, 1, ExportSettings.MAX_SIDE, " pixels"))
                .or(() -> range(Field.SAMPLES, "Samples per pixel", samples, 1, ExportSettings.MAX_SAMPLES, ""))
                .or(() -> range(Field.FIRST_FRAME, "First frame", firstFrame, 0, Integer.MAX_VALUE, ""))
                .or(() -> range(Field.LAST_FRAME, "Last frame", lastFrame, 0, Integer.MAX_VALUE, ""));
        if (p.isPresent()) return p;
        int first = number(firstFrame), last = number(lastFrame);
        if (last < first) return Optional.of(new Problem(Field.LAST_FRAME, "Last frame must not be before the first frame (" + first + "); got " + last));
        return Optional.empty();
    }

    /** The settings typed, writing to {@code output}; only when there is no {@link #problem()}. */
    ExportSettings settings(Path output, boolean pfm, boolean denoise) {
        return new ExportSettings(output, number(width), number(height), number(samples), pfm, number(firstFrame), number(lastFrame), denoise);
    }

    private static Optional<Problem> range(Field field, String name, String text, int min, int max, String unit) {
        String typed = text.strip();
        try {
            int v = number(typed);
            if (v >= min && v <= max) return Optional.empty();
            String bounds = max == Integer.MAX_VALUE ? min + " or more" : "from " + min + " to " + max + unit;
            return Optional.of(new Problem(field, name + " must be " + bounds + "; got " + v));
        } catch (NumberFormatException e) {
            return Optional.of(new Problem(field, name + " must be a whole number; got \"" + typed + "\""));
        }
    }

    private static int number(String text) {
        return Integer.parseInt(text.strip());
    }
}
