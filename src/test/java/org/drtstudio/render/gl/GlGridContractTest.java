package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The renderer contract on the GL tracer walking a uniform grid per shape ({@code --accel grid},
 * {@code shaders/traverse_spatial.glsl}, llvmpipe in CI): every check the BVH walk passes, the grid
 * walk passes.
 */
@Timeout(300)
class GlGridContractTest extends RendererContract {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer(AccelStructure.GRID);

    @Override
    protected Renderer renderer() {
        return GL.get();
    }
}
