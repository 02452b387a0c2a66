package org.drtstudio.studio.export;

import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.PngWriter;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.io.support.HostileFiles;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.render.SayingRenderer;
import org.drtstudio.render.ViewTransform;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** The studio's export writes the format its name asks for and refuses a bad output before rendering. */
class ExportJobOutputTest {
    @TempDir
    Path dir;
    private final AtomicInteger renderersMade = new AtomicInteger();

    private void export(Path out, int width) throws Exception {
        export(new ExportSettings(out, width, width, 1, false, 0, 0));
    }

    private void export(ExportSettings settings) throws Exception {
        Path nff = Path.of("scenes/default.nff");
        SceneModel model = ProjectConverter.fromImport(nff, SceneLoader.load(nff).scene());
        ExportJob job = new ExportJob(model, settings, false, 0, false, PixelFilter.BOX);
        job.run(() -> {
            renderersMade.incrementAndGet();
            return new CpuRenderer(2);
        }, (path, encoding) -> null, f -> { });
    }

    @Test
    void anExrNameGetsTheLinearRadianceOfAPfmExportAsOpenExr() throws Exception {
        Path exr = dir.resolve("still.exr"), pfm = dir.resolve("still.pfm");
        export(exr, 12);
        export(new ExportSettings(pfm, 12, 12, 1, true, 0, 0));
        var picture = org.drtstudio.io.image.exr.TinyExr.decode(Files.readAllBytes(exr));
        float[] linear = PfmWriter.read(pfm, new int[3]);
        assertEquals(12, picture.width());
        assertTrue(picture.channel("R").half(), "colour in half float");
        for (int i = 0; i < 144; i++) {
            assertEquals(linear[3 * i], picture.channel("R").values()[i], 1e-3 * Math.abs(linear[3 * i]) + 1e-6, "pixel " + i);
            assertEquals(linear[3 * i + 2], picture.channel("B").values()[i], 1e-3 * Math.abs(linear[3 * i + 2]) + 1e-6);
        }
    }

    @Test
    void anAnimationExportWritesAnExrSequence() throws Exception {
        Path orbit = Path.of("scenes/orbit.json");
        SceneModel model = org.drtstudio.io.project.ProjectFiles.read(orbit).model();
        new ExportJob(model, new ExportSettings(dir.resolve("f_####.exr"), 12, 9, 1, false, 3, 4), true, 0, false, PixelFilter.BOX)
                .run(() -> new CpuRenderer(2), (path, encoding) -> null, f -> { });
        for (String name : java.util.List.of("f_0003.exr", "f_0004.exr")) {
            var picture = org.drtstudio.io.image.exr.TinyExr.decode(Files.readAllBytes(dir.resolve(name)));
            assertEquals(12, picture.width(), name);
            assertEquals(java.util.List.of("A", "B", "G", "R"), picture.channels().stream().map(c -> c.name()).sorted().toList());
        }
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(dir.resolve("f_0003.exr")), Files.readAllBytes(dir.resolve("f_0004.exr"))),
                "the frames of an animation differ");
    }

    @Test
    void aPngExportShowsTheRadianceThroughTheStudiosView() throws Exception {
        Path png = dir.resolve("agx.png"), pfm = dir.resolve("lin.pfm");
        ViewTransform agx = new ViewTransform(-1f, ViewTransform.View.AGX);
        Path nff = Path.of("scenes/default.nff");
        SceneModel model = ProjectConverter.fromImport(nff, SceneLoader.load(nff).scene());
        new ExportJob(model, new ExportSettings(png, 10, 10, 1, false, 0, 0), false, 0, false, PixelFilter.BOX).withView(agx)
                .run(() -> new CpuRenderer(2), (path, encoding) -> null, f -> { });
        export(new ExportSettings(pfm, 10, 10, 1, true, 0, 0));
        byte[] expected = agx.toSrgb(PfmWriter.read(pfm, new int[3]), 100);
        var img = PngWriter.read(png);
        for (int i = 0; i < 100; i++) assertEquals(expected[4 * i + 1] & 0xff, img.getRGB(i % 10, i / 10) >> 8 & 0xff, "green of pixel " + i);
    }

    @Test
    void aJpegNameGetsJpegBytes() throws Exception {
        Path jpg = dir.resolve("still.jpg");
        export(jpg, 16);
        byte[] b = Files.readAllBytes(jpg);
        assertEquals(0xFFD8, (b[0] & 0xff) << 8 | (b[1] & 0xff));
        assertEquals(16, PngWriter.read(jpg).getWidth());
    }

    @Test
    void aDenoisedExportIsCloserToTheConvergedPicture() throws Exception {
        Path reference = dir.resolve("reference.pfm"), plain = dir.resolve("plain.pfm"), denoised = dir.resolve("denoised.pfm");
        export(new ExportSettings(reference, 48, 27, 256, true, 0, 0));
        // 6 samples: a pass of 4 and one of 2, so the denoiser's sums run across passes.
        export(new ExportSettings(plain, 48, 27, 6, true, 0, 0));
        export(new ExportSettings(denoised, 48, 27, 6, true, 0, 0, true));
        int[] size = new int[3];
        float[] ref = PfmWriter.read(reference, size), noisy = PfmWriter.read(plain, size), clean = PfmWriter.read(denoised, size);
        double noisyError = rmse(noisy, ref), cleanError = rmse(clean, ref);
        assertTrue(cleanError < 0.8 * noisyError, "denoised " + cleanError + " against " + noisyError + " as traced");
    }

    @Test
    void whatTheRendererSaysOfHowItRenderedIsTheJobsToSay() throws Exception {
        // As the GPU tracer says it when its denoiser finds no room on the GPU (GlDenoiserFallbackTest).
        String note = "the GPU has no room for 48 MB more for the denoiser; the frame was denoised on the CPU";
        Path nff = Path.of("scenes/default.nff");
        SceneModel model = ProjectConverter.fromImport(nff, SceneLoader.load(nff).scene());
        ExportJob job = new ExportJob(model, new ExportSettings(dir.resolve("said.png"), 12, 9, 2, false, 0, 0, true), false, 0, false,
                PixelFilter.BOX);
        assertEquals(java.util.List.of(), job.notes());
        job.run(() -> new SayingRenderer(new CpuRenderer(2), note), (path, encoding) -> null, f -> { });
        assertEquals(java.util.List.of(note), job.notes());
    }

    private static double rmse(float[] a, float[] b) {
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += (Math.min(a[i], 1f) - Math.min(b[i], 1f)) * (Math.min(a[i], 1f) - Math.min(b[i], 1f));
        return Math.sqrt(sum / a.length);
    }

    @Test
    void aFifoOrAnUnknownExtensionIsRefusedBeforeRendering() throws Exception {
        Path fifo = HostileFiles.fifo(dir.resolve("still.png"));
        OutputProblem e = assertThrows(OutputProblem.class, () -> export(fifo, 16));
        assertTrue(e.getMessage().contains("is a FIFO"), e.getMessage());
        OutputProblem ext = assertThrows(OutputProblem.class, () -> export(dir.resolve("still.gif"), 16));
        assertTrue(ext.getMessage().contains("supported: .png, .jpg, .jpeg"), ext.getMessage());
        assertEquals(0, renderersMade.get());
        assertEquals(0010000, HostileFiles.typeBits(fifo));
    }
}
