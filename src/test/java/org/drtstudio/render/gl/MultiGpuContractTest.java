package org.drtstudio.render.gl;

import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The renderer contract on the GL tracer split across two contexts of the one device (two GPUs'
 * code path on llvmpipe in CI), in tiles of 16 pixels so the contract's small frames are cut into
 * many tiles shared between the two.
 */
@Timeout(300)
class MultiGpuContractTest extends RendererContract {
    @RegisterExtension
    static final SharedGl<MultiGpuRenderer> GL = SharedGl.twoContexts(16);

    @Override
    protected Renderer renderer() {
        return GL.get();
    }
}
