package org.drtstudio.render.embree;

import org.drtstudio.render.StatisticalRenderChecks;
import org.drtstudio.render.StatisticalRenderChecks.RenderCase;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

/**
 * The production CPU tracer against the CPU twin, scene by scene ({@link StatisticalRenderChecks}):
 * its own walk (Embree for every image where it is installed, the Java four-wide walk where not),
 * its own guide budget, the same expected image.
 */
class ProductionStatisticalRenderTest {
    private static final CpuRenderer PRODUCTION = CpuRenderer.production(2, EmbreeWalk.available() ? new EmbreeWalk(0) : new EmbreeWalk());
    private static final CpuRenderer TWIN = new CpuRenderer(2);

    @AfterAll
    static void close() {
        PRODUCTION.close();
        TWIN.close();
    }

    static List<RenderCase> cases() {
        return StatisticalRenderChecks.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void agreesWithTheTwinInExpectation(RenderCase c) throws Exception {
        StatisticalRenderChecks.agreesInExpectation(PRODUCTION, TWIN, c);
    }
}
