package org.drtstudio.io.ply;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.SceneFormatException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A PLY header, read from the start of a file up to and including its {@code end_header} line:
 *
 * <pre>
 * ply
 * format binary_little_endian 1.0      (or ascii, binary_big_endian)
 * comment TextureFile skin.png         (comments anywhere; MeshLab names a texture this way)
 * element vertex 35947
 * property float x                     (types: char uchar short ushort int uint float double,
 * property float y                      or int8 uint8 int16 uint16 int32 uint32 float32 float64)
 * element face 69451
 * property list uchar int vertex_indices
 * end_header
 * </pre>
 *
 * Lines end at LF (a CR before it is dropped). The header is read byte by byte, at most
 * {@link #MAX_BYTES}, so the body starts at the exact byte after it. Nothing of the file is quoted
 * before its first two lines read {@code ply} and a {@code format} line (it may be any file named
 * .ply); after that, short sanitised excerpts ({@link Excerpt}).
 *
 * @param format     the body's encoding
 * @param elements   the elements in body order
 * @param textures   the names of {@code comment TextureFile NAME} lines, with their lines
 * @param bytes      the header's length: the body's first byte
 * @param lines      the header's line count: the body's first line is {@code lines + 1}
 */
record PlyHeader(PlyFormat format, List<PlyElement> elements, List<NamedFile> textures, long bytes, int lines) {
    /** The longest header read: far more than any real one, little enough to hold whole. */
    static final int MAX_BYTES = 1 << 16;
    /** Elements and properties at most; a real header has a handful. */
    static final int MAX_PROPERTIES = 1000;

    /** A file a header names, and its line. */
    record NamedFile(String name, int line) {
    }

    /** The element called {@code name}, or null. */
    PlyElement element(String name) {
        for (PlyElement e : elements) if (e.name().equals(name)) return e;
        return null;
    }

    /** Reads the header from the start of {@code in}, leaving {@code in} at the body's first byte. */
    static PlyHeader read(Path file, InputStream in) throws SceneFormatException, IOException {
        return new Parse(file, in).run();
    }

    private static final class Parse {
        private final Path file;
        private final InputStream in;
        private long bytes;
        private int line;
        private PlyFormat format;
        private final List<PlyElement> elements = new ArrayList<>();
        private final List<NamedFile> textures = new ArrayList<>();
        private String elementName;
        private long elementCount;
        private int elementLine;
        private List<PlyProperty> properties;
        private int propertyTotal;

        Parse(Path file, InputStream in) {
            this.file = file;
            this.in = in;
        }

        PlyHeader run() throws SceneFormatException, IOException {
            String first = nextLine();
            if (first == null || !first.equals("ply"))
                throw error("does not begin with a 'ply' line; this does not look like a PLY file");
            while (true) {
                String text = nextLine();
                if (text == null) {
                    throw format == null ? error("ends before its 'format' line; this does not look like a PLY file")
                            : error("ends before 'end_header'");
                }
                String[] words = text.trim().split("[ \t]+");
                String keyword = words[0];
                if (keyword.isEmpty() || keyword.equals("comment") || keyword.equals("obj_info")) {
                    if (format != null && keyword.equals("comment") && words.length >= 3 && words[1].equalsIgnoreCase("TextureFile"))
                        textures.add(new NamedFile(text.trim().substring(text.trim().indexOf(words[1]) + words[1].length()).trim(), line));
                    continue;
                }
                if (format == null) {
                    formatLine(words);
                    continue;
                }
                switch (keyword) {
                    case "element" -> element(words);
                    case "property" -> property(words);
                    case "end_header" -> {
                        closeElement();
                        return new PlyHeader(format, elements, textures, bytes, line);
                    }
                    case "format" -> throw error("a second 'format' line");
                    default -> throw error("unknown header keyword " + Excerpt.quote(keyword)
                            + "; expected element, property, comment or end_header");
                }
            }
        }

        private void formatLine(String[] words) throws SceneFormatException {
            // Not yet known to be PLY: say what is wrong without quoting it.
            if (!words[0].equals("format") || words.length != 3 || PlyFormat.named(words[1]) == null)
                throw error("the second line is not 'format ascii 1.0', 'format binary_little_endian 1.0' or "
                        + "'format binary_big_endian 1.0'; this does not look like a PLY file");
            format = PlyFormat.named(words[1]);
            if (!(words[2].equals("1.0") || words[2].equals("1")))
                throw error("format version " + Excerpt.quote(words[2]) + " is not known; this reader reads version 1.0");
        }

        private void element(String[] words) throws SceneFormatException {
            closeElement();
            if (words.length != 3) throw error("an element line is 'element NAME COUNT'");
            long count;
            try {
                count = Long.parseLong(words[2]);
            } catch (NumberFormatException e) {
                throw error("element " + Excerpt.quote(words[1]) + ": count " + Excerpt.quote(words[2]) + " is not a whole number");
            }
            if (count < 0) throw error("element " + Excerpt.quote(words[1]) + " has a negative count " + count);
            elementName = words[1];
            elementCount = count;
            elementLine = line;
            properties = new ArrayList<>();
        }

        private void property(String[] words) throws SceneFormatException {
            if (properties == null) throw error("a property before any element");
            if (++propertyTotal > MAX_PROPERTIES) throw error("more than " + MAX_PROPERTIES + " properties");
            if (words.length >= 2 && words[1].equals("list")) {
                if (words.length != 5) throw error("a list property is 'property list COUNT_TYPE ITEM_TYPE NAME'");
                PlyType countType = type(words[2]);
                if (!countType.integer) throw error("a list's count type must be an integer type, not " + countType);
                properties.add(new PlyProperty(words[4], type(words[3]), countType));
            } else {
                if (words.length != 3) throw error("a property line is 'property TYPE NAME'");
                properties.add(new PlyProperty(words[2], type(words[1]), null));
            }
        }

        private PlyType type(String word) throws SceneFormatException {
            PlyType t = PlyType.named(word);
            if (t == null) throw error("unknown property type " + Excerpt.quote(word)
                    + "; expected char, uchar, short, ushort, int, uint, float or double");
            return t;
        }

        private void closeElement() {
            if (elementName != null) elements.add(new PlyElement(elementName, elementCount, properties, elementLine));
            elementName = null;
            properties = null;
        }

        /** The next line without its end, or null at the end of the file; bounded by {@link #MAX_BYTES} in all. */
        private String nextLine() throws SceneFormatException, IOException {
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            int b = in.read();
            if (b < 0) return null;
            line++;
            while (b >= 0 && b != '\n') {
                if (++bytes > MAX_BYTES) {
                    throw format == null ? error("does not begin with a 'ply' line; this does not look like a PLY file")
                            : error("the header has no 'end_header' in its first " + MAX_BYTES + " bytes");
                }
                if (b != '\r') {
                    if (b < 0x20 && b != '\t' || b >= 0x7f) {
                        throw format == null ? error("does not begin with a 'ply' line; this does not look like a PLY file")
                                : error("the header holds a byte that is not printable text (binary data before 'end_header')");
                    }
                    text.write(b);
                }
                b = in.read();
            }
            if (b == '\n') bytes++;
            return text.toString(StandardCharsets.US_ASCII);
        }

        private SceneFormatException error(String problem) {
            return new SceneFormatException(file, line, problem);
        }
    }
}
