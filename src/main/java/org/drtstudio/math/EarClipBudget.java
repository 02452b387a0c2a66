package org.drtstudio.math;

/**
 * The ear clipping one imported file may do, so that a small file cannot take seconds: polygons of
 * random corners cost far more than real ones ({@link PolygonTriangulator}: 1.1 s for one of 4,096
 * corners, ten of them fit in a 44 KB PLY). Polygons are ear-clipped in file order while the budget
 * lasts; one it cannot pay for is triangulated as a fan instead (right only for a convex polygon),
 * and the reader warns once, naming the first such polygon.
 *
 * <p>The budget is {@value #BASE_STEPS} steps (about 0.15 s of the worst polygons), and each metered
 * polygon adds {@value #STEPS_PER_CORNER} a corner before it is clipped, unused steps carrying over:
 * so a large file of real polygons (about n/2 steps a corner: 72 for SPD's 144-corner gear faces,
 * whose largest scene needs 1.3M steps in all) is never short, and garbage costs a bounded amount
 * a byte. Polygons of at most {@value #UNMETERED_CORNERS} corners are not metered: they cost at most
 * about 110 steps a corner, less than a metered one may, and the OBJ reader clips them on every
 * core, where a budget spent in file order could not be shared.
 *
 * <p>One budget per file, used from one thread.
 */
public final class EarClipBudget {
    /** Polygons of at most this many corners are always ear-clipped, without spending the budget. */
    public static final int UNMETERED_CORNERS = 16;
    /** Steps every file starts with. */
    static final long BASE_STEPS = 1L << 24;
    /** Steps a metered polygon adds to the budget for each of its corners. */
    static final long STEPS_PER_CORNER = 128;

    private long stepsLeft = BASE_STEPS;
    private int fanned;
    private long firstFanned = -1;
    private int firstFannedCorners;

    /**
     * Triangulates a polygon as {@link PolygonTriangulator#triangulate(float[], int)} does while the
     * budget lasts, else as a fan.
     *
     * @param xyz   vertex coordinates, x,y,z per vertex
     * @param n     vertex count, ≥ 3
     * @param label the caller's name for the polygon (a face number, a line), kept for {@link #firstFanned()}
     * @return corner indices 0..n-1, three per triangle, n - 2 triangles
     */
    public int[] triangulate(float[] xyz, int n, long label) {
        if (n <= UNMETERED_CORNERS) return PolygonTriangulator.triangulate(xyz, n);
        stepsLeft += STEPS_PER_CORNER * n;
        int[] triangles = PolygonTriangulator.triangulate(xyz, n, this);
        if (triangles != null) return triangles;
        if (fanned++ == 0) {
            firstFanned = label;
            firstFannedCorners = n;
        }
        return PolygonTriangulator.fan(n);
    }

    /** How many polygons were fanned. */
    public int fanned() {
        return fanned;
    }

    /** The label of the first polygon fanned, or -1 when none was. */
    public long firstFanned() {
        return firstFanned;
    }

    /**
     * The warning to give when polygons were fanned, after the reader's name for the first one
     * (e.g. "face 12"), or null when none was.
     */
    public String warning(String firstName) {
        if (fanned == 0) return null;
        String others = fanned == 1 ? "" : " and " + (fanned - 1) + " later polygon" + (fanned == 2 ? "" : "s");
        return firstName + " (" + firstFannedCorners + " corners)" + others + " triangulated as fans, not ear-clipped:"
                + " the file's polygons cost more ear clipping than an import allows (corners in random order?);"
                + " a fan is only right for a convex polygon";
    }

    long stepsLeft() {
        return stepsLeft;
    }

    void spend(long steps) {
        // The last step of a clipped polygon may overshoot by a lap of its corners.
        stepsLeft = Math.max(0, stepsLeft - steps);
    }
}
