package org.drtstudio.cli;

import org.drtstudio.farm.FarmJob;
import org.drtstudio.farm.FarmJobFile;
import org.drtstudio.farm.FrameRange;
import org.drtstudio.farm.OutputSet;
import org.drtstudio.farm.Sidecar;
import org.drtstudio.farm.TileGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * What a farm job's batch scripts run — {@code drt farm task} and {@code drt farm merge} — here
 * in-process without a cluster: the merged still and the frames are bit for bit what one
 * {@code drt render} writes, and a task run again redoes only the pictures without a valid sidecar.
 */
class FarmTaskMergeTest {
    static final List<String> OPTIONS = List.of("--width", "32", "--height", "24", "--spp", "3", "--light-radius", "0.5",
            "--backend", "cpu", "--aov", "depth,normal,albedo,samples");
    static final List<String> AOVS = List.of("depth", "normal", "albedo", "samples");
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    @Test
    void tilesRenderedAsTasksMergeIntoTheWholeStillWithItsAovs() throws Exception {
        Path scene = Path.of("scenes/default.nff").toAbsolutePath();
        Path out = dir.resolve("still.png");
        TileGrid grid = new TileGrid(3, 2);
        FarmJob job = new FarmJob(FarmJob.Kind.TILES, scene, out, OPTIONS, AOVS, null, 0, grid, 32, 24, null, 24,
                Sidecar.signature(scene, FarmJob.signatureWords(FarmJob.Kind.TILES, out, OPTIONS, grid, 32, 24)));
        Files.createDirectories(job.folder().resolve("tiles"));
        FarmJobFile.write(job);
        String jobFile = FarmJobFile.in(job.folder()).toString();
        assertEquals(2, cli.drt("farm", "merge", jobFile), "no tiles yet");
        assertTrue(cli.err().contains("tile 0"), cli.err());
        for (int t = 0; t < grid.count(); t++) assertEquals(0, cli.drt("farm", "task", jobFile, Integer.toString(t)), cli.err());
        assertEquals(0, cli.drt("farm", "merge", jobFile), cli.err());
        assertTrue(Sidecar.complete(job.stillOutputs(), job.signature()));

        Path reference = dir.resolve("reference.png");
        assertEquals(0, cli.drt(render(scene, reference, List.of())), cli.err());
        assertSameFiles(OutputSet.of(reference, AOVS), job.stillOutputs());
    }

    @Test
    void aTaskRunAgainRendersOnlyThePicturesWithoutAValidSidecar() throws Exception {
        Path scene = Path.of("scenes/orbit.json").toAbsolutePath();
        Path out = dir.resolve("orbit_####.png");
        FarmJob job = new FarmJob(FarmJob.Kind.FRAMES, scene, out, OPTIONS, AOVS, new FrameRange(0, 3), 2, null, 0, 0, null, 24,
                Sidecar.signature(scene, FarmJob.signatureWords(FarmJob.Kind.FRAMES, out, OPTIONS, null, 0, 0)));
        Files.createDirectories(job.folder());
        FarmJobFile.write(job);
        String jobFile = FarmJobFile.in(job.folder()).toString();
        assertEquals(0, cli.drt("farm", "task", jobFile, "1"), cli.err());
        assertTrue(job.taskComplete(1));
        assertFalse(job.taskComplete(0));
        // A task killed after frame 2's pictures were written but before its sidecar was: frame 2 is not done.
        Files.delete(Sidecar.of(job.frameOutputs(2).picture()));
        Object frame3 = fileKey(job.frameOutputs(3).picture()), frame2 = fileKey(job.frameOutputs(2).picture());
        assertEquals(0, cli.drt("farm", "task", jobFile, "1"), cli.err());
        assertEquals(frame3, fileKey(job.frameOutputs(3).picture()), "frame 3 was complete: not written again");
        assertNotEquals(frame2, fileKey(job.frameOutputs(2).picture()), "frame 2 had no sidecar: rendered again");
        assertTrue(job.taskComplete(1));

        List<String> frames = new ArrayList<>(List.of("--frames", "2-3"));
        assertEquals(0, cli.drt(render(scene, dir.resolve("reference_####.png"), frames)), cli.err());
        for (int f = 2; f <= 3; f++) {
            assertSameFiles(OutputSet.of(dir.resolve(String.format("reference_%04d.png", f)), AOVS), job.frameOutputs(f));
        }
        assertEquals(2, cli.drt("farm", "task", jobFile, "2"));
        assertTrue(cli.err().contains("task 2 does not exist"), cli.err());
    }

