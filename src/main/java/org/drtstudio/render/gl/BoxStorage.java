package org.drtstudio.render.gl;

import java.util.Locale;

/**
 * Where the GPU walk reads the box layout's nodes and primitives from. Both hold the same floats, so
 * both tracers find the same hits (GlBoxStorageTest); they differ in speed only.
 */
public enum BoxStorage {
    /** RGBA32F textures read with texelFetch, like the rest of the geometry image. */
    TEXTURES,
    /**
     * Read-only shader storage buffers read as vec4 arrays: plain global loads. On an H100 these made
     * the ray kernels 4-27 % faster (bunny_18m shadow rays 2,947 -> 3,757 Mrays/s); on llvmpipe the
     * same renders took 25 % longer (git history of docs/BENCHMARKS.md, "The box layout in storage buffers").
     */
    BUFFERS;

    /**
     * The measured faster on each kind of device; the system property {@code drt.boxStorage}
     * ({@code textures} or {@code buffers}) overrides it for experiments and tests.
     */
    static BoxStorage defaultFor(GlInfo info) {
        String forced = System.getProperty("drt.boxStorage", "");
        if (!forced.isEmpty()) return valueOf(forced.toUpperCase(Locale.ROOT));
        return info.software() ? TEXTURES : BUFFERS;
    }
}
