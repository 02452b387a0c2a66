package org.drtstudio.render.gl;

import org.drtstudio.accel.voxel.PortalLayout;
import org.drtstudio.accel.voxel.PortalShapes;

/**
 * The voxel shapes of {@code --accel portals} on the GPU: shape headers, divs, portal texels, entry
 * grids and face records of a {@link PortalShapes} in the shader storage buffers that
 * {@code shaders/traverse_portals.glsl} declares. Made again only for a new build (a transform
 * edit keeps the shape level and so the same {@link PortalShapes}). GL thread only.
 */
final class PortalBuffers implements AutoCloseable {
    private PortalShapes madeFor;
    private ShaderStorageBuffer headers, divs, portals, entry, faces;

    /** The shapes the buffers hold, or null. */
    PortalShapes madeFor() {
        return madeFor;
    }

    /** Brings the buffers up to date with {@code shapes}; returns the bytes uploaded. */
    long update(PortalShapes shapes) {
        if (shapes == madeFor) return 0;
        close();
        headers = ShaderStorageBuffer.ofInts(shapes.headers());
        divs = ShaderStorageBuffer.ofInts(shapes.divs());
        portals = ShaderStorageBuffer.ofInts(shapes.portals());
        entry = ShaderStorageBuffer.ofInts(shapes.entry());
        faces = ShaderStorageBuffer.ofInts(shapes.faces());
        madeFor = shapes;
        return shapes.bytes();
    }

    /** Binds the buffers to their binding points (other kernels may have bound theirs there since). */
    void bind() {
        if (madeFor == null) return;
        headers.bindBase(PortalLayout.BINDING_SHAPES);
        divs.bindBase(PortalLayout.BINDING_DIVS);
        portals.bindBase(PortalLayout.BINDING_PORTALS);
        entry.bindBase(PortalLayout.BINDING_ENTRY);
        faces.bindBase(PortalLayout.BINDING_FACES);
    }

    @Override
    public void close() {
        for (ShaderStorageBuffer b : new ShaderStorageBuffer[]{headers, divs, portals, entry, faces}) if (b != null) b.close();
        headers = divs = portals = entry = faces = null;
        madeFor = null;
    }
}
