package org.drtstudio.render.embree;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.cpu.CpuWalk;
import org.drtstudio.render.cpu.RayCaster;
import org.drtstudio.render.cpu.WideWalk;

import java.lang.ref.WeakReference;

/**
 * The production CPU walk: Embree where it is installed and can trace the image as the twin does
 * ({@link EmbreeScene#supports}), else the Java four-wide walk ({@link WideWalk}), which also takes
 * over when Embree cannot build a scene (out of memory). Which one ran is in {@link #name(GeometryImage)},
 * for the status bar and {@code drt render}'s first line.
 *
 * <p>The scenes of the last image are kept: its shape level while the image's box layout is the
 * same (a transform edit, an animation's frames), its top level while its instances are.
 */
public final class EmbreeWalk implements CpuWalk {

    private WeakReference<BoxLayout> shapesOf = new WeakReference<>(null);
    private EmbreeShapes shapes;
    private WeakReference<float[]> sceneOf = new WeakReference<>(null);
    private EmbreeScene scene;
    /** Why the last image went to the Java walk, or null when Embree traced it. */
    private String fallback;

    /** Images of fewer primitives than this go to the Java walk. */
    private final long embreeFrom;

    /** A walk with scenes of its own: each renderer keeps its own last image's (the studio's preview and an export trace different ones). */
    public EmbreeWalk() {
        this(SMALL_SCENE);
    }

    /** @param embreeFrom images of fewer primitives go to the Java walk (0: Embree traces every image it can) */
    public EmbreeWalk(long embreeFrom) {
        this.embreeFrom = embreeFrom;
    }

    /** Whether Embree is installed and runs on this processor. */
    public static boolean available() {
        return EmbreeDevice.open().device().isPresent();
    }

    /** Why Embree is not used on this machine, or "" when it is. */
    public static String problem() {
        return EmbreeDevice.open().problem();
    }

    @Override
    public RayCaster open(GeometryImage image) {
        EmbreeScene s = sceneFor(image);
        if (s == null) return WideWalk.INSTANCE.open(image);
        try {
            return new EmbreeRays(s, EmbreeDevice.open().device().orElseThrow().library);
        } finally {
            s.release();
        }
    }

    /**
     * Images of fewer primitives than this are traced by the Java walk: there a ray costs less in
     * Java than the call into Embree alone (the default scene's 204 primitives: 88 against 140 ns a
     * camera ray on one core; docs/BENCHMARKS.md, "The CPU tracer").
     */
    public static final long SMALL_SCENE = 4096;

    /**
     * Why {@code image} goes to the Java walk, in a few words for the status bar (docs/ARCHITECTURE.md
     * says more), or null when Embree traces it (unless it fails to build).
     */
    private String javaWalkReason(GeometryImage image) {
        if (EmbreeDevice.open().device().isEmpty()) return "no Embree";
        if (image.instancedPrimitiveCount() < embreeFrom) return "small scene";
        if (!EmbreeScene.supports(image)) return "turning motion blur";
        return null;
    }

    /** The image's scene, retained for the caller; null when the Java walk must trace it. */
    private synchronized EmbreeScene sceneFor(GeometryImage image) {
        fallback = javaWalkReason(image);
        if (fallback != null) return null;
        EmbreeDevice device = EmbreeDevice.open().device().orElseThrow();
        BoxLayout boxes = BoxLayout.of(image);
        try {
            if (shapesOf.get() != boxes || shapes == null) {
                drop();
                shapes = new EmbreeShapes(device, image);
                shapesOf = new WeakReference<>(boxes);
            }
            if (sceneOf.get() != image.instances() || scene == null) {
                if (scene != null) scene.release();
                scene = null;
                scene = new EmbreeScene(device, shapes, image);
                sceneOf = new WeakReference<>(image.instances());
            }
        } catch (EmbreeException e) {
            drop();
            fallback = e.getMessage();
            return null;
        }
        fallback = null;
        return scene.retain();
    }

    /** Lets go of the kept scenes; casters still tracing keep theirs until they close. */
    @Override
    public synchronized void close() {
        drop();
    }

    private void drop() {
        if (scene != null) scene.release();
        if (shapes != null) shapes.release();
        scene = null;
        shapes = null;
        shapesOf = new WeakReference<>(null);
        sceneOf = new WeakReference<>(null);
    }

    /** Which walk traces {@code image}: Embree's name, or the Java walk's with the reason (Embree missing, a small scene, a failed build). */
    @Override
    public synchronized String name(GeometryImage image) {
        String reason = javaWalkReason(image);
        if (reason == null && scene != null && sceneOf.get() == image.instances()) reason = fallback;
        if (reason == null) return EmbreeDevice.open().device().orElseThrow().name;
        return WideWalk.INSTANCE.name() + " (" + reason + ")";
    }

    @Override
    public String name() {
        EmbreeDevice.Opened opened = EmbreeDevice.open();
        return opened.device().map(d -> d.name).orElse(WideWalk.INSTANCE.name() + " (no Embree)");
    }
}
