package org.drtstudio.scene;

/**
 * An environment light: an equirectangular picture (a Radiance {@code .hdr} or OpenEXR sky, linear
 * radiance) around the scene at infinite distance. It is what rays that leave the scene see, in
 * place of the background colour, and it lights the surfaces (docs/ARCHITECTURE.md, "Environment
 * light"). Unturned, the picture's centre column lies along +z, its left and right edges along −z,
 * its top row straight up (+y), as a sphere's texture coordinates are laid out.
 *
 * @param path            the picture, as the settings name it (resolved like a texture path)
 * @param rotationDegrees turn of the map about the vertical axis (+y), in degrees: +90 brings the picture's centre from +z to +x
 * @param strength        factor on the picture's values; 1 renders them as stored
 */
public record Environment(String path, float rotationDegrees, float strength) {
    /** The largest strength a user may set: far above any sky's need, well below float overflow in the sums. */
    public static final float MAX_STRENGTH = 1e6f;

    public Environment {
        if (path == null || path.isBlank()) throw new IllegalArgumentException("an environment light needs a picture file");
        if (!Float.isFinite(rotationDegrees)) throw new IllegalArgumentException("environment rotation must be a finite angle, got " + rotationDegrees);
        if (!(strength >= 0 && strength <= MAX_STRENGTH))
            throw new IllegalArgumentException("environment strength must be between 0 and " + MAX_STRENGTH + ", got " + strength);
    }

    /** The picture at its stored brightness, unturned. */
    public static Environment of(String path) {
        return new Environment(path, 0f, 1f);
    }

    public Environment withPath(String newPath) {
        return new Environment(newPath, rotationDegrees, strength);
    }

    public Environment withRotation(float degrees) {
        return new Environment(path, degrees, strength);
    }

    public Environment withStrength(float newStrength) {
        return new Environment(path, rotationDegrees, newStrength);
    }
}
