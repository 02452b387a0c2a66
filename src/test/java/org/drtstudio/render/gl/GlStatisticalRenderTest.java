package org.drtstudio.render.gl;

import org.drtstudio.render.StatisticalRenderChecks;
import org.drtstudio.render.StatisticalRenderChecks.RenderCase;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

/**
 * The GL tracer (llvmpipe in CI) against the CPU twin, scene by scene: their expected images agree
 * within a t-test of their noise ({@link StatisticalRenderChecks}). The two share no code that
 * shades, so a bias in either (a light 3% too dark in one) fails here; this is also the twin's
 * statistical test.
 */
@Timeout(300)
class GlStatisticalRenderTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();
    private static final CpuRenderer TWIN = new CpuRenderer(2);

    @AfterAll
    static void close() {
        TWIN.close();
    }

    static List<RenderCase> cases() {
        return StatisticalRenderChecks.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void agreesWithTheTwinInExpectation(RenderCase c) throws Exception {
        StatisticalRenderChecks.agreesInExpectation(GL.get(), TWIN, c);
    }
}
