package org.drtstudio.bench;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The christen suite's stand-ins for the uniform-grid paper's scenes A, B and C have exactly the
 * paper's triangle counts, and render: the grid finds the BVH's hits on each (CPU tracer), and each
 * larger scene shows more than the one before (its balls cover pixels the smaller one does not).
 */
class ChristenScenesTest {
    @Test
    void theScenesHaveThePapersTriangleCounts() {
        List<SuiteScenes.Loaded> all = ChristenScenes.all();
        assertEquals(List.of("christen_a", "christen_b", "christen_c"), all.stream().map(SuiteScenes.Loaded::name).toList());
        int[] expected = {ChristenScenes.A_TRIANGLES, ChristenScenes.B_TRIANGLES, ChristenScenes.C_TRIANGLES};
        assertArrayEquals(new int[]{36, 2_064, 61_562}, expected);
        for (int k = 0; k < 3; k++) {
            GeometryImage gi = new GeometryImageBuilder().build(all.get(k).scene());
            assertEquals(expected[k], gi.triangleCount(), all.get(k).name());
            assertEquals(0, gi.sphereCount(), all.get(k).name() + " is all triangles");
        }
    }

    @Test
    void theGridFindsTheBvhsHitsAndEachSceneShowsMoreThanTheLast() throws Exception {
        float[] before = null;
        try (CpuRenderer bvh = new CpuRenderer(2); CpuRenderer grid = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.GRID)) {
            for (SuiteScenes.Loaded l : ChristenScenes.all()) {
                Scene s = l.scene().withSettings(l.scene().settings().withSize(48, 36));
                AccelAgreementChecks.assertAgrees(bvh, grid, s, l.name());
                Frame f = AccelAgreementChecks.renderBoth(bvh, grid, s)[0];
                for (float d : f.depth()) assertTrue(Float.isFinite(d), l.name() + ": the camera is inside the room, every pixel hits");
                if (before != null) {
                    int nearer = 0;
                    for (int i = 0; i < before.length; i++) if (f.depth()[i] < before[i] - 1e-3f) nearer++;
                    assertTrue(nearer >= 20, l.name() + ": its balls cover pixels the smaller scene shows the room in: " + nearer);
                }
                before = f.depth();
            }
        }
    }
}
