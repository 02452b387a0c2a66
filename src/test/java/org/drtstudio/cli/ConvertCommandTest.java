package org.drtstudio.cli;

import org.drtstudio.io.support.HostileFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** drt convert: scene files become projects that render the same; projects re-save byte for byte. */
class ConvertCommandTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    private byte[] render(Path scene, String name, String... extra) throws Exception {
        Path png = dir.resolve(name + ".png");
        String[] base = {"render", scene.toString(), "-o", png.toString(), "--width", "64", "--height", "36", "--backend", "cpu",
                "--aov", "depth"};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        assertEquals(0, cli.drt(args), cli.err());
        byte[] depth = Files.readAllBytes(dir.resolve(name + ".depth.pfm"));
        byte[] pixels = Files.readAllBytes(png);
        byte[] both = new byte[pixels.length + depth.length];
        System.arraycopy(pixels, 0, both, 0, pixels.length);
        System.arraycopy(depth, 0, both, pixels.length, depth.length);
        return both;
    }

    @Test
    void nffConvertedToAProjectRendersTheSamePixels() throws Exception {
        Path nff = dir.resolve("default.nff");
        Files.copy(Path.of("scenes/default.nff"), nff);
        Path project = dir.resolve("default.json");
        assertEquals(0, cli.drt("convert", nff.toString(), project.toString()), cli.err());
        assertTrue(Files.readString(project).contains("\"file\": \"default.nff\""));
        assertArrayEquals(render(nff, "nff"), render(project, "project"));
        assertArrayEquals(render(nff, "nff4", "--spp", "4", "--seed", "9"), render(project, "project4", "--spp", "4", "--seed", "9"));
    }

    @Test
    void objAndCfgConvertedToProjectsRenderTheSamePixels() throws Exception {
        Path obj = dir.resolve("tri.obj");
        Files.writeString(obj, "mtllib tri.mtl\nv -1 -1 0\nv 1 -1 0\nv 0 1 0\nv 0 0 -1\nusemtl green\nf 1 2 3\nf 1 3 4\n");
        Files.writeString(dir.resolve("tri.mtl"), "newmtl green\nKd 0.1 0.8 0.2\nKs 0.5 0.5 0.5\nNs 40\n");
        Path cfg = dir.resolve("two.cfg");
        Files.writeString(cfg, "OBJ=tri.obj\nOBJ=tri.obj\nLIGHT=0/3/3//1/1/1\nCAMERA=0/0/4//0/0/-1\nCAMERA_RESOLUTION=64x36\n");
        for (Path scene : new Path[]{obj, cfg}) {
            Path project = dir.resolve(scene.getFileName() + ".json");
            assertEquals(0, cli.drt("convert", scene.toString(), project.toString()), cli.err());
            assertArrayEquals(render(scene, "a"), render(project, "b"), scene.toString());
        }
    }

    @Test
    void aProjectConvertsToItselfByteForByte() throws Exception {
        Files.copy(Path.of("scenes/default.nff"), dir.resolve("default.nff"));
        Path orbit = dir.resolve("orbit.json");
        Files.copy(Path.of("scenes/orbit.json"), orbit);
        Path again = dir.resolve("again.json");
        assertEquals(0, cli.drt("convert", orbit.toString(), again.toString()), cli.err());
        assertArrayEquals(Files.readAllBytes(orbit), Files.readAllBytes(again));
        assertEquals(0, cli.drt("convert", again.toString(), again.toString()), cli.err());
        assertArrayEquals(Files.readAllBytes(orbit), Files.readAllBytes(again));
        assertTrue(cli.err().contains("animated"), cli.err());
    }

    @Test
    void badArgumentsAreOneLine() throws Exception {
        assertEquals(2, cli.drt("convert", dir.resolve("missing.nff").toString(), dir.resolve("out.json").toString()));
        assertTrue(cli.err().contains("missing.nff") && cli.err().contains("not found"), cli.err());
        assertEquals(1, cli.err().strip().lines().count(), cli.err());
        Files.writeString(dir.resolve("ok.nff"), "l 0 0 10\ns 0 0 0 1\n");
        assertEquals(2, cli.drt("convert", dir.resolve("ok.nff").toString(), dir.resolve("out.png").toString()));
        assertTrue(cli.err().contains(".json"), cli.err());
        assertFalse(Files.exists(dir.resolve("out.json")));
        assertFalse(Files.exists(dir.resolve("out.png")));
    }

    @Test
    void aSpecialOutputIsRefusedBeforeTheSceneIsRead() throws Exception {
        Path nff = Files.copy(Path.of("scenes/default.nff"), dir.resolve("default.nff"));
        Path fifo = HostileFiles.fifo(dir.resolve("out.json"));
        assertEquals(2, cli.drt("convert", nff.toString(), fifo.toString()));
        assertEquals("drt: cannot write " + fifo + ": is a FIFO (named pipe); only a regular file is replaced", cli.err().strip());
        assertEquals(0010000, HostileFiles.typeBits(fifo));
    }

    /** A real full disk (a tmpfs filled up, root only): the message names the project file and the reason; the old file stays. */
    @Test
    void aFullDiskNamesTheProjectAndKeepsTheOldOne() throws Exception {
        Path nff = Files.copy(Path.of("scenes/default.nff"), dir.resolve("default.nff"));
        Path mnt = dir.resolve("full");
        HostileFiles.mountTmpfs(mnt, "64k", false);
        try {
            Path project = Files.writeString(mnt.resolve("p.json"), "old");
            Files.write(mnt.resolve("filler"), new byte[60 * 1024]);
            assertEquals(1, cli.drt("convert", nff.toString(), project.toString()), cli.err());
            assertTrue(cli.err().strip().endsWith("drt: cannot write " + project + ": No space left on device"), cli.err());
            assertEquals("old", Files.readString(project));
        } finally {
            HostileFiles.unmount(mnt);
        }
    }
}
