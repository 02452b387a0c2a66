package org.drtstudio.render.embree;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.bench.GeneratedScenes;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.cpu.WideWalk;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The production CPU walks find the twin's hits on every SPD scene and OBJ model of ../shared/data
 * and on scenes generated from seeds: a city of boxes with long thin cables, a terrain at a grazing
 * angle, instanced shapes turned and scaled. The Java four-wide walk runs the twin's own leaf tests,
 * so its pictures must be the twin's ({@link AccelAgreementChecks}: hit masks identical, depth within
 * 1e-4 relative on at least 99.9 % of the pixels, the same shading). Embree's triangle test is its
 * own, so it is compared ray by ray ({@link WalkComparison}): primary, shadow and incoherent
 * secondary rays may disagree on at most 0.1 % of the rays; where the twin's Möller–Trumbore lets a
 * ray through the edge two triangles share, Embree's hit there is a crack of the twin's, counted
 * apart (at most 0.1 % too), and coplanar or crossing surfaces hit at the same distance are ties.
 * Embree is made to trace every image, small ones included (the production walk leaves those to the
 * Java walk).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CpuWalkAgreementTest {
    static final int SPD_SIZE = 64, OBJ_W = 80, OBJ_H = 60;
    private final CpuRenderer twin = new CpuRenderer(2);
    private final CpuRenderer wide = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.BVH, WideWalk.INSTANCE);

    @AfterAll
    void close() {
        embreeWalk.close();
    }

    private final EmbreeWalk embreeWalk = new EmbreeWalk(0);

    private void assertBothAgree(Scene scene, String name) throws Exception {
        AccelAgreementChecks.assertAgrees(twin, wide, scene, name + ", Java 4-wide walk");
        GeometryImage image = GeometryImagePacker.pack(scene);
        float epsilon = TraceParameters.of(scene.camera(), scene.settings(), image).rayEpsilon();
        int w = scene.settings().width(), h = scene.settings().height();
        WalkComparison javaWalk = WalkComparison.of(image, scene.camera(), w, h, epsilon, WideWalk.INSTANCE);
        assertEquals(0, javaWalk.disagreements + javaWalk.cracks + javaWalk.ties + javaWalk.shadowDisagreements, name + ", Java 4-wide walk: " + javaWalk);
        Assumptions.assumeTrue(EmbreeWalk.available(), "Embree is not usable here: " + EmbreeWalk.problem());
        WalkComparison c = WalkComparison.of(image, scene.camera(), w, h, epsilon, embreeWalk);
        assertTrue(c.hits >= c.rays / 20, name + ": the view shows almost nothing: " + c);
        assertTrue(c.disagreements <= c.rays / 1000, name + ", Embree: " + c);
        assertTrue(c.cracks <= c.rays / 1000, name + ", Embree: " + c);
        assertTrue(c.shadowDisagreements <= c.shadowRays / 1000, name + ", Embree: " + c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.drtstudio.render.AccelAgreementChecks#spdScenes")
    void spdScenesAgree(String file) throws Exception {
        assertBothAgree(AccelAgreementChecks.spd(file, SPD_SIZE), file);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.drtstudio.render.AccelAgreementChecks#objModels")
    void sharedObjModelsAgree(String model) throws Exception {
        assertBothAgree(AccelAgreementChecks.sharedObj(model, OBJ_W, OBJ_H), model);
    }

    @Test
    void instancedShapesAgree() throws Exception {
        assertBothAgree(AccelAgreementChecks.instanced(96, 72), "instanced");
    }

    @ParameterizedTest(name = "seed {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {3, 11})
    void generatedCitiesAgree(long seed) throws Exception {
        Scene city = GeneratedScenes.city(seed, 6);
        assertBothAgree(city.withSettings(city.settings().withSize(96, 54)), "city " + seed);
    }

    @ParameterizedTest(name = "seed {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {5, 17})
    void generatedTerrainsAgree(long seed) throws Exception {
        Scene terrain = GeneratedScenes.terrain(seed, 129);
        assertBothAgree(terrain.withSettings(terrain.settings().withSize(96, 54)), "terrain " + seed);
    }

    /**
     * A mesh with a coordinate that is not a finite number, or beyond 1e18 (a 1e38 vertex hid its whole
     * mesh from the twin's walk), is refused before any walk sees it, naming the mesh.
     */
    @Test
    void nonFiniteCoordinatesAreRefusedBeforeAnyWalk() {
        for (float bad : new float[]{Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1e38f, -1.1e18f}) {
            float[] p = {0, 0, 0, 1, 0, 0, bad, 1, 0};
            var mesh = new org.drtstudio.scene.TriangleMesh("odd", p, new float[9], null, new int[]{0, 1, 2}, new int[1]);
            Scene scene = new Scene("odd", org.drtstudio.scene.TransformNode.group("root", java.util.List.of(new org.drtstudio.scene.MeshNode("odd", mesh))),
                    java.util.List.of(org.drtstudio.scene.Material.DEFAULT), java.util.List.of(), org.drtstudio.scene.Camera.DEFAULT,
                    org.drtstudio.scene.RenderSettings.DEFAULT);
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> GeometryImagePacker.pack(scene));
            assertTrue(e.getMessage().contains("'odd'") && e.getMessage().contains("1e18"), e.getMessage());
        }
    }

    /**
     * Geometry at the edge of what a scene may hold, handed to both walks: coordinates of 1e18
     * (TriangleMesh.MAX_COORDINATE), degenerate and repeated triangles among sound ones. Neither walk
     * fails or crashes the JVM, and both see the scene: at that scale a triangle's edges hold no
     * digits for where a ray crosses it, so the walks may differ on rays near the huge triangles (4 %
     * of these rays), but a walk that lost the mesh (as the twin did with 1e38) differs on a third.
     */
    @Test
    void extremeCoordinatesReachNoWalkUnguarded() throws Exception {
        java.util.Random random = new java.util.Random(8);
        int n = 600;
        float[] p = new float[3 * (n + 4)];
        for (int i = 0; i < 3 * n; i++) p[i] = 2f * random.nextFloat() - 1f;
        float m = org.drtstudio.scene.TriangleMesh.MAX_COORDINATE;
        float[][] odd = {{m, 0, 0}, {-m, 0, 0}, {m, m, 0}, {-m, 0, m}};
        for (int k = 0; k < 4; k++) System.arraycopy(odd[k], 0, p, 3 * (n + k), 3);
        int[] idx = new int[3 * (n + 6)];
        for (int t = 0; t < n - 2; t++) {
            idx[3 * t] = t;
            idx[3 * t + 1] = t + 1;
            idx[3 * t + 2] = t + 2;
        }
        int[][] bad = {{n, 0, 1}, {n + 1, 1, 2}, {n + 2, n + 3, 3}, {4, 4, 4}, {5, 6, 5}, {0, 1, 2}, {n + 3, 7, 8}, {n, n + 1, n + 2}};
        for (int k = 0; k < bad.length; k++) System.arraycopy(bad[k], 0, idx, 3 * (n - 2 + k), 3);
        float[] normals = new float[p.length];
        for (int i = 1; i < normals.length; i += 3) normals[i] = 1f;
        var mesh = new org.drtstudio.scene.TriangleMesh("hostile", p, normals, null, idx, new int[idx.length / 3]);
        var camera = new org.drtstudio.scene.Camera(new org.drtstudio.math.Vec3(0, 0, 4), org.drtstudio.math.Vec3.ZERO,
                new org.drtstudio.math.Vec3(0, 1, 0), 45, 0, 0);
        Scene scene = new Scene("hostile", org.drtstudio.scene.TransformNode.group("root",
                java.util.List.of(new org.drtstudio.scene.MeshNode("hostile", mesh))), java.util.List.of(org.drtstudio.scene.Material.DEFAULT),
                java.util.List.of(new org.drtstudio.scene.PointLight(new org.drtstudio.math.Vec3(3, 4, 5), org.drtstudio.math.Vec3.ONE, 1)),
                camera, org.drtstudio.scene.RenderSettings.DEFAULT.withSize(64, 48));
        GeometryImage image = GeometryImagePacker.pack(scene);
        Assumptions.assumeTrue(EmbreeWalk.available(), "Embree is not usable here: " + EmbreeWalk.problem());
        WalkComparison c = WalkComparison.of(image, camera, 64, 48, 1e-4f, embreeWalk);
        assertTrue(c.hits > c.rays / 2, c.toString());
        assertTrue(c.disagreements <= c.rays / 10, c.toString());
    }
}
