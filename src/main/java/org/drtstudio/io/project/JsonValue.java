package org.drtstudio.io.project;

import org.drtstudio.math.Vec3;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A parsed JSON value that remembers its line and where it sits in the document, so every problem
 * can be reported as "line: path: what is wrong". Numbers keep their text, so a float is parsed
 * from exactly what was written ({@code Float.parseFloat}, correctly rounded; no detour through
 * double that could round twice).
 */
final class JsonValue {
    enum Kind { OBJECT, ARRAY, STRING, NUMBER, BOOLEAN, NULL }

    private final Kind kind;
    private final int line;
    private final JsonValue parent;
    /** The key in the parent object, or null in an array. */
    private final String key;
    private final int index;
    private final String text;
    private final Map<String, JsonValue> fields;
    private final List<JsonValue> items;

    JsonValue(Kind kind, int line, JsonValue parent, String key, int index, String text,
              Map<String, JsonValue> fields, List<JsonValue> items) {
        this.kind = kind;
        this.line = line;
        this.parent = parent;
        this.key = key;
        this.index = index;
        this.text = text;
        this.fields = fields;
        this.items = items;
    }

    Kind kind() {
        return kind;
    }

    int line() {
        return line;
    }

    /** Where this value sits, e.g. {@code root.children[2].transform.scale}; empty for the document. */
    String path() {
        if (parent == null) return "";
        String up = parent.path();
        if (key != null) return up.isEmpty() ? key : up + "." + key;
        return up + "[" + index + "]";
    }

    ProjectProblem problem(String message) {
        String p = path();
        return new ProjectProblem(line, p.isEmpty() ? message : p + ": " + message);
    }

    // --- objects

    private Map<String, JsonValue> fields() {
        if (kind != Kind.OBJECT) throw problem("expected an object, got " + describe());
        return fields;
    }

    boolean has(String name) {
        return fields().containsKey(name);
    }

    JsonValue get(String name) {
        JsonValue v = fields().get(name);
        if (v == null) throw problem("missing \"" + name + "\"");
        return v;
    }

    /** The field, or null when absent or JSON null. */
    JsonValue optional(String name) {
        JsonValue v = fields().get(name);
        return v == null || v.kind == Kind.NULL ? null : v;
    }

    /** Rejects keys outside {@code allowed}: a misspelt key would otherwise be silently ignored. */
    void allowOnly(Set<String> allowed) {
        for (Map.Entry<String, JsonValue> e : fields().entrySet()) {
            if (!allowed.contains(e.getKey())) throw e.getValue().problem("unknown key; expected one of " + String.join(", ", allowed));
        }
    }

    // --- arrays

    List<JsonValue> items() {
        if (kind != Kind.ARRAY) throw problem("expected an array, got " + describe());
        return items;
    }

    List<JsonValue> items(int count) {
        List<JsonValue> list = items();
        if (list.size() != count) throw problem("expected " + count + " numbers, got " + list.size());
        return list;
    }

    Vec3 asVec3() {
        List<JsonValue> v = items(3);
        return new Vec3(v.get(0).asFloat(), v.get(1).asFloat(), v.get(2).asFloat());
    }

    float[] asFloats() {
        List<JsonValue> v = items();
        float[] out = new float[v.size()];
        for (int i = 0; i < out.length; i++) out[i] = v.get(i).asFloat();
        return out;
    }

    int[] asInts() {
        List<JsonValue> v = items();
        int[] out = new int[v.size()];
        for (int i = 0; i < out.length; i++) out[i] = v.get(i).asInt();
        return out;
    }

    // --- scalars

    String asString() {
        if (kind != Kind.STRING) throw problem("expected a string, got " + describe());
        return text;
    }

    /** A finite float, parsed from the literal text. */
    float asFloat() {
        if (kind != Kind.NUMBER) throw problem("expected a number, got " + describe());
        float f = Float.parseFloat(text);
        if (!Float.isFinite(f)) throw problem("number " + text + " is too large");
        return f;
    }

    double asDouble() {
        if (kind != Kind.NUMBER) throw problem("expected a number, got " + describe());
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d)) throw problem("number " + text + " is too large");
        return d;
    }

    long asLong() {
        if (kind != Kind.NUMBER || !text.matches("-?\\d+")) throw problem("expected a whole number, got " + describe());
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw problem("whole number " + text + " is out of range");
        }
    }

    int asInt() {
        long v = asLong();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) throw problem("whole number " + text + " is out of range");
        return (int) v;
    }

    /** The enum constant named by this string, case-insensitively, naming the choices when it is not one. */
    <E extends Enum<E>> E asEnum(Class<E> type) {
        String s = asString();
        for (E e : type.getEnumConstants()) if (e.name().equalsIgnoreCase(s)) return e;
        StringBuilder choices = new StringBuilder();
        for (E e : type.getEnumConstants()) choices.append(choices.length() == 0 ? "" : ", ").append(e.name().toLowerCase(Locale.ROOT));
        throw problem("unknown value \"" + s + "\"; expected one of " + choices);
    }

    String describe() {
        return switch (kind) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "the string \"" + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "\"";
            case NUMBER -> "the number " + text;
            case BOOLEAN -> text;
            case NULL -> "null";
        };
    }

    static Map<String, JsonValue> newFields() {
        return new LinkedHashMap<>();
    }
}
