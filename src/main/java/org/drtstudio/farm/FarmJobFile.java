package org.drtstudio.farm;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import org.drtstudio.io.support.AtomicFileWriter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code job.json} in the job's folder: the {@link FarmJob} the submission wrote and its tasks read. */
public final class FarmJobFile {
    public static final String NAME = "job.json";
    private static final int VERSION = 1;
    private static final JsonFactory JSON = new JsonFactory();

    private FarmJobFile() {
    }

    public static Path in(Path folder) {
        return folder.resolve(NAME);
    }

    public static void write(FarmJob job) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator g = JSON.createGenerator(bytes).useDefaultPrettyPrinter()) {
            g.writeStartObject();
            g.writeNumberField("version", VERSION);
            g.writeStringField("kind", job.kind().name().toLowerCase());
            g.writeStringField("scene", job.scene().toString());
            g.writeStringField("output", job.output().toString());
            writeList(g, "renderOptions", job.renderOptions());
            writeList(g, "aovs", job.aovs());
            if (job.frames() != null) {
                g.writeNumberField("firstFrame", job.frames().first());
                g.writeNumberField("lastFrame", job.frames().last());
                g.writeNumberField("chunk", job.chunk());
            }
            if (job.tiles() != null) {
                g.writeNumberField("columns", job.tiles().columns());
                g.writeNumberField("rows", job.tiles().rows());
                g.writeNumberField("width", job.width());
                g.writeNumberField("height", job.height());
            }
            if (job.video() != null) g.writeStringField("video", job.video().toString());
            g.writeNumberField("fps", job.fps());
            g.writeStringField("signature", job.signature());
            g.writeEndObject();
        }
        AtomicFileWriter.write(in(job.folder()), out -> out.write(bytes.toByteArray()));
    }

    /** Reads a job file; anything that is not one this program wrote is a {@link FarmException} naming the file. */
    public static FarmJob read(Path file) throws FarmException {
        if (!Files.isRegularFile(file)) throw new FarmException(file + ": no farm job file there");
        Map<String, Object> fields = new HashMap<>();
        try {
            if (Files.size(file) > 1 << 20) throw new FarmException(file + ": too large for a farm job file");
            try (JsonParser p = JSON.createParser(Files.readAllBytes(file))) {
                if (p.nextToken() != JsonToken.START_OBJECT) throw new FarmException(file + ": not a farm job file (no JSON object)");
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken t = p.nextToken();
                    if (t == JsonToken.START_ARRAY) {
                        List<String> list = new ArrayList<>();
                        while (p.nextToken() != JsonToken.END_ARRAY) list.add(p.getValueAsString());
                        fields.put(name, list);
                    } else if (t.isNumeric()) {
                        fields.put(name, p.getDoubleValue());
                    } else if (t == JsonToken.VALUE_STRING) {
                        fields.put(name, p.getText());
                    } else {
                        p.skipChildren();
                    }
                }
            }
            if (!Double.valueOf(VERSION).equals(fields.get("version"))) throw new FarmException(file + ": not a version " + VERSION + " farm job file");
            FarmJob.Kind kind = FarmJob.Kind.valueOf(string(fields, "kind", file).toUpperCase());
            FrameRange frames = kind == FarmJob.Kind.FRAMES
                    ? new FrameRange(integer(fields, "firstFrame", file), integer(fields, "lastFrame", file)) : null;
            TileGrid tiles = kind == FarmJob.Kind.TILES ? new TileGrid(integer(fields, "columns", file), integer(fields, "rows", file)) : null;
            return new FarmJob(kind, Path.of(string(fields, "scene", file)), Path.of(string(fields, "output", file)),
                    list(fields, "renderOptions", file), list(fields, "aovs", file), frames,
                    kind == FarmJob.Kind.FRAMES ? integer(fields, "chunk", file) : 0, tiles,
                    kind == FarmJob.Kind.TILES ? integer(fields, "width", file) : 0,
                    kind == FarmJob.Kind.TILES ? integer(fields, "height", file) : 0,
                    fields.get("video") instanceof String v ? Path.of(v) : null,
                    fields.get("fps") instanceof Double d ? d : 24, string(fields, "signature", file));
        } catch (JsonProcessingException e) {
            throw new FarmException(file + ": not a farm job file (" + e.getOriginalMessage() + ")");
        } catch (IllegalArgumentException e) { // a value out of range, an unknown kind
            throw new FarmException(file + ": not a valid farm job file (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new FarmException(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    private static void writeList(JsonGenerator g, String name, List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) g.writeString(v);
        g.writeEndArray();
    }

    private static String string(Map<String, Object> f, String name, Path file) throws FarmException {
        if (f.get(name) instanceof String s) return s;
        throw new FarmException(file + ": farm job file without '" + name + "'");
    }

    private static int integer(Map<String, Object> f, String name, Path file) throws FarmException {
        if (f.get(name) instanceof Double d && d == Math.rint(d) && d >= 0 && d <= Integer.MAX_VALUE) return d.intValue();
        throw new FarmException(file + ": farm job file without a whole number '" + name + "'");
    }

    @SuppressWarnings("unchecked")
    private static List<String> list(Map<String, Object> f, String name, Path file) throws FarmException {
        if (f.get(name) instanceof List<?> l) return (List<String>) l;
        throw new FarmException(file + ": farm job file without the list '" + name + "'");
    }
}
