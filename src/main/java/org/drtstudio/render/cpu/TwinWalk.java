package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

/** The GPU tracer's Java twin ({@link Traversal}, box nodes, the BVH) as a walk: what the production walks are checked and measured against. */
public final class TwinWalk implements CpuWalk {
    public static final TwinWalk INSTANCE = new TwinWalk();

    private TwinWalk() {
    }

    @Override
    public RayCaster open(GeometryImage image) {
        return new Traversal(image);
    }

    @Override
    public String name(GeometryImage image) {
        return name();
    }

    @Override
    public String name() {
        return "the GPU tracer's Java twin";
    }
}
