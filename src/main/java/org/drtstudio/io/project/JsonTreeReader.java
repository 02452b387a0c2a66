package org.drtstudio.io.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads strict JSON (no comments, no NaN, no trailing commas, no duplicate keys) into
 * {@link JsonValue}s with Jackson's streaming parser, keeping each value's line.
 *
 * <p>Jackson's messages quote the text it stopped at and name its own API; until the document has
 * said {@code "format": "drt-project"} it may be any JSON file a project's name was linked to, so
 * nothing of it is quoted then, and after that {@link JsonProblemWords} says the problem in the
 * user's words, at the line where the parser stopped.
 */
final class JsonTreeReader {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final String NOT_A_PROJECT = "does not start with '{': not a DRT Studio project";

    /** Whether the top object has said {@code "format": "drt-project"}: only then may messages quote it. */
    private boolean recognised;

    private JsonTreeReader() {
    }

    /**
     * @throws ProjectProblem for malformed JSON, at the line where the parser stopped
     */
    static JsonValue read(InputStream in) throws IOException {
        return new JsonTreeReader().document(in);
    }

    private JsonValue document(InputStream in) throws IOException {
        boolean started = false;
        JsonParser p = FACTORY.createParser(in);
        try (p) {
            JsonToken first = p.nextToken();
            if (first == null) throw new ProjectProblem(1, "the file is empty");
            if (first != JsonToken.START_OBJECT) throw new ProjectProblem(line(p), NOT_A_PROJECT);
            started = true;
            JsonValue root = value(p, null, null, 0);
            if (p.nextToken() != null) throw new ProjectProblem(line(p), "unexpected content after the end of the project");
            return root;
        } catch (JsonProcessingException e) {
            // Jackson's limits (nesting, number and string lengths) carry no location: the parser's is where it stopped.
            JsonLocation at = e.getLocation() != null ? e.getLocation() : p.currentLocation();
            int line = Math.max(at == null ? 0 : at.getLineNr(), 0);
            // Before the opening '{' the file may be anything (a .json link to a password file):
            // Jackson would quote its first word, so nothing of it is shown.
            if (!started) throw new ProjectProblem(line, NOT_A_PROJECT);
            if (!recognised) {
                throw new ProjectProblem(line, "malformed JSON before \"format\": \"" + ProjectFormat.NAME
                        + "\"; this does not look like a DRT Studio project (nothing of it is quoted)");
            }
            throw new ProjectProblem(line, "malformed JSON: " + JsonProblemWords.of(e));
        }
    }

    private JsonValue value(JsonParser p, JsonValue parent, String key, int index) throws IOException {
        int line = line(p);
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, JsonValue> fields = JsonValue.newFields();
                JsonValue obj = new JsonValue(JsonValue.Kind.OBJECT, line, parent, key, index, null, fields, null);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    JsonValue v = value(p, obj, name, 0);
                    fields.put(name, v);
                    if (parent == null && name.equals("format") && v.kind() == JsonValue.Kind.STRING
                            && ProjectFormat.NAME.equals(v.asString())) {
                        recognised = true;
                    }
                }
                return obj;
            }
            case START_ARRAY -> {
                List<JsonValue> items = new ArrayList<>();
                JsonValue arr = new JsonValue(JsonValue.Kind.ARRAY, line, parent, key, index, null, null, items);
                while (p.nextToken() != JsonToken.END_ARRAY) items.add(value(p, arr, null, items.size()));
                return arr;
            }
            case VALUE_STRING -> {
                return new JsonValue(JsonValue.Kind.STRING, line, parent, key, index, p.getText(), null, null);
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return new JsonValue(JsonValue.Kind.NUMBER, line, parent, key, index, p.getText(), null, null);
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return new JsonValue(JsonValue.Kind.BOOLEAN, line, parent, key, index, p.getText(), null, null);
            }
            case VALUE_NULL -> {
                return new JsonValue(JsonValue.Kind.NULL, line, parent, key, index, "null", null, null);
            }
            default -> throw new ProjectProblem(line, "unexpected JSON token " + t);
        }
    }

    private static int line(JsonParser p) {
        return p.currentTokenLocation().getLineNr();
    }
}
