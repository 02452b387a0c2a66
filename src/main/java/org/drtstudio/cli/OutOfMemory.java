package org.drtstudio.cli;

/**
 * The one line the command line prints when the Java heap runs out, wherever that happens: what
 * ran out, how much there was, and what to do, never a stack trace. The text is built up front
 * ({@link #message()} is a constant once the class is loaded) so printing it needs no memory the
 * failure may have taken.
 */
public final class OutOfMemory {
    private static final String MESSAGE = "drt: out of memory (the Java heap is "
            + (Runtime.getRuntime().maxMemory() >> 20) + " MiB): give Java more, e.g. JAVA_OPTS=-Xmx8g ./drt ..., "
            + "or ask for less (a smaller --width/--height, fewer --spp, smaller textures or scene)";

    private static final String STUDIO_MESSAGE = "The Java heap (" + (Runtime.getRuntime().maxMemory() >> 20) + " MiB) is full. "
            + "Start the studio with more, e.g. JAVA_OPTS=-Xmx8g ./drt studio, or open a smaller scene. "
            + "Work not saved yet is offered for recovery (from its last autosave) when the studio starts again.";

    private OutOfMemory() {
    }

    /** What the studio's dialog says (built up front, as {@link #message()} is). */
    public static String studioMessage() {
        return STUDIO_MESSAGE;
    }

    /** The line to print. */
    public static String message() {
        return MESSAGE;
    }

    /** Prints the line to {@code err}; the exit code for it, 3. */
    static int report(java.io.PrintWriter err) {
        err.println(MESSAGE);
        return EXIT_CODE;
    }

    /** The exit code of a command that ran out of memory (README: bad input 2, other failures 1). */
    public static final int EXIT_CODE = 3;

    /** Whether {@code t} or one of its causes is an {@link OutOfMemoryError}. */
    public static boolean causedBy(Throwable t) {
        for (int depth = 0; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof OutOfMemoryError) return true;
        }
        return false;
    }
}
