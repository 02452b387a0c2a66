package org.drtstudio.io.project;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import org.drtstudio.io.Excerpt;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Jackson parse error means, in the words of someone editing a project file: Jackson's own
 * messages name its Java API ({@code StreamReadConstraints.getMaxNestingDepth()},
 * {@code JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS}) and options a user cannot set. The limits are
 * said with their numbers, the non-standard JSON Jackson knows by name is said as such, and any
 * other message keeps its first sentence with the API names removed.
 */
final class JsonProblemWords {
    private static final Pattern LIMIT = Pattern.compile("^(Document nesting depth|Number value length|String value length|Name length)"
            + " \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern NON_NUMERIC = Pattern.compile("^Non-standard token '([^']{1,12})'");
    private static final Pattern CONTROL = Pattern.compile("^Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)");
    /** Jackson's pointers at its own switches: "(from `…`)", ": enable `…` to allow", "(… Feature '…' not enabled …)". */
    private static final Pattern API_NOTE = Pattern.compile("\\s*\\(from `[^`]*`\\)|:?\\s*enable `[^`]*` to allow"
            + "|\\s*\\([^()]*Feature '[^']*'[^()]*\\)|`[^`]*`");

    private JsonProblemWords() {
    }

    static String of(JsonProcessingException e) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (e instanceof StreamConstraintsException) {
            Matcher m = LIMIT.matcher(message);
            if (m.find()) return limit(m.group(1), m.group(3));
            return "the file goes beyond what a project may hold";
        }
        Matcher nonNumeric = NON_NUMERIC.matcher(message);
        if (nonNumeric.find()) {
            return Excerpt.sanitize(nonNumeric.group(1), 12) + " is not a JSON number; write a finite number";
        }
        if (message.contains("maybe a (non-standard) comment")) return "JSON has no comments (// or /* */); remove it";
        Matcher control = CONTROL.matcher(message);
        if (control.find()) {
            return "a control character (code " + control.group(1) + ") inside a string; JSON writes it escaped (\\n, \\t, \\u00XX)";
        }
        if (message.contains("single-quote")) return "JSON strings take double quotes (\"), not single quotes";
        String first = message.lines().findFirst().orElse("").strip();
        first = API_NOTE.matcher(first).replaceAll("").strip();
        return first.isEmpty() ? "the JSON cannot be read here" : Excerpt.sanitize(first, 160);
    }

    private static String limit(String what, String max) {
        String n = max; // Jackson's defaults: nesting 1000, numbers 1000 digits, strings 20000000 characters
        return switch (what) {
            case "Document nesting depth" -> "arrays and objects are nested more than " + n + " deep";
            case "Number value length" -> "a number has more than " + n + " digits";
            case "String value length" -> "a string is longer than " + n + " characters";
            default -> "a key is longer than " + n + " characters";
        };
    }
}
