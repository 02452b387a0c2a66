package org.drtstudio.scene;

/**
 * Turns the texture paths that materials name into decoded images. The renderer asks for every
 * texture of a scene when it packs the scene; a source that cannot provide one answers null, after
 * telling its user why (the material is then rendered as if untextured, never refused).
 */
@FunctionalInterface
public interface TextureSource {
    /** A source with no textures at all: every material renders untextured. */
    TextureSource NONE = (path, encoding) -> null;

    /**
     * @param path     the path as the material holds it (resolved next to the file that named it)
     * @param encoding how to interpret the file's values
     * @return the decoded image, or null when it is unavailable
     */
    TextureImage load(String path, TextureImage.Encoding encoding);
}
