package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.render.GuideScenes;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The guide pass's walk of a camera ray's guide chain ({@link WhittedIntegrator#firstHit}) ends on
 * the surface the shading's record of the same ray ends on ({@link WhittedIntegrator#radiance} with
 * {@code guides.on}), also where the shading's ray stack runs out of room: between two facing
 * part-transparent mirrors every reflection leaves a refracted ray waiting.
 */
class GuideWalkTest {
    @Test
    void theWalkEndsWhereTheShadingsRecordEnds() throws Exception {
        for (int maxDepth : new int[]{5, 12}) {
            Scene s = GuideScenes.facingMirrors(maxDepth);
            GeometryImage image = GeometryImagePacker.pack(s);
            TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
            WhittedIntegrator shading = new WhittedIntegrator(image, p), walk = new WhittedIntegrator(image, p);
            shading.guides.on = true;
            PrimaryRays rays = new PrimaryRays(p);
            float[] colour = new float[3], guide = new float[6];
            float deepest = 1f;
            for (int y = 0; y < 16; y++) {
                for (int x = 0; x < 16; x++) {
                    rays.generate(x, y, 0);
                    float[] o = rays.origin, d = rays.direction;
                    shading.radiance(o[0], o[1], o[2], d[0], d[1], d[2], rays.time, y * 16 + x, 0, colour);
                    float t = walk.firstHit(o[0], o[1], o[2], d[0], d[1], d[2], rays.time, guide);
                    String where = "depth " + maxDepth + ", pixel " + x + "," + y;
                    assertEquals(shading.guides.distance, t, 1e-6f, where + ": first hit");
                    assertArrayEquals(shading.guides.guide, guide, 1e-6f, where + ": guides");
                    deepest = Math.min(deepest, Math.max(guide[3], guide[5]));
                }
            }
            // The chain reflected on and on: its throughput, 0.6 and a little Fresnel a bounce, is in the albedo.
            assertTrue(deepest < 0.05f * (maxDepth > 8 ? 0.1f : 1f), "depth " + maxDepth + ": the chains went deep: " + deepest);
        }
    }
}
