package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

/** The Java four-wide walk ({@link WideTraversal}): the production walk where no native one can run. */
public final class WideWalk implements CpuWalk {
    public static final WideWalk INSTANCE = new WideWalk();

    private WideWalk() {
    }

    @Override
    public RayCaster open(GeometryImage image) {
        return new WideTraversal(image, WideLayouts.of(image));
    }

    @Override
    public String name(GeometryImage image) {
        return name();
    }

    @Override
    public String name() {
        return "Java 4-wide BVH";
    }
}
