package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The distributed effects measured against geometric predictions (fixed seeds): depth of field
 * blur widths, penumbra widths, motion streak lengths, reproducibility. Run against each renderer.
 */
public final class DistributedEffectsChecks {
    private static final Vec3 BLACK = Vec3.ZERO;

    private DistributedEffectsChecks() {
    }

    static Material flat(Vec3 c) {
        return Material.named("flat").ambient(c).build();
    }

    static Material matte(Vec3 c) {
        return Material.named("matte").diffuse(c).build();
    }

    static float[] render(Renderer r, Scene open, Scene close, Camera cameraClose, int spp, long seed) throws RenderException {
        Scene o = open.withSettings(open.settings().withSampling(spp, open.settings().maxDepth(), seed));
        GeometryImage gi = new GeometryImageBuilder().build(o, close);
        TraceParameters p = TraceParameters.of(o.camera(), cameraClose != null ? cameraClose : o.camera(), o.settings(), gi, PixelFilter.BOX);
        Frame f = r.render(gi, p, EnumSet.of(Aov.RADIANCE), ProgressListener.NONE);
        assertEquals(0, f.errors());
        return f.radiance();
    }

    /** Red channel along row y. */
    static double[] row(float[] rgb, int width, int y) {
        double[] v = new double[width];
        for (int x = 0; x < width; x++) v[x] = rgb[3 * (y * width + x)];
        return v;
    }

    /** Mean of the red channel over rows [y0, y1). */
    static double[] rows(float[] rgb, int width, int y0, int y1) {
        double[] v = new double[width];
        for (int y = y0; y < y1; y++) {
            double[] r = row(rgb, width, y);
            for (int x = 0; x < width; x++) v[x] += r[x] / (y1 - y0);
        }
        return v;
    }

    /** Distance in pixels between where a rising profile crosses 10% and 90% of its range (linear interpolation). */
    static double width1090(double[] profile) {
        double lo = Arrays.stream(profile).min().orElseThrow(), hi = Arrays.stream(profile).max().orElseThrow();
        return crossing(profile, lo + 0.9 * (hi - lo)) - crossing(profile, lo + 0.1 * (hi - lo));
    }

    private static double crossing(double[] v, double level) {
        for (int i = 1; i < v.length; i++) {
            if (v[i - 1] < level && v[i] >= level) return i - 1 + (level - v[i - 1]) / (v[i] - v[i - 1]) + 0.5;
        }
        throw new AssertionError("profile never crosses " + level + ": " + Arrays.toString(v));
    }

    /** A black|white edge (white for x > edgeX) on the plane z = planeZ, seen head-on. */
    private static List<SceneNode> edgePlane(float planeZ, float edgeX, int black, int white) {
        float[] n = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        int[] idx = {0, 2, 1, 0, 3, 2};
        float[] left = {-50, -50, planeZ, -50, 50, planeZ, edgeX, 50, planeZ, edgeX, -50, planeZ};
        float[] right = {edgeX, -50, planeZ, edgeX, 50, planeZ, 50, 50, planeZ, 50, -50, planeZ};
        return List.of(new MeshNode("black", new TriangleMesh("black", left, n, null, idx, new int[]{black, black})),
                new MeshNode("white", new TriangleMesh("white", right, n, null, idx, new int[]{white, white})));
    }

    /**
     * Depth of field: an edge on the plane of focus stays sharp; an edge off it blurs by the thin
     * lens's circle of confusion, the 10–90% width of a uniform disk's edge profile convolved with
     * the pixel box.
     */
    public static void depthOfFieldMatchesThinLens(Renderer r) throws RenderException {
        int w = 96, h = 16;
        float fov = 10, aperture = 0.6f, focus = 5;
        for (float planeDistance : new float[]{5f, 8f}) {
            Camera cam = new Camera(new Vec3(0, 0, 0), new Vec3(0, 0, -1), new Vec3(0, 1, 0), fov, aperture, focus);
            Scene s = new Scene("dof", TransformNode.group("root", edgePlane(-planeDistance, 0, 0, 1)),
                    List.of(flat(BLACK), flat(Vec3.ONE)), List.of(), cam,
                    new RenderSettings(w, h, 1, 1, 0, BLACK, Vec3.ONE, 1, 0, 0));
            double measured = width1090(rows(render(r, s, null, null, 256, 1), w, 4, 12));
            double pixelSize = 2 * planeDistance * Math.tan(Math.toRadians(fov / 2)) / h;
            double cocRadiusPx = aperture * Math.abs(planeDistance - focus) / focus / pixelSize;
            double predicted = predictedDiskEdgeWidth(cocRadiusPx);
            if (planeDistance == focus) {
                assertTrue(measured <= 1.5, "in-focus edge should stay sharp: 10-90% width " + measured + " px");
            } else {
                assertTrue(cocRadiusPx > 3, "test geometry should blur visibly: " + cocRadiusPx);
                assertEquals(predicted, measured, 0.15 * predicted, "out-of-focus edge width (CoC radius " + cocRadiusPx + " px)");
            }
        }
    }

