package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code drt studio}: arguments checked before any window opens; what reaches the launcher. */
class StudioCommandTest {
    private final List<String> opened = new ArrayList<>();
    private final StringWriter err = new StringWriter();

    private int drt(boolean display, String... args) {
        StudioLauncher launcher = new StudioLauncher() {
            @Override
            public boolean displayAvailable() {
                return display;
            }

            @Override
            public int open(Path scene, RendererFactory.Backend backend, double measureSeconds) {
                opened.add(scene + " " + backend + " " + measureSeconds);
                return 0;
            }

            @Override
            public int open(Path scene, RendererFactory.Backend backend, double measureSeconds, boolean measureMaximized) {
                return open(scene, backend, measureSeconds + (measureMaximized ? 1000 : 0));
            }
        };
        CommandLine cl = DrtCommand.create((b, n) -> new CpuRenderer(1), launcher);
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    @Test
    void opensTheSceneWithTheChosenBackend() {
        assertEquals(0, drt(true, "studio", "scenes/default.nff", "--backend", "cpu", "--measure", "5"));
        assertEquals(List.of("scenes/default.nff CPU 5.0"), opened);
        assertEquals(0, drt(true, "studio"));
        assertEquals("null AUTO 0.0", opened.get(1));
        assertEquals(0, drt(true, "studio", "scenes/default.nff", "--measure", "5", "--measure-view", "maximized"));
        assertEquals("scenes/default.nff AUTO 1005.0", opened.get(2), "the maximised measurement reaches the launcher");
    }

    @Test
    void withoutADisplayItSaysSoInOneLine() {
        assertEquals(2, drt(false, "studio", "scenes/default.nff"));
        assertTrue(opened.isEmpty());
        assertTrue(err.toString().contains("no display"), err.toString());
        assertEquals(1, err.toString().strip().lines().count());
    }

    @Test
    void badArgumentsAreNamed() {
        assertEquals(2, drt(true, "studio", "no/such/scene.nff"));
        assertTrue(err.toString().contains("no/such/scene.nff: file not found"), err.toString());
        assertEquals(2, drt(true, "studio", "scenes"));
        assertTrue(err.toString().contains("scenes: is a folder, not a regular file"), err.toString());
        assertEquals(2, drt(true, "studio", "--backend", "quantum"));
        assertTrue(err.toString().contains("'quantum'"), err.toString());
        assertEquals(2, drt(true, "studio", "--measure", "5", "--measure-view", "huge"));
        assertTrue(err.toString().contains("--measure-view must be 640x360 or maximized, got 'huge'"), err.toString());
        assertTrue(opened.isEmpty());
    }
}
