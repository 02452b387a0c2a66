package org.drtstudio.render.cpu;

import org.drtstudio.render.TextureChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

class CpuTextureTest {
    private final CpuRenderer cpu = new CpuRenderer(2);

    @Test
    void checker(@TempDir Path dir) throws Exception { TextureChecks.checkerTexelsAndMidpointsWithRepeatAndClamp(cpu, dir); }

    @Test
    void albedo(@TempDir Path dir) throws Exception { TextureChecks.albedoAovIsTextured(cpu, dir); }

    @Test
    void bump(@TempDir Path dir) throws Exception { TextureChecks.bumpRampTiltsNormalByPredictedAngle(cpu, dir); }

    @Test
    void sphere(@TempDir Path dir) throws Exception { TextureChecks.sphereUsesDocumentedParameterisation(cpu, dir); }

    @Test
    void missingTexture(@TempDir Path dir) throws Exception { TextureChecks.missingTextureWarnsAndRendersUntextured(cpu, dir); }
}
