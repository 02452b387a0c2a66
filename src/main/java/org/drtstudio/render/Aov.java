package org.drtstudio.render;

/** Extra images a render can produce beside the colour image. */
public enum Aov {
    /** Distance from the eye to the first hit along the normalised pixel-centre ray; +Inf on a miss. */
    DEPTH,
    /** Unit shading normal of the first hit along the pixel-centre ray, turned toward the eye; 0 on a miss. */
    NORMAL,
    /** Diffuse colour of the first hit along the pixel-centre ray; 0 on a miss. */
    ALBEDO,
    /** The linear, un-tone-mapped mean radiance per pixel (RGB floats). */
    RADIANCE;

    /** Whether the AOV pass (pixel-centre ray, first hit) produces it. */
    public boolean fromFirstHit() {
        return this == DEPTH || this == NORMAL || this == ALBEDO;
    }
}
