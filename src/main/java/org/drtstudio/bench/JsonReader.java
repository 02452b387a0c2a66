package org.drtstudio.bench;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the benchmark JSON that {@link JsonWriter} writes back into nested maps (insertion order
 * kept), lists, doubles, longs, strings, booleans and nulls.
 */
final class JsonReader {
    private JsonReader() {
    }

    /** @throws IOException naming the file, line and problem when it is not JSON or not an object */
    static Map<String, Object> read(Path file) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(Files.newBufferedReader(file))) {
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
