package org.drtstudio.io.vxt;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.LineTokenizer;
import org.drtstudio.io.support.TextDecoding;
import org.drtstudio.io.vox.VoxelScenes;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelModel;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code .vxt}, DRT Studio's tiny text voxel format: one voxel model, written and read by
 * hand, for tests and small levels.
 *
 * <pre>
 * # a comment: a word beginning with '#' and the rest of its line
 * vxt 1                              the header, first (after blank and comment lines)
 * size 5 2 3                         cells along x, y (up) and z: 1…2048 each, 2^28 in all
 * origin 0 0 0                       optional: the low corner, integer cells (default 0 0 0)
 * key # 0.8 0.8 0.8                  a character, its linear colour (0…1 each), matte
 * key r 0.9 0.1 0.1 glossy 0.3       … or a kind: matte | glossy ROUGHNESS (0…1) | mirror
 *                                          | glass IOR (1…3) | emissive STRENGTH (0…100)
 * layer 0                            y = 0; then size-z rows of size-x characters, z = 0 first
 * #####                              '.' is an empty cell, a key's character its entry
 * #...#    # a row may end with a comment
 * #####
 * layer 1    # layers in any order; a layer not given is empty
 * ...
 * </pre>
 *
 * <p><b>Placement</b>: voxel (x, y, z) fills the unit cube origin + (x, y, z) … origin + (x+1,
 * y+1, z+1) in scene units, in the renderer's orientation (y up; unlike .vox there is no axis
 * swap): in a layer, characters run along +x and rows along +z, so seen from above the text is a
 * map whose lower edge faces +z. The model is the file's whole scene, framed by a camera with a
 * light, as a {@code .vox} model is ({@link VoxelScenes}).
 *
 * <p><b>Palette</b>: keys are palette entries 1, 2, 3, … in the order of their lines, 255 at most;
 * a key is one character that is not '.', white space or invisible ({@link VxtKey#isKeyCharacter}),
 * given once. Materials are those of the .vox reader ({@link VxtKey}). Files are UTF-8 (a byte
 * order mark picks UTF-16), so any visible character of the Basic Multilingual Plane can be a key.
 *
 * <p><b>Lines</b>: words are separated by spaces and tabs; lines end at LF, CR LF or CR. Before the
 * first {@code layer}, a word beginning with '#' starts a comment to the end of its line (on a key
 * line, the character itself is taken as it is: {@code key # …} names '#'). The header, {@code size},
 * {@code origin} and the keys come before the first {@code layer}, each of the first three once.
 * After {@code layer Y} its next size-z non-blank lines are its rows, each one word of exactly
 * size-x characters, optionally followed by a comment; a comment line among a layer's rows is read
 * as a row. Between layers, a line beginning with '#' is a comment, unless it reads as one more
 * row (then the layer has one row too many, an error). Each layer is given at most once.
 *
 * <p><b>Hostile files</b>: every problem is one {@link SceneFormatException} line naming the file,
 * the line and the reason ({@code room.vxt:12: layer 0, row z = 2, x = 3: 'q' is not a key}).
 * Files above {@link #MAX_FILE_BYTES}, lines above {@link #MAX_LINE_LENGTH} characters (read by the shared
 * {@link LineTokenizer}, which never holds more than its own bound of a line) and control
 * characters (a binary file) are refused before anything of them is quoted; nothing is quoted
 * before the header has been read, and quotes are short and made printable ({@link Excerpt}). The
 * size is checked against {@link VoxelSpace#MAX_SIZE} and {@link VoxelSpace#MAX_CELLS} before the
 * cells are allocated; memory is otherwise one line and the cells.
 */
public final class VxtReader {
    /** The file name extension. */
    public static final String EXTENSION = ".vxt";
    /** The one version of the format. */
    public static final int VERSION = 1;
    /** The character of an empty cell. */
    public static final char EMPTY = '.';
    /** Keys at most: palette entries 1…255 (entry 0 is the empty cell). */
    public static final int MAX_KEYS = VoxelModel.PALETTE_SIZE - 1;
    /** Longest line, in characters: a row of {@link VoxelSpace#MAX_SIZE} cells and a comment. */
    public static final int MAX_LINE_LENGTH = 4096;
    /** Files above this size are refused before reading (2^28 cells of one character each, and lines to hold them). */
    public static final long MAX_FILE_BYTES = 1L << 30;

    /** A parsed file: its model and what is worth telling the user. */
    public record VxtFile(VoxelModel model, List<String> warnings) {
    }

    private VxtReader() {
    }

    /** The file as a scene: one mesh of the model's exposed faces (see {@link VoxelScenes}). */
    public static ImportResult read(Path file) throws SceneFormatException {
        VxtFile vxt = parse(file);
        try {
            return new ImportResult(VoxelScenes.of(fileName(file), vxt.model()), vxt.warnings());
        } catch (IllegalArgumentException e) { // e.g. more faces than a mesh may hold
            throw new SceneFormatException(file, 0, e.getMessage());
        }
    }

    public static VxtFile parse(Path file) throws SceneFormatException {
        try {
            InputFiles.requireRegular(file);
            long size = Files.size(file);
            if (size == 0) throw new SceneFormatException(file, 0, "is empty (0 bytes)");
            if (size > MAX_FILE_BYTES)
                throw new SceneFormatException(file, 0, "is " + size + " bytes; .vxt files above " + MAX_FILE_BYTES + " are refused");
            try (Reader reader = TextDecoding.open(file)) {
                return parse(file, reader);
            }
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e));
        }
    }

    /**
     * Reads .vxt text from {@code reader} (not closed here).
     *
     * @param file the name used in messages and for the model
     */
    public static VxtFile parse(Path file, Reader reader) throws SceneFormatException, IOException {
        return new Parse(file, reader).run();
    }

    static String fileName(Path file) {
        return file == null || file.getFileName() == null ? "vxt" : file.getFileName().toString();
    }

    /** One file's parse: a line reader and the state between lines. */
    private static final class Parse {
        private static final String KEYWORDS = "size, origin, key and layer";

        private final Path file;
        /** The project's line reader (bounded lines, LF / CR LF / CR), without comments: '#' may be a key. */
        private final LineTokenizer lines;
        private final List<String> words = new ArrayList<>();
        private boolean anyText;

        private int headerLine, sizeLine, originLine, firstLayerLine;
        private int sx, sy, sz, ox, oy, oz;
        private final List<VxtKey> keys = new ArrayList<>();
        private final List<Integer> keyLines = new ArrayList<>();
        /** Palette entry per character (0: not a key). */
        private final byte[] entryOf = new byte[Character.MAX_VALUE + 1];
        private byte[] cells;
        private int[] layerLines;
        private int layer = -1, layerLine, rows;
        private long solid;

        Parse(Path file, Reader in) {
            this.file = file;
            this.lines = new LineTokenizer(file, in, (char) 0, "a .vxt file"); // only its lines: the reader quotes by its own rule
        }

        VxtFile run() throws SceneFormatException, IOException {
            while (nextLine()) {
                if (words.isEmpty()) continue;
                if (layer >= 0 && rows < sz) {
                    row();
                    continue;
                }
                String first = words.get(0);
                if (headerLine == 0) {
                    if (!first.startsWith("#")) header();
                    continue;
                }
                if (firstLayerLine == 0) {
                    if (!first.startsWith("#")) statement(first);
                } else if (first.equals("layer")) {
                    layer();
                } else if (readsAsRow()) {
                    throw error("layer " + layer + " has all its " + sz + " rows (size z); this line is one too many");
                } else if (!first.startsWith("#")) {
                    if (first.equals("size") || first.equals("origin") || first.equals("key") || first.equals("vxt"))
                        throw error("'" + first + "' comes before the first 'layer' (line " + firstLayerLine + ")");
                    throw error("expected 'layer', a comment or the end of the file after the " + sz + " rows of layer "
                            + layer + ", got " + quote(first));
                }
            }
            return finish();
        }

        // ---- statements ----

        private void header() throws SceneFormatException {
            // Nothing of a file that has not shown the header is quoted: it may be any file renamed .vxt.
            if (!words.get(0).equals("vxt"))
                throw error("does not begin with 'vxt " + VERSION + "'; this does not look like a .vxt file");
            int n = count(1);
            if (n != 2) throw error("the header is 'vxt " + VERSION + "' (the format and its version)");
            if (!words.get(1).equals(String.valueOf(VERSION)))
                throw error("version " + quote(words.get(1)) + " is not known; this reader reads 'vxt " + VERSION + "'");
            headerLine = lines.lineNumber();
        }

        private void statement(String keyword) throws SceneFormatException {
            switch (keyword) {
                case "size" -> size();
                case "origin" -> origin();
                case "key" -> key();
                case "layer" -> layer();
                case "vxt" -> throw error("a second header (the first is line " + headerLine + ")");
                default -> throw error("unknown keyword " + quote(keyword) + " (.vxt has " + KEYWORDS
                        + "; rows follow a 'layer' line)");
            }
        }

        private void size() throws SceneFormatException {
            if (sizeLine != 0) throw error("a second 'size' line (the first is line " + sizeLine + ")");
            if (count(1) != 4) throw error("'size' takes 3 whole numbers: cells along x, y (up) and z");
            int x = integer(1, "size x", 1, VoxelSpace.MAX_SIZE);
            int y = integer(2, "size y", 1, VoxelSpace.MAX_SIZE);
            int z = integer(3, "size z", 1, VoxelSpace.MAX_SIZE);
            long cells = (long) x * y * z;
            if (cells > VoxelSpace.MAX_CELLS)
                throw error("size " + x + " × " + y + " × " + z + " is " + cells + " cells, above " + VoxelSpace.MAX_CELLS);
            sx = x;
            sy = y;
            sz = z;
            sizeLine = lines.lineNumber();
        }

        private void origin() throws SceneFormatException {
            if (originLine != 0) throw error("a second 'origin' line (the first is line " + originLine + ")");
            if (count(1) != 4) throw error("'origin' takes 3 whole numbers: the low corner's x, y and z in cells");
            ox = integer(1, "origin x", -VoxelSpace.MAX_ORIGIN, VoxelSpace.MAX_ORIGIN);
            oy = integer(2, "origin y", -VoxelSpace.MAX_ORIGIN, VoxelSpace.MAX_ORIGIN);
            oz = integer(3, "origin z", -VoxelSpace.MAX_ORIGIN, VoxelSpace.MAX_ORIGIN);
            originLine = lines.lineNumber();
        }

        private void key() throws SceneFormatException {
            String usage = "'key' takes a character and its colour: key C RED GREEN BLUE [matte | glossy ROUGHNESS"
                    + " | mirror | glass IOR | emissive STRENGTH]";
            if (words.size() < 2) throw error(usage);
            String word = words.get(1);
            if (word.length() != 1) throw error("a key is one character, got " + quote(word));
            char c = word.charAt(0);
            if (c == EMPTY) throw error("'.' is the empty cell and cannot be a key");
            if (!VxtKey.isKeyCharacter(c)) throw error(describe(c) + " cannot be a key (a key is a visible character)");
            int earlier = entryOf[c] & 0xFF;
            if (earlier != 0) throw error("key " + describe(c) + " is given twice (first on line " + keyLines.get(earlier - 1) + ")");
            if (keys.size() == MAX_KEYS) throw error("more than " + MAX_KEYS + " keys (a palette holds " + MAX_KEYS + " entries)");
            int n = count(2);
            if (n < 5) throw error(usage);
            Vec3 colour = new Vec3(number(2, "red", 0, 1), number(3, "green", 0, 1), number(4, "blue", 0, 1));
            VxtKey.Kind kind = VxtKey.Kind.MATTE;
            float value = 0f;
            if (n > 5) {
                kind = VxtKey.Kind.of(words.get(5));
                if (kind == null)
                    throw error("unknown material kind " + quote(words.get(5)) + " (matte, glossy ROUGHNESS, mirror, glass IOR or emissive STRENGTH)");
                String what = switch (kind) {
                    case GLOSSY -> "roughness";
                    case GLASS -> "index of refraction";
                    case EMISSIVE -> "strength";
                    default -> "";
                };
                if (kind.takesValue && n != 7)
                    throw error("'" + kind.word() + "' takes one number, its " + what + " (" + range(kind) + ")");
                if (!kind.takesValue && n != 6) throw error("'" + kind.word() + "' takes no number");
                if (kind.takesValue) value = number(6, kind.word() + " " + what, kind.min, kind.max);
            }
            keys.add(new VxtKey(c, colour, kind, value));
            keyLines.add(lines.lineNumber());
            entryOf[c] = (byte) keys.size();
        }

        private void layer() throws SceneFormatException {
            if (sizeLine == 0) throw error("'layer' before 'size': the size says how long rows are and how many a layer has");
            if (count(1) != 2) throw error("'layer' takes one whole number, the layer's y (0 at the bottom)");
            int y = integer(1, "layer", 0, sy - 1);
            if (layerLines == null) {
                layerLines = new int[sy];
                cells = new byte[sx * sy * sz]; // at most MAX_CELLS, checked by size()
            }
            if (layerLines[y] != 0) throw error("layer " + y + " is given twice (first on line " + layerLines[y] + ")");
            layerLines[y] = lines.lineNumber();
            if (firstLayerLine == 0) firstLayerLine = lines.lineNumber();
            layer = y;
            layerLine = lines.lineNumber();
            rows = 0;
        }

        /** Row {@code rows} (z) of the current layer. */
        private void row() throws SceneFormatException {
            String row = words.get(0);
            int z = rows;
            String where = "layer " + layer + ", row z = " + z;
            if (row.length() != sx) {
                if (row.equals("layer"))
                    throw error("layer " + layer + " (line " + layerLine + ") has " + z + " of its " + sz
                            + " rows (size z) before this 'layer'");
                throw error(where + ": " + row.length() + (row.length() == 1 ? " character" : " characters") + ", expected " + sx + " (size x)"
                        + (row.startsWith("#") && !isKey('#') ? "; a layer's rows take no comment lines between them" : ""));
            }
            if (words.size() > 1 && !words.get(1).startsWith("#"))
                throw error(where + ": " + quote(words.get(1)) + " after the row (a row is one word; a comment begins with '#')");
            int base = sx * (layer + sy * z);
            for (int x = 0; x < sx; x++) {
                char c = row.charAt(x);
                if (c == EMPTY) continue;
                int entry = entryOf[c] & 0xFF;
                if (entry == 0)
                    throw error(where + ", x = " + x + ": " + describe(c) + " is not a key ('.' is an empty cell)");
                cells[base + x] = (byte) entry;
                solid++;
            }
            rows++;
        }

        /** Whether the current line would be a well-formed row: one word of size-x keys and dots, then at most a comment. */
        private boolean readsAsRow() {
            String row = words.get(0);
            if (row.length() != sx || (words.size() > 1 && !words.get(1).startsWith("#"))) return false;
            for (int x = 0; x < sx; x++) {
                char c = row.charAt(x);
                if (c != EMPTY && !isKey(c)) return false;
            }
            return true;
        }

        private boolean isKey(char c) {
            return entryOf[c] != 0;
        }

        private VxtFile finish() throws SceneFormatException {
            if (headerLine == 0)
                throw new SceneFormatException(file, 0, anyText
                        ? "holds only comments; a .vxt file begins with 'vxt " + VERSION + "'"
                        : "holds only blank lines; a .vxt file begins with 'vxt " + VERSION + "'");
            if (sizeLine == 0) throw new SceneFormatException(file, 0, "has no 'size' line (size X Y Z: the cells along each axis)");
            if (layer >= 0 && rows < sz)
                throw new SceneFormatException(file, layerLine, "layer " + layer + " has " + rows + " of its " + sz
                        + " rows (size z) when the file ends");
            if (cells == null) cells = new byte[sx * sy * sz];
            VoxelSpace space = new VoxelSpace(sx, sy, sz, ox, oy, oz, cells);
            List<Material> palette = new ArrayList<>(VoxelModel.PALETTE_SIZE);
            palette.add(Material.DEFAULT); // entry 0: the empty cell, never drawn
            for (VxtKey k : keys) palette.add(k.material());
            while (palette.size() < VoxelModel.PALETTE_SIZE) palette.add(Material.DEFAULT);
            String name = fileName(file).replaceFirst("(?i)\\.vxt$", "");
            List<String> warnings = new ArrayList<>();
            if (solid == 0) warnings.add(Excerpt.message(fileName(file) + ": no solid voxel; the model is empty"));
            return new VxtFile(new VoxelModel(name, space, palette), warnings);
        }

        // ---- lines and words ----

        private boolean nextLine() throws IOException, SceneFormatException {
            words.clear();
            if (!lines.next()) return false;
            String line = lines.text();
            if (line.length() > MAX_LINE_LENGTH) throw error("line is longer than " + MAX_LINE_LENGTH + " characters (is this a text file?)");
            int start = -1;
            for (int k = 0; k <= line.length(); k++) {
                char c = k < line.length() ? line.charAt(k) : ' ';
                if (c != '\t' && Character.isISOControl(c))
                    throw error(String.format(Locale.ROOT, "holds the control character U+%04X (is this a text file?)", (int) c));
                boolean separator = c == ' ' || c == '\t';
                if (!separator && start < 0) start = k;
                if (separator && start >= 0) {
                    words.add(line.substring(start, k));
                    start = -1;
                }
            }
            if (!words.isEmpty()) anyText = true;
            return true;
        }

        /** Words of the line before its comment, the first {@code literal} words taken as they are. */
        private int count(int literal) {
            for (int k = literal; k < words.size(); k++) if (words.get(k).startsWith("#")) return k;
            return words.size();
        }

        private int integer(int index, String what, int min, int max) throws SceneFormatException {
            String text = words.get(index);
            boolean digits = text.length() <= 11 && text.matches("[+-]?[0-9]+");
            if (!digits) throw error(what + " must be a whole number, got " + quote(text));
            long v = Long.parseLong(text);
            if (v < min || v > max) throw error(what + " must be between " + min + " and " + max + ", got " + quote(text));
            return (int) v;
        }

        private float number(int index, String what, float min, float max) throws SceneFormatException {
            String text = words.get(index);
            float v = Float.NaN;
            // Plain decimals only: Java's parser also takes "NaN", "Infinity", hexadecimal and "1f".
            if (text.length() <= 40 && text.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?")) {
                try {
                    v = Float.parseFloat(text);
                } catch (NumberFormatException e) {
                    v = Float.NaN;
                }
            }
            if (!(v >= min && v <= max))
                throw error(what + " must be a number from " + plain(min) + " to " + plain(max) + ", got " + quote(text));
            return v + 0f; // -0 as 0
        }

        private SceneFormatException error(String problem) {
            return lines.error(problem);
        }
    }

    private static String range(VxtKey.Kind kind) {
        return plain(kind.min) + "…" + plain(kind.max);
    }

    private static String plain(float v) {
        return v == Math.rint(v) ? String.valueOf((int) v) : String.valueOf(v);
    }

    private static String quote(String text) {
        return Excerpt.quote(text);
    }

    /** A character for a message: quoted, with its code point when it is not plain ASCII. */
    private static String describe(char c) {
        String q = Excerpt.quote(String.valueOf(c));
        return c >= 0x21 && c <= 0x7E ? q : q + String.format(Locale.ROOT, " (U+%04X)", (int) c);
    }
}