    @Test
    void aTaskThatFailsPartWayKeepsTheFramesItFinished() throws Exception {
        Path scene = Path.of("scenes/orbit.json").toAbsolutePath();
        Path out = dir.resolve("run_####.png");
        List<String> options = List.of("--width", "16", "--height", "12", "--spp", "1", "--backend", "cpu");
        FarmJob job = new FarmJob(FarmJob.Kind.FRAMES, scene, out, options, List.of(), new FrameRange(0, 3), 4, null, 0, 0, null, 24,
                Sidecar.signature(scene, FarmJob.signatureWords(FarmJob.Kind.FRAMES, out, options, null, 0, 0)));
        Files.createDirectories(job.folder());
        FarmJobFile.write(job);
        String jobFile = FarmJobFile.in(job.folder()).toString();
        // Frame 2's picture cannot be written: the task's one drt render --frames 0-3 stops there.
        Path blocked = Files.createDirectory(job.frameOutputs(2).picture());
        assertEquals(1, cli.drt("farm", "task", jobFile, "0"));
        assertTrue(Sidecar.complete(job.frameOutputs(0), job.signature()) && Sidecar.complete(job.frameOutputs(1), job.signature()),
                "the frames written before the failure are sealed");
        assertFalse(Sidecar.complete(job.frameOutputs(3), job.signature()));
        Files.delete(blocked);
        Object frame0 = fileKey(job.frameOutputs(0).picture()), frame1 = fileKey(job.frameOutputs(1).picture());
        assertEquals(0, cli.drt("farm", "task", jobFile, "0"), cli.err());
        assertEquals(frame0, fileKey(job.frameOutputs(0).picture()), "frame 0 not rendered again");
        assertEquals(frame1, fileKey(job.frameOutputs(1).picture()), "frame 1 not rendered again");
        assertTrue(job.taskComplete(0));
        assertTrue(cli.out.toString().contains("frame 0 is complete"), cli.out.toString());
    }

    @Test
    void theVideoOfTheFramesOrOneLineWithoutFfmpeg() throws Exception {
        Path scene = Path.of("scenes/orbit.json").toAbsolutePath();
        Path out = dir.resolve("v_####.png"), video = dir.resolve("v.mp4");
        List<String> options = List.of("--width", "16", "--height", "12", "--spp", "1", "--backend", "cpu");
        FarmJob job = new FarmJob(FarmJob.Kind.FRAMES, scene, out, options, List.of(), new FrameRange(0, 2), 3, null, 0, 0, video, 24,
                Sidecar.signature(scene, FarmJob.signatureWords(FarmJob.Kind.FRAMES, out, options, null, 0, 0)));
        Files.createDirectories(job.folder());
        FarmJobFile.write(job);
        String jobFile = FarmJobFile.in(job.folder()).toString();
        if (!onPath("ffmpeg")) {
            assertEquals(2, cli.drt("farm", "video", jobFile));
            assertEquals(1, cli.err().strip().lines().count(), cli.err());
            assertTrue(cli.err().contains("needs ffmpeg"), cli.err());
            return;
        }
        assertEquals(2, cli.drt("farm", "video", jobFile), "no frames yet");
        assertTrue(cli.err().contains("frame 0"), cli.err());
        assertEquals(0, cli.drt("farm", "task", jobFile, "0"), cli.err());
        assertEquals(0, cli.drt("farm", "video", jobFile), cli.err());
        assertTrue(Files.size(video) > 0);
        assertTrue(Sidecar.complete(job.videoOutputs(), job.videoSignature()));
        if (onPath("ffprobe")) {
            Process p = new ProcessBuilder("ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                    "-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0", video.toString()).start();
            String probe = new String(p.getInputStream().readAllBytes()).strip();
            assertEquals(0, p.waitFor());
            assertEquals("16,12,3", probe, "3 frames of 16x12");
        }
    }

    private static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) return true;
        }
        return false;
    }

    static String[] render(Path scene, Path out, List<String> extra) {
        List<String> args = new ArrayList<>(List.of("render", scene.toString()));
        args.addAll(OPTIONS);
        args.addAll(extra);
        args.addAll(List.of("-o", out.toString()));
        return args.toArray(String[]::new);
    }

    static void assertSameFiles(OutputSet expected, OutputSet actual) throws Exception {
        assertEquals(expected.files().size(), actual.files().size());
        for (int i = 0; i < expected.files().size(); i++) {
            assertArrayEquals(Files.readAllBytes(expected.files().get(i)), Files.readAllBytes(actual.files().get(i)),
                    actual.files().get(i) + " is " + expected.files().get(i) + " bit for bit");
        }
    }

    static Object fileKey(Path file) throws Exception {
        return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    }
}
