package org.drtstudio.bench;

import org.drtstudio.math.Vec3;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The voxel suite's figures on a small maze, CPU only: present, positive, and both structures seeing the same hits. */
class VoxelBenchmarkTest {
    @Test
    void aSmallMazeGivesEveryFigureAndBothStructuresSeeTheSameHits() {
        var view = new VoxelBenchmark.VoxelView("maze", VoxelGenerators.maze(3, 2, 3, 1), new Vec3(-3, 9, -3),
                new Vec3(5, 0, 5), new float[]{5, 12, 5.5f, 2, 12, 3.5f});
        Map<String, Object> r;
        try (CpuRenderer cpu = new CpuRenderer(1)) {
            r = new VoxelBenchmark(1, new int[]{48, 24}, List.of(view)).run(cpu, new PrintWriter(new StringWriter()));
        }
        for (String key : List.of("maze_bvh_build_ms", "maze_portals_build_ms", "maze_portals_bytes", "maze_portals_divs",
                "maze_48x24_portals_cpu_mrays_per_s", "maze_48x24_portals_steps_per_ray", "maze_48x24_bvh_cpu_mrays_per_s",
                "maze_48x24_portals_first_cover_steps_per_ray")) {
            assertTrue(r.get(key) instanceof Number n && n.doubleValue() > 0, key + " = " + r.get(key));
        }
        assertEquals(((Number) r.get("maze_48x24_bvh_hits")).longValue(), ((Number) r.get("maze_48x24_portals_hits")).longValue(),
                "portals and faces hit in the same pixels");
        assertFalse(r.containsKey("maze_48x24_portals_gpu_mrays_per_s"), "no GPU figures from the CPU back end");
    }
}
