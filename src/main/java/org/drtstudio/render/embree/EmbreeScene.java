package org.drtstudio.render.embree;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.lwjgl.system.MemoryUtil;

import java.util.concurrent.atomic.AtomicInteger;

import static org.drtstudio.accel.GeometryImageLayout.INSTANCE_TEXELS;

/**
 * An image's top level as an Embree scene over its {@link EmbreeShapes}: one Embree instance per
 * image instance with its to-world rows, two time steps when it moves. An image whose instances
 * all sit still under the identity, each shape placed once (a scene file's meshes and spheres, a
 * model on its own, the benchmarks), is traced in one flat scene of all their geometries instead:
 * one level instead of two (the bunny's close-up rays: 7.2 against 5.8 Mrays/s on one core of the
 * 2-core machine; the default scene's camera rays 75 against 130 ns a ray).
 *
 * <p>Embree blends a moving instance's to-world matrix linearly where the image blends the
 * world-to-object rows (the twin's {@code InstanceRows}); the two agree when only the translation
 * moves, so an image with an instance that turns or scales during the shutter is left to the Java
 * walk ({@link #supports}).
 */
final class EmbreeScene {
    private final EmbreeLibrary lib;
    private final EmbreeShapes shapes;
    /** The scene rays are traced in: the top scene, or the one shape's scene. */
    final long traced;
    /** Whether {@link #traced} is a one-instance image's shape scene (hits then belong to instance 0). */
    private final boolean direct;
    /** For a flat scene of several instances: per geometry, its primitive map and instance; null otherwise. */
    private final EmbreeShapes.PrimitiveMap[] flatMap;
    private final int[] flatInstanceOf;
    private final int[] instanceShape;
    private final AtomicInteger references = new AtomicInteger(1);

