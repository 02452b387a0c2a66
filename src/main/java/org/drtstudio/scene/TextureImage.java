package org.drtstudio.scene;

/**
 * A decoded texture: linear float RGB, three floats per texel, rows from the bottom of the picture
 * up, so that texel (x, y) covers texture coordinates [x/width, (x+1)/width] × [y/height, (y+1)/height]
 * in the OBJ convention (v = 0 at the bottom edge). Colour maps hold linear radiometric values (sRGB
 * already decoded); bump maps hold the height in all three channels.
 *
 * <p>It lives in {@code scene}, beside the materials that name textures by path, so that the loader
 * ({@code io.image}) and the geometry-image packer ({@code accel}) share it without depending on each
 * other. The array is owned by the image once constructed: nobody modifies it.
 */
public record TextureImage(int width, int height, float[] rgb) {
    public TextureImage {
        if (width < 1 || height < 1) throw new IllegalArgumentException("texture size " + width + "x" + height + " must be at least 1x1");
        if ((long) width * height * 3 != rgb.length)
            throw new IllegalArgumentException("a " + width + "x" + height + " texture needs " + 3L * width * height + " floats, got " + rgb.length);
    }

    /** What a texture file holds, which decides how its 8-bit values become floats. */
    public enum Encoding {
        /** A colour (map_Kd): sRGB-encoded values are decoded to linear. */
        COLOR,
        /** Data (map_bump): values are used as stored; the height is the luminance. */
        HEIGHT,
        /**
         * An environment light's sky ({@link Environment}): decoded as a colour (HDR and EXR stay
         * linear); only the messages about it differ (the scene, not a material, goes without it).
         */
        ENVIRONMENT
    }
}
