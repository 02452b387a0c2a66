package org.drtstudio.render.cpu;

import org.drtstudio.accel.voxel.PortalBuilder;
import org.drtstudio.accel.voxel.PortalChoice;
import org.drtstudio.accel.voxel.PortalSpace;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelTestModels;
import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.*;

/**
 * The portal walk finds what the geometry image of the same voxels' faces finds: the depth AOV of
 * the CPU tracer over the faces (the {@code --accel bvh} reference) against the walk's distances on
 * the same camera rays, for eyes inside and outside, on caves, a maze and a MagicaVoxel file.
 */
class PortalTraversalTest {
    private static final int W = 96, H = 64;

    /** Counts of pixels: both miss, both hit within 1e-4 relative, disagree on hit/miss, disagree on depth. */
    record Agreement(int bothMiss, int close, int missMismatch, int far, long steps, int hits) {
        int pixels() { return bothMiss + close + missMismatch + far; }
        double agreeing() { return (bothMiss + close) / (double) pixels(); }
    }

    static Agreement compare(VoxelSpace space, Vec3 eye, Vec3 look, PortalChoice choice) {
        FacesReference reference = FacesReference.of(space, eye, look, W, H);
        PortalSpace portals = PortalBuilder.build(space, choice);
        PortalTraversal walk = new PortalTraversal(portals);
        PrimaryRays rays = new PrimaryRays(reference.parameters());
        int bothMiss = 0, close = 0, missMismatch = 0, far = 0, hits = 0;
        long steps = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                rays.generate(x, y, 0);
                boolean hit = walk.closest(rays.origin[0], rays.origin[1], rays.origin[2],
                        rays.direction[0], rays.direction[1], rays.direction[2], Float.POSITIVE_INFINITY);
                assertFalse(walk.overflow, "pixel " + x + "," + y + " ran past the step bound");
                steps += walk.steps;
                float ref = reference.depth()[y * W + x];
                boolean refHit = Float.isFinite(ref);
                if (hit) hits++;
                if (!hit && !refHit) bothMiss++;
                else if (hit != refHit) missMismatch++;
                else if (Math.abs(walk.t - ref) <= 1e-4f * ref) close++;
                else far++;
            }
        return new Agreement(bothMiss, close, missMismatch, far, steps, hits);
    }

    private static void assertAgrees(Agreement a, String what) {
        assertTrue(a.hits() > W * H / 10, what + ": the view shows the voxels (" + a.hits() + " hits)");
        assertTrue(a.agreeing() >= 0.999, what + ": " + a);
        assertEquals(0, a.missMismatch(), what + ": misses differ: " + a);
    }

    @Test
    void mazeFromAboveAndFromInsideACorridor() {
        VoxelSpace maze = VoxelGenerators.maze(6, 2, 3, 5);
        for (PortalChoice choice : PortalChoice.values()) {
            assertAgrees(compare(maze, new Vec3(-6, 14, 26), new Vec3(9.5f, 0, 9.5f), choice), "maze outside " + choice);
            assertAgrees(compare(maze, new Vec3(1.5f, 2.2f, 1.5f), new Vec3(1.5f, 1.8f, 12f), choice), "maze inside " + choice);
        }
    }

    @Test
    void cavesFromInsideAndOutside() {
        VoxelSpace caves = VoxelGenerators.caves(24, 0.45, 9);
        int[] empty = VoxelTestModels.someEmptyCell(caves);
        Vec3 inside = new Vec3(empty[0] + 0.5f, empty[1] + 0.5f, empty[2] + 0.5f);
        for (PortalChoice choice : PortalChoice.values()) {
            assertAgrees(compare(caves, inside, new Vec3(12, 12, 12).plus(new Vec3(0.3f, 0.2f, 0.1f)), choice), "caves inside " + choice);
            assertAgrees(compare(caves, new Vec3(40, 30, 50), new Vec3(12, 12, 12), choice), "caves outside " + choice);
        }
    }

    @Test
    void aMagicaVoxelModelFromOutside() throws Exception {
        VoxelSpace model = VoxelTestModels.readBack(VoxelTestModels.hollowBall(20));
        assertTrue(model.originZ() < 0, "read with the placement rule");
        assertAgrees(compare(model, new Vec3(30, 25, 20), new Vec3(10, 10, -10), PortalChoice.LONGEST_EXPECTED_RAY), ".vox outside");
        assertAgrees(compare(model, new Vec3(10.5f, 10.5f, -9.5f), new Vec3(3, 5, -12), PortalChoice.LONGEST_EXPECTED_RAY), ".vox inside");
    }

    @Test
    void theHeuristicTakesFewerStepsThanTheFirstCover() {
        VoxelSpace caves = VoxelGenerators.caves(24, 0.45, 9);
        int[] empty = VoxelTestModels.someEmptyCell(caves);
        Vec3 inside = new Vec3(empty[0] + 0.5f, empty[1] + 0.5f, empty[2] + 0.5f), look = new Vec3(12.3f, 12.2f, 12.1f);
        Agreement chosen = compare(caves, inside, look, PortalChoice.LONGEST_EXPECTED_RAY);
        Agreement fixed = compare(caves, inside, look, PortalChoice.FIRST_COVER);
        assertTrue(chosen.steps() < fixed.steps(), "caves, steps: heuristic " + chosen.steps() + ", first cover " + fixed.steps());
        System.out.println("portal steps, heuristic vs first cover: caves " + chosen.steps() + " vs " + fixed.steps());
    }
}
