package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Scene;
import org.drtstudio.testing.TestScenes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The GLSL sphere walk (--nodes spheres) follows the next/skip links of the DRT paper's non-binary
 * trees (spheres thrown back into their parents, GeometryImageBuilder.throwBack): the same first
 * hits and picture as through the binary tree.
 */
@Timeout(600)
class GlThrowBackTest {
    private static final Set<Aov> AOVS = EnumSet.of(Aov.RADIANCE, Aov.DEPTH, Aov.NORMAL);

    @Test
    void theThrownBackTreeShowsTheBinaryTreesPicture() throws Exception {
        Scene soup = TestScenes.randomSoup(21, 6_000, 200);
        Scene s = soup.withSettings(soup.settings().withSize(48, 36).withSampling(2, 4, 5));
        GeometryImage binary = new GeometryImageBuilder().build(s);
        GeometryImageBuilder wide = new GeometryImageBuilder();
        wide.throwBack(0.7f);
        GeometryImage thrown = wide.build(s);
        assertTrue(thrown.nodeCount() < binary.nodeCount(), "spheres were thrown back");
        try (GlRenderer spheres = GlRenderer.start(false, NodeKind.SPHERES)) {
            Frame a = render(spheres, binary, s), b = render(spheres, thrown, s);
            assertEquals(0, a.errors());
            assertEquals(0, b.errors(), "the sphere walk overflowed on the thrown-back tree");
            assertArrayEquals(a.depth(), b.depth(), "the same first hits");
            double mean = 0, worst = 0;
            for (int i = 0; i < a.radiance().length; i++) {
                mean += a.radiance()[i];
                worst = Math.max(worst, Math.abs(a.radiance()[i] - b.radiance()[i]) / Math.max(1, Math.abs(a.radiance()[i])));
            }
            assertTrue(mean / a.radiance().length > 0.01, "the picture is lit, so the comparison says something");
            assertTrue(worst <= 1e-4, "radiance differs beyond rounding: " + worst);
        }
    }

    private static Frame render(GlRenderer gpu, GeometryImage image, Scene s) throws Exception {
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
        return gpu.render(image, p, AOVS, ProgressListener.NONE);
    }
}
