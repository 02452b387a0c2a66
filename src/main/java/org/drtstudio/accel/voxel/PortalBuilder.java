package org.drtstudio.accel.voxel;

import org.drtstudio.scene.VoxelSpace;

import java.util.Arrays;

/**
 * Builds a {@link PortalSpace}: maximal divs grown from every empty cell not yet covered (one
 * layer at a time round the six faces, until no face can move), then each div face's portal
 * texels, each pointing at the div chosen by the {@link PortalChoice} among those that hold the
 * cell beyond it. Divs may overlap; that is what lets a texel pick a div that lies ahead of it.
 */
public final class PortalBuilder {
    /**
     * Candidates looked at per portal texel by default: the first few covering divs are the large
     * ones. {@link #ALL_CANDIDATES} lifts the limit: on the voxels suite's 96³ caves it takes 1.6 %
     * fewer div steps a ray (8.332 against 8.465; the maze is the same), and its build time could
     * not be told apart from this one's on the loaded 2-core machine it was measured on (issue 42),
     * so the default stays.
     */
    public static final int DEFAULT_CANDIDATES = 16;
    /** Every div that holds the cell beyond a texel is a candidate. */
    public static final int ALL_CANDIDATES = Integer.MAX_VALUE;
    /** Cosine-distributed unit directions about +z (4 × 4 strata, centres), for the heuristic. */
    private static final float[][] DIRECTIONS = cosineDirections();

    private final VoxelSpace space;
    private final int maxCandidates;
    private final int sx, sy, sz;
    private int[] divs = new int[PortalLayout.DIV_INTS * 64];
    private int divCount;

    private PortalBuilder(VoxelSpace space, int maxCandidates) {
        if (maxCandidates < 1) throw new IllegalArgumentException("candidates per portal texel must be at least 1, not " + maxCandidates);
        this.space = space;
        this.maxCandidates = maxCandidates;
        this.sx = space.sizeX();
        this.sy = space.sizeY();
        this.sz = space.sizeZ();
    }

    public static PortalSpace build(VoxelSpace space, PortalChoice choice) {
        return build(space, choice, DEFAULT_CANDIDATES);
    }

    /** @param maxCandidates divs looked at per portal texel, the first that cover its cell ({@link #ALL_CANDIDATES}: every one) */
    public static PortalSpace build(VoxelSpace space, PortalChoice choice, int maxCandidates) {
        return new PortalBuilder(space, maxCandidates).run(choice);
    }

    private PortalSpace run(PortalChoice choice) {
        int cells = sx * sy * sz;
        int[] entry = new int[cells];
        boolean[] covered = new boolean[cells];
        for (int k = 0; k < sz; k++)
            for (int j = 0; j < sy; j++)
                for (int i = 0; i < sx; i++) {
                    int c = space.index(i, j, k);
                    int palette = space.cells()[c] & 0xFF;
                    if (palette != 0) {
                        entry[c] = -palette;
                        continue;
                    }
                    if (covered[c]) continue;
                    int div = grow(i, j, k);
                    forEachCell(div, cell -> {
                        if (!covered[cell]) {
                            covered[cell] = true;
                            entry[cell] = div;
                        }
                    });
                }
        int[] candidateStart = new int[cells + 1], candidates = candidateLists(candidateStart);
        int[] portalStart = new int[divCount + 1];
        for (int d = 0; d < divCount; d++) portalStart[d + 1] = portalStart[d] + faceTexels(d);
        int[] portals = new int[portalStart[divCount]];
        for (int d = 0; d < divCount; d++) divs[PortalLayout.DIV_INTS * d + PortalLayout.DIV_FIRST_PORTAL] = portalStart[d];
        // The choice depends only on the cell beyond and the side it is entered from, and overlapping
        // divs share many such faces: each is scored once (-1: not yet). Threads that race on one
        // entry compute the same value, so the memo needs no lock.
        int[] chosen = new int[6 * cells];
        java.util.Arrays.fill(chosen, -1);
        float[] exitChance = choice == PortalChoice.LENGTH_OVER_EXIT_CHANCE ? exitChances(entry) : null;
        // Each div writes only its own texels, and reads what is final by now: the divs in parallel.
        java.util.stream.IntStream.range(0, divCount).parallel()
                .forEach(d -> fillPortals(d, portalStart[d], portals, entry, candidateStart, candidates, choice, chosen, exitChance));
        return new PortalSpace(sx, sy, sz, space.originX(), space.originY(), space.originZ(),
                Arrays.copyOf(divs, PortalLayout.DIV_INTS * divCount), portals, entry, choice);
    }

