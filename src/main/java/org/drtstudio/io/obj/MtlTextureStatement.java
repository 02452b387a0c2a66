package org.drtstudio.io.obj;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the argument of a texture statement such as {@code map_Kd -s 1 1 1 -clamp on my texture.png}:
 * the options (with their arguments) are recognised wherever they stand, and the remaining words,
 * joined by single spaces, are the file name. Of the options, {@code -clamp} and {@code -bm} (bump
 * multiplier) are kept; the others are skipped.
 *
 * <p>javagl's {@code MtlReader} keeps only the last word of a name with spaces ("texture 01.png"
 * becomes "01.png") and drops the options, so the MTL reader asks this class instead.
 *
 * @param fileName       the texture file name, or null when the statement names none
 * @param clamp          whether {@code -clamp on} was given
 * @param bumpMultiplier the {@code -bm} value, or null when absent or not a finite number
 */
record MtlTextureStatement(String fileName, boolean clamp, Float bumpMultiplier) {
    /** Options of the MTL spec with their argument count; -o, -s and -t take 1 to 3 numbers. */
    private static final Map<String, Integer> OPTION_ARGUMENTS = Map.ofEntries(
            Map.entry("-blendu", 1), Map.entry("-blendv", 1), Map.entry("-bm", 1), Map.entry("-boost", 1),
            Map.entry("-cc", 1), Map.entry("-clamp", 1), Map.entry("-imfchan", 1), Map.entry("-mm", 2),
            Map.entry("-o", 3), Map.entry("-s", 3), Map.entry("-t", 3), Map.entry("-texres", 1), Map.entry("-type", 1));
    private static final List<String> UP_TO_THREE_NUMBERS = List.of("-o", "-s", "-t");

    /** Parses a statement's argument (keyword removed). */
    static MtlTextureStatement parse(String argument) {
        String[] words = argument.trim().split("\\s+");
        List<String> name = new ArrayList<>();
        boolean clamp = false;
        Float bump = null;
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            String option = word.toLowerCase(Locale.ROOT);
            Integer arguments = OPTION_ARGUMENTS.get(option);
            if (arguments == null) {
                if (!word.isEmpty()) name.add(word);
                continue;
            }
            if (UP_TO_THREE_NUMBERS.contains(option)) {
                int taken = 0;
                while (taken < arguments && i + 1 < words.length && isNumber(words[i + 1])) {
                    i++;
                    taken++;
                }
                continue;
            }
            if (i + 1 < words.length) {
                String value = words[i + 1];
                if (option.equals("-clamp")) clamp = value.equalsIgnoreCase("on");
                if (option.equals("-bm") && isNumber(value) && Float.isFinite(Float.parseFloat(value))) {
                    bump = Float.parseFloat(value);
                }
            }
            i += arguments;
        }
        return new MtlTextureStatement(name.isEmpty() ? null : String.join(" ", name), clamp, bump);
    }

    /** The texture file name in a statement's argument (keyword removed), or null when there is none. */
    static String fileName(String argument) {
        return parse(argument).fileName();
    }

    private static boolean isNumber(String word) {
        try {
            Double.parseDouble(word);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
