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

    private OutOfMemory() {
    }

    /** The line to print. */
    public static String message() {
        return MESSAGE;
    }

    /** Whether {@code t} or one of its causes is an {@link OutOfMemoryError}. */
    public static boolean causedBy(Throwable t) {
        for (int depth = 0; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof OutOfMemoryError) return true;
        }
        return false;
    }
}
