package org.drtstudio.io.obj;

/**
 * Smooth vertex normals for models that give none: the area-weighted average of the normals of
 * the faces around a vertex. Faces share a normal at a vertex only when they are in the same
 * smoothing group, so a group boundary stays a crease.
 *
 * <p>Usage: get a {@link #slot} for each (position, smoothing group) pair a face touches,
 * {@link #add} the face's area-weighted normal to each of its corners' slots, then read the
 * {@link #normal}s. Sums are kept in double: a vertex of a dense scan sums many tiny vectors.
 */
final class NormalGenerator {
    private final IntTripleMap slots;
    private double[] sums;
    private int count;

    NormalGenerator(int expectedSlots) {
        slots = new IntTripleMap(expectedSlots);
        sums = new double[3 * Math.max(16, expectedSlots)];
    }

    /** The accumulator shared by all corners at this position in this smoothing group. */
    int slot(int position, int smoothingGroup) {
        int slot = slots.get(position, smoothingGroup, 0);
        if (slot >= 0) return slot;
        slot = count++;
        if (3 * count > sums.length) sums = java.util.Arrays.copyOf(sums, 2 * sums.length);
        slots.put(position, smoothingGroup, 0, slot);
        return slot;
    }

    /** Adds a face normal whose length is proportional to the face's area (e.g. a Newell normal). */
    void add(int slot, double x, double y, double z) {
        sums[3 * slot] += x;
        sums[3 * slot + 1] += y;
        sums[3 * slot + 2] += z;
    }

    /**
     * Writes the unit normal of a slot to {@code out[offset..offset+2]}.
     *
     * @return false, leaving {@code out} alone, when the faces' normals cancel or have no area
     */
    boolean normal(int slot, float[] out, int offset) {
        double x = sums[3 * slot], y = sums[3 * slot + 1], z = sums[3 * slot + 2];
        double length = Math.sqrt(x * x + y * y + z * z);
        if (!(length > 0) || !Double.isFinite(length)) return false;
        out[offset] = (float) (x / length);
        out[offset + 1] = (float) (y / length);
        out[offset + 2] = (float) (z / length);
        return true;
    }
}
