package org.drtstudio.scene.voxel;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;

import java.util.ArrayList;
import java.util.List;

/** Palettes of matte materials from colours, and MagicaVoxel's default palette. */
public final class VoxelPalettes {
    private VoxelPalettes() {
    }

    /** A matte (Lambertian, faint highlight) material of the sRGB colour (r, g, b), 0…255 each. */
    public static Material matte(String name, int r, int g, int b) {
        return matte(name, new Vec3(srgbToLinear(r), srgbToLinear(g), srgbToLinear(b)));
    }

    /** A matte material of the linear colour {@code linear}: its diffuse colour, a fifth of it as ambient. */
    public static Material matte(String name, Vec3 linear) {
        return Material.named(name).ambient(linear.times(0.2f)).diffuse(linear).specular(new Vec3(0.04f, 0.04f, 0.04f))
                .phongExponent(8f).build();
    }

    /** 256 matte materials from packed 0xRRGGBB colours (entry 0 included, though empty cells never use it). */
    public static List<Material> fromRgb(int[] rgb) {
        if (rgb.length != VoxelModel.PALETTE_SIZE) throw new IllegalArgumentException("need 256 colours");
        List<Material> out = new ArrayList<>(rgb.length);
        for (int i = 0; i < rgb.length; i++)
            out.add(matte("palette " + i, (rgb[i] >> 16) & 0xFF, (rgb[i] >> 8) & 0xFF, rgb[i] & 0xFF));
        return out;
    }

    /**
     * MagicaVoxel's palette for files without an RGBA chunk, as 0xRRGGBB by colour index: index 0
     * unused; 1 … 215 the 6×6×6 cube of the levels ff, cc, 99, 66, 33, 00 with red outermost and blue
     * innermost, black left out; 216 … 255 ten-step ramps (ee dd bb aa 88 77 55 44 22 11) of red,
     * green, blue and grey.
     */
    public static int[] magicaVoxelDefault() {
        int[] levels = {0xff, 0xcc, 0x99, 0x66, 0x33, 0x00};
        int[] ramp = {0xee, 0xdd, 0xbb, 0xaa, 0x88, 0x77, 0x55, 0x44, 0x22, 0x11};
        int[] out = new int[VoxelModel.PALETTE_SIZE];
        int n = 1;
        for (int r : levels)
            for (int g : levels)
                for (int b : levels)
                    if (n <= 215) out[n++] = (r << 16) | (g << 8) | b;
        for (int v : ramp) out[n++] = v << 16;
        for (int v : ramp) out[n++] = v << 8;
        for (int v : ramp) out[n++] = v;
        for (int v : ramp) out[n++] = (v << 16) | (v << 8) | v;
        return out;
    }

    static float srgbToLinear(int c) {
        double v = c / 255.0;
        return (float) (v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4));
    }
}
