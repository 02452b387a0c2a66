package org.drtstudio.cli;

import org.drtstudio.io.Excerpt;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * What {@code drt} prints, made safe for a terminal: file names are untrusted text too (a scene
 * called {@code ESC[2J…} clears the screen, one with a line break forges a line of output), so
 * every line printed with {@code println} is sanitised whole, and every argument of {@code printf}
 * that is not a number is sanitised before it is formatted ({@link Excerpt#sanitize}: control
 * characters become '?'). The format strings themselves are the program's and keep their
 * {@code %n}. {@code print} passes text through unchanged, for picocli's multi-line usage help.
 *
 * <p>{@link DrtCommand} puts one around the command line's output and error writers when a command
 * runs, so every command, and the tests that capture them, print through it.
 */
final class TerminalWriter extends PrintWriter {
    /** Longest line kept whole; longer ones are cut (no command prints lines this long on purpose). */
    private static final int MAX_LINE = 1 << 16;

    private TerminalWriter(PrintWriter out) {
        super(out, true);
    }

    /** {@code out} itself when it already is one, else one around it. */
    static PrintWriter around(PrintWriter out) {
        return out instanceof TerminalWriter ? out : new TerminalWriter(out);
    }

    @Override
    public void println(String line) {
        super.println(Excerpt.sanitize(line, MAX_LINE));
    }

    @Override
    public void println(Object line) {
        println(String.valueOf(line));
    }

    @Override
    public PrintWriter printf(String format, Object... args) {
        return super.printf(format, safe(args));
    }

    @Override
    public PrintWriter printf(Locale locale, String format, Object... args) {
        return super.printf(locale, format, safe(args));
    }

    @Override
    public PrintWriter format(String format, Object... args) {
        return super.format(format, safe(args));
    }

    @Override
    public PrintWriter format(Locale locale, String format, Object... args) {
        return super.format(locale, format, safe(args));
    }

    /** Numbers stay numbers (for %d, %.2f); everything else becomes its sanitised text. */
    private static Object[] safe(Object[] args) {
        if (args == null) return null;
        Object[] out = args.clone();
        for (int i = 0; i < out.length; i++) {
            Object a = out[i];
            if (a != null && !(a instanceof Number) && !(a instanceof Boolean)) out[i] = Excerpt.sanitize(String.valueOf(a), MAX_LINE);
        }
        return out;
    }
}
