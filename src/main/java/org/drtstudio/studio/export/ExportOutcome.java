package org.drtstudio.studio.export;

import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.WriteBehind;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;

/**
 * How an export ended, in one line: written, cancelled, or failed. A failure is shown in a dialog as
 * well as the status bar (a usability pass missed it there: cut off on a 1366-pixel screen and
 * replaced as soon as the preview reported again), so its line names the file and the reason on
 * its own, as an import's does.
 *
 * @param failed whether the user must be told in a dialog (not for a cancel, which they asked for)
 */
public record ExportOutcome(String message, boolean failed) {
    /** Written; {@code message} says what (and any note on the picture). */
    public static ExportOutcome written(String message) {
        return new ExportOutcome(message, false);
    }

    /** Cancelled: a frame whose write failed before the cancel is not on disk, so that is a failure to tell. */
    public static ExportOutcome cancelled(Path output, CancellationException e) {
        IOException failedWrite = WriteBehind.failedWrite(e);
        return failedWrite != null ? new ExportOutcome("cannot export " + subject(output, failedWrite), true)
                : new ExportOutcome("export cancelled", false);
    }

    /** Failed with {@code e}; a frame's write that failed before it is said first (that frame is not on disk). */
    public static ExportOutcome failed(Path output, Exception e) {
        IOException failedWrite = WriteBehind.failedWrite(e);
        String line = failedWrite != null ? subject(output, failedWrite) + "; then " + reason(e) : subject(output, e);
        return new ExportOutcome("cannot export " + line, true);
    }

    /** "FILE: why": an output problem names the file it is about (a frame of a sequence), else the export's output. */
    private static String subject(Path output, Exception e) {
        return e instanceof OutputProblem p ? p.getMessage() : output + ": " + reason(e);
    }

    /** The exception's message; its kind when it has none (never a stack trace). */
    private static String reason(Exception e) {
        String m = e.getMessage();
        return m != null && !m.isBlank() ? m : e.getClass().getSimpleName();
    }
}
