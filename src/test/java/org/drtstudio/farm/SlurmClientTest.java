package org.drtstudio.farm;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * How the farm runs Slurm's commands (issue 37, item 9): their output and complaint come back,
 * whatever the temporary folder is; with java.io.tmpdir missing, sbatch's failure said only
 * "cannot run sbatch: /nonexistent/drt-slurm….out".
 */
class SlurmClientTest {
    @Test
    void aCommandsOutputAndComplaintComeBackWithoutATemporaryFolder() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-Djava.io.tmpdir=/nonexistent-drt-tmp", "-cp", System.getProperty("java.class.path"),
                SlurmClientProbe.class.getName()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(List.of("ran: job 41", "failed: sh: Invalid --time specification"), said.lines().toList(), said);
    }
}
