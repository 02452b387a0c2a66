package org.drtstudio.io.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import org.drtstudio.io.Excerpt;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads strict JSON (no comments, no NaN, no trailing commas, no duplicate keys) into
 * {@link JsonValue}s with Jackson's streaming parser, keeping each value's line.
 */
final class JsonTreeReader {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final String NOT_A_PROJECT = "does not start with '{': not a DRT Studio project";

    private JsonTreeReader() {
    }

    /**
     * @throws ProjectProblem for malformed JSON, at the line where the parser stopped
     */
    static JsonValue read(InputStream in) throws IOException {
        boolean started = false;
        try (JsonParser p = FACTORY.createParser(in)) {
            JsonToken first = p.nextToken();
            if (first == null) throw new ProjectProblem(1, "the file is empty");
            if (first != JsonToken.START_OBJECT) throw new ProjectProblem(line(p), NOT_A_PROJECT);
            started = true;
            JsonValue root = value(p, null, null, 0);
            if (p.nextToken() != null) throw new ProjectProblem(line(p), "unexpected content after the end of the project");
            return root;
        } catch (JsonProcessingException e) {
            int line = e.getLocation() != null ? e.getLocation().getLineNr() : 0;
            String msg = e.getOriginalMessage() == null ? "malformed JSON" : e.getOriginalMessage();
            // Before the opening '{' the file may be anything (a .json link to a password file):
            // Jackson would quote its first word, so nothing of it is shown.
            if (!started) throw new ProjectProblem(Math.max(line, 0), NOT_A_PROJECT);
            // Jackson's messages may span lines and quote long tokens; the user gets one short line.
            msg = msg.lines().findFirst().orElse("malformed JSON").strip();
            throw new ProjectProblem(Math.max(line, 0), "malformed JSON: " + Excerpt.sanitize(msg, 160));
        }
    }

    private static JsonValue value(JsonParser p, JsonValue parent, String key, int index) throws IOException {
        int line = line(p);
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, JsonValue> fields = JsonValue.newFields();
                JsonValue obj = new JsonValue(JsonValue.Kind.OBJECT, line, parent, key, index, null, fields, null);
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    fields.put(name, value(p, obj, name, 0));
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
