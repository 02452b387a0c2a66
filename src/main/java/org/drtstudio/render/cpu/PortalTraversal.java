package org.drtstudio.render.cpu;

import org.drtstudio.accel.voxel.PortalLayout;
import org.drtstudio.accel.voxel.PortalSpace;

/**
 * The portal walk through a {@link PortalSpace} (Edwards 2014), the twin of
 * {@code shaders/voxel_portals.glsl}: the ray starts in the div the entry grid names for its cell
 * (the cell where it enters the grid, for an eye outside), then per step finds the face of the div
 * it leaves (three plane distances), reads that face's portal texel under the exit point and goes
 * to the div named there, until a texel names a solid voxel (the hit: that face, at that
 * distance) or the grid's boundary. Plane distances are measured from the ray's origin every time,
 * so a face shared by two divs is met at the same t from both; t never decreases.
 *
 * <p>Coordinates are the space's own (the voxel node's object space); the direction need not be
 * unit length (t is then in units of it, as the geometry image's instances do). A ray starting
 * inside a solid voxel finds nothing. One instance serves one thread.
 */
public final class PortalTraversal {
    private final PortalSpace space;
    private final int[] divs, portals, entry;
    private final int stepBound;

    /** The last hit: distance, the face's axis (0, 1, 2) and the sign of its normal, the voxel's palette index. */
    public float t;
    public int normalAxis;
    public float normalSign;
    public int palette;
    /** The hit voxel's cell, {@code i + sizeX * (j + sizeY * k)}. */
    public int cell;
    /** Div steps the last ray took. */
    public int steps;
    /** Set when a ray ran past the step bound (a corrupt space). */
    public boolean overflow;

    public PortalTraversal(PortalSpace space) {
        this.space = space;
        this.divs = space.divs();
        this.portals = space.portals();
        this.entry = space.entry();
        // Every step leaves a div through a plane the ray has not crossed before.
        this.stepBound = space.sizeX() + space.sizeY() + space.sizeZ() + 8;
    }

    /** Whether a solid voxel face lies on the ray at 0 ≤ t < tMax; the closest one's details go to the fields. */
    public boolean closest(float ox, float oy, float oz, float dx, float dy, float dz, float tMax) {
        steps = 0;
        overflow = false;
        float gx = ox - space.originX(), gy = oy - space.originY(), gz = oz - space.originZ();
        int div = firstDiv(gx, gy, gz, dx, dy, dz, tMax);
        if (div < 0) return div == ENTERED_SOLID;
        return walkDivs(div, entryT, gx, gy, gz, dx, dy, dz, tMax);
    }

    /** {@link #firstDiv}'s answers besides a div: the ray misses the grid (or starts in a solid voxel); it enters through a solid voxel's face. */
    private static final int MISSED = -1, ENTERED_SOLID = -2;
    /** Where the ray enters the div {@link #firstDiv} returns: 0 from inside the grid, else where it enters the grid's box. */
    private float entryT;

    /**
     * The div the walk starts in, for the ray from grid point g: the entry grid's div for the cell
     * of g, or, from outside, for the cell beyond the face where the ray enters the grid's box
     * (slabs), with {@link #entryT} set; {@link #MISSED}, or {@link #ENTERED_SOLID} with the hit
     * recorded when that cell is solid.
     */
    private int firstDiv(float gx, float gy, float gz, float dx, float dy, float dz, float tMax) {
        int sx = space.sizeX(), sy = space.sizeY(), sz = space.sizeZ();
        entryT = 0f;
        int ci = (int) Math.floor(gx), cj = (int) Math.floor(gy), ck = (int) Math.floor(gz);
        if (ci >= 0 && cj >= 0 && ck >= 0 && ci < sx && cj < sy && ck < sz) {
            int e = entry[ci + sx * (cj + sy * ck)];
            return e < 0 ? MISSED : e;
        }
        float near = 0f, far = tMax;
        int nearAxis = -1;
        float[] g = {gx, gy, gz}, d = {dx, dy, dz};
        int[] size = {sx, sy, sz};
        for (int a = 0; a < 3; a++) {
            if (d[a] == 0f) {
                if (g[a] < 0f || g[a] > size[a]) return MISSED;
                continue;
            }
            float t0 = (0f - g[a]) / d[a], t1 = (size[a] - g[a]) / d[a];
            if (t0 > t1) { float s = t0; t0 = t1; t1 = s; }
            if (t0 > near) { near = t0; nearAxis = a; }
            far = Math.min(far, t1);
        }
        if (near > far || nearAxis < 0) return MISSED;
        int[] cell = new int[3];
        for (int a = 0; a < 3; a++)
            cell[a] = a == nearAxis ? (d[a] > 0 ? 0 : size[a] - 1)
                    : Math.min(size[a] - 1, Math.max(0, (int) Math.floor(g[a] + near * d[a])));
        int entered = cell[0] + sx * (cell[1] + sy * cell[2]);
        int e = entry[entered];
        entryT = near;
        if (e >= 0) return e;
        hit(near, nearAxis, d[nearAxis] > 0 ? -1f : 1f, -e, entered);
        return ENTERED_SOLID;
    }

