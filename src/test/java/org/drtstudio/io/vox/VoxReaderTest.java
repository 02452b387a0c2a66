package org.drtstudio.io.vox;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.voxel.VoxelModel;
import org.drtstudio.scene.voxel.VoxelPalettes;
import org.drtstudio.scene.VoxelSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.drtstudio.io.vox.VoxFiles.*;
import static org.drtstudio.testing.TestScenes.meshes;
import static org.junit.jupiter.api.Assertions.*;

class VoxReaderTest {
    @TempDir
    Path dir;

    private Path write(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    @Test
    void aVoxelFillsTheCubeThePlacementRuleNames() throws Exception {
        // voxel (1, 2, 3) fills (x, z, −y−1) … (x+1, z+1, −y) = (1, 3, −3) … (2, 4, −2)
        Path p = write("one.vox", file(size(3, 4, 5), xyzi(1, 2, 3, 7)));
        ImportResult r = SceneLoader.load(p);
        Aabb box = SceneFraming.bounds(r.scene().root());
        assertEquals(new Vec3(1, 3, -3), box.min());
        assertEquals(new Vec3(2, 4, -2), box.max());
        TriangleMesh mesh = meshes(r.scene().root()).get(0).mesh();
        assertEquals(12, mesh.triangleCount(), "a lone voxel shows all six faces");
        // No RGBA chunk: MagicaVoxel's default palette, whose entry 7 is (ff, cc, ff).
        Material m = r.scene().materials().get(mesh.triangleMaterials()[0]);
        assertEquals(VoxelPalettes.matte("x", 0xff, 0xcc, 0xff).diffuse(), m.diffuse());
    }

    @Test
    void defaultPaletteMatchesKnownEntries() {
        int[] p = VoxelPalettes.magicaVoxelDefault();
        assertEquals(0xffffff, p[1]);
        assertEquals(0xffffcc, p[2]);
        assertEquals(0x330000 >> 16, p[215]); // the cube's last entry before black: blue 0x33
        assertEquals(0xee0000, p[216]);
        assertEquals(0x00ee00, p[226]);
        assertEquals(0x0000ee, p[236]);
        assertEquals(0x111111, p[255]);
    }

    @Test
    void paletteEntryIIsColourIndexIPlusOneAndMaterialsMap() throws Exception {
        ByteBuffer rgba = VoxFiles.le(1024);
        for (int i = 0; i < 256; i++) rgba.put((byte) i).put((byte) 0).put((byte) 0).put((byte) 255);
        Path p = write("mat.vox", file(size(3, 1, 1), xyzi(0, 0, 0, 1, 1, 0, 0, 2, 2, 0, 0, 3),
                VoxWriter.chunk("RGBA", rgba.array()),
                matl(2, Map.of("_type", "_metal", "_metal", "0.8", "_rough", "0.25")),
                matl(3, Map.of("_type", "_glass", "_trans", "0.9", "_ior", "0.5"))));
        VoxReader.VoxFile f = VoxReader.parse(p);
        List<Material> palette = f.models().get(0).palette();
        assertEquals(VoxelPalettes.matte("x", 0, 0, 0).diffuse(), palette.get(1).diffuse(), "index 1 = chunk entry 0");
        assertEquals(VoxelPalettes.matte("x", 1, 0, 0).diffuse(), palette.get(2).diffuse().times(1f / (1f - 0.8f)));
        assertEquals(0.8f, palette.get(2).reflectivity(), 1e-6f);
        assertEquals(0.25f, palette.get(2).roughness(), 1e-6f);
        assertEquals(0.9f, palette.get(3).transparency(), 1e-6f);
        assertEquals(1.5f, palette.get(3).ior(), 1e-6f);
        assertEquals(0f, palette.get(1).transparency());
    }

    @Test
    void severalModelsArePlacedByTheSceneGraphAndAModelPlacedTwiceIsOneMesh() throws Exception {
        // Model 0: 2×2×2 full, pivot (1, 1, 1); placed at MagicaVoxel (10, 0, 0) and (0, 0, 20); model 1 unused.
        int[] full = new int[32];
        for (int v = 0; v < 8; v++) {
            full[4 * v] = v & 1;
            full[4 * v + 1] = (v >> 1) & 1;
            full[4 * v + 2] = (v >> 2) & 1;
            full[4 * v + 3] = 9;
        }
        Path p = write("multi.vox", file(size(2, 2, 2), xyzi(full), size(1, 1, 1), xyzi(0, 0, 0, 4),
                transform(0, 1, Map.of()), group(1, 2, 4),
                transform(2, 3, Map.of("_t", "10 0 0")), shape(3, 0),
                transform(4, 5, Map.of("_t", "0 0 20")), shape(5, 0)));
        Scene s = SceneLoader.load(p).scene();
        List<MeshNode> leaves = meshes(s.root());
        assertEquals(2, leaves.size());
        assertSame(leaves.get(0).mesh(), leaves.get(1).mesh(), "instanced, not copied");
        TransformNode first = (TransformNode) s.root().children().get(0);
        TransformNode second = (TransformNode) s.root().children().get(1);
        Aabb a = SceneFraming.bounds(TransformNode.group("a", List.of(first)));
        Aabb b = SceneFraming.bounds(TransformNode.group("b", List.of(second)));
        // MagicaVoxel corners [9, 11] × [−1, 1] × [−1, 1] → renderer (x, z, −y)
        assertEquals(new Vec3(9, -1, -1), a.min());
        assertEquals(new Vec3(11, 1, 1), a.max());
        // MagicaVoxel z 20 is renderer y 20
        assertEquals(new Vec3(-1, 19, -1), b.min());
        assertEquals(new Vec3(1, 21, 1), b.max());
    }

    @Test
    void rotationByteTurnsTheModel() throws Exception {
        // _r = 1: row 0 has its 1 in column 1, row 1 in column 0, row 2 in column 2 (a swap of x and y).
        Path p = write("rot.vox", file(size(4, 2, 2), xyzi(3, 0, 0, 1), size(1, 1, 1), xyzi(0, 0, 0, 1),
                transform(0, 1, Map.of()), group(1, 2), transform(2, 3, Map.of("_r", "1")), shape(3, 0)));
        Scene s = SceneLoader.load(p).scene();
        Aabb box = SceneFraming.bounds(s.root());
        // voxel (3, 0, 0) − pivot (2, 1, 1) spans MV [1, 2] × [−1, 0] × [−1, 0]; swapped: [−1, 0] × [1, 2] × [−1, 0]
        assertEquals(new Vec3(-1, -1, -2), box.min());
        assertEquals(new Vec3(0, 0, -1), box.max());
    }

    @Test
    void writerAndReaderRoundTripTheMaze() throws Exception {
        VoxelSpace maze = VoxelGenerators.maze(4, 2, 3, 7);
        int[] rgb = new int[256];
        Arrays.fill(rgb, 0x808080);
        Path p = write("maze.vox", VoxWriter.bytes(maze, rgb));
        VoxelSpace back = VoxReader.parse(p).models().get(0).space();
        assertEquals(maze.sizeX(), back.sizeX());
        assertEquals(maze.sizeY(), back.sizeY());
        assertEquals(maze.sizeZ(), back.sizeZ());
        assertArrayEquals(maze.cells(), back.cells());
        assertEquals(-maze.sizeZ(), back.originZ(), "the rule puts the model at z < 0");
    }

    private void assertRefused(String name, byte[] bytes, String... parts) throws Exception {
        Path p = write(name, bytes);
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> SceneLoader.load(p));
        String message = e.getMessage();
        assertFalse(message.contains("\n"), message);
        assertTrue(message.startsWith(p.toString()), message);
        for (String part : parts) assertTrue(message.contains(part), message + " should name " + part);
    }

