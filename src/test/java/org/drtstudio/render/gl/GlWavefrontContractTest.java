package org.drtstudio.render.gl;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The renderer contract on the GL tracer tracing its frames as a wavefront (llvmpipe in CI, where
 * the frame kernel is the default): every property the frame kernel must have, the wavefront has.
 */
@Timeout(300)
class GlWavefrontContractTest extends RendererContract {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer(FrameSchedule.WAVEFRONT);

    @Override
    protected Renderer renderer() {
        return GL.get();
    }
}
