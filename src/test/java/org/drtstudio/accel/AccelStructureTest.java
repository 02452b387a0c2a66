package org.drtstudio.accel;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class AccelStructureTest {
    @Test
    void namesParseAndBadOnesAreRefusedWithTheChoices() {
        assertEquals(AccelStructure.GRID, AccelStructure.parse(" Grid "));
        assertEquals(AccelStructure.OCTREE, AccelStructure.parse("octree"));
        assertEquals(AccelStructure.BVH, AccelStructure.DEFAULT);
        var e = assertThrows(IllegalArgumentException.class, () -> AccelStructure.parse("kd-tree"));
        assertEquals("--accel must be bvh, grid, octree, octree-report, brute, portals, got 'kd-tree'", e.getMessage());
        assertEquals("bvh|grid|octree|octree-report|brute|portals", AccelStructure.choices());
        assertEquals(AccelStructure.OCTREE_REPORT, AccelStructure.parse("Octree-Report"));
        assertEquals(AccelStructure.PORTALS, AccelStructure.parse("PORTALS"));
        assertEquals(AccelStructure.BRUTE, AccelStructure.parse(" brute "));
    }

    @Test
    void onlyGridAndOctreeAreSpatialAndMeshBenchmarksLeavePortalsOut() {
        assertTrue(AccelStructure.GRID.spatial() && AccelStructure.OCTREE.spatial() && AccelStructure.OCTREE_REPORT.spatial()
                && AccelStructure.BRUTE.spatial());
        assertFalse(AccelStructure.BVH.spatial() || AccelStructure.PORTALS.spatial());
        assertEquals(java.util.List.of(AccelStructure.BVH, AccelStructure.GRID, AccelStructure.OCTREE, AccelStructure.OCTREE_REPORT),
                AccelStructure.forMeshes());
    }

    /** The two octree constructions and brute force's one box share one layout and so one walk; every other structure has its own. */
    @Test
    void everyStructureHasItsOwnWalkNumberTheOctreesOne() {
        java.util.Set<Integer> walks = new java.util.HashSet<>();
        for (AccelStructure s : AccelStructure.values()) {
            if (s != AccelStructure.OCTREE_REPORT && s != AccelStructure.BRUTE) assertTrue(walks.add(SpatialLayout.walkOf(s)), s.name());
        }
        assertEquals(SpatialLayout.walkOf(AccelStructure.OCTREE), SpatialLayout.walkOf(AccelStructure.OCTREE_REPORT));
        assertEquals(SpatialLayout.walkOf(AccelStructure.OCTREE), SpatialLayout.walkOf(AccelStructure.BRUTE));
        assertTrue(AccelStructure.OCTREE.octree() && AccelStructure.OCTREE_REPORT.octree() && AccelStructure.BRUTE.octree()
                && !AccelStructure.GRID.octree());
    }
}
