package org.drtstudio.cli;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.SayingRenderer;
import org.drtstudio.render.TracerOptions;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a renderer says mid-render ({@link Renderer#noticesTo}: the GPU's denoiser filtering on the CPU
 * for want of room) reaches drt render's user as a line of its own, quiet or not.
 */
class RendererNoticesTest {
    private static final String SCENE = "src/test/resources/data/nff/balls_s1.nff";
    private static final String NOTE = "the GPU has no room for 48 MB more for the denoiser; the frame was denoised on the CPU";
    @TempDir
    Path dir;

    @Test
    void aRenderersNoteIsPrintedAsALineOfItsOwn() {
        assertTrue(render("plain.png").lines().anyMatch(l -> l.equals("drt: " + NOTE)));
        assertTrue(render("quiet.png", "-q").lines().anyMatch(l -> l.equals("drt: " + NOTE)), "said when quiet too");
    }

    /** drt render of a small denoised frame into {@code name}, with {@code options}; what it said on stderr. */
    private String render(String name, String... options) {
        StringWriter err = new StringWriter();
        CommandLine cl = DrtCommand.create(new Saying());
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("render", SCENE, "--denoise", "--spp", "2", "--width", "32", "--height", "24",
                "-o", out.toString()));
        args.addAll(List.of(options));
        assertEquals(0, cl.execute(args.toArray(String[]::new)), err.toString());
        assertTrue(Files.exists(out));
        return err.toString();
    }

    /** CPU tracers that say {@link #NOTE} with each pass. */
    private static final class Saying implements RendererFactory {
        @Override
        public Renderer create(Backend backend, Consumer<String> notices) {
            return create(backend, notices, TracerOptions.DEFAULT);
        }

        @Override
        public Renderer create(Backend backend, Consumer<String> notices, TracerOptions options) {
            return new SayingRenderer(new CpuRenderer(2), NOTE);
        }
    }
}
