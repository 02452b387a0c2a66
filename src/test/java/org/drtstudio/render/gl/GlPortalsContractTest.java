package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.RendererContract;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The renderer contract on the GL tracer built for {@code --accel portals}
 * ({@code shaders/traverse_portals.glsl}, llvmpipe in CI). The contract's scenes hold no voxel
 * spaces, so this checks that the portal build shades, samples and accumulates everything else
 * as the BVH build does (its meshes go through the box layout); the portal walk through voxels is
 * {@link GlPortalAgreementTest}'s and {@link GlPortalTraversalTest}'s.
 */
@Timeout(300)
class GlPortalsContractTest extends RendererContract {
    @RegisterExtension
    static final SharedGl<GlRenderer> GL = SharedGl.renderer(AccelStructure.PORTALS);

    @Override
    protected Renderer renderer() {
        return GL.get();
    }
}
