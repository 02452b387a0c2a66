package org.drtstudio.render;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.GroundPlane;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.testing.TestScenes;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The DRT paper's analytic ground plane, checked against any {@link Renderer}: its depth and
 * light are the closed forms out to the horizon, it casts and receives shadows (shadow rays ask
 * it too), and it gives the picture a big two-triangle floor in the tree gives.
 */
public final class GroundPlaneChecks {
    private static final int SIZE = 64;
    private static final Vec3 BALL = new Vec3(0, 1, 0);
    private static final float BALL_RADIUS = 0.5f;
    /** Ambient light times the ground's ambient colour: what a point in shadow shows. */
    private static final double AMBIENT = 0.1 * 0.5;

    private GroundPlaneChecks() {
    }

    private static Scene scene(List<SceneNode> nodes, GroundPlane ground, Vec3 light, Camera camera) {
        Material matte = Material.named("ground").ambient(new Vec3(0.5f, 0.5f, 0.5f)).diffuse(new Vec3(0.5f, 0.5f, 0.5f)).build();
        RenderSettings rs = new RenderSettings(SIZE, SIZE, 1, 4, 0, Vec3.ZERO, new Vec3(0.1f, 0.1f, 0.1f), 1, 0, 0).withGround(ground);
        return new Scene("ground", TransformNode.group("root", nodes), List.of(matte), List.of(new PointLight(light, Vec3.ONE, 1)),
                camera, rs);
    }

    private static SceneNode ball() {
        return new SphereNode("ball", List.of(new Sphere(BALL, BALL_RADIUS, 0)));
    }

    /** Looking over the ground to its horizon, the ball in front. */
    private static Camera horizonCamera() {
        return new Camera(new Vec3(0, 2, 6), new Vec3(0, 0.2f, -10), new Vec3(0, 1, 0), 60, 0, 0);
    }

