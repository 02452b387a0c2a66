package org.drtstudio.accel.voxel;

/** How a portal texel picks, among the divs that hold the cell beyond it, the one a ray goes to. */
public enum PortalChoice {
    /**
     * This program's heuristic: the div in which rays entering through the texel (16
     * cosine-distributed directions about the face's normal, from the texel's centre) travel
     * farthest on average before they leave it, so fewer steps follow. The article's heuristic
     * adds a wall term: {@link #LENGTH_OVER_EXIT_CHANCE}.
     */
    LONGEST_EXPECTED_RAY,
    /**
     * The div-portal article's heuristic as issue 42 describes it (the article's own text was not
     * found): the expected length of {@link #LONGEST_EXPECTED_RAY} divided by the probability that a
     * ray entering the candidate reaches an exit (a portal into another div) rather than a wall,
     * read from the candidate's {@link FluxDensity} table. A div where rays end on walls is worth
     * more: a ray that hits a wall takes no further step. Measured (voxels suite, 720×360): 8.481
     * div steps a ray in the 96³ caves against the heuristic's 8.465, the same in the maze; an
     * option ({@code drt render --portal-build wall-term}), not the default.
     */
    LENGTH_OVER_EXIT_CHANCE,
    /** The div that first covered the cell when divs were grown (one fixed rasterisation; the baseline). */
    FIRST_COVER
}
