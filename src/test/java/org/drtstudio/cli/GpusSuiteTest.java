package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Smoke test of {@code drt bench --suite gpus} on two contexts of this machine's device (llvmpipe in
 * CI) at a tiny size: every tiling is timed and its picture is the one-GPU picture. Speed is not checked.
 */
@Timeout(600)
class GpusSuiteTest {
    @TempDir
    Path dir;

    @Test
    void everyTilingIsTimedAndIdenticalToOneGpu() throws Exception {
        Path data = TestData.sharedRoot();
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        Path json = dir.resolve("gpus.json");
        assertEquals(0, cl.execute("bench", "--suite", "gpus", "--gpus", "0,0", "--data", data.toString(), "--scenes", "tetra_s6",
                "--size", "40x24", "--tiles", "b1,16", "--frame-repeats", "1", "--json", json.toString()), err.toString());
        String text = Files.readString(json);
        assertTrue(text.contains("\"tile\": \"b1\""), text);
        assertTrue(text.contains("\"tile\": \"16\""), text);
        assertEquals(2, text.split("\"identical_to_one_gpu\": true", -1).length - 1, text);
        assertTrue(text.contains("\"two_contexts_on_gpu0_identical\": true"), text);
        assertFalse(text.contains("false"), text);
        assertEquals(2, err.toString().split("picture identical to one GPU's", -1).length - 1, "said in the log too: " + err);
    }

    @Test
    void aSingleGpuOrABadTilingIsRefusedInOneLine() {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        assertEquals(2, cl.execute("bench", "--suite", "gpus", "--gpus", "1"));
        assertTrue(err.toString().strip().startsWith("drt: the gpus suite splits frames across at least two GPUs"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, cl.execute("bench", "--suite", "gpus", "--gpus", "0,0", "--tiles", "b0"));
        assertEquals("drt: a multi-GPU tiling is bands per GPU as b1 to b64 or square tiles of 8 to 8192 pixels, got 'b0'", err.toString().strip());
    }
}