    /**
     * Ground y = 0 under a ball: every pixel whose ray goes down and misses the ball meets the
     * plane at t = -eye.y / d.y, out to 300 units (the tree's bounds end at the ball); rays above
     * the horizon see the sky. Unshadowed points show ambient + Kd N·L, points in the ball's
     * shadow ambient alone.
     */
    public static void depthAndLightAreAnalyticToTheHorizon(Renderer r) throws RenderException {
        Vec3 light = new Vec3(-3, 5, 0);
        Scene s = scene(List.of(ball()), GroundPlane.atHeight(0, 0), light, horizonCamera());
        Frame f = render(r, s);
        TraceParameters p = parameters(s);
        int ground = 0, shadowed = 0, far = 0, sky = 0;
        for (int y = 0; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                double[] d = AnalyticShadingChecks.direction(p, x + 0.5, y + 0.5);
                double[] e = {p.eye()[0], p.eye()[1], p.eye()[2]};
                if (sphereHit(e, d) != Double.POSITIVE_INFINITY) continue; // the ball, or its silhouette
                int i = y * SIZE + x;
                if (d[1] >= -1e-3) {
                    if (d[1] > 1e-3) {
                        assertEquals(Float.POSITIVE_INFINITY, f.depth()[i], "sky at " + x + "," + y);
                        sky++;
                    }
                    continue;
                }
                double t = -e[1] / d[1];
                if (t > 300) continue; // within a pixel of the horizon: float's grazing rounding
                assertEquals(t, f.depth()[i], 1e-3 * t, "ground depth at " + x + "," + y);
                double[] q = {e[0] + t * d[0], 0, e[2] + t * d[2]};
                double[] toLight = {light.x() - q[0], light.y(), light.z() - q[2]};
                double dist = Math.sqrt(toLight[0] * toLight[0] + toLight[1] * toLight[1] + toLight[2] * toLight[2]);
                double clearance = segmentClearance(q, toLight);
                if (Math.abs(clearance - BALL_RADIUS) < 0.03) continue; // the shadow's edge
                boolean inShadow = clearance < BALL_RADIUS;
                double expected = inShadow ? AMBIENT : AMBIENT + 0.5 * toLight[1] / dist;
                assertEquals(expected, f.radiance()[3 * i], 3e-3, (inShadow ? "shadowed" : "lit") + " ground at " + x + "," + y);
                ground++;
                if (inShadow) shadowed++;
                if (t > 30) far++;
            }
        }
        assertTrue(ground > SIZE * SIZE / 3, "ground pixels checked: " + ground);
        assertTrue(shadowed > 20, "pixels in the ball's shadow checked: " + shadowed);
        assertTrue(far > 100, "ground pixels beyond 30 units (far outside the tree's bounds): " + far);
        assertTrue(sky > 100, "sky pixels: " + sky);
    }

    /**
     * A light under the ground: shadow rays from the ball's lower half meet the plane, so the ball
     * shows its ambient term alone. Without the plane in the shadow query its lower half is lit.
     */
    public static void theGroundShadowsWhatLiesAboveFromALightBelow(Renderer r) throws RenderException {
        Camera side = new Camera(new Vec3(0, 1, 4), BALL, new Vec3(0, 1, 0), 30, 0, 0);
        Scene s = scene(List.of(ball()), GroundPlane.atHeight(0, 0), new Vec3(0, -1, 3), side);
        Frame f = render(r, s);
        TraceParameters p = parameters(s);
        int checked = 0;
        for (int y = SIZE / 2; y < SIZE; y++) {
            for (int x = 0; x < SIZE; x++) {
                double[] d = AnalyticShadingChecks.direction(p, x + 0.5, y + 0.5);
                double t = sphereHit(new double[]{p.eye()[0], p.eye()[1], p.eye()[2]}, d);
                if (!Double.isFinite(t)) continue; // off the ball or on its silhouette
                assertEquals(AMBIENT, f.radiance()[3 * (y * SIZE + x)], 2e-3, "ball's lower half at " + x + "," + y);
                checked++;
            }
        }
        assertTrue(checked > 100, "ball pixels checked: " + checked);
    }

    /**
     * The analytic plane and a 2,000-unit two-triangle floor in the tree give the same picture:
     * looking down at the ball and its shadow, mean radiance within 0.5 %, RMSE under 0.5 % of the
     * mean but for at most 10 pixels (more than 0.02 apart) on the shadow's edge.
     */
    public static void theGroundIsTheBigTwoTriangleFloorsPicture(Renderer r) throws RenderException {
        Camera down = new Camera(new Vec3(0, 6, 4), new Vec3(0, 0, -1), new Vec3(0, 1, 0), 60, 0, 0);
        Vec3 light = new Vec3(-3, 5, 0);
        Frame plane = render(r, scene(List.of(ball()), GroundPlane.atHeight(0, 0), light, down));
        Frame floor = render(r, scene(List.of(ball(), new MeshNode("floor", TestScenes.floor(0, 1000, 0))), null, light, down));
        double planeSum = 0, floorSum = 0, squares = 0;
        List<Integer> apart = new ArrayList<>();
        for (int i = 0; i < plane.radiance().length; i++) {
            double diff = plane.radiance()[i] - floor.radiance()[i];
            planeSum += plane.radiance()[i];
            floorSum += floor.radiance()[i];
            if (Math.abs(diff) > 0.02) {
                if (apart.isEmpty() || apart.get(apart.size() - 1) != i / 3) apart.add(i / 3);
            } else {
                squares += diff * diff;
            }
        }
        int n = plane.radiance().length;
        double mean = floorSum / n, rmse = Math.sqrt(squares / n);
        assertTrue(mean > 0.1, "the floor is lit: mean " + mean);
        assertEquals(mean, planeSum / n, 0.005 * mean, "mean radiance, plane against floor");
        assertTrue(rmse < 0.005 * mean, "RMSE " + rmse + " (pixels apart left out) against mean " + mean);
        // The scenes' bounds differ (a ball against a 2,000-unit floor), and so the offset of rays leaving
        // a surface (TraceParameters.rayEpsilon): a pixel right on the shadow's edge may flip. A few may.
        assertTrue(apart.size() <= 10, "pixels apart by more than 0.02: " + apart);
    }

    private static Frame render(Renderer r, Scene s) throws RenderException {
        GeometryImage gi = GeometryImagePacker.pack(s);
        Frame f = r.render(gi, TraceParameters.of(s.camera(), s.settings(), gi), EnumSet.of(Aov.RADIANCE, Aov.DEPTH), ProgressListener.NONE);
        assertEquals(0, f.errors(), "traversal overflowed");
        return f;
    }

    private static TraceParameters parameters(Scene s) {
        return TraceParameters.of(s.camera(), s.settings(), GeometryImagePacker.pack(s));
    }

    /** The first t > 0 where e + t d (d unit) meets the ball, +infinity where it misses, NaN where it grazes the silhouette. */
    private static double sphereHit(double[] e, double[] d) {
        double[] oc = {e[0] - BALL.x(), e[1] - BALL.y(), e[2] - BALL.z()};
        double b = oc[0] * d[0] + oc[1] * d[1] + oc[2] * d[2];
        double c = oc[0] * oc[0] + oc[1] * oc[1] + oc[2] * oc[2] - BALL_RADIUS * BALL_RADIUS;
        double disc = b * b - c;
        if (disc < -0.01) return Double.POSITIVE_INFINITY;
        if (disc < 0.01) return Double.NaN; // grazes the silhouette: either tracer may take it
        double t = -b - Math.sqrt(disc);
        return t > 0 ? t : Double.POSITIVE_INFINITY;
    }

    /** The least distance from the ball's centre to the segment q + s v, s in [0, 1]. */
    private static double segmentClearance(double[] q, double[] v) {
        double[] w = {BALL.x() - q[0], BALL.y() - q[1], BALL.z() - q[2]};
        double s = Math.max(0, Math.min(1, (w[0] * v[0] + w[1] * v[1] + w[2] * v[2]) / (v[0] * v[0] + v[1] * v[1] + v[2] * v[2])));
        double dx = w[0] - s * v[0], dy = w[1] - s * v[1], dz = w[2] - s * v[2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
}
