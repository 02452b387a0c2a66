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
}
