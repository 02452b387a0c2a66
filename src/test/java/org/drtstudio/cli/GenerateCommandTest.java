package org.drtstudio.cli;

import org.drtstudio.io.nff.NffReader;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereLayout;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** {@code drt generate spheres}: deterministic files that load as the spheres generated, and refusals in one line. */
class GenerateCommandTest {
    @TempDir
    Path dir;
    private final StringWriter err = new StringWriter();

    private int drt(String... args) {
        err.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(1));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(new StringWriter(), true));
        return cl.execute(args);
    }

    private static List<Sphere> spheres(Scene s) {
        List<Sphere> all = new ArrayList<>();
        collect(s.root(), all);
        return all;
    }

    private static void collect(SceneNode n, List<Sphere> out) {
        if (n instanceof SphereNode s) out.addAll(s.spheres());
        if (n instanceof TransformNode t) t.children().forEach(c -> collect(c, out));
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherSpheres() throws Exception {
        Path a = dir.resolve("a.nff"), b = dir.resolve("b.nff"), c = dir.resolve("c.nff");
        assertEquals(0, drt("generate", "spheres", "--count", "500", "--seed", "7", "-o", a.toString()), err.toString());
        assertEquals(0, drt("generate", "spheres", "--count", "500", "--seed", "7", "-o", b.toString()), err.toString());
        assertEquals(0, drt("generate", "spheres", "--count", "500", "--seed", "8", "-o", c.toString()), err.toString());
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "the same seed gives a byte-identical file");
        assertFalse(Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)), "another seed, another scene");

        Scene scene = NffReader.read(a).scene();
        List<Sphere> read = spheres(scene), generated = RandomSpheres.generate(500, 7).spheres();
        assertEquals(500, read.size());
        for (int i = 0; i < 500; i++) {
            assertEquals(generated.get(i).center().x(), read.get(i).center().x(), 1e-6, "sphere " + i);
            assertEquals(generated.get(i).radius(), read.get(i).radius(), 1e-6, "sphere " + i);
        }
        List<Sphere> other = spheres(NffReader.read(c).scene());
        long same = 0;
        for (int i = 0; i < 500; i++) if (other.get(i).center().equals(read.get(i).center())) same++;
        assertEquals(0, same, "no sphere of seed 8 sits where seed 7's does");
    }

    @Test
    void theSceneFillsTheCubeWithTheStatedRadiiAndColours() {
        RandomSpheres s = RandomSpheres.generate(4000, 1);
        double sumX = 0, minR = 1, maxR = 0;
        for (Sphere sp : s.spheres()) {
            assertTrue(Math.abs(sp.center().x()) <= RandomSpheres.HALF_WIDTH && Math.abs(sp.center().z()) <= RandomSpheres.HALF_WIDTH);
            sumX += sp.center().x();
            minR = Math.min(minR, sp.radius());
            maxR = Math.max(maxR, sp.radius());
        }
        assertTrue(minR >= RandomSpheres.MIN_RADIUS && maxR < RandomSpheres.MAX_RADIUS, minR + ".." + maxR);
        assertTrue(maxR - minR > 0.9 * (RandomSpheres.MAX_RADIUS - RandomSpheres.MIN_RADIUS), "radii spread over the range");
        // Uniform in the cube: the mean x of 4,000 centres lies within 5 standard errors of 0.
        double se = RandomSpheres.HALF_WIDTH / Math.sqrt(3) / Math.sqrt(4000);
        assertEquals(0, sumX / 4000, 5 * se);
        assertTrue(s.colors().stream().allMatch(c -> c.x() >= 0.2f && c.x() < 1f && c.z() >= 0.2f));
    }

    /** The sphere caster's scene as issue 42 quotes it: x, y in ±b, z in [−b, 0], the eye at the origin looking down −z. */
    @Test
    void thePaperLayoutFillsTheBoxInFrontOfTheOriginAndTheFileSaysItsView() throws Exception {
        float b = RandomSpheres.HALF_WIDTH;
        RandomSpheres s = RandomSpheres.generate(4000, 1, SphereLayout.PAPER);
        double sumZ = 0, maxR = 0;
        for (Sphere sp : s.spheres()) {
            assertTrue(Math.abs(sp.center().x()) <= b && Math.abs(sp.center().y()) <= b, sp.toString());
            assertTrue(sp.center().z() <= 0 && sp.center().z() >= -b, sp.toString());
            assertTrue(sp.radius() > 0 && sp.radius() <= b * SphereLayout.PAPER_SIZE, sp.toString());
            sumZ += sp.center().z();
            maxR = Math.max(maxR, sp.radius());
        }
        assertEquals(-b / 2, sumZ / 4000, 5 * b / Math.sqrt(12) / Math.sqrt(4000), "z uniform in [-b, 0]");
        assertTrue(maxR > 0.95 * b * SphereLayout.PAPER_SIZE, "radii reach rand·b·" + SphereLayout.PAPER_SIZE);
        assertTrue(s.colors().stream().allMatch(c -> c.x() >= 0 && c.x() < 1 && c.y() >= 0 && c.y() < 1 && c.z() >= 0 && c.z() < 1));
        assertTrue(s.colors().stream().anyMatch(c -> c.x() < 0.2f), "colours from rand, not the cube's 0.2..1");
        assertEquals(org.drtstudio.math.Vec3.ZERO, s.camera().eye());
        assertEquals(new org.drtstudio.math.Vec3(0, 0, -1), s.camera().look().minus(s.camera().eye()).normalized());

        Path f = dir.resolve("paper.nff");
        assertEquals(0, drt("generate", "spheres", "--count", "300", "--seed", "4", "--layout", "paper", "-o", f.toString()), err.toString());
        Scene scene = NffReader.read(f).scene();
        assertEquals(org.drtstudio.math.Vec3.ZERO, scene.camera().eye());
        List<Sphere> read = spheres(scene), generated = RandomSpheres.generate(300, 4, SphereLayout.PAPER).spheres();
        for (int i = 0; i < 300; i++) assertEquals(generated.get(i).center().z(), read.get(i).center().z(), 1e-6, "sphere " + i);
        assertNotEquals(RandomSpheres.generate(300, 4).spheres().get(0), generated.get(0), "the cube stays the default");

        assertEquals(2, drt("generate", "spheres", "--count", "3", "--layout", "sphere", "-o", dir.resolve("y.nff").toString()));
        assertEquals("drt: --layout must be cube or paper, got 'sphere'", err.toString().strip());
        assertFalse(Files.exists(dir.resolve("y.nff")));
    }

    @Test
    void absurdCountsAndBadOutputsAreOneLine() throws Exception {
        for (String count : new String[]{"0", "-5", "1000001", "5000000000"}) {
            assertEquals(2, drt("generate", "spheres", "--count", count, "-o", dir.resolve("x.nff").toString()));
            assertEquals("drt: --count: the sphere count must be 1 to 1,000,000, got " + count, err.toString().strip());
        }
        assertEquals(2, drt("generate", "spheres", "--count", "3", "-o", dir.toString()));
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().contains("cannot write"), err.toString());
        assertEquals(2, drt("generate", "spheres", "--count", "3", "-o", dir.resolve("x.png").toString()));
        assertTrue(err.toString().contains("must end in .nff"), err.toString());
        assertFalse(Files.exists(dir.resolve("x.nff")) || Files.exists(dir.resolve("x.png")), "nothing written");
    }

    @Test
    void anExistingFileIsReplacedAsRenderReplacesIt() throws Exception {
        Path f = dir.resolve("old.nff");
        Files.writeString(f, "old");
        assertEquals(0, drt("generate", "spheres", "--count", "2", "-o", f.toString()), err.toString());
        assertTrue(Files.readString(f).startsWith("# random spheres: 2 spheres, seed 0"));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }
}
