package org.drtstudio.io.project;

/**
 * A problem found while decoding a project, at a JSON line; becomes a
 * {@link org.drtstudio.io.SceneFormatException} naming the file once it leaves this package.
 */
final class ProjectProblem extends RuntimeException {
    private final int line;

    ProjectProblem(int line, String message) {
        super(message, null, false, false);
        this.line = line;
    }

    int line() {
        return line;
    }
}