    /** 10–90% width of an edge blurred by a uniform disk of radius R (pixels) and then the 1-pixel box. */
    static double predictedDiskEdgeWidth(double radius) {
        int n = 4001;
        double span = radius + 3, dx = 2 * span / (n - 1);
        double[] profile = new double[n];
        for (int i = 0; i < n; i++) {
            double x = -span + i * dx;
            // Box of one pixel: average the disk profile over [x - 0.5, x + 0.5].
            double sum = 0;
            for (int k = 0; k < 20; k++) sum += diskFraction(x - 0.5 + (k + 0.5) / 20, radius);
            profile[i] = sum / 20;
        }
        double lo = 0.1, hi = 0.9, a = Double.NaN, b = Double.NaN;
        for (int i = 1; i < n; i++) {
            if (Double.isNaN(a) && profile[i] >= lo) a = -span + i * dx;
            if (Double.isNaN(b) && profile[i] >= hi) b = -span + i * dx;
        }
        return b - a;
    }

    /** Fraction of a uniform disk of radius R centred at x that lies on the side x' > 0. */
    private static double diskFraction(double x, double r) {
        if (x <= -r) return 0;
        if (x >= r) return 1;
        double t = -x / r; // the chord at distance t·r from the centre
        double beyond = (Math.acos(t) - t * Math.sqrt(1 - t * t)) / Math.PI;
        return beyond;
    }

