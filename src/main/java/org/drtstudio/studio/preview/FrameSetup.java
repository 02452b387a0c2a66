package org.drtstudio.studio.preview;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.ShutterScenes;

/**
 * The model at a time turned into what a tracer needs, shared by the preview and exports: with
 * motion blur, the scenes at shutter open and close (instances and camera move between them);
 * without, the scene at that instant.
 */
public final class FrameSetup {
    private FrameSetup() {
    }

    public static GeometryImage pack(GeometryImageBuilder builder, SceneModel model, double time, boolean motionBlur) {
        if (motionBlur) {
            ShutterScenes s = model.shutter(time);
            return builder.build(s.open(), s.close());
        }
        return builder.build(model.at(time));
    }

    /** The model's settings with the given size, samples and seed, and its camera(s) at {@code time}. */
    public static TraceParameters parameters(SceneModel model, double time, boolean motionBlur, PixelFilter filter, GeometryImage image,
                                      int width, int height, int samples, Long seed) {
        return parameters(model, time, motionBlur, filter, image, width, height, samples, seed, 1);
    }

    /**
     * As {@link #parameters(SceneModel, double, boolean, PixelFilter, GeometryImage, int, int, int, Long)}, with the
     * camera's field of view widened by {@code widening} ({@link RenderFrame}: the preview shows the export's frame).
     */
    public static TraceParameters parameters(SceneModel model, double time, boolean motionBlur, PixelFilter filter, GeometryImage image,
                                      int width, int height, int samples, Long seed, double widening) {
        Scene open, close;
        if (motionBlur) {
            ShutterScenes s = model.shutter(time);
            open = s.open();
            close = s.close();
        } else {
            open = close = model.at(time);
        }
        RenderSettings rs = open.settings().withSize(width, height);
        rs = rs.withSampling(samples, rs.maxDepth(), seed != null ? seed : rs.seed());
        return TraceParameters.of(RenderFrame.widened(open.camera(), widening), RenderFrame.widened(close.camera(), widening), rs, image, filter);
    }
}
