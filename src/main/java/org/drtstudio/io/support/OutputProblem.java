package org.drtstudio.io.support;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An output that could not be written or was refused, as one line for the user: the output's own
 * path (never the temporary file's) and the reason, e.g. {@code out.png: No space left on device}.
 */
public final class OutputProblem extends IOException {
    private final Path output;
    private final String reason;

    public OutputProblem(Path output, String reason) {
        this(output, reason, null);
    }

    public OutputProblem(Path output, String reason, Throwable cause) {
        super((output.toString().isEmpty() ? "''" : output.toString()) + ": " + reason, cause);
        this.output = output;
        this.reason = reason;
    }

    /** Why, without the path. */
    public String reason() {
        return reason;
    }

    /** The file the user asked for. */
    public Path output() {
        return output;
    }
}
