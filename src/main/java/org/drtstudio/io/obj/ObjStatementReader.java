package org.drtstudio.io.obj;

import java.io.Reader;

/**
 * Feeds javagl's {@code ObjReader} one OBJ statement at a time, prepared so that its parser can
 * cope, and keeps the state javagl throws away.
 *
 * <p>Preparation of each statement:
 * <ul>
 *   <li>Lines ending in a backslash are joined with the next line here: javagl's own joining cuts
 *       off the character before the backslash ({@code f 1 2\} loses its 2).</li>
 *   <li>Tabs and other control characters become spaces: javagl's face parser only skips spaces.</li>
 *   <li>Comments starting with {@code #} after whitespace are cut off: javagl would try to read
 *       {@code v 1 2 3 # note} as a fourth coordinate.</li>
 *   <li>{@code f} statements are checked by {@link ObjFaceSyntax}; faces where only some corners
 *       carry texture or normal indices lose those indices (javagl would make some up).</li>
 * </ul>
 *
 * <p>Statements javagl ignores are tracked here: smoothing groups ({@code s}) and the line and
 * point primitives ({@code l}, {@code p}) that a ray tracer of surfaces cannot show.
 */
final class ObjStatementReader extends LineTrackingReader {
    /** Smoothing group of faces with {@code s off} or {@code s 0}: flat shaded. */
    static final int FLAT = 0;
    /** Smoothing group of faces before any {@code s} statement: smooth, as the model has no say. */
    static final int DEFAULT_SMOOTH = 1;

    private final SmoothingGroups smoothingGroups = new SmoothingGroups();
    private int smoothingGroup = DEFAULT_SMOOTH;
    private String statement = "";
    private int lineStatements, pointStatements, firstPrimitiveLine;
    private int facesWithDroppedIndices, firstDroppedLine;

    ObjStatementReader(Reader in) {
        super(in);
    }

    @Override
    public String readLine() {
        String physical = nextPhysicalLine();
        if (physical == null) return null;
        int first = physicalLines();
        // Cleaned before joining, so that javagl never sees a trailing backslash: "\ # note" ends
        // in one once the comment is gone, and javagl's joining would fail on it.
        String line = clean(physical);
        if (continues(line)) line = joinContinuations(line, first);
        setStatementLine(first);
        statement = prepare(line);
        return statement;
    }

    /** {@code line} and the lines its trailing backslashes continue it with, bounded like a physical line. */
    private String joinContinuations(String line, int first) {
        StringBuilder joined = new StringBuilder(line);
        while (continues(joined)) {
            int end = joined.length();
            while (joined.charAt(end - 1) <= ' ') end--;
            joined.setLength(end - 1); // without the backslash
            String next = nextPhysicalLine();
            if (next == null) break;
            joined.append(' ').append(clean(next));
            if (joined.length() > MAX_LINE_LENGTH) throw new LineTooLong(first);
        }
        return joined.toString();
    }

    /** The statement handed to javagl last, as prepared. */
    String currentStatement() {
        return statement;
    }

    /** Smoothing group of the faces parsed now: {@link #FLAT}, or an id ≥ 1 shared by faces that smooth together. */
    int smoothingGroup() {
        return smoothingGroup;
    }

    int lineStatements() { return lineStatements; }

    int pointStatements() { return pointStatements; }

    int firstPrimitiveLine() { return firstPrimitiveLine; }

    int facesWithDroppedIndices() { return facesWithDroppedIndices; }

    int firstDroppedLine() { return firstDroppedLine; }

    private static boolean continues(CharSequence line) {
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) <= ' ') end--;
        return end > 0 && line.charAt(end - 1) == '\\';
    }

    /** Control characters to spaces, trailing comment removed; returns the input when nothing changes. */
    static String clean(String line) {
        int n = line.length(), cut = n;
        boolean control = false;
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (c == '#' && (i == 0 || line.charAt(i - 1) <= ' ')) {
                cut = i;
                break;
            }
            if (c < ' ') control = true;
        }
        if (!control) return cut == n ? line : line.substring(0, cut);
        char[] out = new char[cut];
        for (int i = 0; i < cut; i++) {
            char c = line.charAt(i);
            out[i] = c < ' ' ? ' ' : c;
        }
        return new String(out);
    }

    private String prepare(String line) {
        int n = line.length(), k = 0;
        while (k < n && line.charAt(k) == ' ') k++;
        int end = k;
        while (end < n && line.charAt(end) != ' ') end++;
        if (end - k != 1) return line;
        switch (Character.toLowerCase(line.charAt(k))) {
            case 'f' -> {
                return prepareFace(line, end);
            }
            case 's' -> smoothingGroup = smoothingGroups.id(line.substring(end).trim());
            case 'l' -> countPrimitive(true);
            case 'p' -> countPrimitive(false);
            default -> {
            }
        }
        return line;
    }

    private String prepareFace(String line, int bodyStart) {
        int mixed = ObjFaceSyntax.check(line, bodyStart);
        if (mixed == 0) return line;
        if (facesWithDroppedIndices++ == 0) firstDroppedLine = statementLine();
        return ObjFaceSyntax.withoutIndices(line, bodyStart, (mixed & ObjFaceSyntax.MIXED_TEXCOORDS) != 0,
                (mixed & ObjFaceSyntax.MIXED_NORMALS) != 0);
    }

    private void countPrimitive(boolean isLine) {
        if (lineStatements + pointStatements == 0) firstPrimitiveLine = statementLine();
        if (isLine) lineStatements++;
        else pointStatements++;
    }
}
