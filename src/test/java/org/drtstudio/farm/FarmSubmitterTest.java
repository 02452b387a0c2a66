package org.drtstudio.farm;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Submission without a cluster (a Slurm client that answers as told): a submission that fails
 * half-way cancels what it queued and leaves no file behind; the array script runs a failed task
 * again as often as asked, but not after bad input or running out of memory.
 */
class FarmSubmitterTest {
    @TempDir
    Path dir;

    /** sbatch answers job ids from 101 on, and refuses the submission number {@code failAt} (1-based). */
    private static class ScriptedSlurm extends SlurmClient {
        final int failAt;
        int submits;
        final List<String> cancelled = new ArrayList<>();

        ScriptedSlurm(int failAt) {
            this.failAt = failAt;
        }

        @Override
        public void requireSbatch() {
        }

        @Override
        public boolean active(String jobId) {
            return false;
        }

        @Override
        public String submit(List<String> args) throws FarmException {
            if (++submits == failAt) throw new FarmException("sbatch: error: invalid partition specified: gpu");
            return String.valueOf(100 + submits);
        }

        @Override
        public void cancel(String jobId) {
            cancelled.add(jobId);
        }

        @Override
        public Map<Integer, String> arrayStates(String jobId) {
            return Map.of();
        }
    }

    private FarmJob tiles() throws Exception {
        Path scene = Files.writeString(dir.resolve("s.nff"), "v\n");
        return new FarmJob(FarmJob.Kind.TILES, scene, dir.resolve("still.png"), List.of(), List.of(), null, 0, new TileGrid(2, 1), 8, 8, null,
                24, "sig");
    }

    @Test
    void aSubmissionThatFailsHalfWayCancelsWhatItQueuedAndLeavesNothing() throws Exception {
        FarmJob job = tiles();
        ScriptedSlurm slurm = new ScriptedSlurm(2); // the array is queued, the merge job refused
        FarmException e = assertThrows(FarmException.class, () -> new FarmSubmitter(slurm, TaskCommand.ofThisJvm())
                .submit(job, SubmitOptions.DEFAULT, new PrintWriter(new StringWriter())));
        assertTrue(e.getMessage().contains("invalid partition"), e.getMessage());
        assertEquals(List.of("101"), slurm.cancelled, "the queued array job is cancelled");
        assertFalse(Files.exists(job.folder()), "no job folder is left behind");
        try (var files = Files.list(dir)) {
            assertEquals(List.of("s.nff"), files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aResubmissionThatFailsKeepsWhatWasThereBefore() throws Exception {
        FarmJob job = tiles();
        Files.createDirectories(job.folder().resolve("tiles"));
        Path tile = Files.writeString(job.folder().resolve("tiles").resolve("tile_0.png"), "rendered before");
        ScriptedSlurm slurm = new ScriptedSlurm(1);
        assertThrows(FarmException.class, () -> new FarmSubmitter(slurm, TaskCommand.ofThisJvm())
                .submit(job, SubmitOptions.DEFAULT, new PrintWriter(new StringWriter())));
        assertEquals("rendered before", Files.readString(tile));
        assertFalse(Files.exists(job.folder().resolve(BatchScripts.TASKS)), "the script it wrote is gone");
        assertFalse(Files.exists(FarmJobFile.in(job.folder())));
    }

    @Test
    void statusCountsTheTasksThatFailedForItsExitCode() throws Exception {
        FarmJob job = tiles();
        ScriptedSlurm slurm = new ScriptedSlurm(0);
        String before = System.getProperty("drt.farm.index");
        System.setProperty("drt.farm.index", dir.resolve("index.jsonl").toString());
        try {
            new FarmSubmitter(slurm, TaskCommand.ofThisJvm()).submit(job, SubmitOptions.DEFAULT, new PrintWriter(new StringWriter()));
        } finally {
            if (before == null) System.clearProperty("drt.farm.index");
            else System.setProperty("drt.farm.index", before);
        }
        // the tasks left the queue (Slurm knows nothing of them) without their tiles: both failed
        StringWriter out = new StringWriter();
        int failed = new FarmStatus(new ScriptedSlurm(0) {
            @Override
            public boolean hasSbatch() {
                return true;
            }

            @Override
            public boolean clusterAnswers() {
                return true;
            }

            @Override
            public String jobState(String jobId) {
                return "CANCELLED";
            }
        }).report(job.folder(), new PrintWriter(out));
        assertEquals(3, failed, "two tasks and the merge job: " + out);
        assertTrue(out.toString().contains("tasks 0 done, 0 running, 0 pending, 2 failed"), out.toString());
    }

    @Test
    void anExrFramesAovsAreLayersSoItIsOneFile() {
        assertEquals(List.of(dir.resolve("f_0001.exr").toAbsolutePath()), OutputSet.of(dir.resolve("f_0001.exr"), List.of("depth", "samples")).files());
        assertEquals(4, OutputSet.of(dir.resolve("f_0001.png"), List.of("depth", "samples")).files().size(), "a PNG: PFMs and a heat map beside it");
    }

    /** Runs the array script of {@code retries} with a task command that fails with the codes given, then succeeds. */
    private String runTasks(int retries, int... codes) throws Exception {
        Path counter = dir.resolve("count");
        Files.deleteIfExists(counter);
        StringBuilder stub = new StringBuilder("#!/bin/sh\nn=$(cat " + counter + " 2>/dev/null || echo 0); echo $((n + 1)) > " + counter + "\n");
        for (int i = 0; i < codes.length; i++) stub.append("[ \"$n\" -eq ").append(i).append(" ] && exit ").append(codes[i]).append('\n');
        stub.append("exit 0\n");
        Path task = dir.resolve("task.sh");
        Files.writeString(task, stub.toString());
        task.toFile().setExecutable(true);
        FarmJob job = tiles();
        Files.createDirectories(job.folder());
        Path script = BatchScripts.writeTasks(job, new TaskCommand(List.of(task.toString())), retries);
        ProcessBuilder p = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true);
        p.environment().put("SLURM_ARRAY_TASK_ID", "1");
        Process run = p.start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(30, TimeUnit.SECONDS));
        return run.exitValue() + " after " + Files.readString(counter).trim() + " runs: " + out.trim();
    }

    @Test
    void aFailedTaskRunsAgainAsOftenAsAskedButNotAfterBadInput() throws Exception {
        assertTrue(runTasks(2, 1, 1).startsWith("0 after 3 runs"), "two failures, then done on the third run");
        assertTrue(runTasks(2, 1, 1, 1).startsWith("1 after 3 runs"), "three failures: it gives up after two retries");
        assertTrue(runTasks(0, 1).startsWith("1 after 1 runs"), "--retries 0: one run");
        assertTrue(runTasks(2, 2).startsWith("2 after 1 runs"), "bad input is not retried");
        assertTrue(runTasks(2, 3).startsWith("3 after 1 runs"), "out of memory is not retried");
        assertTrue(runTasks(2, 137).contains("retry 1 of 2"), "says it runs again");
    }
}
