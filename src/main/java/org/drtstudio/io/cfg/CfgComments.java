package org.drtstudio.io.cfg;

/**
 * Where a trailing {@code //} comment starts in a cfg value. The report's listings write
 * {@code OBJ=./debug.obj // location of the model}, but {@code //} also separates the vectors of
 * {@code LIGHT} and {@code CAMERA} ({@code LIGHT = 4 / 5 / 6 // 1 / 1 / 1}), so the two are told
 * apart by what follows: a {@code //} after a blank starts a comment unless the key takes another
 * vector and the text after it begins like a number. A {@code //} with no blank before it
 * ({@code 1/2/3//1/1/1}, {@code a//b.obj}) is always part of the value.
 */
final class CfgComments {
    private CfgComments() {
    }

    /**
     * {@code value} without its trailing comment, stripped.
     *
     * @param vectors how many {@code //}-separated vectors the key takes (1 for keys without vectors)
     */
    static String strip(String value, int vectors) {
        int groups = 1;
        for (int i = value.indexOf("//"); i >= 0; i = value.indexOf("//", i + 2)) {
            boolean afterBlank = i == 0 || Character.isWhitespace(value.charAt(i - 1));
            if (afterBlank && (groups >= vectors || !startsLikeNumber(value, i + 2))) return value.substring(0, i).strip();
            groups++;
        }
        return value.strip();
    }

    private static boolean startsLikeNumber(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        if (i >= s.length()) return false;
        char c = s.charAt(i);
        return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.';
    }
}
