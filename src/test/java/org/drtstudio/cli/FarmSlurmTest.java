package org.drtstudio.cli;

import org.drtstudio.farm.FarmJob;
import org.drtstudio.farm.OutputSet;
import org.drtstudio.farm.SlurmClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.drtstudio.cli.FarmTaskMergeTest.AOVS;
import static org.drtstudio.cli.FarmTaskMergeTest.OPTIONS;
import static org.drtstudio.cli.FarmTaskMergeTest.assertSameFiles;
import static org.drtstudio.cli.FarmTaskMergeTest.fileKey;
import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt farm submit --wait} on a real Slurm cluster — in CI the one-machine cluster of
 * scripts/slurm-local.sh, which scripts/test.sh starts: the frames and the tiled still are bit for
 * bit {@code drt render}'s, and a failed task is named with its log and, resubmitted, is the only
 * one rendered again. Skipped, with the reason, where there is no cluster.
 */
@Timeout(600)
class FarmSlurmTest {
    @TempDir
    static Path index;
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();
    private static String indexBefore;

    @BeforeAll
    static void cluster() {
        SlurmClient slurm = new SlurmClient();
        Assumptions.assumeTrue(slurm.hasSbatch(), "skipped: sbatch is not on the PATH (scripts/slurm-local.sh start makes a one-machine cluster)");
        Assumptions.assumeTrue(slurm.clusterAnswers(), "skipped: no Slurm controller answers sinfo (scripts/slurm-local.sh start)");
        Assumptions.assumeTrue(nodeTakesJobs(), "skipped: the Slurm node is not idle, mixed or allocated (sinfo -N): jobs would wait for ever");
        indexBefore = System.getProperty("drt.farm.index");
        System.setProperty("drt.farm.index", index.resolve("farm-jobs.jsonl").toString());
    }

