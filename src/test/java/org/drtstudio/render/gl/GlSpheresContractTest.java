package org.drtstudio.render.gl;

import org.drtstudio.render.NodeKind;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The renderer contract on the GL tracer walking the geometry image's bounding spheres in fixed
 * order ({@code --nodes spheres}, the DRT paper's layout; llvmpipe in CI) instead of the box layout.
 */
@Timeout(300)
class GlSpheresContractTest extends RendererContract {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer(NodeKind.SPHERES);

    @Override
    protected Renderer renderer() {
        return GL.get();
    }
}
