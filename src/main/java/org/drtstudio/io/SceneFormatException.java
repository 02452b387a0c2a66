package org.drtstudio.io;


import java.nio.file.Path;

/**
 * A file could not be read as a scene. The message names the file, the line (when known) and the
 * problem in one line, ready to show a user: {@code model.obj:12: face refers to vertex 40 but only 8 exist}.
 */
public class SceneFormatException extends Exception {
    private final Path file;
    private final int line;
    private final String problem;

    public SceneFormatException(Path file, int line, String problem) {
        this(file, line, problem, null);
    }

    public SceneFormatException(Path file, int line, String problem, Throwable cause) {
        super(format(file, line, problem), cause);
        this.file = file;
        this.line = line;
        this.problem = Excerpt.message(problem);
    }

    /**
     * The one-line message. Sanitised as a whole ({@link Excerpt#message}): whatever a reader quoted,
     * no control character of an input file reaches a terminal or the studio's status bar.
     */
    private static String format(Path file, int line, String problem) {
        if (file == null) return Excerpt.message(problem);
        String name = file.toString();
        return Excerpt.message(line > 0 ? name + ":" + line + ": " + problem : name + ": " + problem);
    }

    public Path file() { return file; }
    /** 1-based line number, or 0 when the problem is not tied to a line. */
    public int line() { return line; }
    public String problem() { return problem; }
}
