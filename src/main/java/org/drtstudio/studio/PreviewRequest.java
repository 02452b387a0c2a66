package org.drtstudio.studio;

import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.anim.SceneModel;

/**
 * What the viewport wants to see: the model as shown (live drag values already applied), the time,
 * the viewport size in pixels and the preview's own choices.
 *
 * @param revision increases with every request, so a shown frame can be traced back to its request
 * @param targetSamples the preview stops refining at this many samples per pixel
 * @param fullResolution refine at the viewport's full resolution even where passes then come slower than 10 per second
 */
record PreviewRequest(SceneModel model, double time, boolean motionBlur, PixelFilter filter, int width, int height,
                      int targetSamples, boolean fullResolution, long revision, long createdNanos) {
    PreviewRequest {
        if (width < 1 || height < 1) throw new IllegalArgumentException("viewport must be at least 1x1, got " + width + "x" + height);
    }

    /** Whether showing {@code next} needs a new geometry image rather than only a new view of this one. */
    boolean sameGeometry(PreviewRequest next) {
        return next.model.root().equals(model.root()) && next.model.materials().equals(model.materials())
                && next.model.lights().equals(model.lights()) && next.time == time && next.motionBlur == motionBlur
                && next.model.animation().equals(model.animation());
    }
}
