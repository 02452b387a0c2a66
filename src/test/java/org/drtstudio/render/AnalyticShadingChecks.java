package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Scenes with answers known in closed form, checked against any {@link Renderer}: the CPU
 * reference runs them in its own test, the GL tracer in the GPU tests.
 */
public final class AnalyticShadingChecks {
    private static final Vec3 BLACK = Vec3.ZERO;

    private AnalyticShadingChecks() {
    }

    private static Material matte(Vec3 diffuse) {
        return Material.named("matte").diffuse(diffuse).build();
    }

    private static Material emissiveLike(Vec3 color) {
        // Lit only by the ambient term: a constant-radiance surface for refraction tests.
        return Material.named("flat").ambient(color).build();
    }

    private static Scene scene(List<SceneNode> nodes, List<Material> mats, List<Light> lights, Camera cam,
                               int w, int h, Vec3 ambient, float c1, float c2, float c3) {
        RenderSettings rs = new RenderSettings(w, h, 1, 6, 0, BLACK, ambient, c1, c2, c3);
        return new Scene("analytic", TransformNode.group("root", nodes), mats, lights, cam, rs);
    }

    static Frame render(Renderer r, Scene s) throws RenderException {
        GeometryImage gi = GeometryImagePacker.pack(s);
        Frame f = r.render(gi, TraceParameters.of(s.camera(), s.settings(), gi), EnumSet.of(Aov.RADIANCE, Aov.DEPTH), ProgressListener.NONE);
        assertEquals(0, f.errors(), "traversal overflowed");
        return f;
    }

