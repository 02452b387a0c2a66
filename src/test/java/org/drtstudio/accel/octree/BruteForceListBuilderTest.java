package org.drtstudio.accel.octree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.accel.SpatialLayout;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.NodeKind;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SphereLayout;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** {@code --accel brute}: one box a shape, listing every primitive once, and the BVH's picture. */
class BruteForceListBuilderTest {
    @Test
    void everyShapeIsOneBoxListingAllItsPrimitives() {
        Scene scene = RandomSpheres.generate(500, 2, SphereLayout.PAPER).flatScene(16, 9);
        GeometryImage image = GeometryImagePacker.pack(scene);
        SpatialLayout layout = SpatialLayouts.build(image, AccelStructure.BRUTE, SpatialLayouts.settings());
        assertEquals(AccelStructure.BRUTE, layout.structure());
        OctreeStatistics stats = OctreeStatistics.of(layout);
        assertEquals(stats.shapes(), stats.boxes(), "one box a shape");
        assertEquals(500, stats.entries(), "each sphere listed once");
        assertEquals(1, stats.shapes(), "the spheres are one shape");
        assertEquals(500, stats.maxPerBox(), "so one list of all 500");
        assertEquals(0, stats.maxDepth());
    }

    @Test
    void theCpuTracerSeesWhatTheBvhSeesOnThePapersScene() throws Exception {
        Scene scene = RandomSpheres.generate(300, 5, SphereLayout.PAPER).flatScene(64, 36);
        AccelAgreementChecks.assertAgrees(new CpuRenderer(2), new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.BRUTE), scene, "paper spheres brute");
    }
}
