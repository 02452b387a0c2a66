package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.render.NodeKind;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one GL fixture of the tests: a GL thread or a GL tracer for the tests of a class, started
 * before the first test and closed after the last
 * ({@code @RegisterExtension static final SharedGl<GlRenderer> GL = SharedGl.renderer();}, then
 * {@code GL.get()}). Starting one per class rather than per test keeps llvmpipe's shader
 * compilation to once a class.
 */
final class SharedGl<T extends AutoCloseable> implements BeforeAllCallback, AfterAllCallback {
    /** Starts the shared object; fails when no GL context can be made. */
    interface Starter<T> {
        T start() throws GlUnavailableException;
    }

    private final Starter<T> starter;
    private final String what;
    private T started;

    private SharedGl(Starter<T> starter, String what) {
        this.starter = starter;
        this.what = what;
    }

    /** A GL thread (a context and nothing compiled) for tests of GL wrappers and shaders. */
    static SharedGl<GlThread> thread() {
        return new SharedGl<>(GlThread::start, "the GL thread");
    }

    /** A GL tracer (its programs compiled) for tests that render. */
    static SharedGl<GlRenderer> renderer() {
        return new SharedGl<>(GlRenderer::start, "the GL tracer");
    }

    /** A GL tracer that traces its frames as {@code schedule} says, wherever it can. */
    static SharedGl<GlRenderer> renderer(FrameSchedule schedule) {
        return new SharedGl<>(() -> {
            GlRenderer r = GlRenderer.start();
            r.useFrameSchedule(schedule);
            return r;
        }, "the GL tracer tracing frames as a " + schedule);
    }

    /** A GL tracer walking {@code accel} and tracing its frames as {@code schedule} says. */
    static SharedGl<GlRenderer> renderer(AccelStructure accel, FrameSchedule schedule) {
        return new SharedGl<>(() -> {
            GlRenderer r = GlRenderer.start(false, NodeKind.DEFAULT, accel);
            r.useFrameSchedule(schedule);
            return r;
        }, "the GL tracer walking the " + accel.cliName() + ", frames as a " + schedule);
    }

    /** A GL tracer keeping the box layout where {@code storage} says. */
    static SharedGl<GlRenderer> renderer(BoxStorage storage) {
        return renderer(AccelStructure.DEFAULT, storage);
    }

    /** A GL tracer walking {@code accel} and keeping the box layout where {@code storage} says. */
    static SharedGl<GlRenderer> renderer(AccelStructure accel, BoxStorage storage) {
        return new SharedGl<>(() -> GlRenderer.start(false, NodeKind.DEFAULT, accel, -1, storage),
                "the GL tracer walking the " + accel.cliName() + ", the box layout in " + storage);
    }

    /** A GL tracer walking {@code accel} in place of the BVH. */
    static SharedGl<GlRenderer> renderer(AccelStructure accel) {
        return new SharedGl<>(() -> GlRenderer.start(false, NodeKind.DEFAULT, accel), "the GL tracer walking the " + accel.cliName());
    }

    /** A GL tracer walking the shape-level bounds {@code nodes} (spheres or the box layout) with the BVH. */
    static SharedGl<GlRenderer> renderer(NodeKind nodes) {
        return new SharedGl<>(() -> GlRenderer.start(false, nodes), "the GL tracer walking " + nodes);
    }

    /** The GL tracer on two contexts of the one device, frames split in tiles of {@code tile} pixels (the multi-GPU path). */
    static SharedGl<MultiGpuRenderer> twoContexts(int tile) {
        return new SharedGl<>(() -> MultiGpuRenderer.start(org.drtstudio.render.TracerOptions.DEFAULT, java.util.List.of(0, 0), tile),
                "the GL tracer on two contexts");
    }

    @Override
    public void beforeAll(ExtensionContext context) throws GlUnavailableException {
        started = starter.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (started != null) started.close();
        started = null;
    }

    /** The class's GL thread or tracer (started). */
    T get() {
        if (started == null) throw new IllegalStateException(what + " starts before the class's first test");
        return started;
    }
}
