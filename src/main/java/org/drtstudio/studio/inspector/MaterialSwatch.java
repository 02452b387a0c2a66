package org.drtstudio.studio.inspector;

import javafx.application.Platform;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Frame;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.ThreadNiceness;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TextureSource;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.studio.preview.RendererSource;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A small picture of a material: a ball of it on a two-tone floor under one light, traced on a
 * worker with the export's renderer (a 64 × 64 ball of 16 samples takes milliseconds), so a
 * preset or a changed value shows what it does before the scene's preview has caught up. Only the
 * newest material asked for is traced; older requests are dropped.
 */
public final class MaterialSwatch {
    public static final int SIZE = 64, SAMPLES = 16;
    public final ImageView view = new ImageView();
    private final RendererSource renderers;
    private final ExecutorService worker;
    private final AtomicReference<Material> wanted = new AtomicReference<>();
    private Material shown;
    /** Materials traced so far (tests). */
    private volatile int traced;

    public MaterialSwatch(RendererSource renderers) {
        this.renderers = renderers;
        this.worker = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            // Behind the window's threads, as the preview's tracer: the renderer's threads, started
            // from this one, inherit its priority.
            Thread t = new Thread(() -> {
                ThreadNiceness.lowerCurrentThread(ThreadNiceness.BACKGROUND);
                r.run();
            }, "drt-swatch");
            t.setDaemon(true);
            return t;
        });
        view.setId("materialSwatch");
        view.setFitWidth(SIZE);
        view.setFitHeight(SIZE);
    }

    /** Shows {@code m} (null: nothing) once traced. FX thread. */
    void show(Material m) {
        if (m == null) {
            view.setImage(null);
            shown = null;
            return;
        }
        if (m.equals(shown)) return;
        shown = m;
        if (wanted.getAndSet(m) == null) worker.submit(this::traceNewest);
    }

    int traced() {
        return traced;
    }

    /** Worker thread only: one renderer for every swatch (a GL one keeps its context on this thread). */
    private Renderer renderer;

    /** Closes the renderer; the studio is closing. */
    public void close() {
        worker.submit(() -> {
            if (renderer != null) renderer.close();
            renderer = null;
        });
        worker.shutdown();
    }

    private void traceNewest() {
        Material m;
        while ((m = wanted.get()) != null) {
            byte[] rgba;
            try {
                if (renderer == null) renderer = renderers.create(n -> { });
                rgba = trace(renderer, m);
            } catch (Exception | LinkageError e) {
                rgba = null; // a swatch is a nicety: no picture rather than an error over the inspector
            }
            traced++;
            byte[] picture = rgba;
            Material done = m;
            if (wanted.compareAndSet(m, null)) {
                if (picture != null) Platform.runLater(() -> {
                    if (done.equals(shown)) view.setImage(image(picture));
                });
                return;
            }
        }
    }

    /** The swatch scene: the ball at the origin, the floor a huge sphere below, a light above left, looked at from the front. */
    static byte[] trace(Renderer renderer, Material m) throws Exception {
        Material floor = Material.named("floor").diffuse(new Vec3(0.55f, 0.55f, 0.6f)).ambient(new Vec3(0.05f, 0.05f, 0.05f)).build();
        Material ball = m.toBuilder().diffuseTexture(null).bump(null, 1).build(); // textures would need the project's folder
        TransformNode root = TransformNode.group("swatch", List.of(new SphereNode("spheres",
                List.of(new Sphere(new Vec3(0, 0, 0), 1, 0), new Sphere(new Vec3(0, -1001, 0), 1000, 1)))));
        Camera camera = new Camera(new Vec3(0, 0.6f, 4.2f), new Vec3(0, -0.1f, 0), new Vec3(0, 1, 0), 34, 0, 0);
        RenderSettings settings = new RenderSettings(SIZE, SIZE, SAMPLES, 6, 1, new Vec3(0.75f, 0.82f, 0.95f), new Vec3(0.3f, 0.3f, 0.3f), 1, 0, 0);
        Scene scene = new Scene("swatch", root, List.of(ball, floor), List.of(new PointLight(new Vec3(-3, 4, 3), new Vec3(1, 1, 1), 0.9f)),
                camera, settings);
        GeometryImage image = new GeometryImageBuilder(TextureSource.NONE).build(scene);
        TraceParameters p = TraceParameters.of(camera, camera, settings, image, PixelFilter.BOX);
        Frame f = renderer.accumulate(image, p, 0, SAMPLES, Set.of(), ProgressListener.NONE);
        return f.srgb();
    }

    private static WritableImage image(byte[] rgba) {
        WritableImage img = new WritableImage(SIZE, SIZE);
        int[] argb = new int[SIZE * SIZE];
        for (int i = 0; i < argb.length; i++) {
            argb[i] = 0xff000000 | (rgba[4 * i] & 255) << 16 | (rgba[4 * i + 1] & 255) << 8 | (rgba[4 * i + 2] & 255);
        }
        img.getPixelWriter().setPixels(0, 0, SIZE, SIZE, PixelFormat.getIntArgbInstance(), argb, 0, SIZE);
        return img;
    }
}