    /** Whether Embree traces {@code image} as the twin does: no instance turns or scales during the shutter. */
    static boolean supports(GeometryImage image) {
        if (!image.motion()) return true;
        float[] inst = image.instances();
        for (int k = 0; k < image.instanceCount(); k++) {
            int o = 4 * INSTANCE_TEXELS * k;
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    if (inst[o + 24 + 4 * r + c] != inst[o + 36 + 4 * r + c]) return false;
                }
            }
        }
        return true;
    }

    /**
     * @param shapes the image's shape level (this scene retains it)
     * @throws EmbreeException when Embree cannot build a scene
     */
    EmbreeScene(EmbreeDevice device, EmbreeShapes shapes, GeometryImage image) {
        this.lib = device.library;
        int n = image.instanceCount();
        float[] roots = BoxLayout.of(image).instanceRoots(image.instances(), n);
        instanceShape = new int[n];
        for (int k = 0; k < n; k++) instanceShape[k] = shapes.shapeOf(Float.floatToRawIntBits(roots[4 * k]));
        this.shapes = shapes.retain();
        boolean flat = flattens(image.instances(), n);
        direct = flat && n == 1;
        java.util.List<Integer> instances = new java.util.ArrayList<>();
        java.util.List<EmbreeShapes.PrimitiveMap> maps = new java.util.ArrayList<>();
        try {
            if (direct) traced = shapes.scene(instanceShape[0]);
            else if (flat) traced = flatScene(device, n, instances, maps);
            else traced = topScene(device, image.instances(), n);
        } catch (RuntimeException e) {
            shapes.release();
            throw e;
        }
        this.flatMap = flat && !direct ? maps.toArray(new EmbreeShapes.PrimitiveMap[0]) : null;
        this.flatInstanceOf = instances.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Whether every instance sits still under the identity with a shape of its own. */
    private boolean flattens(float[] inst, int n) {
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int k = 0; k < n; k++) {
            if (!identity(inst, k) || !seen.add(instanceShape[k])) return false;
        }
        return true;
    }

    /** One scene of every instance's geometries; instances and maps receive each geometry's. */
    private long flatScene(EmbreeDevice device, int n, java.util.List<Integer> instances, java.util.List<EmbreeShapes.PrimitiveMap> maps) {
        long scene = lib.newScene(device.handle);
        if (scene == 0) throw EmbreeException.of(lib, device);
        try {
            for (int k = 0; k < n; k++) {
                for (EmbreeShapes.PrimitiveMap m : shapes.addTo(scene, instanceShape[k])) {
                    instances.add(k);
                    maps.add(m);
                }
            }
            lib.setBuildQuality(scene, EmbreeLibrary.BUILD_QUALITY_MEDIUM);
            lib.commitScene(scene);
            EmbreeException.check(lib, device);
            return scene;
        } catch (RuntimeException e) {
            lib.releaseScene(scene);
            throw e;
        }
    }

    private long topScene(EmbreeDevice device, float[] inst, int n) {
        long top = lib.newScene(device.handle);
        if (top == 0) throw EmbreeException.of(lib, device);
        long matrix = MemoryUtil.nmemAllocChecked(48);
        try {
            for (int k = 0; k < n; k++) {
                long shapeScene = shapes.scene(instanceShape[k]);
                long g = lib.newGeometry(device.handle, EmbreeLibrary.GEOMETRY_INSTANCE);
                if (g == 0) throw EmbreeException.of(lib, device);
                try {
                    int o = 4 * INSTANCE_TEXELS * k;
                    boolean moves = false;
                    for (int i = 0; i < 12; i++) moves |= inst[o + 24 + i] != inst[o + 36 + i];
                    int steps = moves ? 2 : 1;
                    lib.setInstancedScene(g, shapeScene);
                    lib.setTimeStepCount(g, steps);
                    for (int step = 0; step < steps; step++) {
                        for (int i = 0; i < 12; i++) MemoryUtil.memPutFloat(matrix + 4L * i, inst[o + 24 + 12 * step + i]);
                        lib.setTransform(g, step, EmbreeLibrary.FORMAT_FLOAT3X4_ROW_MAJOR, matrix);
                    }
                    lib.commitGeometry(g);
                    lib.attach(top, g); // geometry ids 0, 1, ... are the instances in order
                } finally {
                    lib.releaseGeometry(g);
                }
            }
            lib.commitScene(top);
            EmbreeException.check(lib, device);
            return top;
        } catch (RuntimeException e) {
            lib.releaseScene(top);
            throw e;
        } finally {
            MemoryUtil.nmemFree(matrix);
        }
    }

    /** Whether instance k's to-world rows are the identity at open and at close. */
    private static boolean identity(float[] inst, int k) {
        int o = 4 * INSTANCE_TEXELS * k;
        for (int step = 0; step < 2; step++) {
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 4; c++) {
                    if (inst[o + 24 + 12 * step + 4 * r + c] != (r == c ? 1f : 0f)) return false;
                }
            }
        }
        return true;
    }

    /**
     * The image's primitive and instance of an Embree hit ({@code instId}: the instance's geometry in
     * the top scene; {@code geomId}, {@code primId}: in its shape's scene), into out[0] and out[1].
     */
    void decode(int instId, int geomId, int primId, int[] out) {
        if (flatMap != null) {
            out[0] = flatMap[geomId].image(primId);
            out[1] = flatInstanceOf[geomId];
            return;
        }
        int instance = direct ? 0 : instId;
        out[0] = shapes.primitive(instanceShape[instance], geomId, primId);
        out[1] = instance;
    }

    EmbreeScene retain() {
        if (references.getAndIncrement() <= 0) throw new IllegalStateException("the Embree scene was already released");
        return this;
    }

    /** Lets go of one reference; the last frees the top scene and lets go of the shapes. */
    void release() {
        if (references.decrementAndGet() != 0) return;
        if (!direct) lib.releaseScene(traced); // the top or the flat scene: the shapes' scenes go with the shapes
        shapes.release();
    }
}
