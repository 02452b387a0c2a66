package org.drtstudio.studio.preview;

import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.authored.Change;
import org.drtstudio.scene.authored.SceneModel;

import java.util.EnumSet;
import java.util.Set;

/**
 * What the viewport wants to see: the model as shown (live drag values already applied), the time,
 * the viewport size in pixels and the preview's own choices.
 *
 * @param changes        what changed in the shown model since the previous request (the {@link Change} kinds of the
 *                       edits, live drag steps and view settings in between); they decide what the preview redoes
 * @param region         the part of the viewport to refine, or null for all of it
 * @param revision       increases with every request, so a shown frame can be traced back to its request
 * @param targetSamples  the preview stops refining at this many samples per pixel
 * @param fullResolution refine at the viewport's full resolution even where passes then come slower than 10 per second
 * @param widening       factor on the camera's tan(fovY / 2), so the export's frame fits the viewport ({@link RenderFrame})
 */
public record PreviewRequest(SceneModel model, Set<Change> changes, double time, boolean motionBlur, PixelFilter filter, int width,
                      int height, PreviewRegion region, int targetSamples, boolean fullResolution, long revision,
                      long createdNanos, double widening) {
    /** Changes after which the geometry image must be packed again (the builder then redoes only what changed). */
    private static final Set<Change> SCENE_CONTENT = EnumSet.of(Change.TRANSFORM, Change.GEOMETRY, Change.MATERIAL, Change.LIGHTS,
            Change.ANIMATION);

    public PreviewRequest {
        if (width < 1 || height < 1) throw new IllegalArgumentException("viewport must be at least 1x1, got " + width + "x" + height);
        if (!(widening >= 1)) throw new IllegalArgumentException("the view can only widen the camera's field of view, got " + widening);
        if (targetSamples < 1) throw new IllegalArgumentException("sample target must be at least 1, got " + targetSamples);
        changes = changes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(changes));
        if (region != null && (region.x() + region.width() > width || region.y() + region.height() > height))
            throw new IllegalArgumentException("render region " + region + " lies outside the " + width + "x" + height + " viewport");
    }

    /**
     * Whether showing this request after {@code packed} (the request the current geometry image was
     * packed for) needs the image packed again, given the changes since then. Camera, settings (but
     * the environment light), size and region changes only restart accumulation.
     */
    boolean needsPack(Set<Change> changesSincePacked, PreviewRequest packed) {
        if (packed == null || packed.time != time || packed.motionBlur != motionBlur) return true;
        for (Change c : changesSincePacked) if (SCENE_CONTENT.contains(c)) return true;
        // The environment light is packed with the image (its picture and sampling tables; its turn and strength too).
        return !java.util.Objects.equals(packed.model.settings().environment(), model.settings().environment());
    }

    /**
     * Whether showing this request after {@code shown} (the request the view is accumulating for)
     * restarts accumulation: the picture it asks for differs. Any change kind since then does
     * (edits, live drag steps, hiding: {@code changesSince}), and so do another viewport size,
     * region, time, motion blur, pixel filter, sample target or resolution choice. A request for the
     * same picture (a selection, a save, a timeline setting that moves nothing now) keeps the
     * samples: the reset reason of Chunky's render loop, decided from the change kinds.
     */
    boolean restartsAccumulationAfter(PreviewRequest shown, Set<Change> changesSince) {
        return shown == null || !changesSince.isEmpty() || width != shown.width || height != shown.height
                || !java.util.Objects.equals(region, shown.region) || time != shown.time || motionBlur != shown.motionBlur
                || filter != shown.filter || targetSamples != shown.targetSamples || fullResolution != shown.fullResolution
                || widening != shown.widening;
    }

    /** Pixels across of what is refined: the region's, or the viewport's. */
    int refinedWidth() {
        return region != null ? region.width() : width;
    }

    int refinedHeight() {
        return region != null ? region.height() : height;
    }
}
