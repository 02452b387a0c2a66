package org.drtstudio.accel.voxel;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.vox.VoxelScenes;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.voxel.VoxelModel;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The face tables of {@link PortalShapes}: every exposed face's two triangles, and claims that do not hold refused. */
class PortalShapesTest {
    private static Scene scene(VoxelSpace space) {
        return VoxelScenes.of("v", new VoxelModel("v", space, VoxelGenerators.palette()));
    }

    @Test
    void everyExposedFaceNamesItsTwoTrianglesAndNothingElse() {
        VoxelSpace maze = VoxelGenerators.maze(3, 2, 3, 4);
        GeometryImage image = GeometryImagePacker.pack(scene(maze));
        PortalShapes shapes = PortalShapes.build(image, PortalChoice.FIRST_COVER);
        assertEquals(List.of(), shapes.refused());
        PortalShapes.Shape s = shapes.shapes().get(0);
        int[][] normals = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int k = 0; k < maze.sizeZ(); k++)
            for (int j = 0; j < maze.sizeY(); j++)
                for (int i = 0; i < maze.sizeX(); i++)
                    for (int dir = 0; dir < 6; dir++) {
                        int[] d = normals[dir];
                        boolean exposed = maze.solid(i, j, k) && !maze.solid(i + d[0], j + d[1], k + d[2]);
                        int cell = maze.index(i, j, k);
                        int a = maze.solid(i, j, k) ? s.triangle(cell, dir, false) : PortalLayout.NO_FACE;
                        int b = maze.solid(i, j, k) ? s.triangle(cell, dir, true) : PortalLayout.NO_FACE;
                        if (!exposed) {
                            assertEquals(PortalLayout.NO_FACE, a, "hidden face " + i + "," + j + "," + k + " dir " + dir);
                            continue;
                        }
                        assertTrue(a >= 0 && b >= 0 && a != b, "exposed face " + i + "," + j + "," + k + " dir " + dir);
                        assertTrue(seen.add(a) && seen.add(b), "a triangle on two faces");
                    }
        assertEquals(image.triangleCount(), seen.size(), "every triangle on a face");
    }

    @Test
    void aMeshThatIsNotItsClaimedSpaceIsWalkedAsFaces() {
        VoxelSpace maze = VoxelGenerators.maze(2, 2, 3, 4);
        Scene good = scene(maze);
        MeshNode leaf = (MeshNode) good.root().children().get(0);
        TriangleMesh m = leaf.mesh();
        // The same triangles claiming a space with one more solid voxel: a face is missing.
        byte[] cells = maze.cells().clone();
        for (int c = 0; c < cells.length; c++) if (cells[c] == 0) { cells[c] = 1; break; }
        VoxelSpace other = new VoxelSpace(maze.sizeX(), maze.sizeY(), maze.sizeZ(), 0, 0, 0, cells);
        TriangleMesh lying = new TriangleMesh(m.name(), m.positions(), m.normals(), null, m.indices(), m.triangleMaterials(), other);
        Scene bad = new Scene("bad", TransformNode.group("root", List.of(new MeshNode("v", lying))), good.materials(),
                good.lights(), good.camera(), good.settings());
        PortalShapes shapes = PortalShapes.build(GeometryImagePacker.pack(bad), PortalChoice.FIRST_COVER);
        assertTrue(shapes.shapes().isEmpty());
        assertEquals(1, shapes.refused().size(), shapes.refused().toString());
    }

    @Test
    void aSpaceAboveTheCellLimitIsWalkedAsFaces() {
        int n = (int) Math.cbrt(PortalShapes.MAX_CELLS) + 2;
        byte[] cells = new byte[n * n * n];
        cells[0] = 1;
        Scene big = scene(new VoxelSpace(n, n, n, 0, 0, 0, cells));
        PortalShapes shapes = PortalShapes.build(GeometryImagePacker.pack(big), PortalChoice.FIRST_COVER);
        assertTrue(shapes.shapes().isEmpty());
        assertTrue(shapes.refused().get(0).contains("more than the portals'"), shapes.refused().toString());
    }
}