    /**
     * Soft shadows: the penumbra on a floor behind a sphere widens in proportion to the light's
     * radius and matches the geometric prediction (visibility of the light disk integrated in
     * double precision); radius 0 gives a hard edge.
     */
    public static void penumbraGrowsWithLightRadius(Renderer r) throws RenderException {
        int w = 128, h = 8;
        double[] widths = new double[3];
        double[] hardProfile = null;
        float[] radii = {0f, 0.3f, 0.6f};
        Vec3 light = new Vec3(0, 6, 0), ball = new Vec3(0, 2, 0);
        float ballRadius = 1;
        // A narrow strip seen from high above: 0.03 scene units per pixel along x, floor x from ~0.6 to ~4.4.
        float fov = (float) Math.toDegrees(2 * Math.atan(h * 0.03 / 2 / 20));
        Camera cam = new Camera(new Vec3(2.5f, 20, 0), new Vec3(2.5f, 0, 0), new Vec3(0, 0, -1), fov, 0, 0);
        for (int i = 0; i < radii.length; i++) {
            Scene s = new Scene("penumbra", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 30, 0)),
                    new SphereNode("ball", List.of(new Sphere(ball, ballRadius, 1))))),
                    List.of(matte(Vec3.ONE), matte(BLACK)), List.of(Light.pointOrSphere(light, Vec3.ONE, 1, radii[i])), cam,
                    new RenderSettings(w, h, 1, 1, 0, BLACK, BLACK, 1, 0, 0));
            float[] img = render(r, s, null, null, 512, 3);
            double[] profile = rows(img, w, 2, 6);
            // Normalise by the unshadowed value (cos term varies slowly; divide by the analytic lit value).
            TraceParameters p = TraceParameters.of(cam, s.settings(), new GeometryImageBuilder().build(s));
            double[] visibility = new double[w];
            double[] predicted = new double[w];
            for (int x = 0; x < w; x++) {
                double fx = floorX(p, x + 0.5);
                double dx = light.x() - fx, dy = light.y();
                double lit = dy / Math.sqrt(dx * dx + dy * dy);
                visibility[x] = profile[x] / lit;
                predicted[x] = predictedVisibility(fx, light, radii[i], ball, ballRadius);
            }
            widths[i] = width1090(visibility);
            if (i == 0) hardProfile = visibility;
            if (radii[i] > 0) {
                double expected = width1090(predicted);
                assertEquals(expected, widths[i], 0.15 * expected, "penumbra width for light radius " + radii[i]);
            }
        }
        long partial = Arrays.stream(hardProfile).filter(v -> v > 0.05 && v < 0.95).count();
        assertTrue(partial <= 1, "a point light gives a hard edge (at most the edge pixel partly shadowed): " + Arrays.toString(hardProfile));
        double ratio = widths[2] / widths[1];
        assertEquals(2.0, ratio, 0.3, "penumbra should double with the light radius: " + Arrays.toString(widths));
    }

    private static double floorX(TraceParameters p, double sx) {
        double[] d = AnalyticShadingChecks.direction(p, sx, p.height() / 2.0);
        double t = -p.eye()[1] / d[1];
        return p.eye()[0] + t * d[0];
    }

    /** Fraction of the light's disk (facing the floor point) visible past the ball, by dense sampling. */
    private static double predictedVisibility(double fx, Vec3 light, double lightRadius, Vec3 ball, double ballRadius) {
        if (lightRadius == 0) return segmentClear(fx, light.x(), light.y(), light.z(), ball, ballRadius) ? 1 : 0;
        // The disk faces the floor point, as the tracers sample it: spanned by two axes normal to the
        // direction from the point to the light's centre.
        double ax = light.x() - fx, ay = light.y(), az = light.z();
        double len = Math.sqrt(ax * ax + ay * ay + az * az);
        ax /= len; ay /= len; az /= len;
        double[] t1 = {ay, -ax, 0};
        double l1 = Math.hypot(t1[0], t1[1]);
        t1[0] /= l1; t1[1] /= l1;
        double[] t2 = {ay * t1[2] - az * t1[1], az * t1[0] - ax * t1[2], ax * t1[1] - ay * t1[0]};
        int n = 300, visible = 0, total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double u = (i + 0.5) / n * 2 - 1, v = (j + 0.5) / n * 2 - 1;
                if (u * u + v * v > 1) continue;
                total++;
                double px = light.x() + lightRadius * (u * t1[0] + v * t2[0]);
                double py = light.y() + lightRadius * (u * t1[1] + v * t2[1]);
                double pz = light.z() + lightRadius * (u * t1[2] + v * t2[2]);
                if (segmentClear(fx, px, py, pz, ball, ballRadius)) visible++;
            }
        }
        return (double) visible / total;
    }

    private static boolean segmentClear(double fx, double lx, double ly, double lz, Vec3 c, double radius) {
        double dx = lx - fx, dy = ly, dz = lz;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        dx /= len; dy /= len; dz /= len;
        double ox = fx - c.x(), oy = -c.y(), oz = -c.z();
        double b = ox * dx + oy * dy + oz * dz, cc = ox * ox + oy * oy + oz * oz - radius * radius;
        double disc = b * b - cc;
        if (disc < 0) return true;
        double t = -b - Math.sqrt(disc);
        return !(t > 0 && t < len);
    }

    /**
     * Motion blur: a sphere translated by D during the shutter leaves a streak D longer than the
     * sphere's own image; with no motion it stays its own size.
     */
    public static void motionStreakMatchesDisplacement(Renderer r) throws RenderException {
        int w = 128, h = 32;
        Camera cam = new Camera(new Vec3(0, 0, 10), Vec3.ZERO, new Vec3(0, 1, 0), 30, 0, 0);
        double pixelSize = 2 * 10 * Math.tan(Math.toRadians(15)) / h;
        float shift = 2.0f;
        double[] lengths = new double[2];
        for (int moving = 0; moving < 2; moving++) {
            Matrix4f at0 = new Matrix4f().translate(-1, 0, 0), at1 = new Matrix4f().translate(-1 + moving * shift, 0, 0);
            Scene open = scene(at0, cam), close = scene(at1, cam);
            float[] img = render(r, open, close, null, 256, 5);
            double[] profile = rows(img, w, h / 2 - 1, h / 2 + 1);
            int first = -1, last = -1;
            for (int x = 0; x < w; x++) {
                if (profile[x] > 0.02) {
                    if (first < 0) first = x;
                    last = x;
                }
            }
            lengths[moving] = last - first + 1;
        }
        double expectedExtra = shift / pixelSize;
        assertEquals(expectedExtra, lengths[1] - lengths[0], 1.0, "streak length vs displacement " + expectedExtra + " px");
        double diameter = 2 * 0.5 / pixelSize;
        assertEquals(diameter, lengths[0], 1.5, "a still sphere keeps its size");
    }

    private static final SphereNode MOVING_BALL = new SphereNode("ball", List.of(new Sphere(Vec3.ZERO, 0.5f, 0)));

    private static Scene scene(Matrix4f placement, Camera cam) {
        SceneNode ball = new TransformNode("mover", placement, List.of(MOVING_BALL));
        return new Scene("motion", TransformNode.group("root", List.of(ball)), List.of(flat(Vec3.ONE)), List.of(), cam,
                new RenderSettings(128, 32, 1, 1, 0, BLACK, Vec3.ONE, 1, 0, 0));
    }

    /** Same seed, same image, bit for bit; another seed, another image. */
    public static void seedsAreReproducible(Renderer r) throws RenderException {
        Camera cam = new Camera(new Vec3(0, 2, 6), new Vec3(0, 0.5f, 0), new Vec3(0, 1, 0), 40, 0.1f, 6);
        Scene s = new Scene("seeds", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 5, 0)),
                new SphereNode("ball", List.of(new Sphere(new Vec3(0, 1, 0), 0.8f, 0))))),
                List.of(matte(new Vec3(0.8f, 0.7f, 0.6f))), List.of(new SphereLight(new Vec3(2, 5, 2), Vec3.ONE, 1, 0.5f)), cam,
                new RenderSettings(32, 24, 1, 2, 0, BLACK, new Vec3(0.05f, 0.05f, 0.05f), 1, 0, 0));
        float[] a = render(r, s, null, null, 8, 42), b = render(r, s, null, null, 8, 42), c = render(r, s, null, null, 8, 43);
        assertArrayEquals(a, b, "same seed must give the same pixels");
        assertFalse(Arrays.equals(a, c), "another seed must give other noise");
    }

    /** A floor lit by a large spherical light partly hidden by a ball above the view: penumbra everywhere. */
    public static Scene penumbraFloor(int size) {
        Camera cam = new Camera(new Vec3(0, 3, 0.01f), Vec3.ZERO, new Vec3(0, 0, -1), 50, 0.05f, 3);
        return new Scene("noise", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 10, 0)),
                new SphereNode("ball", List.of(new Sphere(new Vec3(0, 4.2f, 0), 0.6f, 0))))),
                List.of(matte(new Vec3(0.8f, 0.8f, 0.8f))), List.of(new SphereLight(new Vec3(0.3f, 6, 0), Vec3.ONE, 1, 1.5f)), cam,
                new RenderSettings(size, size, 1, 2, 0, BLACK, BLACK, 1, 0, 0));
    }

    /**
     * The GPU mean image converges to the CPU reference (mean absolute difference below 1% of the
     * image mean at 1024 spp), and per-pixel noise falls at least as fast as 1/sqrt(spp) between 16 and
     * 256 spp (independent random samples fall exactly so; the Owen-scrambled Sobol samples, measured
     * 7.8× here against 4×, faster). Both
     * tracers draw the same random numbers for the same seed, so the comparison is free of Monte
     * Carlo noise and measures the estimators themselves (two seeds would differ by ~2% here from
     * noise alone).
     */
    public static void convergesToReferenceAndNoiseFallsAtLeastAsInverseSqrt(Renderer gpu, Renderer cpu) throws RenderException {
        Scene s = penumbraFloor(24);
        float[] g = render(gpu, s, null, null, 1024, 11), c = render(cpu, s, null, null, 1024, 11);
        double mad = 0, mean = 0;
        for (int i = 0; i < g.length; i++) {
            mad += Math.abs(g[i] - c[i]);
            mean += c[i];
        }
        assertTrue(mean / g.length > 0.05, "scene too dark to compare: " + mean / g.length);
        assertTrue(mad < 0.01 * mean, "GPU vs CPU at 1024 spp: mean |diff| " + mad / g.length + " vs mean " + mean / g.length);
        double noise16 = noise(gpu, s, 16), noise256 = noise(gpu, s, 256);
        double ratio = noise16 / noise256;
        assertTrue(ratio > 0.85 * 4.0, "noise 16 spp " + noise16 + ", 256 spp " + noise256 + ": ratio " + ratio);
    }

    /** RMS per-pixel difference of two renders with different seeds, over sqrt(2): the noise of one. */
    private static double noise(Renderer r, Scene s, int spp) throws RenderException {
        float[] a = render(r, s, null, null, spp, 100), b = render(r, s, null, null, spp, 200);
        double sum = 0;
        for (int i = 0; i < a.length; i++) sum += (a[i] - b[i]) * (a[i] - b[i]);
        return Math.sqrt(sum / a.length / 2);
    }

    /** A mirror floor of the given roughness reflecting a small bright ball that is itself out of view. */
    private static float[] glossyFloor(Renderer r, float roughness, int size) throws RenderException {
        Material floor = Material.named("floor").reflectivity(1).roughness(roughness).build();
        Camera cam = new Camera(new Vec3(0, 4, 0), Vec3.ZERO, new Vec3(0, 0, -1), 70, 0, 0);
        Scene s = new Scene("glossy", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 20, 0)),
                new SphereNode("ball", List.of(new Sphere(new Vec3(3, 1, 0), 0.3f, 1))))),
                List.of(floor, flat(Vec3.ONE)), List.of(), cam, new RenderSettings(size, size, 1, 3, 0, BLACK, Vec3.ONE, 1, 0, 0));
        return render(r, s, null, null, 64, 9);
    }

    /** Second moment of the red channel about its centroid, in pixels²: how spread the reflection is. */
    private static double spread(float[] rgb, int size) {
        double sum = 0, sx = 0, sy = 0;
        for (int y = 0; y < size; y++) for (int x = 0; x < size; x++) {
            double v = rgb[3 * (y * size + x)];
            sum += v;
            sx += v * x;
            sy += v * y;
        }
        double cx = sx / sum, cy = sy / sum, m = 0;
        for (int y = 0; y < size; y++) for (int x = 0; x < size; x++) {
            double v = rgb[3 * (y * size + x)];
            m += v * ((x - cx) * (x - cx) + (y - cy) * (y - cy));
        }
        return m / sum;
    }

    /** Roughness 0 is the mirror; rougher surfaces spread the reflected ball monotonically. */
    public static void glossyWidensWithRoughness(Renderer r) throws RenderException {
        int size = 48;
        float[] mirror = glossyFloor(r, 0f, size), nearMirror = glossyFloor(r, 1e-4f, size);
        double mad = 0, mean = 0;
        for (int i = 0; i < mirror.length; i++) {
            mad += Math.abs(mirror[i] - nearMirror[i]);
            mean += mirror[i];
        }
        assertTrue(mean > 0, "the reflection should be in view");
        assertTrue(mad < 0.02 * mean, "roughness → 0 should give back the mirror: " + mad / mean);
        double previous = spread(mirror, size);
        for (float roughness : new float[]{0.1f, 0.2f, 0.35f}) {
            double sp = spread(glossyFloor(r, roughness, size), size);
            assertTrue(sp > previous * 1.2, "roughness " + roughness + " should spread the reflection more: " + sp + " vs " + previous);
            previous = sp;
        }
    }

    /** Rectangular area lights: the penumbra widens with the rectangle's side and matches the prediction. */
    public static void rectangleLightPenumbra(Renderer r) throws RenderException {
        int w = 128, h = 8;
        Vec3 light = new Vec3(0, 6, 0), ball = new Vec3(0, 2, 0);
        float fov = (float) Math.toDegrees(2 * Math.atan(h * 0.03 / 2 / 20));
        Camera cam = new Camera(new Vec3(2.5f, 20, 0), new Vec3(2.5f, 0, 0), new Vec3(0, 0, -1), fov, 0, 0);
        double[] widths = new double[2];
        float[] sides = {0.5f, 1.0f};
        for (int i = 0; i < sides.length; i++) {
            float side = sides[i];
            Light rect = new RectLight(light, Vec3.ONE, 1, new Vec3(side, 0, 0), new Vec3(0, 0, side));
            Scene s = new Scene("rect", TransformNode.group("root", List.of(new MeshNode("floor", TestScenes.floor(0, 30, 0)),
                    new SphereNode("ball", List.of(new Sphere(ball, 1, 1))))),
                    List.of(matte(Vec3.ONE), matte(BLACK)), List.of(rect), cam, new RenderSettings(w, h, 1, 1, 0, BLACK, BLACK, 1, 0, 0));
            double[] profile = rows(render(r, s, null, null, 512, 4), w, 2, 6);
            TraceParameters p = TraceParameters.of(cam, s.settings(), new GeometryImageBuilder().build(s));
            double[] visibility = new double[w], predicted = new double[w];
            for (int x = 0; x < w; x++) {
                double fx = floorX(p, x + 0.5);
                int visible = 0, n = 200;
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        double lx = light.x() + ((a + 0.5) / n - 0.5) * side, lz = light.z() + ((b + 0.5) / n - 0.5) * side;
                        if (segmentClear(fx, lx, light.y(), lz, ball, 1)) visible++;
                    }
                }
                predicted[x] = (double) visible / (n * n);
                // The shading uses the sampled point's direction, so the lit value varies slightly per sample;
                // normalise by the centre's cosine, which the prediction's ±2% tolerance absorbs.
                double dx = light.x() - fx, dy = light.y();
                visibility[x] = profile[x] / (dy / Math.sqrt(dx * dx + dy * dy));
            }
            widths[i] = width1090(visibility);
            double expected = width1090(predicted);
            assertEquals(expected, widths[i], 0.15 * expected, "penumbra of a " + side + " square light");
        }
        assertEquals(2.0, widths[1] / widths[0], 0.3, "penumbra should double with the light's side: " + Arrays.toString(widths));
    }
}
