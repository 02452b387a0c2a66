package org.drtstudio.lab;

import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.bench.AccelBenchmark;
import org.drtstudio.bench.BenchmarkJson;
import org.drtstudio.bench.SuiteScenes;
import org.drtstudio.bench.SuiteSettings;
import org.drtstudio.io.image.PfmWriter;
import org.drtstudio.io.image.exr.TinyExr;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.gl.GlProbe;
import org.drtstudio.render.gl.UploadProbe;
import org.drtstudio.render.gl.GlUnavailableException;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every lab program (research and measurement mains kept out of drt.jar, run with
 * {@code scripts/lab.sh}) runs to the end on a tiny input and writes what it promises: each in a
 * child JVM on the test class path, as the script runs it (several read system properties or exit
 * with a status, which must not touch this JVM). Sizes are a few pixels: this checks that the
 * programs still work, not what they measure.
 */
class LabProgramsSmokeTest {
    private static final String SCENE = "scenes/default.nff";

    @TempDir
    Path dir;

    @Test
    void noiseMeasurementCurvesAndPlotsRunOnATinyImage() throws Exception {
        Path refs = dir.resolve("refs");
        run(NoiseMeasurement.class, List.of(), "reference", SCENE, refs.toString(), "2", "8", "6");
        int variants = NoiseMeasurement.variants().size();
        try (var files = Files.list(refs)) {
            assertEquals(variants, files.filter(f -> f.toString().endsWith(".ref")).count(), "one reference per variant");
        }
        String table = run(NoiseMeasurement.class, List.of("-Dnoise.counts=1", "-Dnoise.seeds=1"), "measure", SCENE,
                refs.toString(), "8", "6");
        assertEquals(variants, table.lines().filter(l -> l.matches("\\| [\\w-]+ \\| \\d+\\.\\d+ \\|")).count(),
                "a row of one RMSE per variant:\n" + table);

        Path csv = dir.resolve("curves.csv");
        run(NoiseCurves.class, List.of("-Dnoise.counts=1,2", "-Dnoise.seeds=1", "-Dnoise.threads=1"), "curve", SCENE,
                refs.toString(), csv.toString(), "8", "6");
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.size() > 2 * variants, "rows per variant and sample count: " + rows.size());

