package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.grid.GridInsertion;
import org.drtstudio.accel.grid.GridResolution;
import org.drtstudio.accel.spatial.SpatialLayouts;
import org.drtstudio.render.AccelAgreementChecks;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.cpu.CpuRenderer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The uniform grid walked through the wavefront frame, the stream form of Christen 2005's tracer
 * (docs/ACCEL.md, "Uniform grid"): the GL tracer's grid walk in the wavefront's trace
 * passes finds the CPU twin's hits and shades alike, with the exact triangle–box insertion and this
 * program's resolution (the default), with the paper's fixed r×r×r resolution, and with the padded
 * boxes' insertion. At 48² for llvmpipe.
 */
@Timeout(600)
class GlGridWavefrontTest {
    static final int SIZE = 48;
    @RegisterExtension
    static final SharedGl<GlRenderer> GRID_WAVEFRONT = SharedGl.renderer(AccelStructure.GRID, FrameSchedule.WAVEFRONT);
    private static final CpuRenderer CPU_GRID = new CpuRenderer(2, NodeKind.DEFAULT, AccelStructure.GRID);

    static Stream<Arguments> cases() {
        SpatialLayouts.Settings exact = SpatialLayouts.Settings.DEFAULT.withGridInsertion(GridInsertion.TRIANGLES);
        SpatialLayouts.Settings fixed = exact.withGrid(GridResolution.fixed(16));
        SpatialLayouts.Settings boxes = SpatialLayouts.Settings.DEFAULT.withGridInsertion(GridInsertion.BOXES);
        return Stream.of("balls_s1.nff", "teapot_s3.nff", "gears_s1.nff", "tetra_s4.nff", "mount_s2.nff", "rings_s3.nff")
                .flatMap(f -> Stream.of(Arguments.of(f, "triangles, density 2", exact), Arguments.of(f, "triangles, 16^3", fixed),
                        Arguments.of(f, "boxes, density 2", boxes)));
    }

    @AfterEach
    void restoreSettings() {
        SpatialLayouts.setSettings(SpatialLayouts.Settings.DEFAULT);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void theWavefrontsGridWalkAgreesWithTheCpuTwin(String file, String what, SpatialLayouts.Settings settings) throws Exception {
        SpatialLayouts.setSettings(settings);
        var scene = AccelAgreementChecks.spd(file, SIZE);
        AccelAgreementChecks.assertAgrees(CPU_GRID, GRID_WAVEFRONT.get(), scene, file + " grid (" + what + ") through the wavefront");
        assertEquals(FrameSchedule.WAVEFRONT, GRID_WAVEFRONT.get().lastFrameSchedule(), "traced through the wavefront passes");
    }
}
