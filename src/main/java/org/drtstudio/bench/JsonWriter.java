package org.drtstudio.bench;

import java.util.Map;

/** Minimal JSON for benchmark results: nested maps of strings and numbers, keys in insertion order. */
public final class JsonWriter {
    private JsonWriter() {
    }

    public static String write(Map<String, ?> map) {
        StringBuilder sb = new StringBuilder();
        write(map, sb, "");
        return sb.append('\n').toString();
    }

    private static void write(Object value, StringBuilder sb, String indent) {
        if (value instanceof Map<?, ?> m) {
            sb.append("{\n");
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append(indent).append("  ").append(quote(e.getKey().toString())).append(": ");
                write(e.getValue(), sb, indent + "  ");
                sb.append(++i < m.size() ? ",\n" : "\n");
            }
            sb.append(indent).append('}');
        } else if (value instanceof java.util.Collection<?> c) {
            sb.append('[');
            int i = 0;
            for (Object item : c) {
                if (i++ > 0) sb.append(", ");
                write(item, sb, indent + "  ");
            }
            sb.append(']');
        } else if (value instanceof Double d) {
            sb.append(Double.isFinite(d) ? String.format(java.util.Locale.ROOT, "%.6g", d) : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            sb.append(value);
        } else {
            sb.append(quote(String.valueOf(value)));
        }
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }
}
