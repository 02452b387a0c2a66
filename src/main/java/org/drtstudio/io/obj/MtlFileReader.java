package org.drtstudio.io.obj;

import de.javagl.obj.Mtl;
import de.javagl.obj.MtlReader;
import org.drtstudio.io.SceneFormatException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
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

    /** Real material libraries are kilobytes; this bounds the memory a wrong mtllib target can take. */
    static final long MAX_BYTES = 64L << 20;

    private MtlFileReader() {
    }

    /**
     * @throws SceneFormatException when javagl cannot read the file (naming file and line)
     * @throws IOException          when the file cannot be read at all
     */
    static List<Entry> read(Path file) throws SceneFormatException, IOException {
        if (Files.size(file) > MAX_BYTES) {
            throw new SceneFormatException(file, 0, "material library is larger than " + (MAX_BYTES >> 20)
                    + " MiB; that is not a material library");
        }
        String text;
        try (Reader in = TextDecoding.open(file)) {
            StringBuilder sb = new StringBuilder();
            char[] buffer = new char[1 << 14];
            for (int n; (n = in.read(buffer)) > 0; ) sb.append(buffer, 0, n);
            text = sb.toString();
        }
        List<Mtl> mtls;
        LineTrackingReader lines = new LineTrackingReader(new StringReader(text));
        try {
            mtls = MtlReader.read(lines);
        } catch (IOException | RuntimeException e) {
            String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new SceneFormatException(file, lines.statementLine(), "cannot read this material statement ("
                    + detail + ")", e);
        }
        List<MtlTextureStatement> diffuse = new ArrayList<>(), bump = new ArrayList<>();
        // Lines as BufferedReader splits them (javagl's view), not as String.split("\\R") would.
        for (String raw : (Iterable<String>) new BufferedReader(new StringReader(text)).lines()::iterator) {
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
        return entries;
    }

    /** A texture name as javagl kept it, without options: the fallback when the scans disagree. */
    private static MtlTextureStatement javaglStatement(String fileName) {
        return fileName == null ? null : new MtlTextureStatement(fileName, false, null);
    }
}
