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
        assertEquals("--accel must be bvh, grid, octree, portals, got 'kd-tree'", e.getMessage());
        assertEquals("bvh|grid|octree|portals", AccelStructure.choices());
        assertEquals(AccelStructure.PORTALS, AccelStructure.parse("PORTALS"));
    }

    @Test
    void onlyGridAndOctreeAreSpatialAndMeshBenchmarksLeavePortalsOut() {
        assertTrue(AccelStructure.GRID.spatial() && AccelStructure.OCTREE.spatial());
        assertFalse(AccelStructure.BVH.spatial() || AccelStructure.PORTALS.spatial());
        assertEquals(java.util.List.of(AccelStructure.BVH, AccelStructure.GRID, AccelStructure.OCTREE), AccelStructure.forMeshes());
    }

    @Test
    void everyStructureHasItsOwnWalkNumber() {
        java.util.Set<Integer> walks = new java.util.HashSet<>();
        for (AccelStructure s : AccelStructure.values()) assertTrue(walks.add(SpatialLayout.walkOf(s)), s.name());
    }
}
