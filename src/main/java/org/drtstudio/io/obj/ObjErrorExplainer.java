package org.drtstudio.io.obj;

import java.util.Locale;

/**
 * Words for a statement javagl's parser rejected. javagl says "For input string: nan" or throws a
 * bare {@code NoSuchElementException}; the user should read which value on the line is wrong.
 * Only runs on the error path, so it may re-tokenise the statement at leisure.
 *
 * <p>Before the file has shown itself to be OBJ (a whole vertex, normal or texture coordinate, an
 * {@code mtllib} or a {@code usemtl} read) it may be any file an {@code .obj} name was linked to,
 * so nothing of the statement is quoted then: the message says what is wrong and that the file
 * does not look like OBJ.
 */
final class ObjErrorExplainer {
    private static final String NOT_OBJ = "; this does not look like an OBJ file (nothing of it is quoted)";

    private ObjErrorExplainer() {
    }

    static String explain(String statement, Throwable javaglError, boolean recognised) {
        String[] words = statement.trim().split(" +");
        String keyword = words[0].toLowerCase(Locale.ROOT);
        int needed = switch (keyword) {
            case "v", "vn" -> 3;
            case "vt" -> 1;
            default -> -1;
        };
        if (needed > 0) {
            String what = keyword.equals("v") ? "a vertex" : keyword.equals("vn") ? "a normal" : "a texture coordinate";
            int given = words.length - 1;
            if (given < needed) {
                return what + " needs " + needed + (needed == 1 ? " number" : " numbers") + ", but the line has " + given;
            }
            // javagl reads at most four numbers and ignores the rest of the line.
            for (int i = 1; i < Math.min(words.length, 5); i++) {
                String word = words[i];
                try {
                    Float.parseFloat(word);
                } catch (NumberFormatException e) {
                    if (!recognised) return "a value of " + what + " is not a number" + NOT_OBJ;
                    return looksNonFinite(word)
                            ? "coordinate '" + word + "' of " + what.substring(what.indexOf(' ') + 1) + " is not a finite number"
                            : "'" + abbreviate(word) + "' is not a number";
                }
            }
        }
        if (!recognised) return "the statement cannot be read" + NOT_OBJ;
        String detail = javaglError.getMessage() != null ? javaglError.getMessage() : "malformed statement";
        // javagl wraps NumberFormatException and friends: the user reads the reason, not the class.
        detail = detail.replaceAll("(?:[a-z_]+\\.)+[A-Z]\\w*(?:Exception|Error):?\\s*", "");
        return "cannot read '" + abbreviate(statement.trim()) + "' (" + abbreviate(detail) + ")";
    }

    /** The spellings C libraries print for NaN and infinity: nan, -nan, inf, 1.#IND, 1.#INF, ... */
    private static boolean looksNonFinite(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return w.contains("nan") || w.contains("inf") || w.contains("#ind");
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
