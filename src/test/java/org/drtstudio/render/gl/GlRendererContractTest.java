package org.drtstudio.render.gl;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The renderer contract on the GL tracer (llvmpipe in CI), one tracer for all its tests. */
@Timeout(300)
class GlRendererContractTest extends RendererContract {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer();

    @Override
    protected Renderer renderer() {
        return GL.get();
    }
}
