package org.drtstudio.render.denoise;

/** Which {@link GuideBudget} a render gets, by the size of its whole picture (not of a tile). */
@FunctionalInterface
public interface GuideBudgetChoice {
    GuideBudget forPicture(int width, int height);
}
