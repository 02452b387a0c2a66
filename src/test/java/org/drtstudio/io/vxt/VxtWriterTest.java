package org.drtstudio.io.vxt;

import org.drtstudio.io.vox.VoxMaterials;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.voxel.VoxelModel;
import org.drtstudio.scene.voxel.VoxelPalettes;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

class VxtWriterTest {
    private static VoxelModel read(String text) throws Exception {
        return VxtReader.parse(Path.of("back.vxt"), new StringReader(text)).model();
    }

    private static void assertSameCells(VoxelSpace expected, VoxelSpace actual) {
        assertEquals(List.of(expected.sizeX(), expected.sizeY(), expected.sizeZ(), expected.originX(), expected.originY(), expected.originZ()),
                List.of(actual.sizeX(), actual.sizeY(), actual.sizeZ(), actual.originX(), actual.originY(), actual.originZ()));
        assertArrayEquals(expected.cells(), actual.cells());
    }

    /** Entries 1 … highest are the same materials, names aside. */
    private static void assertSamePalette(VoxelModel expected, VoxelModel actual, int highest) {
        for (int i = 1; i <= highest; i++) {
            Material e = expected.palette().get(i), a = actual.palette().get(i);
            assertEquals(e, a.withName(e.name()), "palette entry " + i);
        }
    }

    @Test
    void theKeyCharactersAre255DistinctKeysOfTheReader() {
        String keys = VxtWriter.KEY_CHARACTERS;
        assertEquals(VxtReader.MAX_KEYS, keys.length());
        Set<Character> seen = new HashSet<>();
        for (char c : keys.toCharArray()) {
            assertTrue(VxtKey.isKeyCharacter(c), "U+" + Integer.toHexString(c));
            assertTrue(seen.add(c), "twice: " + c);
        }
        assertTrue(keys.startsWith("ABC"));
    }

    @Test
    void aMazeWithAPaletteFromColoursComesBackCellForCellAndColourForColour() throws Exception {
        VoxelSpace maze = VoxelGenerators.maze(4, 2, 3, 7);
        VoxelModel model = new VoxelModel("maze", maze, VoxelPalettes.fromRgb(VoxelPalettes.magicaVoxelDefault()));
        String text = VxtWriter.text(model);
        VoxelModel back = read(text);
        assertSameCells(maze, back.space());
        int highest = 0;
        for (byte c : maze.cells()) highest = Math.max(highest, c & 0xFF);
        assertTrue(highest > 0);
        for (int i = 1; i <= highest; i++)
            assertEquals(model.palette().get(i).diffuse(), back.palette().get(i).diffuse(), "colour of entry " + i);
        assertSamePalette(model, back, highest);
        assertEquals(text, VxtWriter.text(back), "writing what was read gives the same text");
    }

    @Test
    void theHandWrittenExampleComesBackWithEveryKind() throws Exception {
        VoxelModel model = read(VxtReaderTest.EXAMPLE);
        String text = VxtWriter.text(model);
        assertTrue(text.startsWith("vxt 1\nsize 5 2 3\norigin 1 2 3\nkey A 0.8 0.8 0.8\nkey B 0.9 0.1 0.1 glossy 0.3\n"
                + "key C 1.0 1.0 1.0 mirror\nkey D 0.5 0.75 1.0 glass 1.5\nkey E 1.0 0.5 0.25 emissive 2.0\nkey F 0.25 0.5 0.75\n"
                + "layer 0\nAAAAA\nA...A\nAAAAA\nlayer 1\nAB.CA\nD...E\nF....\n"), text);
        VoxelModel back = read(text);
        assertSameCells(model.space(), back.space());
        assertSamePalette(model, back, 6);
    }

    @Test
    void all255EntriesOfEveryKindAndRandomColoursComeBackExactly() throws Exception {
        SplittableRandom random = new SplittableRandom(255);
        VoxelSpace space = new VoxelSpace(17, 2, 15, -3, 4, -1000, new byte[17 * 2 * 15]);
        for (int i = 0; i < 255; i++) space.cells()[random.nextInt(17 * 15) + 17 * 15] = (byte) (i + 1); // layer 1 only
        for (int i = 0; i < 255; i++) space.cells()[i] = (byte) (i + 1); // and each entry at least once in layer 0
        List<Material> palette = new ArrayList<>();
        palette.add(Material.DEFAULT);
        for (int i = 1; i < 256; i++) {
            Vec3 c = new Vec3((float) random.nextDouble(), (float) random.nextDouble(), (float) random.nextDouble());
            float v = (float) random.nextDouble();
            palette.add(switch (i % 5) {
                case 0 -> VoxMaterials.matte("m" + i, c);
                case 1 -> VoxMaterials.metal("m" + i, c, 1f, v);
                case 2 -> VoxMaterials.metal("m" + i, c, 1f, 0f);
                case 3 -> VoxMaterials.glass("m" + i, c, 1f, 1f + 2f * v, 0f);
                default -> VoxMaterials.emissive("m" + i, c, 100f * v, 0f);
            });
        }
        VoxelModel model = new VoxelModel("all", space, palette);
        VoxelModel back = read(VxtWriter.text(model));
        assertSameCells(space, back.space());
        assertSamePalette(model, back, 255);
    }

    @Test
    void aMaterialNoKindMakesIsWrittenAsAMatteOfItsDiffuseColour() throws Exception {
        // a .vox metal of weight 0.8 (diffuse a fifth of its colour) has no .vxt kind
        Material metal = VoxMaterials.metal("half", new Vec3(0.5f, 0.5f, 0.5f), 0.8f, 0.1f);
        List<Material> palette = new ArrayList<>(java.util.Collections.nCopies(256, Material.DEFAULT));
        palette.set(1, metal);
        VoxelSpace one = VoxelSpace.empty(1, 1, 1);
        one.cells()[0] = 1;
        VoxelModel back = read(VxtWriter.text(new VoxelModel("one", one, palette)));
        assertEquals(VoxMaterials.matte("vxt A", metal.diffuse()), back.palette().get(1));
    }

    @Test
    void anEmptySpaceIsItsSizeAlone() throws Exception {
        assertEquals("vxt 1\nsize 2 3 4\n", VxtWriter.text(new VoxelModel("e", VoxelSpace.empty(2, 3, 4),
                java.util.Collections.nCopies(256, Material.DEFAULT))));
    }
}
