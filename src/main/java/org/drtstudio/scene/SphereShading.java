package org.drtstudio.scene;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The looks of the sphere caster's scenes (issue 42): {@link #FLAT}, the paper's naive version (each
 * sphere its colour), and {@link #FACING}, its shipped look (the colour times the facing ratio
 * max(0, N·(−Rd))). Both are scenes the tracers render as they render any scene ({@link RandomSpheres}).
 */
public enum SphereShading {
    FLAT("flat"),
    FACING("facing");

    private final String cliName;

    SphereShading(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** The scene of {@code spheres} in this look at {@code width}×{@code height}. */
    public Scene scene(RandomSpheres spheres, int width, int height) {
        return this == FLAT ? spheres.flatScene(width, height) : spheres.facingScene(width, height);
    }

    /** Whether the scene's light is at the eye and so moves with a moving camera. */
    public boolean headlight() {
        return this == FACING;
    }

    /**
     * @throws IllegalArgumentException naming the value and the choices, in one line
     */
    public static SphereShading parse(String text) {
        String name = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (SphereShading s : values()) if (s.cliName.equals(name)) return s;
        throw new IllegalArgumentException("--shading must be " + Arrays.stream(values()).map(SphereShading::cliName)
                .collect(Collectors.joining(" or ")) + ", got '" + text + "'");
    }
}
