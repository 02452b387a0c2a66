package org.drtstudio.io.obj;

/**
 * A face's normal as both mesh builders compute it, so the general and the plain path give the
 * same bits: Newell's normal in double (its length is twice the polygon's area, so smooth normals
 * that sum it weigh faces by area), and its unit float form for a vertex that keeps its face's normal.
 */
final class FaceNormal {
    /** Normal of a face of zero area: any unit vector will do. */
    private static final float[] FALLBACK = {0f, 0f, 1f};

    private FaceNormal() {
    }

    /** Newell's normal of the face whose corners [start, end) name vertices {@code cornerVertex} of {@code positions}, into out. */
    static void newell(float[] positions, int[] cornerVertex, int start, int end, double[] out) {
        double nx = 0, ny = 0, nz = 0;
        for (int c = start; c < end; c++) {
            int i = 3 * cornerVertex[c], j = 3 * cornerVertex[c + 1 == end ? start : c + 1];
            double xi = positions[i], yi = positions[i + 1], zi = positions[i + 2];
            double xj = positions[j], yj = positions[j + 1], zj = positions[j + 2];
            nx += (yi - yj) * (zi + zj);
            ny += (zi - zj) * (xi + xj);
            nz += (xi - xj) * (yi + yj);
        }
        out[0] = nx;
        out[1] = ny;
        out[2] = nz;
    }

    /** The unit vector along a Newell normal, or a fixed unit vector when it has no length (read only). */
    static float[] unit(double[] newell) {
        double nx = newell[0], ny = newell[1], nz = newell[2];
        double length = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return length > 0 && Double.isFinite(length)
                ? new float[] {(float) (nx / length), (float) (ny / length), (float) (nz / length)}
                : FALLBACK;
    }
}
