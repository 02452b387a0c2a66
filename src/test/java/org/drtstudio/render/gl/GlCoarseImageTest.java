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
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The studio's first picture of a large model comes through its coarse hierarchy (a linear BVH with
 * leaves of up to 16 primitives, GeometryImageBuilder.coarseFirstFrom): the GLSL walks find the same hits through it
 * as through the full hierarchy, in the box layout and in the sphere nodes.
 */
@Timeout(600)
class GlCoarseImageTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> BOXES = SharedGl.renderer();
    private static final Set<Aov> AOVS = EnumSet.of(Aov.RADIANCE, Aov.DEPTH, Aov.NORMAL);

    @Test
    void theCoarseImageShowsTheSamePictureAsTheFullOne() throws Exception {
        Scene soup = TestScenes.randomSoup(21, 30_000, 200);
        Scene s = soup.withSettings(soup.settings().withSize(48, 36).withSampling(2, 4, 5));
        GeometryImage full = new GeometryImageBuilder().build(s);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.coarseFirstFrom(10_000);
        GeometryImage coarse = builder.build(s);
        assertTrue(builder.hasCoarseShapes(), "the soup's mesh is built coarse first");
        assertTrue(coarse.nodeCount() < full.nodeCount() / 2, "coarse " + coarse.nodeCount() + " nodes, full " + full.nodeCount());
        Frame a = render(BOXES.get(), full, s), b = render(BOXES.get(), coarse, s);
        assertEquals(0, a.errors());
        assertEquals(0, b.errors(), "the walk overflowed on the coarse image");
        assertArrayEquals(a.depth(), b.depth(), "the same first hits");
        double mean = 0, worst = 0;
        for (int i = 0; i < a.radiance().length; i++) {
            mean += a.radiance()[i];
            worst = Math.max(worst, Math.abs(a.radiance()[i] - b.radiance()[i]) / Math.max(1, Math.abs(a.radiance()[i])));
        }
        assertTrue(mean / a.radiance().length > 0.01, "the picture is lit, so the comparison says something");
        assertTrue(worst <= 1e-4, "radiance differs beyond rounding: " + worst);
        try (GlRenderer spheres = GlRenderer.start(false, NodeKind.SPHERES)) {
            Frame c = render(spheres, coarse, s);
            assertEquals(0, c.errors(), "the sphere walk overflowed on the coarse image");
            assertArrayEquals(a.depth(), c.depth(), "the same first hits through the coarse sphere nodes");
        }
    }

    private static Frame render(GlRenderer gpu, GeometryImage image, Scene s) throws Exception {
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.BOX);
        return gpu.render(image, p, AOVS, ProgressListener.NONE);
    }
}
