package org.drtstudio.io.obj;

/**
 * A problem found in the middle of javagl's parse, inside callbacks that cannot throw checked
 * exceptions. {@link ObjReader} turns it into a {@link org.drtstudio.io.SceneFormatException}
 * naming the file and line.
 */
final class ObjFormatProblem extends RuntimeException {
    private final int line;

    /** A problem on the statement being parsed right now. */
    ObjFormatProblem(String problem) {
        this(0, problem);
    }

    /** A problem found later (after the parse) that belongs to an earlier line; 0 when none. */
    ObjFormatProblem(int line, String problem) {
        super(problem, null, false, false);
        this.line = line;
    }

    /** The line the problem belongs to, or 0 for the statement being parsed. */
    int line() {
        return line;
    }
}