    /** A controller can answer while its node is down or drained (slurmd failed to start): then nothing would run. */
    private static boolean nodeTakesJobs() {
        try {
            Process p = new ProcessBuilder("sinfo", "-h", "-N", "-o", "%t").redirectErrorStream(true).start();
            String state = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
            p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
            return state.startsWith("idle") || state.startsWith("mix") || state.startsWith("alloc");
        } catch (java.io.IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @AfterAll
    static void restore() {
        if (indexBefore == null) System.clearProperty("drt.farm.index");
        else System.setProperty("drt.farm.index", indexBefore);
    }

    private String[] submit(Path scene, Path out, String... placement) {
        List<String> args = new ArrayList<>(List.of("farm", "submit", scene.toString(), "-o", out.toString()));
        args.addAll(List.of(placement));
        args.addAll(OPTIONS);
        args.add("--wait");
        return args.toArray(String[]::new);
    }

    @Test
    void fourFramesInChunksOfTwoAndAFailedTaskRetriedAlone() throws Exception {
        Path scene = Path.of("scenes/orbit.json").toAbsolutePath();
        Path out = dir.resolve("orbit_####.png");
        // A folder where frame 2's picture goes: drt render refuses to replace it, so task 1 (frames 2-3) fails.
        Path blocked = Files.createDirectory(dir.resolve("orbit_0002.png"));
        assertEquals(1, cli.drt(submit(scene, out, "--frames", "0-3", "--chunk", "2")), cli.err());
        String err = cli.err();
        assertTrue(err.contains("task 1 (frames 2-3)") && err.contains("failed"), err);
        assertFalse(err.contains("task 0"), err);
        String log = err.substring(err.indexOf("log ") + 4).split(": ")[0].strip();
        assertTrue(Files.isRegularFile(Path.of(log)), "the failed task's log is named: " + err);
        assertTrue(err.contains("orbit_0002.png"), "the log's last line says what went wrong: " + err);
        assertEquals(1, cli.drt("farm", "status", FarmJob.folderFor(out).toString()), "a failed task: exit code 1 (docs/FARM.md) " + cli.err());
        assertTrue(cli.out.toString().contains("tasks 1 done, 0 running, 0 pending, 1 failed"), cli.out.toString());

        Files.delete(blocked);
        Object frame0 = fileKey(dir.resolve("orbit_0000.png")), frame1 = fileKey(dir.resolve("orbit_0001.png"));
        assertEquals(0, cli.drt(submit(scene, out, "--frames", "0-3", "--chunk", "2")), cli.err());
        assertTrue(cli.out.toString().contains("1 of 2 tasks") && cli.out.toString().contains("1 complete, skipped"), cli.out.toString());
        assertEquals(frame0, fileKey(dir.resolve("orbit_0000.png")), "frame 0 was complete: not rendered again");
        assertEquals(frame1, fileKey(dir.resolve("orbit_0001.png")), "frame 1 was complete: not rendered again");

        List<String> render = new ArrayList<>(List.of("render", scene.toString(), "--frames", "0-3", "-o", dir.resolve("ref_####.png").toString()));
        render.addAll(OPTIONS);
        assertEquals(0, cli.drt(render.toArray(String[]::new)), cli.err());
        for (int f = 0; f <= 3; f++) {
            assertSameFiles(OutputSet.of(dir.resolve(String.format("ref_%04d.png", f)), AOVS),
                    OutputSet.of(dir.resolve(String.format("orbit_%04d.png", f)), AOVS));
        }
    }

    @Test
    void aStillInTwoByTwoTilesWithAovsIsMergedBitForBit() throws Exception {
        Path scene = Path.of("scenes/default.nff").toAbsolutePath();
        Path out = dir.resolve("still.png");
        assertEquals(0, cli.drt(submit(scene, out, "--tiles", "2x2")), cli.err());
        String printed = cli.out.toString();
        assertTrue(printed.contains("4 of 4 tasks") && printed.contains("merge into"), printed);
        String arrayJob = printed.substring(printed.indexOf("job ") + 4).split(":")[0];
        assertEquals(0, cli.drt("farm", "status", arrayJob), cli.err());
        assertTrue(cli.out.toString().contains("tasks 4 done") && cli.out.toString().contains("complete"), cli.out.toString());

        List<String> render = new ArrayList<>(List.of("render", scene.toString(), "-o", dir.resolve("ref.png").toString()));
        render.addAll(OPTIONS);
        assertEquals(0, cli.drt(render.toArray(String[]::new)), cli.err());
        assertSameFiles(OutputSet.of(dir.resolve("ref.png"), AOVS), OutputSet.of(out, AOVS));
    }

    @Test
    void aSecondSubmissionWhileTheFirstIsQueuedIsRefused() throws Exception {
        Path scene = Path.of("scenes/default.nff").toAbsolutePath();
        List<String> args = new ArrayList<>(List.of("farm", "submit", scene.toString(), "-o", dir.resolve("held.png").toString(),
                "--tiles", "1x2", "--sbatch-arg=--hold"));
        args.addAll(OPTIONS);
        assertEquals(0, cli.drt(args.toArray(String[]::new)), cli.err());
        List<String> ids = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("job ([0-9]+):").matcher(cli.out.toString());
        while (m.find()) ids.add(m.group(1));
        assertEquals(2, ids.size(), "the held tiles and their merge: " + cli.out);
        try {
            assertEquals(1, cli.drt(args.toArray(String[]::new)));
            String err = cli.err().strip();
            assertEquals(1, err.lines().count(), err);
            assertTrue(err.contains("job " + ids.get(0)) && err.contains("still queued or running") && err.contains("scancel"), err);
        } finally {
            for (String id : ids) new SlurmClient().cancel(id);
        }
    }

    @Test
    void aKilledTaskIsResubmittedAndOnlyItsUnfinishedFramesRendered() throws Exception {
        Path scene = Path.of("scenes/orbit.json").toAbsolutePath();
        Path out = dir.resolve("k_####.png");
        int last = 23;
        // Frames of the shared options take about 25 ms on two cores, less than squeue and scancel take to stop the task:
        // all six were sometimes sealed before the kill landed. 24 frames of about 130 ms leave seconds of work after it.
        List<String> options = withValues(OPTIONS, "--width", "160", "--height", "120", "--spp", "8");
        List<String> args = new ArrayList<>(List.of("farm", "submit", scene.toString(), "-o", out.toString(), "--frames", "0-" + last,
                "--chunk", Integer.toString(last + 1)));
        args.addAll(options);
        assertEquals(0, cli.drt(args.toArray(String[]::new)), cli.err());
        String job = cli.out.toString().substring(cli.out.toString().indexOf("job ") + 4).split(":")[0];
        // Killed once its first frame is sealed, while frames remain: resubmission must keep every
        // frame sealed before the kill and render only the rest.
        Path firstSidecar = dir.resolve("k_0000.png.sha256");
        SlurmClient slurm = new SlurmClient();
        while (!Files.exists(firstSidecar) && slurm.active(job)) Thread.sleep(20);
        boolean sealed = Files.exists(firstSidecar);
        if (sealed) slurm.cancel(job); // at once: every query before it lets more frames finish
        assertTrue(sealed, "the task ended before its first frame was sealed: " + cli.err());
        while (slurm.active(job)) Thread.sleep(100);
        List<Integer> kept = new ArrayList<>();
        List<Object> keys = new ArrayList<>();
        for (int f = 0; f <= last; f++) {
            if (Files.exists(dir.resolve(String.format("k_%04d.png.sha256", f)))) {
                kept.add(f);
                keys.add(fileKey(dir.resolve(String.format("k_%04d.png", f))));
            }
        }
        assertTrue(kept.contains(0), "frame 0 was sealed before the kill");
        // Otherwise the task finished before scancel reached it and the resubmission would re-render nothing.
        assertTrue(kept.size() <= last, "the task was still rendering when cancelled (frames left), but all were sealed: " + kept);
        System.out.println("FarmSlurmTest: frames sealed before the kill: " + kept);
        args.add("--wait");
        assertEquals(0, cli.drt(args.toArray(String[]::new)), cli.err());
        for (int i = 0; i < kept.size(); i++) {
            assertEquals(keys.get(i), fileKey(dir.resolve(String.format("k_%04d.png", kept.get(i)))), "frame " + kept.get(i) + " kept");
        }
        List<String> render = new ArrayList<>(List.of("render", scene.toString(), "--frames", "0-" + last, "-o",
                dir.resolve("kr_####.png").toString()));
        render.addAll(options);
        assertEquals(0, cli.drt(render.toArray(String[]::new)), cli.err());
        for (int f = 0; f <= last; f++) {
            assertSameFiles(OutputSet.of(dir.resolve(String.format("kr_%04d.png", f)), AOVS),
                    OutputSet.of(dir.resolve(String.format("k_%04d.png", f)), AOVS));
        }
    }

    /** {@code options} with the value after each given key replaced: {@code withValues(o, "--spp", "8")}. */
    private static List<String> withValues(List<String> options, String... keysAndValues) {
        List<String> out = new ArrayList<>(options);
        for (int k = 0; k < keysAndValues.length; k += 2) {
            int at = out.indexOf(keysAndValues[k]);
            assertTrue(at >= 0, keysAndValues[k] + " in " + options);
            out.set(at + 1, keysAndValues[k + 1]);
        }
        return out;
    }
}
