package org.drtstudio.io;

/**
 * Makes text from an input file (or a message that may contain some) safe to show on one line.
 * Scene files are untrusted: a raw ESC or BEL byte would reach the terminal, a line break would
 * forge a second message, and a long quote of a file that is not a scene (an {@code mtllib}
 * pointing at a password file) would print its contents. So every excerpt is short, and every
 * character that is not printable becomes '?'.
 */
public final class Excerpt {
    /** Longest quote of file content in a message, in characters. */
    public static final int DEFAULT_LENGTH = 40;
    /** Longest message shown to a user, in characters; longer ones are cut. */
    public static final int MAX_MESSAGE_LENGTH = 2000;

    private Excerpt() {
    }

    /** {@code text} with non-printable characters replaced and cut to {@code max} characters ("..." marks a cut). */
    public static String sanitize(String text, int max) {
        if (text == null) return "";
        int n = Math.min(text.length(), max);
        StringBuilder sb = new StringBuilder(n + 3);
        for (int k = 0; k < n; k++) {
            char c = text.charAt(k);
            sb.append(printable(c) ? c : '?');
        }
        if (text.length() > max) sb.append("...");
        return sb.toString();
    }

    /** {@code text} sanitised, cut to {@code max} characters and in single quotes. */
    public static String quote(String text, int max) {
        return "'" + sanitize(text, max) + "'";
    }

    /** {@link #quote(String, int)} with {@link #DEFAULT_LENGTH}. */
    public static String quote(String text) {
        return quote(text, DEFAULT_LENGTH);
    }

    /** A whole message made safe for a terminal or status bar: one line, printable, bounded. */
    public static String message(String text) {
        return sanitize(text, MAX_MESSAGE_LENGTH);
    }

    /**
     * Whether {@code word} is a plain keyword (letters, digits, '_' and '-', at most 24 characters):
     * safe to name even in a file not yet known to be a scene, because it carries no free text.
     */
    public static boolean isKeyword(String word) {
        if (word == null || word.isEmpty() || word.length() > 24) return false;
        for (int k = 0; k < word.length(); k++) {
            char c = word.charAt(k);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
            if (!ok) return false;
        }
        return true;
    }

    private static boolean printable(char c) {
        if (Character.isISOControl(c) || !Character.isDefined(c) || Character.isSurrogate(c)) return false;
        int type = Character.getType(c);
        return type != Character.LINE_SEPARATOR && type != Character.PARAGRAPH_SEPARATOR && type != Character.FORMAT
                && type != Character.PRIVATE_USE;
    }
}
