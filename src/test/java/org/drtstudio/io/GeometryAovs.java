package org.drtstudio.io;

import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Scene;

import java.util.EnumSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Renders the depth, normal and albedo AOVs of imported scenes on the CPU tracer through one
 * camera, and compares two of them: what "the same geometry" means for importers of different
 * formats, measured where the renderer sees it.
 */
public final class GeometryAovs {
    public static final int SIZE = 48;

    private GeometryAovs() {
    }

    /** The AOVs of {@code scene} seen through {@code camera}, one sample at each pixel's centre. */
    public static Frame render(Scene scene, Camera camera) throws Exception {
        return render(scene, camera, false);
    }

    /** As {@link #render(Scene, Camera)}; with {@code textured}, the materials' textures loaded and sampled. */
    public static Frame render(Scene scene, Camera camera, boolean textured) throws Exception {
        var image = textured ? GeometryImagePacker.pack(scene, new org.drtstudio.io.image.TextureLoader()) : GeometryImagePacker.pack(scene);
        var settings = scene.settings().withSize(SIZE, SIZE).withSampling(1, scene.settings().maxDepth(), 1);
        try (CpuRenderer cpu = new CpuRenderer(2)) {
            return cpu.render(image, TraceParameters.of(camera, settings, image), EnumSet.of(Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO),
                    ProgressListener.NONE);
        }
    }

    /**
     * Asserts that {@code actual} shows what {@code expected} shows: the same pixels hit, depths within
     * a relative {@code tolerance}, normals within {@code tolerance} per component, and (when
     * {@code albedo}) the same albedo; at least {@code minHits} pixels hit.
     */
    public static void assertSame(Frame expected, Frame actual, float tolerance, boolean albedo, int minHits) {
        assertSame(expected, actual, tolerance, albedo, minHits, 0);
    }

    /** As above, allowing {@code maxDifferent} pixels to differ (a silhouette pixel whose centre ray grazes an edge). */
    public static void assertSame(Frame expected, Frame actual, float tolerance, boolean albedo, int minHits, int maxDifferent) {
        int hits = 0, bad = 0;
        StringBuilder first = new StringBuilder();
        for (int i = 0; i < SIZE * SIZE; i++) {
            float de = expected.depth()[i], da = actual.depth()[i];
            boolean missE = !Float.isFinite(de), missA = !Float.isFinite(da);
            boolean ok = missE == missA;
            if (ok && !missE) {
                hits++;
                ok = Math.abs(de - da) <= tolerance * Math.max(1f, Math.abs(de));
                for (int k = 0; k < 3; k++) {
                    ok &= Math.abs(expected.normals()[3 * i + k] - actual.normals()[3 * i + k]) <= tolerance;
                    if (albedo) ok &= Math.abs(expected.albedo()[3 * i + k] - actual.albedo()[3 * i + k]) <= tolerance;
                }
            }
            if (!ok && bad++ == 0) {
                first.append("pixel ").append(i % SIZE).append(',').append(i / SIZE).append(": depth ").append(de).append(" vs ").append(da)
                        .append(", normal ").append(expected.normals()[3 * i]).append(',').append(expected.normals()[3 * i + 1]).append(',')
                        .append(expected.normals()[3 * i + 2]).append(" vs ").append(actual.normals()[3 * i]).append(',')
                        .append(actual.normals()[3 * i + 1]).append(',').append(actual.normals()[3 * i + 2])
                        .append(", albedo ").append(expected.albedo()[3 * i]).append(" vs ").append(actual.albedo()[3 * i]);
            }
        }
        assertTrue(bad <= maxDifferent, bad + " pixels differ, first " + first);
        assertTrue(hits >= minHits, "only " + hits + " pixels hit the model");
    }
}
