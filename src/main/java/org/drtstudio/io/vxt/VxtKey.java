package org.drtstudio.io.vxt;

import org.drtstudio.io.vox.VoxMaterials;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One {@code key} line of a {@code .vxt} file: the character that stands for a palette entry in
 * the layers, its linear colour and its material kind. The kinds are built by
 * {@link VoxMaterials}, the .vox reader's mapping, so a voxel material means the same in both
 * formats (see {@link VxtReader} for the syntax).
 *
 * @param value the kind's number: roughness (glossy), index of refraction (glass), strength (emissive); 0 otherwise
 */
public record VxtKey(char character, Vec3 colour, Kind kind, float value) {
    /** The material kinds of a key line, with the range of the number each takes (none for matte and mirror). */
    public enum Kind {
        /** {@link VoxMaterials#matte}: the colour as diffuse. */
        MATTE(false, 0, 0),
        /** {@link VoxMaterials#metal} of weight 1 and roughness VALUE: a rough mirror tinted by the colour. */
        GLOSSY(true, 0, 1),
        /** {@link VoxMaterials#metal} of weight 1 and roughness 0. */
        MIRROR(false, 0, 0),
        /** {@link VoxMaterials#glass}: fully transparent, index of refraction VALUE, smooth. */
        GLASS(true, 1, 3),
        /** {@link VoxMaterials#emissive}: glows with VALUE × 10 times its colour under the ambient term. */
        EMISSIVE(true, 0, 100);

        final boolean takesValue;
        final float min, max;

        Kind(boolean takesValue, float min, float max) {
            this.takesValue = takesValue;
            this.min = min;
            this.max = max;
        }

        /** The kind's word in a file. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind of {@code word}, or null when it names none. */
        static Kind of(String word) {
            for (Kind k : values()) if (k.word().equals(word)) return k;
            return null;
        }
    }

    /** The palette entry's material, named {@code vxt C} after its character. */
    public Material material() {
        String name = "vxt " + character;
        return switch (kind) {
            case MATTE -> VoxMaterials.matte(name, colour);
            case GLOSSY -> VoxMaterials.metal(name, colour, 1f, value);
            case MIRROR -> VoxMaterials.metal(name, colour, 1f, 0f);
            case GLASS -> VoxMaterials.glass(name, colour, 1f, value, 0f);
            case EMISSIVE -> VoxMaterials.emissive(name, colour, value, 0f);
        };
    }

    /**
     * Whether {@code c} may stand for a palette entry: a visible character of the Basic Multilingual
     * Plane that is not '.' (the empty cell), white space, a control, format or private-use
     * character, a combining mark, half of a surrogate pair or U+FFFD (what undecodable bytes become).
     */
    public static boolean isKeyCharacter(char c) {
        if (c == VxtReader.EMPTY || c == '\uFFFD' || Character.isISOControl(c) || Character.isSurrogate(c)
                || !Character.isDefined(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)) return false;
        int type = Character.getType(c);
        return type != Character.FORMAT && type != Character.PRIVATE_USE && type != Character.NON_SPACING_MARK
                && type != Character.ENCLOSING_MARK && type != Character.COMBINING_SPACING_MARK;
    }

    /**
     * The key line that gives {@code m} back exactly (its name aside), or, for a material no kind
     * makes, a matte key of its diffuse colour clamped to 0…1. Materials read from a {@code .vxt}
     * or made by {@link VoxMaterials} (a .vox file's palette) come back exactly; colours are
     * recovered bit for bit where the kind scales them (glass keeps its colour at 1/20 in the
     * ambient term).
     */
    static VxtKey describe(char character, Material m) {
        for (VxtKey candidate : candidates(character, m)) {
            if (!candidate.inRange()) continue;
            if (candidate.material().withName(m.name()).equals(m)) return candidate;
        }
        Vec3 d = m.diffuse();
        return new VxtKey(character, new Vec3(clamp(d.x()), clamp(d.y()), clamp(d.z())), Kind.MATTE, 0f);
    }

    private static List<VxtKey> candidates(char character, Material m) {
        List<VxtKey> out = new ArrayList<>();
        out.add(new VxtKey(character, m.diffuse(), Kind.MATTE, 0f));
        if (m.transparency() > 0) {
            Vec3 a = m.ambient();
            out.add(new VxtKey(character, new Vec3(inverse(a.x(), 0.05f), inverse(a.y(), 0.05f), inverse(a.z(), 0.05f)),
                    Kind.GLASS, m.ior()));
        }
        if (m.reflectivity() > 0) {
            out.add(new VxtKey(character, m.specular(), Kind.MIRROR, 0f));
            out.add(new VxtKey(character, m.specular(), Kind.GLOSSY, m.roughness()));
        }
        Vec3 c = m.diffuse(), a = m.ambient();
        float largest = Math.max(c.x(), Math.max(c.y(), c.z()));
        float lit = largest == c.x() ? a.x() : largest == c.y() ? a.y() : a.z();
        float strength = largest > 0 ? lit / largest / 10f : 0f;
        // the factory scales by strength × (1 + 0) × 10: search the floats round the quotient for the one it rounds to
        float s = strength;
        for (int step = 0; step < 16; step++) {
            out.add(new VxtKey(character, c, Kind.EMISSIVE, s));
            s = (step & 1) == 0 ? nudge(strength, step / 2 + 1) : nudge(strength, -(step / 2 + 1));
        }
        return out;
    }

    private boolean inRange() {
        for (float v : new float[]{colour.x(), colour.y(), colour.z()}) if (!(v >= 0f && v <= 1f)) return false;
        return !kind.takesValue || (value >= kind.min && value <= kind.max);
    }

    /** The float c nearest {@code target / factor} with c × factor == target in float, if one is a few steps away. */
    private static float inverse(float target, float factor) {
        float c = target / factor;
        for (int step = 0; step <= 8; step++) {
            for (int sign : new int[]{1, -1}) {
                float t = nudge(c, sign * step);
                if (t * factor == target) return t;
            }
        }
        return c;
    }

    private static float nudge(float v, int ulps) {
        for (int k = 0; k < Math.abs(ulps); k++) v = ulps > 0 ? Math.nextUp(v) : Math.nextDown(v);
        return v;
    }

    private static float clamp(float v) {
        return v >= 0f ? Math.min(1f, v) : 0f;
    }
}
