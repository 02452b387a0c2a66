package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** drt bench --suite rays as a user runs it: a generated terrain, the camera line drt generate wrote, every walk. */
class RaysSuiteTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    private List<String> cameraArguments(Path cam, int width, int height) throws Exception {
        List<String> args = new ArrayList<>(Arrays.asList(Files.readString(cam).trim().split("\\s+")));
        args.set(11, Integer.toString(width));
        args.set(12, Integer.toString(height));
        return args;
    }

    @Test
    void everyWalkCountsTheSameHitsOnAGeneratedTerrain() throws Exception {
        Path obj = dir.resolve("terrain.obj");
        assertEquals(0, cli.drt("generate", "terrain", "--seed", "4", "--side", "65", "-o", obj.toString()), cli.err());
        List<String> args = new ArrayList<>(List.of("bench", "--suite", "rays", "--obj", obj.toString(), "--cpu-threads", "2",
                "--repeats", "1", "--json", dir.resolve("rays.json").toString()));
        args.addAll(cameraArguments(dir.resolve("terrain.cam"), 64, 36));
        assertEquals(0, cli.drt(args.toArray(String[]::new)), cli.err());
        String json = Files.readString(dir.resolve("rays.json"));
        List<Long> hits = numbers(json, "hits"), occluded = numbers(json, "occluded");
        assertEquals(3, hits.size(), json);
        assertTrue(hits.get(0) > 64 * 36 / 2, "the terrain fills most of the view: " + json);
        assertEquals(hits.get(0), hits.get(1), json);
        assertEquals(hits.get(0), hits.get(2), json);
        assertTrue(Math.abs(occluded.get(0) - occluded.get(2)) <= 3 && occluded.get(1).equals(occluded.get(2)), json);
        assertTrue(json.contains("\"primary_mrays_per_s\""), json);
        assertTrue(cli.err().contains("peer arguments: --cam "), cli.err());
    }

    @Test
    void badArgumentsGetOneLineAndExitCode2() throws Exception {
        assertEquals(2, cli.drt("bench", "--suite", "rays"));
        assertTrue(cli.err().contains("--obj"), cli.err());
        Path obj = dir.resolve("t.obj");
        assertEquals(0, cli.drt("generate", "terrain", "--side", "9", "-o", obj.toString()), cli.err());
        assertEquals(2, cli.drt("bench", "--suite", "rays", "--obj", obj.toString(), "--cam", "0", "1", "5", "0", "0", "0", "0", "1", "0",
                "45", "64.5", "36"));
        assertTrue(cli.err().contains("whole numbers"), cli.err());
        assertEquals(2, cli.drt("bench", "--suite", "rays", "--obj", obj.toString(), "--backend", "fpga"));
        assertEquals(1, cli.err().trim().lines().count(), cli.err());
    }

    private static List<Long> numbers(String json, String key) {
        List<Long> out = new ArrayList<>();
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*(\\d+)").matcher(json);
        while (m.find()) out.add(Long.parseLong(m.group(1)));
        return out;
    }
}
