package org.drtstudio.io.gltf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import de.javagl.jgltf.impl.v2.GlTF;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.GltfModels;
import de.javagl.jgltf.model.io.GltfAsset;
import de.javagl.jgltf.model.io.v2.GltfAssetV2;
import de.javagl.jgltf.model.io.v2.GltfReaderV2;
import de.javagl.jgltf.model.io.GltfReference;
import de.javagl.jgltf.model.io.JsonError;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.ReadProgress;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.support.WarningLog;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;

/**
 * A glTF 2.0 file read into jgltf-model's {@link GltfModel}, with every promise of
 * docs/RELIABILITY.md kept around the library:
 * <ul>
 *   <li>only a regular file is read, whole, after the heap has been checked for it;</li>
 *   <li>nothing of the file is quoted before it reads as glTF 2.0: a {@code .glb}'s magic and
 *       container ({@link GltfBinary}), or JSON whose top-level {@code asset.version} is 2.x; JSON
 *       syntax errors before that are named by line and column only;</li>
 *   <li>the JSON's binding is estimated first ({@link GltfMemory});</li>
 *   <li>external buffers are files the glTF names: each goes through {@link SceneFolder} (its
 *       folder and below) and is read only as far as its declared length; data URIs are decoded
 *       here (base64 only); images are not read here at all (textures are paths the texture loader
 *       reads, {@link GltfMaterials});</li>
 *   <li>buffer views and accessors are checked against the data before the model is made
 *       ({@link GltfLayoutCheck}), so no accessor reads past its buffer;</li>
 *   <li>the library's validation messages become warnings, never lines on the terminal.</li>
 * </ul>
 */
final class GltfSource {
    private static final JsonFactory JSON = new JsonFactory();
    /**
     * jgltf-model's loggers, kept silent: they print its validation messages to standard error
     * through java.util.logging, quoting the file's names and values whole and unsanitised. What
     * they say reaches the user as warnings through {@link GltfReaderV2}'s error consumer. The
     * field keeps the logger (and its level) from being collected.
     */
    private static final java.util.logging.Logger LIBRARY_LOG = java.util.logging.Logger.getLogger("de.javagl");

    static {
        LIBRARY_LOG.setLevel(java.util.logging.Level.OFF);
    }

    /** Makes sure the library's logging is off before another class of this package calls it (the class is initialised). */
    static void silenceLibrary() {
        LIBRARY_LOG.setLevel(java.util.logging.Level.OFF);
    }

    /** A model and the raw document it was made from (extensions the model does not carry: lights, IOR, transmission). */
    record Loaded(GltfModel model, GlTF gltf) {
    }

    private GltfSource() {
    }

    static Loaded read(Path file, WarningLog warnings) throws SceneFormatException, IOException {
        InputFiles.requireRegular(file);
        long size = Files.size(file);
        if (size == 0) throw new SceneFormatException(file, 0, "is empty (0 bytes)");
        if (size > Integer.MAX_VALUE - 8) throw new SceneFormatException(file, 0, "is " + size + " bytes; glTF files above 2 GiB are not read");
        GltfMemory.reserve(file.toString(), 2 * size);
        byte[] bytes;
        try (InputStream in = ReadProgress.track(file, Files.newInputStream(file))) {
            bytes = in.readNBytes((int) size);
        }
        GltfBinary glb = GltfBinary.looksBinary(bytes) ? GltfBinary.check(file, bytes) : null;
        int jsonOffset = glb == null ? 0 : glb.jsonOffset(), jsonLength = glb == null ? bytes.length : glb.jsonLength();
        recognise(file, bytes, jsonOffset, jsonLength);
        GltfMemory.check(file.toString(), bytes, jsonOffset, jsonLength);

        List<JsonError> jsonErrors = new ArrayList<>();
        GltfAssetV2 asset;
        try {
            asset = bind(bytes, glb, jsonErrors::add);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new SceneFormatException(file, at == null ? 0 : at.getLineNr(), "is not valid glTF JSON here"
                    + (at == null ? "" : " (column " + at.getColumnNr() + ")"));
        } catch (IOException | RuntimeException e) {
            throw new SceneFormatException(file, 0, "cannot be read as glTF 2.0 (its JSON does not bind to the glTF schema)");
        }
        bytes = null; // the asset keeps a view of the binary chunk only
        for (JsonError error : jsonErrors) {
            warnings.add("json", 0, "at " + Excerpt.sanitize(error.getJsonPathString(), 80) + ": "
                    + Excerpt.sanitize(String.valueOf(error.getMessage()), 120));
        }
        GlTF gltf = asset.getGltf();
        if (gltf == null) throw new SceneFormatException(file, 0, "is not glTF 2.0");
        try {
            resolveReferences(file, asset, warnings);
            GltfLayoutCheck.check(file, gltf, asset);
            return new Loaded(GltfModels.create(asset), gltf);
        } catch (RuntimeException e) {
            // The layout was checked; what is left are indices between objects that do not fit (a mesh naming material 99).
            throw new SceneFormatException(file, 0, "is not a consistent glTF 2.0 file (an index names an object that is not there)");
        }
    }

