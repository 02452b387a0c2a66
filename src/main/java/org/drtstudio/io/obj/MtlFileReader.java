package org.drtstudio.io.obj;

import de.javagl.obj.Mtl;
import de.javagl.obj.MtlReader;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.io.support.TextDecoding;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads one MTL file with javagl's {@code MtlReader}, plus one correction: javagl keeps only the
 * last word of a texture name with spaces ({@code map_Kd texture 01.png} becomes "01.png"), so
 * the diffuse ({@code map_Kd}) and bump ({@code map_bump}, {@code bump}) statements are taken from a
 * second scan through {@link MtlTextureStatement}, options included. The scan recognises
 * {@code newmtl} exactly as javagl does, so its n-th material is javagl's n-th material.
 */
final class MtlFileReader {
    /**
     * A material as javagl read it, with its texture statements as written (null where absent).
     *
     * @param diffuse the last {@code map_Kd} statement
     * @param bump    the last {@code map_bump} or {@code bump} statement
     */
    record Entry(Mtl mtl, MtlTextureStatement diffuse, MtlTextureStatement bump) {
        /** The diffuse texture's file name as written, or null. */
        String diffuseMap() {
            return diffuse == null ? null : diffuse.fileName();
        }

        /** The bump map's file name as written, or null. */
        String bumpMap() {
            return bump == null ? null : bump.fileName();
        }
    }

    /** The materials of one library and the warnings about statements that were dropped. */
    record Library(List<Entry> entries, List<String> warnings) {
    }

    /** Real material libraries are kilobytes; this bounds the memory a wrong mtllib target can take. */
    static final long MAX_BYTES = 64L << 20;
    /** Unreadable statements dropped one by one before the library is given up as not an MTL file. */
    static final int MAX_DROPPED_STATEMENTS = 32;

    private MtlFileReader() {
    }

    /**
     * Reads a library. A statement javagl cannot read (a malformed or missing number) is dropped
     * with a warning naming its line and keyword, and the rest of the library is kept; statements
     * before the first {@code newmtl} are dropped the same way. No message quotes more of the file
     * than a keyword: a library may be any file an OBJ names.
     *
     * @throws SceneFormatException when the file is no material library at all (naming file and line)
     * @throws IOException          when the file cannot be read at all
     */
    static Library read(ConfinedPath library) throws SceneFormatException, IOException {
        Path file = library.file();
        List<String> lines = lines(file);
        List<String> warnings = new ArrayList<>();
        int firstNewmtl = -1;
        for (int i = 0; i < lines.size() && firstNewmtl < 0; i++) {
            if (lines.get(i).trim().startsWith("newmtl")) firstNewmtl = i; // javagl's test, on the uncleaned line
        }
        if (firstNewmtl < 0) {
            throw new SceneFormatException(file, 0, "has no 'newmtl' statement; this is not a material library");
        }
        int dropped = 0, firstDropped = 0;
        for (int i = 0; i < firstNewmtl; i++) {
            String t = lines.get(i).trim();
            if (t.isEmpty() || t.startsWith("#")) continue;
            if (dropped++ == 0) firstDropped = i + 1;
            lines.set(i, "");
        }
        if (dropped > 0) {
            warnings.add(file + ":" + firstDropped + ": " + dropped + (dropped == 1 ? " statement" : " statements")
                    + " before the first 'newmtl' ignored");
        }
        List<Mtl> mtls = parseDroppingBadStatements(file, lines, warnings);

        List<MtlTextureStatement> diffuse = new ArrayList<>(), bump = new ArrayList<>();
        for (String raw : lines) {
            if (raw.trim().startsWith("newmtl")) { // javagl's test, on the uncleaned line
                diffuse.add(null);
                bump.add(null);
                continue;
            }
            String line = ObjStatementReader.clean(raw).trim();
            if (diffuse.isEmpty() || line.isEmpty()) continue;
            String[] keywordAndRest = line.split("\\s+", 2);
            String keyword = keywordAndRest[0].toLowerCase(Locale.ROOT);
            List<MtlTextureStatement> target = keyword.equals("map_kd") ? diffuse
                    : keyword.equals("map_bump") || keyword.equals("bump") ? bump : null;
            if (target != null) {
                target.set(target.size() - 1, MtlTextureStatement.parse(keywordAndRest.length > 1 ? keywordAndRest[1] : ""));
            }
        }
        boolean scanAgrees = diffuse.size() == mtls.size();
        List<Entry> entries = new ArrayList<>(mtls.size());
        for (int i = 0; i < mtls.size(); i++) {
            Mtl mtl = mtls.get(i);
            entries.add(scanAgrees ? new Entry(mtl, diffuse.get(i), bump.get(i))
                    : new Entry(mtl, javaglStatement(mtl.getMapKd()), javaglStatement(mtl.getBump())));
        }
        return new Library(entries, warnings);
    }

    /** The file's lines as BufferedReader splits them (javagl's view), each bounded in length. */
    private static List<String> lines(Path file) throws SceneFormatException, IOException {
        InputFiles.requireRegular(file);
        if (Files.size(file) > MAX_BYTES) {
            throw new SceneFormatException(file, 0, "material library is larger than " + (MAX_BYTES >> 20)
                    + " MiB; that is not a material library");
        }
        List<String> lines = new ArrayList<>();
        long chars = 0;
        try (LineTrackingReader in = new LineTrackingReader(TextDecoding.open(file))) {
            for (String line; (line = in.readLine()) != null; ) {
                chars += line.length() + 1;
                // Files under /proc report size 0 whatever they hold: bound what is read as well.
                if (chars > MAX_BYTES) {
                    throw new SceneFormatException(file, 0, "material library is larger than " + (MAX_BYTES >> 20)
                            + " MiB; that is not a material library");
                }
                lines.add(line);
            }
        } catch (LineTrackingReader.InputFailure e) {
            throw e.getCause();
        } catch (LineTrackingReader.LineTooLong e) {
            throw new SceneFormatException(file, e.line(), e.getMessage());
        }
        return lines;
    }

    /**
     * javagl's reading of {@code lines}; a statement it rejects is blanked (so later line numbers
     * stay right), warned about, and the library read again.
     */
    private static List<Mtl> parseDroppingBadStatements(Path file, List<String> lines, List<String> warnings)
            throws SceneFormatException {
        for (int attempt = 0; ; attempt++) {
            LineTrackingReader reader = new LineTrackingReader(new StringReader(String.join("\n", lines)));
            try {
                return MtlReader.read(reader);
            } catch (IOException | RuntimeException e) {
                int line = reader.statementLine();
                if (line < 1 || line > lines.size() || attempt >= MAX_DROPPED_STATEMENTS) {
                    throw new SceneFormatException(file, line, "too many unreadable material statements; "
                            + "this does not look like a material library");
                }
                warnings.add(file + ":" + line + ": cannot read " + statementName(lines.get(line - 1))
                        + " (a number is missing or malformed); the statement is ignored");
                lines.set(line - 1, "");
            }
        }
    }

    /** "the 'Kd' statement", naming the keyword only when it is a plain word (never free text from the file). */
    private static String statementName(String line) {
        String[] words = line.trim().split("[ \\t\\f]+", 2);
        return Excerpt.isKeyword(words[0]) ? "the '" + words[0] + "' statement" : "this statement";
    }

    /** A texture name as javagl kept it, without options: the fallback when the scans disagree. */
    private static MtlTextureStatement javaglStatement(String fileName) {
        return fileName == null ? null : new MtlTextureStatement(fileName, false, null);
    }
}
