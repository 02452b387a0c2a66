package org.drtstudio.cli;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code --throw-back RATIO}, the DRT paper's non-binary sphere trees: drt render walks them with
 * --nodes spheres and refuses them, in one line before any work, with the box walk or a bad ratio;
 * drt info builds them, says how many children a node has, and its --check holds.
 */
class ThrowBackOptionTest {
    private static final String SCENE = "src/test/resources/data/nff/balls_s1.nff";
    @TempDir
    Path dir;

    /** CPU tracers walking the node kind the command asks for (CliHarness's production tracer walks boxes only). */
    private static final class CpuByNodes implements RendererFactory {
        @Override
        public Renderer create(Backend backend, Consumer<String> notices) {
            return create(backend, notices, TracerOptions.DEFAULT);
        }

        @Override
        public Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
            return new CpuRenderer(2, options.nodes(), options.accel());
        }
    }

    @Test
    void theSphereWalkRendersAThrownBackTree() {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create(new CpuByNodes());
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        Path out = dir.resolve("t.png");
        assertEquals(0, cl.execute("render", SCENE, "--nodes", "spheres", "--throw-back", "0.7", "--backend", "cpu",
                "--width", "32", "--height", "24", "-o", out.toString()), err.toString());
        assertTrue(Files.exists(out));
    }

    @Test
    void theBoxWalkAndABadRatioAreRefusedInOneLine() {
        CliHarness cli = new CliHarness();
        Path out = dir.resolve("x.png");
        assertEquals(2, cli.drt("render", SCENE, "--throw-back", "0.7", "-o", out.toString()));
        assertEquals("drt: --throw-back needs --nodes spheres (and the bvh): the box walk and the other structures read binary trees",
                cli.err().strip());
        cli = new CliHarness();
        assertEquals(2, cli.drt("render", SCENE, "--nodes", "spheres", "--throw-back", "1.5", "-o", out.toString()));
        assertEquals("drt: --throw-back must be in (0, 1], got 1.5", cli.err().strip());
        assertFalse(Files.exists(out));
    }

    @Test
    void infoSaysTheChildrenANodeHasAndTheCheckHolds() {
        CliHarness binary = new CliHarness(), thrown = new CliHarness();
        assertEquals(0, binary.drt("info", SCENE, "--check", "--walk-counts"), binary.err());
        assertEquals(0, thrown.drt("info", SCENE, "--check", "--walk-counts", "--throw-back", "0.7"), thrown.err());
        assertTrue(binary.out.toString().contains("sphere tree  binary:") && binary.out.toString().contains("2.00 children a node, at most 2"), binary.out.toString());
        assertTrue(thrown.out.toString().contains("sphere tree  thrown back at 0.7:"), thrown.out.toString());
        assertFalse(thrown.out.toString().contains("at most 2\n"), "some node has more than two children:\n" + thrown.out.toString());
        assertTrue(thrown.out.toString().contains("all invariants hold") && thrown.out.toString().contains("sphere walk "), thrown.out.toString());
    }
}
