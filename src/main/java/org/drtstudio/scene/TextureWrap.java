package org.drtstudio.scene;

/**
 * How texture coordinates outside [0, 1] address a texture: both tracers apply it per texel when
 * filtering, so a bilinear footprint at an edge wraps or clamps exactly like the coordinate.
 */
public enum TextureWrap {
    /** The texture tiles: u and u + 1 show the same texel (MTL's default). */
    REPEAT,
    /** The edge texels extend outward (MTL's {@code -clamp on}). */
    CLAMP
}
