package org.drtstudio.accel.voxel;

/** How a portal texel picks, among the divs that hold the cell beyond it, the one a ray goes to. */
public enum PortalChoice {
    /**
     * The paper's idea, measured directly: the div in which rays entering through the texel (16
     * cosine-distributed directions about the face's normal, from the texel's centre) travel
     * farthest on average before they leave it, so fewer steps follow.
     */
    LONGEST_EXPECTED_RAY,
    /** The div that first covered the cell when divs were grown (one fixed rasterisation; the baseline). */
    FIRST_COVER
}
