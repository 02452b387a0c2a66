package org.drtstudio.render.cpu;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.accel.grid.GridResolution;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * What docs/ACCEL.md's insertion table rests on: with the same cells, the exact insertion's walk visits
 * the very cells the boxes' walk visits, and tests fewer primitives.
 */
class GridTestCountsTest {
    @AfterEach
    void restoreSettings() {
        SpatialLayouts.setSettings(SpatialLayouts.Settings.DEFAULT);
    }

    @Test
    void bothInsertionsVisitTheSameCellsAndTheExactOneTestsFewer() throws Exception {
        Scene scene = SceneLoader.load(Path.of("src/test/resources/data/nff/teapot_s1.nff")).scene();
        GeometryImage image = new GeometryImageBuilder().build(scene);
        TraceParameters p = TraceParameters.of(scene.camera(), scene.settings().withSize(64, 48), image);
        for (GridResolution resolution : new GridResolution[]{GridResolution.DEFAULT, GridResolution.fixed(24)}) {
            SpatialLayouts.setSettings(SpatialLayouts.Settings.DEFAULT.withGrid(resolution).withGridInsertion(GridInsertion.BOXES));
            GridTestCounts.PerRay boxes = GridTestCounts.perCameraRay(image, p, AccelStructure.GRID);
            SpatialLayouts.setSettings(SpatialLayouts.Settings.DEFAULT.withGrid(resolution).withGridInsertion(GridInsertion.TRIANGLES));
            GridTestCounts.PerRay exact = GridTestCounts.perCameraRay(image, p, AccelStructure.GRID);
            assertTrue(boxes.cells() > 1, resolution.describe() + ": rays cross cells: " + boxes);
            assertEquals(boxes.cells(), exact.cells(), resolution.describe() + ": the same cells");
            assertTrue(exact.tests() < boxes.tests(), resolution.describe() + ": fewer tests " + exact + " against " + boxes);
        }
    }
}