    /** Unit sphere, Kd 0.5, light on the axis with attenuation: L = Kd · (N·L) / (c1 + c3 d²). */
    public static void litSphereRadianceMatchesLambert(Renderer r) throws RenderException {
        Vec3 light = new Vec3(3, 4, 10);
        float c1 = 1f, c3 = 0.01f;
        Scene s = scene(List.of(new SphereNode("ball", List.of(new Sphere(Vec3.ZERO, 1, 0)))),
                List.of(matte(new Vec3(0.5f, 0.25f, 1f))), List.of(new PointLight(light, Vec3.ONE, 2f)),
                new Camera(new Vec3(0, 0, 5), Vec3.ZERO, new Vec3(0, 1, 0), 30, 0, 0), 48, 48, BLACK, c1, 0, c3);
        Frame f = render(r, s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), GeometryImagePacker.pack(s));
        int checked = 0;
        for (int y = 0; y < 48; y++) {
            for (int x = 0; x < 48; x++) {
                double[] d = direction(p, x + 0.5, y + 0.5);
                double[] e = {0, 0, 5};
                double b = e[0] * d[0] + e[1] * d[1] + e[2] * d[2];
                double c = 25 - 1;
                double disc = b * b - c;
                if (disc < 0.05) continue; // misses or grazes the silhouette
                double t = -b - Math.sqrt(disc);
                double[] n = {e[0] + t * d[0], e[1] + t * d[1], e[2] + t * d[2]};
                double[] l = {light.x() - n[0], light.y() - n[1], light.z() - n[2]};
                double dist = Math.sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
                double ndotl = (n[0] * l[0] + n[1] * l[1] + n[2] * l[2]) / dist;
                double expected = Math.max(0, ndotl) * 2 / (c1 + c3 * dist * dist);
                int i = 3 * (y * 48 + x);
                assertEquals(0.5 * expected, f.radiance()[i], 2e-3, "red at " + x + "," + y);
                assertEquals(0.25 * expected, f.radiance()[i + 1], 2e-3, "green at " + x + "," + y);
                assertEquals(1.0 * expected, f.radiance()[i + 2], 2e-3, "blue at " + x + "," + y);
                assertEquals(t, f.depth()[y * 48 + x], 1e-4 * t, "depth at " + x + "," + y);
                checked++;
            }
        }
        assertTrue(checked > 300, "too few pixels on the sphere: " + checked);
        assertEquals(Float.POSITIVE_INFINITY, f.depth()[0], "corner misses the sphere");
    }

    /** A floor point under a sphere sees no light (ambient only); one outside the shadow is lit. */
    public static void shadowedPointIsDark(Renderer r) throws RenderException {
        Vec3 ambient = new Vec3(0.1f, 0.1f, 0.1f);
        Material floor = Material.named("floor").ambient(new Vec3(0.5f, 0.5f, 0.5f)).diffuse(new Vec3(0.5f, 0.5f, 0.5f))
                .build();
        TriangleMesh plane = TestScenes.floor(0, 10, 0);
        Scene s = scene(List.of(new MeshNode("floor", plane), new SphereNode("ball", List.of(new Sphere(new Vec3(0, 1, 0), 0.5f, 0)))),
                List.of(floor), List.of(new PointLight(new Vec3(-3, 5, 0), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 8, 0.01f), new Vec3(0, 0, 0), new Vec3(0, 0, -1), 60, 0, 0), 64, 64, ambient, 1, 0, 0);
        Frame f = render(r, s);
        TraceParameters p = TraceParameters.of(s.camera(), s.settings(), GeometryImagePacker.pack(s));
        // The light at (-3, 5) casts the ball's umbra on the floor around x = 0.75 (radius ~0.62), beside
        // the floor area the ball hides from the overhead camera (radius ~0.57 around the origin).
        int[] shadowed = project(p, new Vec3(1.0f, 0, 0));
        int[] lit = project(p, new Vec3(3f, 0, 0));
        double expectShadow = 0.1 * 0.5;
        double[] lv = {-3 - 3, 5, 0};
        double dist = Math.sqrt(36 + 25);
        double expectLit = expectShadow + 0.5 * (lv[1] / dist);
        assertEquals(expectShadow, f.radiance()[3 * (shadowed[1] * 64 + shadowed[0])], 2e-3, "shadowed floor");
        assertEquals(expectLit, f.radiance()[3 * (lit[1] * 64 + lit[0])], 2e-2, "lit floor");
    }

    /** A mirror floor shows the red ball where the mirror image of its centre projects. */
    public static void mirrorShowsReflectedObject(Renderer r) throws RenderException {
        Material red = Material.named("red").ambient(new Vec3(1, 0, 0)).build();
        Camera cam = new Camera(new Vec3(0, 1, 4), new Vec3(0, 0, -2), new Vec3(0, 1, 0), 60, 0, 0);
        Vec3 ball = new Vec3(0, 1.2f, -2);
        for (float reflectivity : new float[]{1f, 0f}) {
            Material m = Material.named("mirror").reflectivity(reflectivity).build();
            Scene s = scene(List.of(new MeshNode("floor", TestScenes.floor(0, 20, 0)),
                            new SphereNode("ball", List.of(new Sphere(ball, 0.4f, 1)))),
                    List.of(m, red), List.of(), cam, 64, 64, Vec3.ONE, 1, 0, 0);
            Frame f = render(r, s);
            TraceParameters p = TraceParameters.of(cam, s.settings(), GeometryImagePacker.pack(s));
            int[] image = project(p, new Vec3(ball.x(), -ball.y(), ball.z()));
            float red0 = f.radiance()[3 * (image[1] * 64 + image[0])];
            if (reflectivity > 0) assertEquals(1.0, red0, 1e-3, "mirror shows the red ball");
            else assertEquals(0.0, red0, 1e-6, "without the mirror nothing is red there");
            // The ball itself, seen directly, is red either way.
            int[] direct = project(p, ball);
            assertEquals(1.0, f.radiance()[3 * (direct[1] * 64 + direct[0])], 1e-3);
        }
    }

    /**
     * A glass ball in front of a black|white backdrop split at x = 0: tracing Snell's law through the
     * ball analytically predicts on which side each pixel's ray lands, i.e. where the edge appears bent.
     */
    public static void glassBendsEdgeAsSnellPredicts(Renderer r) throws RenderException {
        float ior = 1.5f;
        Material glass = Material.named("glass").transparency(1).ior(ior).build();
        Material white = emissiveLike(Vec3.ONE), black = emissiveLike(BLACK);
        float z = -3;
        float[] lp = {-10, -10, z, -10, 10, z, 0, 10, z, 0, -10, z};
        float[] rp = {0, -10, z, 0, 10, z, 10, 10, z, 10, -10, z};
        float[] n = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        int[] idx = {0, 2, 1, 0, 3, 2};
        TriangleMesh left = new TriangleMesh("left", lp, n, null, idx, new int[]{2, 2});
        TriangleMesh right = new TriangleMesh("right", rp, n, null, idx, new int[]{1, 1});
        Vec3 center = new Vec3(0.35f, 0, 0);
        Camera cam = new Camera(new Vec3(0, 0, 6), new Vec3(0, 0, 0), new Vec3(0, 1, 0), 20, 0, 0);
        Scene s = scene(List.of(new MeshNode("left", left), new MeshNode("right", right),
                        new SphereNode("glass", List.of(new Sphere(center, 1, 0)))),
                List.of(glass, white, black), List.of(), cam, 96, 96, Vec3.ONE, 1, 0, 0);
        Frame f = render(r, s);
        TraceParameters p = TraceParameters.of(cam, s.settings(), GeometryImagePacker.pack(s));
        int bent = 0, checked = 0;
        int y = 48;
        for (int x = 0; x < 96; x++) {
            double[] d = direction(p, x + 0.5, y + 0.5);
            Double landing = refractThroughBall(new double[]{0, 0, 6}, d, new double[]{center.x(), 0, 0}, 1, ior, z);
            if (landing == null || Math.abs(landing) < 0.05) continue; // misses the ball or lands on the edge
            double straight = d[0] * (z - 6) / d[2];
            float v = f.radiance()[3 * (y * 96 + x)];
            if (landing > 0) assertTrue(v > 0.7, "pixel " + x + " should see white through the glass, got " + v);
            else assertTrue(v < 0.1, "pixel " + x + " should see black through the glass, got " + v);
            if (Math.signum(landing) != Math.signum(straight)) bent++;
            checked++;
        }
        assertTrue(checked > 20, "too few pixels through the ball: " + checked);
        assertTrue(bent > 3, "the glass should move the edge for some pixels; moved " + bent);
    }

    /** Exit point of the ray through a ball by Snell's law at both surfaces, then its x on the plane z = planeZ. */
    private static Double refractThroughBall(double[] o, double[] d, double[] c, double radius, double ior, double planeZ) {
        double[] oc = sub(o, c);
        double b = dot(oc, d), cc = dot(oc, oc) - radius * radius, disc = b * b - cc;
        if (disc < 0.2) return null; // stay away from grazing rays and total internal reflection
        double t = -b - Math.sqrt(disc);
        double[] p1 = add(o, mul(d, t));
        double[] n1 = mul(sub(p1, c), 1 / radius);
        double[] d1 = refract(d, n1, 1 / ior);
        double b2 = dot(sub(p1, c), d1), cc2 = dot(sub(p1, c), sub(p1, c)) - radius * radius;
        double t2 = -b2 + Math.sqrt(Math.max(0, b2 * b2 - cc2));
        double[] p2 = add(p1, mul(d1, t2));
        double[] n2 = mul(sub(c, p2), 1 / radius); // inward normal faces the ray
        double[] d2 = refract(d1, n2, ior);
        if (d2 == null || d2[2] >= 0) return null;
        double s = (planeZ - p2[2]) / d2[2];
        return p2[0] + s * d2[0];
    }

    private static double[] refract(double[] d, double[] n, double eta) {
        double cosI = -dot(n, d);
        double sin2T = eta * eta * (1 - cosI * cosI);
        if (sin2T > 1) return null;
        double cosT = Math.sqrt(1 - sin2T);
        return add(mul(d, eta), mul(n, eta * cosI - cosT));
    }

    static double[] direction(TraceParameters p, double sx, double sy) {
        double ndcX = 2 * sx / p.width() - 1, ndcY = 1 - 2 * sy / p.height();
        double[] v = new double[3];
        for (int a = 0; a < 3; a++) v[a] = p.forward()[a] + ndcX * p.right()[a] + ndcY * p.up()[a];
        double len = Math.sqrt(dot(v, v));
        return mul(v, 1 / len);
    }

    /** The pixel whose centre ray points at world point q. */
    static int[] project(TraceParameters p, Vec3 q) {
        double[] rel = {q.x() - p.eye()[0], q.y() - p.eye()[1], q.z() - p.eye()[2]};
        double fw = dot(rel, toD(p.forward()));
        double[] r = toD(p.right()), u = toD(p.up());
        double ndcX = dot(rel, r) / dot(r, r) / fw, ndcY = dot(rel, u) / dot(u, u) / fw;
        int x = (int) Math.floor((ndcX + 1) / 2 * p.width()), y = (int) Math.floor((1 - ndcY) / 2 * p.height());
        return new int[]{x, y};
    }

    private static double[] toD(float[] f) { return new double[]{f[0], f[1], f[2]}; }
    private static double dot(double[] a, double[] b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
    private static double[] add(double[] a, double[] b) { return new double[]{a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
    private static double[] sub(double[] a, double[] b) { return new double[]{a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
    private static double[] mul(double[] a, double s) { return new double[]{a[0] * s, a[1] * s, a[2] * s}; }
}
