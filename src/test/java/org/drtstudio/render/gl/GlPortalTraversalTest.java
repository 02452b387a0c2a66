package org.drtstudio.render.gl;

import org.drtstudio.accel.voxel.PortalBuilder;
import org.drtstudio.accel.voxel.PortalChoice;
import org.drtstudio.accel.voxel.PortalSpace;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.cpu.FacesReference;
import org.drtstudio.render.cpu.PortalRays;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelTestModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;


import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code shaders/voxel_portals.glsl} (llvmpipe in CI) against the face mesh's depth AOV, as
 * {@code PortalTraversalTest} checks the CPU walk, and against the CPU walk itself: distances,
 * palette entries and blocked shadow rays.
 */
@Timeout(120)
class GlPortalTraversalTest {
    private static final int W = 80, H = 56;
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    private void check(VoxelSpace space, Vec3 eye, Vec3 look, String what) throws Exception {
        FacesReference reference = FacesReference.of(space, eye, look, W, H);
        PortalSpace portals = PortalBuilder.build(space, PortalChoice.LONGEST_EXPECTED_RAY);
        float[] rays = PortalRays.cameraRays(reference.parameters());
        float c = space.sizeX() / 2f;
        float[] lights = {space.originX() + c, space.originY() + space.sizeY() + 5f, space.originZ() + c + 0.3f,
                space.originX() - 3f, space.originY() + space.sizeY() + 2f, space.originZ() - 2f};
        float[] cpu = PortalRays.trace(portals, rays, lights, 2);
        float[] gpu = GL.get().call(() -> {
            try (GlPortalRays kernel = new GlPortalRays(portals)) {
                return kernel.trace(rays, lights, 2).results();
            }
        });
        int pixels = W * H, agreeBvh = 0, missMismatch = 0, agreeCpu = 0, hits = 0, shadowsAgree = 0;
        for (int i = 0; i < pixels; i++) {
            float ref = reference.depth()[i], t = gpu[4 * i];
            boolean hit = t >= 0, refHit = Float.isFinite(ref);
            if (hit) hits++;
            if (hit != refHit) missMismatch++;
            else if (!hit || Math.abs(t - ref) <= 1e-4f * ref) agreeBvh++;
            boolean sameAsCpu = (t < 0) == (cpu[4 * i] < 0) && (t < 0 || Math.abs(t - cpu[4 * i]) <= 1e-5f * cpu[4 * i])
                    && gpu[4 * i + 1] == cpu[4 * i + 1];
            if (sameAsCpu) agreeCpu++;
            if (gpu[4 * i + 3] == cpu[4 * i + 3]) shadowsAgree++;
        }
        String counts = what + ": " + agreeBvh + " of " + pixels + " agree with the faces' depth, " + missMismatch
                + " hit/miss mismatches, " + agreeCpu + " agree with the CPU walk, " + shadowsAgree + " shadow counts agree";
        assertTrue(hits > pixels / 10, what + ": the view shows voxels (" + hits + ")");
        assertEquals(0, missMismatch, counts);
        assertTrue(agreeBvh >= 0.999 * pixels, counts);
        assertTrue(agreeCpu >= 0.999 * pixels, counts);
        assertTrue(shadowsAgree >= 0.999 * pixels, counts);
    }

    @Test
    void mazeOutsideAndInside() throws Exception {
        VoxelSpace maze = VoxelGenerators.maze(5, 2, 3, 5);
        check(maze, new Vec3(-6, 14, 22), new Vec3(8f, 0, 8f), "maze outside");
        check(maze, new Vec3(1.5f, 2.2f, 1.5f), new Vec3(1.5f, 1.8f, 12f), "maze inside");
    }

    @Test
    void cavesInsideAndAVoxFile() throws Exception {
        VoxelSpace caves = VoxelGenerators.caves(20, 0.45, 9);
        int[] e = VoxelTestModels.someEmptyCell(caves);
        check(caves, new Vec3(e[0] + 0.5f, e[1] + 0.5f, e[2] + 0.5f), new Vec3(10.3f, 10.2f, 10.1f), "caves inside");
        VoxelSpace vox = VoxelTestModels.readBack(VoxelTestModels.hollowBall(16));
        check(vox, new Vec3(26, 20, 14), new Vec3(8, 8, -8), ".vox outside");
    }
}
