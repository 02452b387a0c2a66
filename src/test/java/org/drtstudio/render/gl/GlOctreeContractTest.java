package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The renderer contract on the GL tracer walking an octree per shape by its skip links
 * ({@code --accel octree}, {@code shaders/traverse_spatial.glsl}, llvmpipe in CI).
 */
@Timeout(300)
class GlOctreeContractTest extends RendererContract {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer(AccelStructure.OCTREE);

    @Override
    protected Renderer renderer() {
        return GL.get();
    }
}
