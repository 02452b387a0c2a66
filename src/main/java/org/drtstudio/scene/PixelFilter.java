package org.drtstudio.scene;

/**
 * Reconstruction filter of the pixel samples, applied by importance sampling: sample positions
 * are drawn with the filter's density around the pixel centre, so every sample weighs the same.
 */
public enum PixelFilter {
    /** Uniform over the pixel's square. */
    BOX,
    /** Triangle of radius 1 pixel in x and y (separable). */
    TENT,
    /** Gaussian with a standard deviation of 0.5 pixel. */
    GAUSSIAN;

    /** The code the shaders switch on (the enum's ordinal, named for clarity). */
    public int shaderCode() {
        return ordinal();
    }
}
