package org.drtstudio.scene.authored;

/**
 * How a value travels from one key to the next. A key's interpolation shapes the segment that
 * starts at that key; the last key's interpolation is unused.
 */
public enum Interpolation {
    /** Constant speed. */
    LINEAR,
    /** Ease in and out: smoothstep 3u² − 2u³, slow at both keys, symmetric about the midpoint. */
    EASE;

    /** Maps the segment fraction u in [0, 1] to the blend weight. */
    public double shape(double u) {
        return switch (this) {
            case LINEAR -> u;
            case EASE -> u * u * (3 - 2 * u);
        };
    }
}