    @Test
    void hostileFilesAreRefusedInOneLineNamingTheChunk() throws Exception {
        assertRefused("magic.vox", "not a voxel file at all".getBytes(), "VOX");
        assertRefused("empty.vox", new byte[0], "VOX");
        assertRefused("nomodel.vox", file(), "no voxel model");
        assertRefused("huge.vox", file(size(100000, 1, 1), xyzi()), "SIZE", "100000");
        assertRefused("cells.vox", file(size(2048, 2048, 2048), xyzi()), "SIZE", "cells");
        assertRefused("negative.vox", file(size(-1, 4, 4), xyzi()), "SIZE");
        assertRefused("outside.vox", file(size(2, 2, 2), xyzi(5, 0, 0, 1)), "XYZI", "outside");
        byte[] lying = file(size(2, 2, 2), xyzi(0, 0, 0, 1));
        ByteBuffer.wrap(lying).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(8 + 12 + 24 + 12, 1_000_000);
        assertRefused("count.vox", lying, "XYZI", "voxel count");
        byte[] truncated = Arrays.copyOf(file(size(2, 2, 2), xyzi(0, 0, 0, 1)), 30);
        assertRefused("truncated.vox", truncated, "MAIN");
        assertRefused("orphan.vox", file(xyzi(0, 0, 0, 1)), "XYZI", "SIZE");
        assertRefused("cycle.vox", file(size(1, 1, 1), xyzi(0, 0, 0, 1), size(1, 1, 1), xyzi(0, 0, 0, 1),
                transform(0, 1, Map.of()), group(1, 0)), "scene graph", "cycle");
        assertRefused("missing.vox", file(size(1, 1, 1), xyzi(0, 0, 0, 1), size(1, 1, 1), xyzi(0, 0, 0, 1),
                transform(0, 7, Map.of())), "node 7");
        assertRefused("model.vox", file(size(1, 1, 1), xyzi(0, 0, 0, 1), size(1, 1, 1), xyzi(0, 0, 0, 1),
                transform(0, 1, Map.of()), shape(1, 5)), "model 5");
        assertRefused("rot.vox", file(size(1, 1, 1), xyzi(0, 0, 0, 1), size(1, 1, 1), xyzi(0, 0, 0, 1),
                transform(0, 1, Map.of("_r", "3")), shape(1, 0)), "nTRN", "rotation");
        byte[] bigDict = VoxWriter.chunk("MATL", ints(1, 1_000_000_000));
        assertRefused("dict.vox", file(size(1, 1, 1), xyzi(0, 0, 0, 1), bigDict), "MATL", "entries");
    }

