package org.drtstudio.accel.voxel;

/** How a portal texel picks, among the divs that hold the cell beyond it, the one a ray goes to. */
public enum PortalChoice {
    /**
     * This program's heuristic: the div in which rays entering through the texel (16
     * cosine-distributed directions about the face's normal, from the texel's centre) travel
     * farthest on average before they leave it, so fewer steps follow. Not the article's, which
     * divides the expected length by the probability of reaching an exit rather than a wall, from
     * its FluxDensity table (issue 42; not built).
     */
    LONGEST_EXPECTED_RAY,
    /** The div that first covered the cell when divs were grown (one fixed rasterisation; the baseline). */
    FIRST_COVER
}
