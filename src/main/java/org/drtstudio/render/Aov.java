package org.drtstudio.render;

/** Extra images a render can produce beside the colour image. */
public enum Aov {
    /** Distance from the eye to the first hit along the normalised pixel-centre ray; +Inf on a miss. */
    DEPTH,
    /** The linear, un-tone-mapped mean radiance per pixel (RGB floats). */
    RADIANCE
}
