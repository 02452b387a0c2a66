package org.drtstudio.render.gl;

import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.render.EnvironmentScenes;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.ProceduralSky;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The GL tracer against its CPU twin on scenes lit by an environment map (read from a Radiance
 * file through the texture loader, as renders read it), with the agreement every other effect is
 * held to ({@link GpuCpuAgreementTest#assertAgreement}): the sky seen directly and in a mirror, the
 * map's importance-sampled and cosine-sampled shadow rays on diffuse surfaces, a glossy lobe.
 */
@Timeout(600)
class EnvironmentAgreementTest {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Test
    void sunnySkyAgrees(@TempDir Path dir) throws Exception {
        Path sky = EnvironmentScenes.write(ProceduralSky.SHIPPED.image(), dir.resolve("sky.hdr"));
        assertAgrees(EnvironmentScenes.balls(new Environment(sky.toString(), 30f, 1f), 64, 48, 4), "sunny sky");
    }

    @Test
    void turnedAndDimmedSkyAgrees(@TempDir Path dir) throws Exception {
        Path sky = EnvironmentScenes.write(new ProceduralSky(64, 60f, -100f, 8f, 50f).image(), dir.resolve("sky.hdr"));
        assertAgrees(EnvironmentScenes.balls(new Environment(sky.toString(), -135f, 0.5f), 64, 48, 2), "turned sky");
    }

    private static void assertAgrees(Scene scene, String name) throws Exception {
        List<String> warnings = new ArrayList<>();
        GpuCpuAgreementTest.assertAgreement(GL.get(), scene, new TextureLoader(warnings::add), 1e-3, name);
        assertEquals(List.of(), warnings);
    }
}