    /** Grows the maximal empty cuboid from cell (i, j, k); returns its index. */
    private int grow(int i, int j, int k) {
        int[] lo = {i, j, k}, hi = {i + 1, j + 1, k + 1};
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int face = 0; face < 6; face++) {
                int axis = face / 2;
                boolean up = (face & 1) == 1;
                int layer = up ? hi[axis] : lo[axis] - 1;
                if (layer < 0 || layer >= size(axis) || !layerEmpty(lo, hi, axis, layer)) continue;
                if (up) hi[axis]++; else lo[axis]--;
                moved = true;
            }
        }
        if (PortalLayout.DIV_INTS * (divCount + 1) > divs.length) divs = Arrays.copyOf(divs, divs.length * 2);
        int o = PortalLayout.DIV_INTS * divCount;
        for (int a = 0; a < 3; a++) {
            divs[o + PortalLayout.DIV_LO + a] = lo[a];
            divs[o + PortalLayout.DIV_HI + a] = hi[a];
        }
        return divCount++;
    }

    private int size(int axis) {
        return axis == 0 ? sx : axis == 1 ? sy : sz;
    }

    private boolean layerEmpty(int[] lo, int[] hi, int axis, int layer) {
        int[] l = lo.clone(), h = hi.clone();
        l[axis] = layer;
        h[axis] = layer + 1;
        for (int k = l[2]; k < h[2]; k++)
            for (int j = l[1]; j < h[1]; j++)
                for (int i = l[0]; i < h[0]; i++)
                    if (space.cells()[space.index(i, j, k)] != 0) return false;
        return true;
    }

    private void forEachCell(int div, java.util.function.IntConsumer action) {
        int o = PortalLayout.DIV_INTS * div;
        for (int k = divs[o + 2]; k < divs[o + 5]; k++)
            for (int j = divs[o + 1]; j < divs[o + 4]; j++)
                for (int i = divs[o]; i < divs[o + 3]; i++)
                    action.accept(space.index(i, j, k));
    }

    /** Per cell, the divs holding it (in order of growth, at most {@link #maxCandidates}), as one CSR list. */
    private int[] candidateLists(int[] start) {
        int[] count = new int[start.length - 1];
        for (int d = 0; d < divCount; d++) forEachCell(d, cell -> count[cell] = Math.min(maxCandidates, count[cell] + 1));
        for (int c = 0; c < count.length; c++) start[c + 1] = start[c] + count[c];
        int[] fill = Arrays.copyOf(start, count.length), out = new int[start[count.length]];
        for (int d = 0; d < divCount; d++) {
            int div = d;
            forEachCell(d, cell -> {
                if (fill[cell] < start[cell + 1]) out[fill[cell]++] = div;
            });
        }
        return out;
    }

    private int faceTexels(int d) {
        int o = PortalLayout.DIV_INTS * d;
        int ex = divs[o + 3] - divs[o], ey = divs[o + 4] - divs[o + 1], ez = divs[o + 5] - divs[o + 2];
        return PortalLayout.faceOffset(6, ex, ey, ez);
    }

    private void fillPortals(int d, int first, int[] portals, int[] entry, int[] candidateStart, int[] candidates,
                             PortalChoice choice, int[] chosen, float[] exitChance) {
        int o = PortalLayout.DIV_INTS * d;
        int[] lo = {divs[o], divs[o + 1], divs[o + 2]}, hi = {divs[o + 3], divs[o + 4], divs[o + 5]};
        int texel = first;
        int[] cell = new int[3];
        for (int face = 0; face < 6; face++) {
            int axis = face / 2, u = (axis + 1) % 3, v = (axis + 2) % 3;
            boolean up = (face & 1) == 1;
            cell[axis] = up ? hi[axis] : lo[axis] - 1;
            for (int cv = lo[v]; cv < hi[v]; cv++)
                for (int cu = lo[u]; cu < hi[u]; cu++) {
                    cell[u] = cu;
                    cell[v] = cv;
                    if (cell[axis] < 0 || cell[axis] >= size(axis)) {
                        portals[texel++] = PortalLayout.EXIT;
                        continue;
                    }
                    int c = space.index(cell[0], cell[1], cell[2]);
                    int home = entry[c];
                    if (home < 0 || choice == PortalChoice.FIRST_COVER) {
                        portals[texel++] = home;
                        continue;
                    }
                    int memo = 6 * c + face;
                    if (chosen[memo] < 0)
                        chosen[memo] = longestExpectedRay(cell, axis, up, candidates, candidateStart[c], candidateStart[c + 1],
                                exitChance);
                    portals[texel++] = chosen[memo];
                }
        }
    }

    /**
     * Among the candidate divs, the one in which rays entering cell {@code cell} through its face
     * travel farthest on average. Each ray's length to a div's far planes is the plane's distance
     * times the direction's reciprocal ({@link #INVERSE}: 48 multiplications a candidate instead of
     * 48 divisions, which took most of a build's time). With {@code exitChance} (see
     * {@link #exitChances}) a candidate's length is divided by its chance of sending the ray on
     * through a portal rather than ending it on a wall: the article's wall term.
     */
    private int longestExpectedRay(int[] cell, int axis, boolean up, int[] candidates, int from, int to, float[] exitChance) {
        int u = (axis + 1) % 3, v = (axis + 2) % 3;
        float[] p = new float[3];
        p[axis] = up ? cell[axis] : cell[axis] + 1;
        p[u] = cell[u] + 0.5f;
        p[v] = cell[v] + 0.5f;
        float[] inv = INVERSE[2 * axis + (up ? 1 : 0)];
        int best = candidates[from];
        float bestLength = -1f;
        for (int n = from; n < to; n++) {
            int o = PortalLayout.DIV_INTS * candidates[n];
            float lx = divs[o + PortalLayout.DIV_LO] - p[0], ly = divs[o + PortalLayout.DIV_LO + 1] - p[1],
                    lz = divs[o + PortalLayout.DIV_LO + 2] - p[2];
            float hx = divs[o + PortalLayout.DIV_HI] - p[0], hy = divs[o + PortalLayout.DIV_HI + 1] - p[1],
                    hz = divs[o + PortalLayout.DIV_HI + 2] - p[2];
            float total = 0f;
            for (int d = 0; d < 3 * DIRECTIONS.length; d += 3) {
                float ix = inv[d], iy = inv[d + 1], iz = inv[d + 2];
                // No component is 0 (the directions' azimuths are odd multiples of 45°, their heights above 0).
                float tx = (ix > 0 ? hx : lx) * ix, ty = (iy > 0 ? hy : ly) * iy, tz = (iz > 0 ? hz : lz) * iz;
                total += Math.min(tx, Math.min(ty, tz));
            }
            // Entering while moving up the axis is entering through the candidate's low face on it.
            if (exitChance != null) total /= exitChance[6 * candidates[n] + 2 * axis + (up ? 0 : 1)];
            if (total > bestLength) {
                bestLength = total;
                best = candidates[n];
            }
        }
        return best;
    }

    /**
     * Per div and entry face (6 a div), the chance that a ray entering there leaves through a
     * portal texel (into another div) rather than a wall: the {@link FluxDensity} table of the
     * div's proportions, each exit face weighted by the share of its texels that are portals. A
     * solid voxel and the grid's boundary both end the walk, so both count as wall. Floored at
     * 1/1024 so a closed div scores high but finite. The table is for rays crossing the whole
     * face; a texel's rays start at one cell of it (and, where the candidate reaches back past the
     * texel's plane, inside the candidate): the table is the article's approximation, kept.
     */
    private float[] exitChances(int[] entry) {
        float[] out = new float[6 * divCount];
        java.util.stream.IntStream.range(0, divCount).parallel().forEach(d -> {
            int o = PortalLayout.DIV_INTS * d;
            int[] lo = {divs[o], divs[o + 1], divs[o + 2]}, hi = {divs[o + 3], divs[o + 4], divs[o + 5]};
            double[] open = new double[6];
            for (int face = 0; face < 6; face++) open[face] = portalShare(lo, hi, face, entry);
            double[][] flux = FluxDensity.of(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
            for (int in = 0; in < 6; in++) {
                double chance = 0;
                for (int exit = 0; exit < 6; exit++) chance += flux[in][exit] * open[exit];
                out[6 * d + in] = (float) Math.max(chance, 1.0 / 1024);
            }
        });
        return out;
    }

    /** The share of the face's texels whose cell beyond is empty (a portal into another div). */
    private double portalShare(int[] lo, int[] hi, int face, int[] entry) {
        int axis = face / 2, u = (axis + 1) % 3, v = (axis + 2) % 3;
        int[] cell = new int[3];
        cell[axis] = (face & 1) == 1 ? hi[axis] : lo[axis] - 1;
        if (cell[axis] < 0 || cell[axis] >= size(axis)) return 0;
        long open = 0;
        for (int cv = lo[v]; cv < hi[v]; cv++)
            for (int cu = lo[u]; cu < hi[u]; cu++) {
                cell[u] = cu;
                cell[v] = cv;
                if (entry[space.index(cell[0], cell[1], cell[2])] >= 0) open++;
            }
        return open / (double) ((long) (hi[u] - lo[u]) * (hi[v] - lo[v]));
    }

    /**
     * Per face (−x, +x, −y, +y, −z, +z) the reciprocal x, y, z of each of {@link #DIRECTIONS}
     * turned to enter through that face: components along the face's u and v axes and, along its
     * axis, away from the face into the cell beyond.
     */
    private static final float[][] INVERSE = inverseDirections();

    private static float[][] inverseDirections() {
        float[][] out = new float[6][3 * DIRECTIONS.length];
        for (int face = 0; face < 6; face++) {
            int axis = face / 2, u = (axis + 1) % 3, v = (axis + 2) % 3;
            float sign = (face & 1) == 1 ? 1f : -1f;
            for (int d = 0; d < DIRECTIONS.length; d++) {
                float[] w = new float[3];
                w[u] = DIRECTIONS[d][0];
                w[v] = DIRECTIONS[d][1];
                w[axis] = sign * DIRECTIONS[d][2];
                for (int a = 0; a < 3; a++) {
                    if (w[a] == 0f) throw new IllegalStateException("a direction with a zero component");
                    out[face][3 * d + a] = 1f / w[a];
                }
            }
        }
        return out;
    }

    private static float[][] cosineDirections() {
        float[][] out = new float[16][];
        for (int s = 0; s < 16; s++) {
            double a = ((s % 4) + 0.5) / 4, b = ((s / 4) + 0.5) / 4;
            double r = Math.sqrt(a), phi = 2 * Math.PI * b;
            out[s] = new float[]{(float) (r * Math.cos(phi)), (float) (r * Math.sin(phi)), (float) Math.sqrt(1 - a)};
        }
        return out;
    }
}
