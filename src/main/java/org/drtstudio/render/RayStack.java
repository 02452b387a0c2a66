package org.drtstudio.render;

/**
 * The rays one sample may keep waiting while the tracers walk its tree of reflected and refracted
 * rays: the CPU twin's stack (WhittedIntegrator) and the GPU's ({@code STACK_SIZE} in
 * shaders/whitted.glsl, and the wavefront's memory per pixel) are this size, so both drop the same rays.
 */
public final class RayStack {
    public static final int CAPACITY = 8;

    private RayStack() {
    }
}