    /**
     * From div {@code div}, entered at tCurrent, div to div through the portal texels under the exit
     * points until a texel names a solid voxel (the hit, recorded), the grid's boundary or tMax.
     */
    private boolean walkDivs(int div, float tCurrent, float gx, float gy, float gz, float dx, float dy, float dz, float tMax) {
        int sx = space.sizeX(), sy = space.sizeY();
        while (steps++ < stepBound) {
            int o = PortalLayout.DIV_INTS * div;
            int lx = divs[o + PortalLayout.DIV_LO], ly = divs[o + PortalLayout.DIV_LO + 1], lz = divs[o + PortalLayout.DIV_LO + 2];
            int hx = divs[o + PortalLayout.DIV_HI], hy = divs[o + PortalLayout.DIV_HI + 1], hz = divs[o + PortalLayout.DIV_HI + 2];
            float tx = dx > 0 ? (hx - gx) / dx : dx < 0 ? (lx - gx) / dx : Float.POSITIVE_INFINITY;
            float ty = dy > 0 ? (hy - gy) / dy : dy < 0 ? (ly - gy) / dy : Float.POSITIVE_INFINITY;
            float tz = dz > 0 ? (hz - gz) / dz : dz < 0 ? (lz - gz) / dz : Float.POSITIVE_INFINITY;
            int axis;
            float tExit;
            if (tx <= ty && tx <= tz) { axis = 0; tExit = tx; }
            else if (ty <= tz) { axis = 1; tExit = ty; }
            else { axis = 2; tExit = tz; }
            tExit = Math.max(tExit, tCurrent);
            if (tExit >= tMax) return false;
            int ex = hx - lx, ey = hy - ly, ez = hz - lz;
            int face, texel, beyond; // beyond: the cell past the texel (meaningful when it is solid)
            if (axis == 0) {
                face = dx > 0 ? 1 : 0;
                int u = clamp(floor(gy + tExit * dy), ly, hy - 1) - ly, v = clamp(floor(gz + tExit * dz), lz, hz - 1) - lz;
                texel = u + v * ey;
                beyond = (dx > 0 ? hx : lx - 1) + sx * (ly + u + sy * (lz + v));
            } else if (axis == 1) {
                face = dy > 0 ? 3 : 2;
                int u = clamp(floor(gz + tExit * dz), lz, hz - 1) - lz, v = clamp(floor(gx + tExit * dx), lx, hx - 1) - lx;
                texel = u + v * ez;
                beyond = lx + v + sx * ((dy > 0 ? hy : ly - 1) + sy * (lz + u));
            } else {
                face = dz > 0 ? 5 : 4;
                int u = clamp(floor(gx + tExit * dx), lx, hx - 1) - lx, v = clamp(floor(gy + tExit * dy), ly, hy - 1) - ly;
                texel = u + v * ex;
                beyond = lx + u + sx * (ly + v + sy * (dz > 0 ? hz : lz - 1));
            }
            int next = portals[divs[o + PortalLayout.DIV_FIRST_PORTAL] + PortalLayout.faceOffset(face, ex, ey, ez) + texel];
            if (next == PortalLayout.EXIT) return false;
            if (next < 0) {
                float velocity = axis == 0 ? dx : axis == 1 ? dy : dz;
                return hit(tExit, axis, velocity > 0 ? -1f : 1f, -next, beyond);
            }
            div = next;
            tCurrent = tExit;
        }
        overflow = true;
        return false;
    }

    private boolean hit(float tHit, int axis, float sign, int paletteIndex, int hitCell) {
        t = tHit;
        cell = hitCell;
        normalAxis = axis;
        normalSign = sign;
        palette = paletteIndex;
        return true;
    }

    private static int floor(float v) {
        return (int) Math.floor(v);
    }

    private static int clamp(int v, int lo, int hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