        Path spp = dir.resolve("spp.png"), time = dir.resolve("time.png");
        run(NoisePlot.class, List.of(), "curves", csv.toString(), spp.toString(), time.toString());
        assertPicture(spp);
        assertPicture(time);
    }

    @Test
    void previewRunsBothWaysOfGuidingAndPlots() throws Exception {
        Path ref = dir.resolve("preview.ref");
        run(NoiseCurves.class, List.of("-Dnoise.threads=1"), "reference", SCENE, ref.toString(), "8", "6", "4");
        for (String mode : List.of("once", "edges")) {
            Path csv = dir.resolve(mode + ".csv");
            run(NoiseCurves.class, List.of("-Dnoise.threads=1", "-Dnoise.preview=" + mode), "preview", SCENE, ref.toString(),
                    csv.toString(), "8", "6", "12");
            List<String> rows = Files.readAllLines(csv);
            assertEquals(12, Integer.parseInt(rows.get(rows.size() - 1).split(",")[0]), mode + ": the last pass reaches 12 samples");
            assertTrue(rows.stream().skip(1).anyMatch(r -> !r.split(",")[3].equals("NaN")), mode + ": some pass denoised\n" + rows);
            Path png = dir.resolve(mode + ".png");
            run(NoisePlot.class, List.of(), "preview", csv.toString(), png.toString());
            assertPicture(png);
        }
    }

    @Test
    void adaptiveMeasurementAndReportRunOnATinyImage() throws Exception {
        run(AdaptiveMeasurement.class, List.of(), "reference", dir.toString(), "8", "6", "4", "1");
        String csv = run(AdaptiveMeasurement.class, List.of(), "measure", dir.toString(), "8", "6", "all-three");
        Path table = dir.resolve("m.csv");
        Files.writeString(table, csv);
        assertTrue(csv.lines().anyMatch(l -> l.startsWith("all-three,fixed,")), csv);
        assertTrue(csv.lines().anyMatch(l -> l.startsWith("all-three,adaptive,")), csv);

        Path plot = dir.resolve("adaptive.png");
        String report = run(AdaptiveReport.class, List.of(), table.toString(), plot.toString());
        assertTrue(report.lines().anyMatch(l -> l.startsWith("| all-three |")), report);
        assertPicture(plot);
    }

    @Test
    void accelReportDrawsTheAccelSuitesResults() throws Exception {
        Scene scene = SceneLoader.load(Path.of(SCENE)).scene();
        SuiteSettings tiny = new SuiteSettings(16, 12, 1, 1, 16, 12, 1, 1, 1);
        var results = AccelBenchmark.suite("accel", org.drtstudio.bench.SuiteScenes.FULL_VERSION, tiny, new double[]{1, 2}, GridInsertion.DEFAULT,
                List.of(new SuiteScenes.Loaded("default", SCENE, scene, 1f)), null);
        Path json = dir.resolve("accel.json");
        BenchmarkJson.writeFile(json, results);

        Path plot = dir.resolve("accel.png");
        String table = run(AccelReport.class, List.of(), plot.toString(), json.toString());
        assertTrue(table.contains("default"), table);
        assertPicture(plot);
    }

    @Test
    void rouletteNoiseMeasuresEachSetting() throws Exception {
        String out = run(RouletteNoise.class, List.of("-Droulette.size=8x6", "-Droulette.settings=off,0.25/1"), "1", "2", "all-three@" + SCENE);
        for (String setting : List.of(",off,", ",0.25/1,")) assertTrue(out.lines().anyMatch(l -> l.startsWith("all-three@") && l.contains(setting)), out);
    }

    @Test
    void gridInsertionBenchmarkMeasuresBothInsertions() throws Exception {
        String out = run(GridInsertionBenchmark.class, List.of(), "1", "8", SCENE);
        for (GridInsertion insertion : GridInsertion.values())
            assertEquals(2, out.lines().filter(l -> l.startsWith("default.nff") && l.contains(" " + insertion.cliName() + " ")).count(),
                    "two rounds of " + insertion.cliName() + ":\n" + out);
    }

    @Test
    void pictureWritingTimesEachWriter() throws Exception {
        String out = run(PictureWriting.class, List.of(), "17", "9");
        for (String what : new String[]{"tone map:", "png:", "exr half rgba:", "exr with layers:"}) assertTrue(out.contains(what), out);
    }

    @Test
    void importWarmupTimesTheImportAfterItsWarmUps() throws Exception {
        Path obj = dir.resolve("quad.obj");
        java.nio.file.Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n");
        String out = run(ImportWarmup.class, List.of(), obj.toString(), obj.toString(), "2");
        assertTrue(out.matches("(?s).*warm-up 2 x: [\\d.]+ ms; import [\\d.]+ ms \\([\\d,.]+ ms: read \\+ parse .*"), out);
    }

    @Test
    void hierarchyBuildBenchmarkMeasuresTheGeneratedSphere() throws Exception {
        String out = run(HierarchyBuildBenchmark.class, List.of(), dir.resolve("no-data").toString(), "1", "16");
        assertTrue(out.lines().anyMatch(l -> l.startsWith("sphere ")), out);
    }

    @Test
    void linearBvhBenchmarkMeasuresEveryBuilder() throws Exception {
        assumeGl();
        String out = run(LinearBvhBenchmark.class, List.of(), "--rings", "8", "--repeats", "1");
        for (String build : List.of(" binned ", " gpu ", " twin ")) assertTrue(out.lines().anyMatch(l -> l.startsWith("sphere8 ") && l.contains(build)), out);
    }

    @Test
    void scheduleAgreementComparesTheGpuSchedules() throws Exception {
        assumeGl();
        String out = run(ScheduleAgreement.class, List.of(), SCENE, "8", "6", "1");
        assertTrue(out.contains("radiance values differ"), out);
        assertTrue(out.contains("guides, normal"), out);
    }

    @Test
    void gpuDenoiseStagesTimesBothCalls() throws Exception {
        assumeGl();
        String out = run(GpuDenoiseStages.class, List.of(), SCENE, "8", "6", "2", "1");
        assertTrue(out.lines().anyMatch(l -> l.startsWith("plain ") && l.contains("trace=")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("with the denoiser's inputs ") && l.contains("read=")
                && l.contains("read: sums and split=") && l.contains("read: guide pass=")), "the read stage's parts noted:\n" + out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("filter ")), out);
    }

    @Test
    void guideBudgetProbeRendersEachBudgetTwice() throws Exception {
        Path ref = dir.resolve("budget-ref.exr");
        run(org.drtstudio.app.Main.class, List.of(), "render", SCENE, "--width", "8", "--height", "6", "--spp", "4",
                "--backend", "cpu", "-o", ref.toString(), "--exr-precision", "float");
        String out = run(GuideBudgetProbe.class, List.of(), SCENE, ref.toString(), "8", "6", "2", "1x1", "4x64");
        assertEquals(4, out.lines().filter(l -> l.contains(" budget ") && l.contains(" denoised ")).count(), out);
        assertTrue(out.contains("round 1 budget 4x64"), out);
    }

    @Test
    void pictureErrorMeasuresExrPicturesAgainstAReference() throws Exception {
        Path ref = dir.resolve("ref.exr"), same = dir.resolve("same.exr"), other = dir.resolve("other.exr");
        for (Object[] r : new Object[][] {{ref, 7}, {same, 7}, {other, 8}}) {
            run(org.drtstudio.app.Main.class, List.of(), "render", SCENE, "--width", "8", "--height", "6", "--spp", "2",
                    "--seed", String.valueOf(r[1]), "--backend", "cpu", "-o", r[0].toString(), "--exr-precision", "float");
        }
        // the same picture as a PFM (rows stored bottom to top), as scripts/oidn-anchor.py writes its output
        Path samePfm = dir.resolve("same.pfm");
        TinyExr.Picture picture = TinyExr.decode(Files.readAllBytes(same));
        PfmWriter.write(samePfm, picture.width(), picture.height(), 3, PictureError.rgb(picture, same.toString()));
        String out = run(PictureError.class, List.of(), ref.toString(), same.toString(), other.toString(), samePfm.toString());
        List<String> lines = out.lines().filter(l -> l.contains(".exr ") || l.contains(".pfm ")).toList();
        assertEquals(same + " 0.0000", lines.get(0), "the same render: no error");
        assertTrue(Double.parseDouble(lines.get(1).split(" ")[1]) > 0, "another seed's render differs: " + out);
        assertEquals(samePfm + " 0.0000", lines.get(2), "the same render read from a PFM: no error");
    }

    @Test
    void gpuNoiseCurvesMeasurePlainAndDenoisedOnEveryScene(@TempDir Path dir) throws Exception {
        assumeGl();
        Path csv = dir.resolve("gpu.csv");
        run(GpuNoiseCurves.class, List.of("-Dnoise.counts=1,2", "-Dnoise.seeds=1", "-Dnoise.refspp=8"), csv.toString(), "8", "6", SCENE);
        List<String> rows = Files.readAllLines(csv);
        assertEquals(1 + 4 * 2 * 2, rows.size(), "four scenes, two counts, plain and denoised:\n" + rows);
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            assertTrue(Double.parseDouble(f[4]) > 0 && Double.parseDouble(f[6]) >= 0 && Double.isFinite(Double.parseDouble(f[6])), row);
        }
    }

    @Test
    void glProbeReportsTheContext() throws Exception {
        assumeGl();
        String out = run(GlProbe.class, List.of());
        assertTrue(out.contains("GL_VENDOR"), out);
    }

    @Test
    void uploadProbeSendsAndComparesBothWays() throws Exception {
        assumeGl();
        String out = run(UploadProbe.class, List.of(), "1", "1");
        assertEquals(2, out.split("holds the array bit for bit: true", -1).length - 1, out);
        assertTrue(out.contains("texture, unpack") && out.contains("texture, shader"), out);
    }

    private static void assumeGl() {
        try {
            GlProbe.probe();
        } catch (GlUnavailableException e) {
            assumeTrue(false, "no OpenGL 4.3 here: " + e.getMessage());
        }
    }

    /** Runs {@code program}'s main in a child JVM; its output (stdout and stderr) after asserting it exited with 0. */
    private static String run(Class<?> program, List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx1g");
        command.add("-Djava.awt.headless=true");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(program.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), program.getSimpleName() + " " + String.join(" ", args) + " failed:\n" + output);
        return output;
    }

    private static void assertPicture(Path png) throws IOException {
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, png + " is not a picture");
        assertTrue(image.getWidth() > 50 && image.getHeight() > 50, png + ": " + image.getWidth() + "x" + image.getHeight());
    }
}
