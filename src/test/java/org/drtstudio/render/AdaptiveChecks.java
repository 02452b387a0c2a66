package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.testing.TestScenes;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;
import org.drtstudio.render.adaptive.AdaptiveRender;

/**
 * Adaptive sampling measured on a renderer (the CPU tracer here, the GL tracer in render.gl): where
 * the samples go, that converged pixels keep their mean, that the image stays the fixed-count
 * image within its noise, and that a view whose pixels all converge finishes early.
 */
public final class AdaptiveChecks {
    static final Set<Aov> MAPS = EnumSet.of(Aov.RADIANCE, Aov.VARIANCE, Aov.SAMPLES);

    private AdaptiveChecks() {
    }

    /**
     * A ball on a floor lit by a spherical light, seen from above at an angle: black background, a
     * lit floor (quiet), the umbra (black) and a wide penumbra (noisy).
     */
    public static Scene penumbra(int size, int spp) {
        Camera cam = new Camera(new Vec3(0, 6, 9), Vec3.ZERO, new Vec3(0, 1, 0), 35, 0, 0);
        return new Scene("penumbra", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 6, 0)),
                new SphereNode("ball", List.of(new Sphere(new Vec3(0, 1.2f, 0), 1, 1))))),
                List.of(DistributedEffectsChecks.matte(new Vec3(0.8f, 0.8f, 0.8f)), DistributedEffectsChecks.matte(new Vec3(0.9f, 0.3f, 0.2f))),
                List.of(new SphereLight(new Vec3(2, 8, 2), Vec3.ONE, 1, 1.5f)), cam,
                new RenderSettings(size, size, spp, 2, 3, Vec3.ZERO, Vec3.ZERO, 1, 0, 0));
    }

    /** The floor alone under a point light: nothing but smooth shading, every pixel converges at once. */
    public static Scene plainFloor(int size, int spp) {
        Camera cam = new Camera(new Vec3(0, 3, 0.01f), Vec3.ZERO, new Vec3(0, 0, -1), 50, 0, 3);
        return new Scene("plain", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 10, 0)))),
                List.of(DistributedEffectsChecks.matte(new Vec3(0.8f, 0.8f, 0.8f))), List.of(new PointLight(new Vec3(0.3f, 6, 0), Vec3.ONE, 1)),
                cam, new RenderSettings(size, size, spp, 2, 0, Vec3.ZERO, Vec3.ZERO, 1, 0, 0));
    }

    public static Frame adaptive(Renderer r, Scene s, float threshold) throws RenderException {
        GeometryImage gi = GeometryImagePacker.pack(s);
        return AdaptiveRender.render(r, gi, TraceParameters.of(s.camera(), s.settings(), gi), AdaptiveSampling.of(threshold), MAPS,
                ProgressListener.NONE);
    }

    public static Frame fixed(Renderer r, Scene s) throws RenderException {
        GeometryImage gi = GeometryImagePacker.pack(s);
        return r.render(gi, TraceParameters.of(s.camera(), s.settings(), gi), MAPS, ProgressListener.NONE);
    }

    /**
     * The noisy pixels take more samples than the quiet ones, every pixel at least the minimum and
     * none more than the maximum, and a fixed-count render takes the maximum everywhere.
     */
    public static void samplesGoWhereTheNoiseIs(Renderer r) throws RenderException {
        Scene s = penumbra(32, 256);
        Frame reference = fixed(r, s), adaptive = adaptive(r, s, 0.02f);
        for (float c : reference.samples()) assertEquals(256f, c, "a fixed-count render takes every sample");
        float[] counts = adaptive.samples();
        int early = 0;
        for (float c : counts) {
            assertTrue(c >= AdaptiveSampling.DEFAULT_MIN_SAMPLES && c <= 256, "count " + c);
            if (c < 256) early++;
        }
        assertTrue(early > counts.length / 5 && early < counts.length, "pixels stopped early: " + early + " of " + counts.length);
        // Rank the pixels by their noise per sample in the reference (variance of the mean × n).
        Integer[] order = new Integer[counts.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, (a, b) -> Float.compare(relativeNoise(reference, a), relativeNoise(reference, b)));
        int fifth = order.length / 5;
        double quiet = 0, noisy = 0;
        for (int k = 0; k < fifth; k++) {
            quiet += counts[order[k]];
            noisy += counts[order[order.length - 1 - k]];
        }
        assertTrue(noisy > 3 * quiet, "samples of the noisiest fifth " + noisy / fifth + " vs the quietest fifth " + quiet / fifth);
    }

    private static float relativeNoise(Frame f, int i) {
        float l = Frame.luminance(f.radiance()[3 * i], f.radiance()[3 * i + 1], f.radiance()[3 * i + 2]);
        return (float) Math.sqrt(f.variance()[i] * f.samples()[i]) / (l + AdaptiveSampling.LUMINANCE_FLOOR);
    }

    /**
     * The adaptive image is the fixed-count image within the noise the threshold allows: the image
     * means agree to 0.5% (a biased divide, e.g. by the frame's count instead of the pixel's, is off
     * by tens of %), and pixels differ by at most a few of their own standard errors.
     */
    public static void staysTheFixedCountImageWithinNoise(Renderer r) throws RenderException {
        Scene s = penumbra(32, 256);
        Frame reference = fixed(r, s), adaptive = adaptive(r, s, 0.02f);
        double sumDiff = 0, sumRef = 0;
        int outliers = 0, n = reference.width() * reference.height();
        for (int i = 0; i < n; i++) {
            float a = lum(adaptive, i), b = lum(reference, i);
            sumDiff += a - b;
            sumRef += b;
            double sigma = Math.sqrt(adaptive.variance()[i]) + 1e-4;
            if (Math.abs(a - b) > 4 * sigma) outliers++;
        }
        assertTrue(sumRef / n > 0.05, "scene too dark to compare: " + sumRef / n);
        assertTrue(Math.abs(sumDiff) < 0.005 * sumRef, "image means differ by " + sumDiff / sumRef * 100 + "%");
        assertTrue(outliers <= n / 100, outliers + " of " + n + " pixels differ by more than 4 standard errors");
    }

    private static float lum(Frame f, int i) {
        return Frame.luminance(f.radiance()[3 * i], f.radiance()[3 * i + 1], f.radiance()[3 * i + 2]);
    }

    /**
     * After the convergence test, a further pass changes no converged pixel (bit for bit) and adds
     * its samples to every other one.
     */
    public static void convergedPixelsKeepTheirMean(Renderer r) throws RenderException {
        Scene s = penumbra(24, 64);
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), gi);
        r.accumulate(gi, p, 0, 16, Set.of(), ProgressListener.NONE);
        int active = r.converge(AdaptiveSampling.of(0.05f));
        Frame before = r.accumulate(gi, p, 16, 8, MAPS, ProgressListener.NONE);
        Frame after = r.accumulate(gi, p, 24, 8, MAPS, ProgressListener.NONE);
        int stopped = 0, n = p.width() * p.height();
        for (int i = 0; i < n; i++) {
            if (before.samples()[i] == 16) {
                stopped++;
                assertEquals(16f, after.samples()[i], "a converged pixel took samples");
                for (int c = 0; c < 3; c++) assertEquals(before.radiance()[3 * i + c], after.radiance()[3 * i + c], "pixel " + i);
            } else {
                assertEquals(24f, before.samples()[i]);
                assertEquals(32f, after.samples()[i]);
            }
        }
        assertEquals(n - active, stopped, "the pixels the test reported converged");
        assertTrue(stopped > 0 && stopped < n, stopped + " of " + n + " converged");
    }

    /**
     * When every pixel has converged, the last pass traces nothing but still makes the first-hit
     * AOVs of the whole image (the denoiser's guides), the same as a fixed-count render's.
     */
    public static void aFrameWhosePixelsAllConvergedStillHasItsAovs(Renderer r) throws RenderException {
        Scene s = plainFloor(24, 256);
        GeometryImage gi = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), gi);
        Set<Aov> aovs = EnumSet.of(Aov.DEPTH, Aov.NORMAL, Aov.SAMPLES);
        Frame adaptive = AdaptiveRender.render(r, gi, p, AdaptiveSampling.of(0.02f), aovs, ProgressListener.NONE);
        for (float c : adaptive.samples()) assertTrue(c < 256, "every pixel converged early, this one took " + c);
        // The AOVs average each pixel's own camera samples, summed by the trace passes, and the guide pass
        // tops up the pixels on an edge of the guides (GuideEdges; the floor's perspective ramp is none).
        // A fixed render of 16 spp averages its own 16: the same guides within float rounding.
        Frame fixed = r.render(gi, TraceParameters.of(s.camera(), s.settings().withSampling(16, 2, 0), gi), aovs, ProgressListener.NONE);
        int hits = 0;
        for (float d : adaptive.depth()) if (Float.isFinite(d) && d > 0) hits++;
        // The floor fills the view (a pixel-centre ray through the floor's diagonal may slip between its triangles).
        assertTrue(hits >= 0.95 * adaptive.depth().length, "first hits in the depth AOV: " + hits);
        int compared = 0;
        for (int i = 0; i < fixed.depth().length; i++) {
            if (!Float.isFinite(fixed.depth()[i]) || !Float.isFinite(adaptive.depth()[i])) continue;
            compared++;
            assertEquals(fixed.depth()[i], adaptive.depth()[i], 1e-5f * fixed.depth()[i], "depth of pixel " + i);
            for (int k = 0; k < 3; k++) assertEquals(fixed.normals()[3 * i + k], adaptive.normals()[3 * i + k], 1e-5f, "normal of pixel " + i);
        }
        assertTrue(compared >= 0.95 * fixed.depth().length, "pixels compared: " + compared);
    }

    /** A view whose every pixel converges finishes at the minimum sample count, far below its target. */
    public static void sessionFinishesWhenEveryPixelConverged(Renderer r) throws RenderException {
        Scene s = plainFloor(16, 256);
        GeometryImage gi = GeometryImagePacker.pack(s);
        ProgressiveSession session = new ProgressiveSession(r, new PassBudget(PassBudget.DEFAULT_BUDGET_NANOS, 4));
        session.restart(gi, TraceParameters.of(s.camera(), s.settings(), gi), AdaptiveSampling.of(0.02f));
        int passes = 0;
        while (session.nextPass() != null) passes++;
        assertTrue(session.converged());
        assertEquals(0, session.activePixels());
        assertTrue(session.samplesDone() >= AdaptiveSampling.DEFAULT_MIN_SAMPLES && session.samplesDone() < 2 * AdaptiveSampling.DEFAULT_MIN_SAMPLES,
                "stopped at " + session.samplesDone() + " spp after " + passes + " passes");
        // Without the threshold the same view takes its whole target.
        session.restart(gi, TraceParameters.of(s.camera(), s.settings().withSampling(40, 2, 0), gi));
        while (session.nextPass() != null) passes++;
        assertEquals(40, session.samplesDone());
    }
}