    /**
     * The asset of a glTF 2.0 file's bytes ({@code glb} its checked chunks, or null for a JSON file): its
     * JSON bound to the library's objects, a .glb's binary chunk a view of {@code bytes}. The library's
     * own asset reader takes a stream and copies the whole file once more (growing a buffer to it on the
     * way): for a large model that copy cost more than the parse (docs/BENCHMARKS.md, "Import at scale").
     * The rest of what it does is splitting a .glb into chunks, which {@link GltfBinary} checked.
     *
     * @param errors where the binding's JSON errors go, or null for the library's (silenced) log
     */
    static GltfAssetV2 bind(byte[] bytes, GltfBinary glb, Consumer<? super JsonError> errors) throws IOException {
        GltfReaderV2 reader = new GltfReaderV2();
        if (errors != null) reader.setJsonErrorConsumer(errors);
        int offset = glb == null ? 0 : glb.jsonOffset(), length = glb == null ? bytes.length : glb.jsonLength();
        return new GltfAssetV2(reader.read(new ByteArrayInputStream(bytes, offset, length)), glb == null ? null : glb.binary(bytes));
    }

    /**
     * The file counts as glTF 2.0 once its JSON is an object whose {@code asset} object has a
     * {@code version} beginning "2."; before that, messages say what is wrong without quoting.
     */
    private static void recognise(Path file, byte[] bytes, int offset, int length) throws SceneFormatException, IOException {
        String notGltf = "does not look like a glTF 2.0 file";
        try (JsonParser p = JSON.createParser(bytes, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new SceneFormatException(file, 0, notGltf + " (it is not a JSON object)");
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("asset") && value == JsonToken.START_OBJECT) {
                    for (JsonToken a = p.nextToken(); a == JsonToken.FIELD_NAME; a = p.nextToken()) {
                        String field = p.currentName();
                        JsonToken v = p.nextToken();
                        if (field.equals("version") && v == JsonToken.VALUE_STRING) {
                            String version = p.getText();
                            if (version.startsWith("2.")) return;
                            if (version.startsWith("1.")) throw new SceneFormatException(file, 0, "is glTF 1.0; only glTF 2.0 is read");
                            throw new SceneFormatException(file, 0, notGltf + " (its asset.version is not 2.0)");
                        }
                        p.skipChildren();
                    }
                    throw new SceneFormatException(file, 0, notGltf + " (its asset has no version)");
                }
                p.skipChildren();
            }
            throw new SceneFormatException(file, 0, notGltf + " (it has no asset with a version)");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new SceneFormatException(file, at == null ? 0 : at.getLineNr(), notGltf + " (it is not valid JSON"
                    + (at == null ? "" : " at column " + at.getColumnNr()) + ")");
        }
    }

    /** Buffers named by a data URI or a file beside the glTF; images are left to the texture loader. */
    private static void resolveReferences(Path file, GltfAsset asset, WarningLog warnings) throws SceneFormatException, IOException {
        GlTF gltf = (GlTF) asset.getGltf();
        List<de.javagl.jgltf.impl.v2.Buffer> buffers = gltf.getBuffers() == null ? List.of() : gltf.getBuffers();
        SceneFolder folder = SceneFolder.of(file);
        for (GltfReference reference : asset.getReferences()) {
            if (!reference.getName().startsWith("buffer ")) {
                // An image: the model wants some data for it, the texture loader reads the file itself (GltfMaterials).
                reference.getTarget().accept(ByteBuffer.allocate(0));
                continue;
            }
            int index = Integer.parseInt(reference.getName().substring("buffer ".length()));
            String uri = reference.getUri();
            Integer declared = buffers.get(index).getByteLength();
            long length = declared == null ? 0 : declared;
            if (length < 0) throw new SceneFormatException(file, 0, "buffer " + index + " has a negative byteLength");
            String where = "buffer " + index;
            byte[] data;
            if (uri.startsWith("data:")) {
                data = dataUri(file, where, uri);
            } else {
                SceneFolder.ConfinedPath path;
                String name = decodeUri(uri);
                try {
                    path = folder.resolve(name);
                } catch (SceneFolder.Refused e) {
                    throw new SceneFormatException(file, 0, where + " " + Excerpt.quote(name, 200) + " " + e.getMessage());
                }
                data = readBuffer(file, where, path, length);
            }
            if (data.length < length)
                throw new SceneFormatException(file, 0, where + " holds " + data.length + " bytes; its byteLength says " + length);
            reference.getTarget().accept(ByteBuffer.wrap(data).order(java.nio.ByteOrder.LITTLE_ENDIAN));
        }
    }

    private static byte[] readBuffer(Path file, String where, SceneFolder.ConfinedPath path, long length) throws SceneFormatException, IOException {
        Path buffer = path.file();
        try {
            InputFiles.requireRegular(buffer);
            GltfMemory.reserve(buffer.toString(), length);
            try (InputStream in = Files.newInputStream(buffer)) {
                return in.readNBytes((int) Math.min(length, Integer.MAX_VALUE - 8));
            }
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, where + " " + Excerpt.quote(buffer.getFileName() == null ? buffer.toString()
                    : buffer.getFileName().toString(), 200) + ": " + InputFiles.reason(e));
        }
    }

    /** A base64 data URI's bytes; anything else (percent-encoded text) is refused. */
    static byte[] dataUri(Path file, String where, String uri) throws SceneFormatException {
        int comma = uri.indexOf(',');
        if (comma < 0 || !uri.substring(0, comma).endsWith(";base64"))
            throw new SceneFormatException(file, 0, where + " has a data URI that is not base64");
        try {
            return Base64.getDecoder().decode(uri.substring(comma + 1));
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(file, 0, where + " has a data URI whose base64 text is broken");
        }
    }

    /** A relative URI as a file name: glTF percent-encodes spaces and other characters ({@code my%20tex.png}). */
    static String decodeUri(String uri) {
        try {
            return URLDecoder.decode(uri.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return uri;
        }
    }
}
