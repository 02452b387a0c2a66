package org.drtstudio.accel.voxel;

import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelTestModels;
import org.junit.jupiter.api.Test;

import static org.drtstudio.accel.voxel.PortalLayout.*;
import static org.junit.jupiter.api.Assertions.*;

/** The structural invariants of divs and portals, on every generator and choice. */
class PortalBuilderTest {
    private static boolean allEmpty(VoxelSpace s, int[] lo, int[] hi) {
        for (int k = lo[2]; k < hi[2]; k++)
            for (int j = lo[1]; j < hi[1]; j++)
                for (int i = lo[0]; i < hi[0]; i++)
                    if (!s.inside(i, j, k) || s.solid(i, j, k)) return false;
        return true;
    }

    private static void checkInvariants(VoxelSpace s, PortalSpace p) {
        int[] size = {s.sizeX(), s.sizeY(), s.sizeZ()};
        for (int d = 0; d < p.divCount(); d++) {
            int o = DIV_INTS * d;
            int[] lo = {p.divs()[o], p.divs()[o + 1], p.divs()[o + 2]}, hi = {p.divs()[o + 3], p.divs()[o + 4], p.divs()[o + 5]};
            assertTrue(allEmpty(s, lo, hi), "div " + d + " holds a solid cell");
            for (int face = 0; face < 6; face++) { // maximal: no face can move out over empty cells
                int axis = face / 2;
                int[] l = lo.clone(), h = hi.clone();
                if ((face & 1) == 1) { l[axis] = hi[axis]; h[axis] = hi[axis] + 1; } else { l[axis] = lo[axis] - 1; h[axis] = lo[axis]; }
                assertFalse(allEmpty(s, l, h), "div " + d + " could grow through face " + face);
            }
            int[] ext = {hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]};
            for (int face = 0; face < 6; face++) {
                int axis = face / 2, u = (axis + 1) % 3, v = (axis + 2) % 3;
                int base = p.divs()[o + DIV_FIRST_PORTAL] + faceOffset(face, ext[0], ext[1], ext[2]);
                int[] cell = new int[3];
                cell[axis] = (face & 1) == 1 ? hi[axis] : lo[axis] - 1;
                for (int cv = 0; cv < ext[v]; cv++)
                    for (int cu = 0; cu < ext[u]; cu++) {
                        cell[u] = lo[u] + cu;
                        cell[v] = lo[v] + cv;
                        int texel = p.portals()[base + cu + cv * ext[u]];
                        if (cell[axis] < 0 || cell[axis] >= size[axis]) {
                            assertEquals(EXIT, texel);
                        } else if (s.solid(cell[0], cell[1], cell[2])) {
                            assertEquals(-s.get(cell[0], cell[1], cell[2]), texel, "a wall texel names the voxel's palette entry");
                        } else {
                            int n = DIV_INTS * texel;
                            for (int a = 0; a < 3; a++)
                                assertTrue(p.divs()[n + a] <= cell[a] && cell[a] < p.divs()[n + 3 + a],
                                        "portal of div " + d + " face " + face + " names div " + texel + ", which does not hold the cell beyond");
                        }
                    }
            }
        }
        for (int k = 0; k < s.sizeZ(); k++)
            for (int j = 0; j < s.sizeY(); j++)
                for (int i = 0; i < s.sizeX(); i++) {
                    int e = p.entry()[s.index(i, j, k)];
                    if (s.solid(i, j, k)) assertEquals(-s.get(i, j, k), e);
                    else {
                        int o = DIV_INTS * e;
                        assertTrue(p.divs()[o] <= i && i < p.divs()[o + 3] && p.divs()[o + 1] <= j && j < p.divs()[o + 4]
                                && p.divs()[o + 2] <= k && k < p.divs()[o + 5], "entry of cell " + i + "," + j + "," + k);
                    }
                }
    }

    @Test
    void divsAreMaximalEmptyCuboidsAndPortalsNameWhatLiesBeyond() {
        VoxelSpace[] spaces = {VoxelGenerators.caves(14, 0.45, 2), VoxelGenerators.maze(4, 2, 3, 1),
                VoxelTestModels.hollowBall(12), VoxelSpace.empty(3, 2, 5)};
        for (VoxelSpace s : spaces)
            for (PortalChoice c : PortalChoice.values()) checkInvariants(s, PortalBuilder.build(s, c));
    }

    /** Every covering div as a candidate, or only the first: the invariants hold; one candidate is the first cover. */
    @Test
    void candidateLimits() {
        VoxelSpace caves = VoxelGenerators.caves(14, 0.45, 2);
        for (PortalChoice c : PortalChoice.values()) {
            checkInvariants(caves, PortalBuilder.build(caves, c, PortalBuilder.ALL_CANDIDATES));
            checkInvariants(caves, PortalBuilder.build(caves, c, 1));
        }
        assertArrayEquals(PortalBuilder.build(caves, PortalChoice.FIRST_COVER).portals(),
                PortalBuilder.build(caves, PortalChoice.LONGEST_EXPECTED_RAY, 1).portals(),
                "with one candidate the heuristic can only take the cell's first cover");
        assertFalse(java.util.Arrays.equals(PortalBuilder.build(caves, PortalChoice.LONGEST_EXPECTED_RAY).portals(),
                PortalBuilder.build(caves, PortalChoice.LONGEST_EXPECTED_RAY, PortalBuilder.ALL_CANDIDATES).portals()),
                "more candidates change some choices");
        assertFalse(java.util.Arrays.equals(PortalBuilder.build(caves, PortalChoice.LONGEST_EXPECTED_RAY).portals(),
                PortalBuilder.build(caves, PortalChoice.LENGTH_OVER_EXIT_CHANCE).portals()),
                "the wall term changes some choices");
        assertThrows(IllegalArgumentException.class, () -> PortalBuilder.build(caves, PortalChoice.FIRST_COVER, 0));
    }

    @Test
    void anEmptyBoxIsOneDivWhoseFacesAllExit() {
        PortalSpace p = PortalBuilder.build(VoxelSpace.empty(3, 2, 5), PortalChoice.LONGEST_EXPECTED_RAY);
        assertEquals(1, p.divCount());
        assertEquals(2 * (2 * 5 + 5 * 3 + 3 * 2), p.portals().length);
        for (int t : p.portals()) assertEquals(EXIT, t);
    }

    @Test
    void layoutConstantsReachGlslAsDefines() {
        assertEquals(Integer.toString(DIV_INTS), defines().get("VX_DIV_INTS"));
        assertEquals(Integer.toString(EXIT), defines().get("VX_EXIT"));
    }
}
