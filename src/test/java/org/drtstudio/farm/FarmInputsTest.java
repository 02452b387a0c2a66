package org.drtstudio.farm;

import org.drtstudio.render.PixelWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Frame ranges, tile grids, sidecars and job files: what the farm's tasks rely on, without a cluster. */
class FarmInputsTest {
    @TempDir
    Path dir;

    @Test
    void framesSplitIntoChunksCoveringTheRangeOnce() throws Exception {
        assertEquals(List.of(new FrameRange(3, 5), new FrameRange(6, 8), new FrameRange(9, 9)), FrameRange.parse("3-9").chunks(3));
        assertEquals(List.of(new FrameRange(0, 1), new FrameRange(2, 3)), FrameRange.parse("0-3").chunks(2));
        for (String bad : new String[]{"", "3", "5-2", "-1-3", "a-b", "1-2-3", "0-99999999999"}) {
            FarmException e = assertThrows(FarmException.class, () -> FrameRange.parse(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void tilesCoverTheImageExactlyOnce() throws Exception {
        TileGrid grid = TileGrid.parse("3x2");
        int w = 31, h = 7;
        int[] covered = new int[w * h];
        for (PixelWindow win : grid.windows(w, h)) {
            assertTrue(Math.abs(win.width() - w / 3.0) < 1 && Math.abs(win.height() - h / 2.0) < 1, win.toString());
            for (int y = win.y(); y < win.y() + win.height(); y++) for (int x = win.x(); x < win.x() + win.width(); x++) covered[y * w + x]++;
        }
        for (int c : covered) assertEquals(1, c);
        assertThrows(FarmException.class, () -> TileGrid.parse("4x4").windows(3, 10), "narrower than a pixel");
        for (String bad : new String[]{"4", "0x2", "2x", "x2", "-1x2", "axb", "1000x1000", "2x2x2"}) {
            assertThrows(FarmException.class, () -> TileGrid.parse(bad), bad);
        }
    }

    @Test
    void aSidecarVouchesOnlyForTheFilesItChecksummedForItsJob() throws Exception {
        Path picture = dir.resolve("f_0001.png");
        Files.write(picture, new byte[]{1, 2, 3});
        Files.write(dir.resolve("f_0001.depth.pfm"), new byte[]{4, 5});
        OutputSet set = OutputSet.of(picture, List.of("depth"));
        assertFalse(Sidecar.complete(set, "job-a"), "no sidecar yet");
        Sidecar.write(set, "job-a");
        assertTrue(Sidecar.complete(set, "job-a"));
        assertFalse(Sidecar.complete(set, "job-b"), "another job's options");
        assertFalse(Sidecar.complete(OutputSet.of(picture, List.of("depth", "normal")), "job-a"), "an AOV it does not list");
        Files.write(dir.resolve("f_0001.depth.pfm"), new byte[]{4, 6});
        assertFalse(Sidecar.complete(set, "job-a"), "a changed AOV");
        Files.delete(dir.resolve("f_0001.depth.pfm"));
        assertFalse(Sidecar.complete(set, "job-a"), "a missing AOV");
    }

    @Test
    void aJobFileReadsBackAsWrittenAndAnythingElseIsOneLine() throws Exception {
        Path scene = dir.resolve("s.nff");
        Files.writeString(scene, "v\n");
        Path out = dir.resolve("a b").resolve("still.png");
        Files.createDirectories(out.getParent());
        FarmJob job = new FarmJob(FarmJob.Kind.TILES, scene, out, List.of("--spp", "4", "--aov", "depth"), List.of("depth"), null, 0,
                new TileGrid(2, 3), 40, 30, null, 24, "abc");
        Files.createDirectories(job.folder());
        FarmJobFile.write(job);
        assertEquals(job, FarmJobFile.read(FarmJobFile.in(job.folder())));
        assertEquals(dir.resolve("a b").resolve("still.farm"), job.folder());
        assertEquals(dir.resolve("orbit.farm"), FarmJob.folderFor(dir.resolve("orbit_####.png")));
        Path notJob = dir.resolve("not.json");
        for (String text : new String[]{"", "[1]", "{\"version\": 1}", "{\"version\": 1, \"kind\": \"video\"}", "{{{", "\u0000\u0001"}) {
            Files.writeString(notJob, text);
            FarmException e = assertThrows(FarmException.class, () -> FarmJobFile.read(notJob), text);
            assertTrue(e.getMessage().startsWith(notJob.toString()), e.getMessage());
            assertEquals(1, e.getMessage().lines().count());
        }
    }

    @Test
    void arraySpecsAreCompactAndReadBack() {
        assertEquals("0-3,5,7-8", Submission.arraySpec(List.of(0, 1, 2, 3, 5, 7, 8)));
        assertEquals(List.of(0, 1, 2, 3, 5, 7, 8), FarmStatus.parseSpec("0-3,5,7-8"));
        assertEquals("out_%04d.png", VideoAssembler.ffmpegPattern("out_####.png"));
        assertEquals("100%%_%02d.png", VideoAssembler.ffmpegPattern("100%_##.png"));
        assertEquals("take##_%04d.png", VideoAssembler.ffmpegPattern("take##_####.png"), "the last run of # is the number");
    }
}
