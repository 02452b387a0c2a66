package org.drtstudio.io.obj;

/**
 * Checks an {@code f} statement before javagl's face parser sees it, because that parser
 * <ul>
 *   <li>cannot say which index is wrong, or on which line;</li>
 *   <li>reads index 0 of a texture coordinate as "no texture coordinate" instead of an error;</li>
 *   <li>lets long digit runs overflow {@code int} silently (so 4294967297 would become vertex 1);</li>
 *   <li>when only some corners of a face carry a texture or normal index, hands out stale indices
 *       left over from an earlier face for the others (its index buffers are reused, not cleared);</li>
 *   <li>grows its buffers one element at a time, quadratic in the corner count.</li>
 * </ul>
 * Corners are {@code v}, {@code v/vt}, {@code v//vn} or {@code v/vt/vn}; each index is an optional
 * minus sign and up to nine digits, never 0. Whether an index refers to existing data is checked
 * later, once the counts are known.
 */
final class ObjFaceSyntax {
    /**
     * Most corners one face may have. Ear clipping a large polygon that crosses itself degrades to
     * cubic time (a random 4000-gon takes a second); real n-gons have at most a few hundred corners.
     */
    static final int MAX_CORNERS = 2048;
    /** Flag: some but not all corners have a texture coordinate index. */
    static final int MIXED_TEXCOORDS = 1;
    /** Flag: some but not all corners have a normal index. */
    static final int MIXED_NORMALS = 2;

    private static final int MAX_DIGITS = 9;

    private ObjFaceSyntax() {
    }

    /**
     * @param line      the statement, control characters already replaced by spaces
     * @param bodyStart index just after the {@code f} keyword
     * @return 0, or {@link #MIXED_TEXCOORDS} / {@link #MIXED_NORMALS} flags
     * @throws ObjFormatProblem when a corner is malformed or the face is too large
     */
    static int check(String line, int bodyStart) {
        int n = line.length();
        int corners = 0, withTexCoord = 0, withNormal = 0;
        int i = bodyStart;
        while (true) {
            while (i < n && line.charAt(i) == ' ') i++;
            if (i >= n) break;
            int start = i;
            while (i < n && line.charAt(i) != ' ') i++;
            if (++corners > MAX_CORNERS) {
                throw new ObjFormatProblem("face has more than " + MAX_CORNERS + " corners, more than this importer supports");
            }
            int parts = checkCorner(line, start, i);
            if ((parts & HAS_TEXCOORD) != 0) withTexCoord++;
            if ((parts & HAS_NORMAL) != 0) withNormal++;
        }
        int flags = 0;
        if (withTexCoord != 0 && withTexCoord != corners) flags |= MIXED_TEXCOORDS;
        if (withNormal != 0 && withNormal != corners) flags |= MIXED_NORMALS;
        return flags;
    }

    /**
     * The same face with texture and/or normal indices removed from every corner, for faces where
     * only some corners have them.
     */
    static String withoutIndices(String line, int bodyStart, boolean dropTexCoords, boolean dropNormals) {
        StringBuilder out = new StringBuilder(line.length());
        out.append(line, 0, bodyStart);
        int n = line.length();
        int i = bodyStart;
        while (true) {
            while (i < n && line.charAt(i) == ' ') i++;
            if (i >= n) break;
            int start = i;
            while (i < n && line.charAt(i) != ' ') i++;
            int slash1 = line.indexOf('/', start);
            if (slash1 < 0 || slash1 > i) slash1 = i;
            int slash2 = slash1 < i ? line.indexOf('/', slash1 + 1) : -1;
            if (slash2 < 0 || slash2 > i) slash2 = i;
            String v = line.substring(start, slash1);
            String vt = slash1 < i ? line.substring(slash1 + 1, slash2) : "";
            String vn = slash2 < i ? line.substring(slash2 + 1, i) : "";
            if (dropTexCoords) vt = "";
            if (dropNormals) vn = "";
            out.append(' ').append(v);
            if (!vn.isEmpty()) out.append('/').append(vt).append('/').append(vn);
            else if (!vt.isEmpty()) out.append('/').append(vt);
        }
        return out.toString();
    }

    private static final int HAS_TEXCOORD = 1, HAS_NORMAL = 2;

    /** Checks one corner in [start, end); returns HAS_TEXCOORD / HAS_NORMAL flags. */
    private static int checkCorner(String line, int start, int end) {
        int part = 0, partStart = start, flags = 0;
        for (int j = start; j <= end; j++) {
            if (j < end && line.charAt(j) != '/') continue;
            boolean empty = j == partStart;
            if (part > 2) throw new ObjFormatProblem("face corner '" + line.substring(start, end)
                    + "' has more than three parts; corners are v, v/vt, v//vn or v/vt/vn");
            if (empty) {
                // v//vn leaves the middle part empty; every other empty part is a mistake.
                boolean emptyTexCoordBeforeNormal = part == 1 && j < end;
                if (!emptyTexCoordBeforeNormal) throw new ObjFormatProblem("face corner '" + line.substring(start, end)
                        + "' is incomplete; corners are v, v/vt, v//vn or v/vt/vn");
            } else {
                checkIndex(line, partStart, j, start, end);
                if (part == 1) flags |= HAS_TEXCOORD;
                if (part == 2) flags |= HAS_NORMAL;
            }
            part++;
            partStart = j + 1;
        }
        return flags;
    }

    private static void checkIndex(String line, int from, int to, int cornerStart, int cornerEnd) {
        int i = from;
        if (line.charAt(i) == '-') i++;
        int digits = to - i;
        boolean allZero = true;
        for (int k = i; k < to; k++) {
            char c = line.charAt(k);
            if (c < '0' || c > '9') digits = -1;
            else if (c != '0') allZero = false;
        }
        if (digits <= 0) {
            throw new ObjFormatProblem("'" + line.substring(from, to) + "' in face corner '"
                    + line.substring(cornerStart, cornerEnd) + "' is not an index");
        }
        if (allZero) {
            throw new ObjFormatProblem("face corner '" + line.substring(cornerStart, cornerEnd) + "' uses index "
                    + line.substring(from, to) + ", but OBJ indices start at 1");
        }
        if (digits > MAX_DIGITS) {
            // Leading zeros are harmless; only significant digits can overflow.
            int k = i;
            while (line.charAt(k) == '0') k++;
            if (to - k > MAX_DIGITS) throw new ObjFormatProblem("face index " + line.substring(from, to) + " is too large");
        }
    }
}
