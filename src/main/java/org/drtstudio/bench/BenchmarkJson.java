package org.drtstudio.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import org.drtstudio.io.support.AtomicFileWriter;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark results' JSON files, through jackson-core's streaming parser and generator: nested
 * maps (insertion order kept), lists, numbers, strings, booleans and nulls. Doubles are written
 * with six significant digits (a benchmark figure has no more), and a non-finite one as null.
 */
public final class BenchmarkJson {
    private static final JsonFactory FACTORY = new JsonFactory();
    /** Two-space indents and {@code "key": value}, as the committed results files have always been written. */
    private static final DefaultPrettyPrinter LAYOUT = new DefaultPrettyPrinter()
            .withSeparators(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.AFTER));

    private BenchmarkJson() {
    }

    /** The results as pretty-printed JSON text, ending in a newline. */
    static String write(Map<String, ?> results) {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(text).setPrettyPrinter(LAYOUT)) {
            value(g, results);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return text.append('\n').toString();
    }

    /**
     * Writes the results to {@code file} atomically, and only over a regular file: a benchmark's
     * results must not be half-written or sent into a FIFO.
     *
     * @throws org.drtstudio.io.support.OutputProblem when the file may not be replaced
     * @throws IOException when it cannot be written
     */
    public static void writeFile(Path file, Map<String, ?> results) throws IOException {
        byte[] bytes = write(results).getBytes(StandardCharsets.UTF_8);
        AtomicFileWriter.write(file, o -> o.write(bytes));
    }

    private static void value(JsonGenerator g, Object value) throws IOException {
        if (value instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(e.getKey().toString());
                value(g, e.getValue());
            }
            g.writeEndObject();
        } else if (value instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object item : c) value(g, item);
            g.writeEndArray();
        } else if (value instanceof Double d) {
            // %.6g always has a point or an exponent, so the figure reads back as a double, never a long.
            if (Double.isFinite(d)) g.writeNumber(String.format(Locale.ROOT, "%.6g", d));
            else g.writeNull();
        } else if (value instanceof Float f) {
            value(g, f.doubleValue());
        } else if (value instanceof Number n) {
            g.writeNumber(n.toString());
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else {
            g.writeString(String.valueOf(value));
        }
    }

    /**
     * Reads a results file back.
     *
     * @throws IOException naming the file, line and problem when it is not JSON or not an object
     */
    public static Map<String, Object> read(Path file) throws IOException {
        try (JsonParser p = FACTORY.createParser(Files.newBufferedReader(file))) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException(file + ": not a JSON object");
            @SuppressWarnings("unchecked") Map<String, Object> m = (Map<String, Object>) value(p);
            return m;
        } catch (JsonParseException e) {
            throw new IOException(file + ":" + e.getLocation().getLineNr() + ": " + e.getOriginalMessage());
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        return switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    p.nextToken();
                    m.put(key, value(p));
                }
                yield m;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) list.add(value(p));
                yield list;
            }
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            case VALUE_NULL -> null;
            default -> throw new JsonParseException(p, "unexpected " + t);
        };
    }
}