    @Test
    void aGraphOfSharedGroupsIsRefusedBeforeItsPathsAreWalked() throws Exception {
        // 60 groups, each naming the next twice, and an empty last group: 2 KB that lead to 2^59 empty leaves.
        // Nothing is placed, so the placement bound never counted, and the walk did not end.
        List<byte[]> chunks = new ArrayList<>(List.of(size(1, 1, 1), xyzi(0, 0, 0, 1), size(1, 1, 1), xyzi(0, 0, 0, 1),
                transform(0, 1, Map.of())));
        for (int g = 1; g < 60; g++) chunks.add(group(g, g + 1, g + 1));
        chunks.add(group(60));
        byte[] bytes = file(chunks.toArray(byte[][]::new));
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                () -> assertRefused("shared.vox", bytes, "scene graph", "reaches more than 1048576 nodes"), "a hang");
    }

    @Test
    void randomlyDamagedFilesGiveOneLineErrorsOrScenesNeverOtherExceptions() throws Exception {
        VoxelSpace maze = VoxelGenerators.maze(2, 1, 2, 3);
        byte[] good = VoxFiles.file(size(maze.sizeX(), maze.sizeZ(), maze.sizeY()),
                Arrays.copyOfRange(VoxWriter.bytes(maze, VoxelPalettes.magicaVoxelDefault()), 20 + 24, 20 + 24 + 16 + 4 * (int) maze.solidCount()),
                transform(0, 1, Map.of("_t", "1 2 3")), shape(1, 0), matl(4, Map.of("_type", "_emit", "_emit", "2")));
        assertDoesNotThrow(() -> VoxReader.parse(Path.of("good.vox"), good));
        SplittableRandom random = new SplittableRandom(17);
        int refused = 0;
        for (int trial = 0; trial < 3000; trial++) {
            byte[] bad = good.clone();
            int flips = 1 + random.nextInt(4);
            for (int f = 0; f < flips; f++) bad[random.nextInt(bad.length)] = (byte) random.nextInt(256);
            if (random.nextInt(4) == 0) bad = Arrays.copyOf(bad, random.nextInt(bad.length));
            try {
                VoxReader.parse(Path.of("bad.vox"), bad);
            } catch (SceneFormatException e) {
                assertFalse(e.getMessage().contains("\n"));
                assertTrue(e.getMessage().startsWith("bad.vox"), e.getMessage());
                refused++;
            }
        }
        assertTrue(refused > 100, "damage was noticed in " + refused + " of 3000 files");
    }
}
