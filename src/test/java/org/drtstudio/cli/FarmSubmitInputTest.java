package org.drtstudio.cli;

import org.drtstudio.farm.TaskCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code drt farm submit} refuses bad requests with one line, before anything is written or
 * submitted (so these run on machines without Slurm), and says so when there is no sbatch.
 */
class FarmSubmitInputTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    private void refused(String expected, String... args) {
        List<String> all = new ArrayList<>(List.of("farm", "submit"));
        all.addAll(List.of(args));
        int code = cli.drt(all.toArray(String[]::new));
        String err = cli.err().strip();
        assertEquals(2, code, String.join(" ", args) + ": " + err);
        assertEquals(1, err.lines().count(), "one line: " + err);
        assertTrue(err.contains(expected), "'" + expected + "' in: " + err);
        assertFalse(err.contains("Exception"), err);
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "nothing written for a refused request");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void badRangesTilesAndOptionsAreOneLineEach() {
        String frames = dir.resolve("f_####.png").toString(), still = dir.resolve("still.png").toString();
        refused("'3-1'", "scenes/orbit.json", "-o", frames, "--frames", "3-1");
        refused("'x'", "scenes/orbit.json", "-o", frames, "--frames", "x");
        refused("either --frames", "scenes/orbit.json", "-o", frames);
        refused("either --frames", "scenes/orbit.json", "-o", frames, "--frames", "0-3", "--tiles", "2x2");
        refused("--chunk must be at least 1", "scenes/orbit.json", "-o", frames, "--frames", "0-3", "--chunk", "0");
        refused("####", "scenes/orbit.json", "-o", still, "--frames", "0-3");
        refused("'2by2'", "scenes/default.nff", "-o", still, "--tiles", "2by2");
        refused("'0x2'", "scenes/default.nff", "-o", still, "--tiles", "0x2");
        refused("narrower than a pixel", "scenes/default.nff", "-o", still, "--tiles", "9x2", "--width", "8", "--height", "8");
        refused("--chunk is for --frames", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--chunk", "2");
        refused("--denoise", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--denoise");
        refused("--region", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--region", "0,0,4,4");
        refused("--bogus", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--bogus", "1");
        refused("--spp", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--spp", "many");
        refused("unsupported picture extension", "scenes/default.nff", "-o", dir.resolve("still.tif").toString(), "--tiles", "2x2");
        refused("no-such.nff", "no-such.nff", "-o", still, "--tiles", "2x2");
        refused("--video assembles frames", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--video", dir.resolve("v.mp4").toString());
        refused("tiles are merged as 8-bit pictures", "scenes/default.nff", "-o", dir.resolve("still.exr").toString(), "--tiles", "2x2");
        refused("--video is made from 8-bit frames", "scenes/orbit.json", "-o", dir.resolve("f_####.exr").toString(), "--frames", "0-3",
                "--video", dir.resolve("v.mp4").toString());
        refused("--retries must be 0 to 10", "scenes/orbit.json", "-o", frames, "--frames", "0-3", "--retries", "11");
        refused("--gpus-per-task must be 0 to 64", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--gpus-per-task", "-1");
        refused("--sbatch-arg takes one sbatch option", "scenes/default.nff", "-o", still, "--tiles", "2x2", "--sbatch-arg", "time");
    }

    @Test
    void withoutSbatchSubmitSaysWhatIsMissing() throws Exception {
        // The real program, as a user runs it, on a PATH without Slurm's commands.
        List<String> command = new ArrayList<>(TaskCommand.ofThisJvm().words());
        command.addAll(List.of("farm", "submit", "scenes/default.nff", "-o", dir.resolve("still.png").toString(), "--tiles", "2x2",
                "--width", "8", "--height", "8"));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PATH", dir.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "drt farm submit ends");
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, p.exitValue(), output);
        assertEquals(1, output.lines().count(), output);
        assertTrue(output.startsWith("drt farm: sbatch is not on the PATH"), output);
        assertFalse(Files.exists(dir.resolve("still.farm")), "nothing written");
    }
}
