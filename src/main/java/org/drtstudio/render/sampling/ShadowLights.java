package org.drtstudio.render.sampling;

import java.util.Locale;

/**
 * Which lights a shaded point sends shadow rays to ({@code --shadow-lights}). The div-portal
 * article (Edwards 2014) lights a level by casting a point's shadow ray only to the light nearest
 * its cell; {@link #NEAREST} does that for every shaded point (the nearest light to the point
 * itself, not to its cell: the same choice except near the planes halfway between two lights), and
 * the other lights add nothing there. It changes the picture, so it is a lighting choice, not a
 * speed setting.
 */
public enum ShadowLights {
    /** Every light: the default, and the reference. */
    ALL,
    /** Only the light whose position is nearest the shaded point (ties go to the lower index). */
    NEAREST;

    /** The word on the command line. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the word and the choices */
    public static ShadowLights parse(String word) {
        for (ShadowLights s : values()) if (s.cliName().equals(word)) return s;
        throw new IllegalArgumentException("--shadow-lights must be all or nearest, got '" + word + "'");
    }
}
