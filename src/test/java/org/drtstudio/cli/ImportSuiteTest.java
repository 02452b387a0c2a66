package org.drtstudio.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/** drt bench --suite import: both paths import the same triangles, and every phase is timed. Speed is not checked. */
class ImportSuiteTest {
    @TempDir
    Path dir;

    @Test
    void importSuiteTimesBothPathsOnTheSameFile() throws Exception {
        StringBuilder obj = new StringBuilder();
        for (int i = 0; i < 300; i++) obj.append("v ").append(i).append(" 0 0\nv ").append(i).append(" 1 0\nv ").append(i).append(" 0 1\n");
        for (int i = 0; i < 300; i++) obj.append("f -3 -2 -1\n".replace("-3", Integer.toString(3 * i + 1))
                .replace("-2", Integer.toString(3 * i + 2)).replace("-1", Integer.toString(3 * i + 3)));
        Path file = dir.resolve("tris.obj"), json = dir.resolve("import.json");
        Files.writeString(file, obj);
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.drt("bench", "--suite", "import", "--obj", file.toString(), "--repeats", "1", "--json", json.toString()), cli.err());
        String text = Files.readString(json);
        for (String path : new String[]{"validating", "fast"}) {
            assertEquals(300, number(text, path + "_triangles"), text);
            for (String phase : new String[]{"read_parse_ms", "triangles_normals_ms", "hierarchy_ms", "packing_ms", "box_layout_ms", "total_ms"}) {
                assertTrue(number(text, path + "_first_" + phase) >= 0, path + " " + phase + " in " + text);
                assertTrue(number(text, path + "_median_" + phase) >= 0, path + " " + phase + " in " + text);
            }
            assertTrue(number(text, path + "_median_total_ms") >= number(text, path + "_median_hierarchy_ms"), text);
        }
    }

    private static double number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\": ([0-9.eE+-]+)").matcher(json);
        assertTrue(m.find(), key + " missing in\n" + json);
        return Double.parseDouble(m.group(1));
    }
}
