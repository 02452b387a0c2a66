package org.drtstudio.accel;

import org.drtstudio.scene.Material;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.TextureSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.drtstudio.accel.GeometryImageLayout.NO_TEXTURE;

/**
 * Every distinct texture the materials name, packed one after another into one RGBA32F texel array
 * (the geometry image's {@code textures}): an image's texel (x, y), rows from the bottom, is atlas
 * texel {@code first + y * width + x}, holding r, g, b, 1. Laying images end to end rather than
 * placing rectangles keeps packing trivial and lets the atlas wrap rows at the data-texture width like
 * every other array; filtering and wrapping are computed per texel by the samplers, so images need
 * no borders. A texture the source cannot provide gets no texels and its materials render untextured.
 */
final class TextureAtlas {
    /** A texture as a material names it: the same file read as colour and as height is two images. */
    record Key(String path, TextureImage.Encoding encoding) {
    }

    /** Where an image lies in the atlas; {@link #NONE} for no image. */
    record Ref(int first, int width, int height) {
        static final Ref NONE = new Ref(NO_TEXTURE, 0, 0);
    }

    static final TextureAtlas EMPTY = new TextureAtlas(List.of(), new float[4], Map.of());

    private final List<Key> keys;
    private final float[] texels;
    private final Map<Key, Ref> refs;

    private TextureAtlas(List<Key> keys, float[] texels, Map<Key, Ref> refs) {
        this.keys = keys;
        this.texels = texels;
        this.refs = refs;
    }

    /** The distinct textures of the materials, in order of first use. */
    static List<Key> keysOf(List<Material> materials) {
        Set<Key> keys = new LinkedHashSet<>();
        for (Material m : materials) {
            if (m.diffuseTexture() != null) keys.add(new Key(m.diffuseTexture(), TextureImage.Encoding.COLOR));
            if (m.bumpTexture() != null) keys.add(new Key(m.bumpTexture(), TextureImage.Encoding.HEIGHT));
        }
        return List.copyOf(keys);
    }

    /**
     * Loads and packs the textures.
     *
     * @throws IllegalArgumentException when all textures together exceed what one Java array can hold
     */
    static TextureAtlas build(List<Key> keys, TextureSource source) {
        if (keys.isEmpty()) return EMPTY;
        List<TextureImage> images = new ArrayList<>();
        List<Key> loaded = new ArrayList<>();
        long total = 0;
        for (Key k : keys) {
            TextureImage image = source.load(k.path(), k.encoding());
            if (image == null) continue;
            images.add(image);
            loaded.add(k);
            total += (long) image.width() * image.height();
        }
        if (4 * total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the scene's textures have " + total + " texels together, more than the "
                    + (Integer.MAX_VALUE / 4) + " one texture atlas can hold");
        }
        float[] texels = new float[4 * (int) Math.max(1, total)];
        Map<Key, Ref> refs = new HashMap<>();
        int first = 0;
        for (int i = 0; i < images.size(); i++) {
            TextureImage image = images.get(i);
            float[] rgb = image.rgb();
            int n = image.width() * image.height();
            for (int t = 0; t < n; t++) {
                int o = 4 * (first + t);
                texels[o] = rgb[3 * t];
                texels[o + 1] = rgb[3 * t + 1];
                texels[o + 2] = rgb[3 * t + 2];
                texels[o + 3] = 1f;
            }
            refs.put(loaded.get(i), new Ref(first, image.width(), image.height()));
            first += n;
        }
        return new TextureAtlas(keys, texels, refs);
    }

    List<Key> keys() {
        return keys;
    }

    /** RGBA32F texels; at least one, so the GPU texture is never empty. */
    float[] texels() {
        return texels;
    }

    /** Images actually packed (textures that could not be loaded are not counted). */
    int imageCount() {
        return refs.size();
    }

    Ref diffuse(Material m) {
        return m.diffuseTexture() == null ? Ref.NONE : refs.getOrDefault(new Key(m.diffuseTexture(), TextureImage.Encoding.COLOR), Ref.NONE);
    }

    Ref bump(Material m) {
        return m.bumpTexture() == null ? Ref.NONE : refs.getOrDefault(new Key(m.bumpTexture(), TextureImage.Encoding.HEIGHT), Ref.NONE);
    }
}
