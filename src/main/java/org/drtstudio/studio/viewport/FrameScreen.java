package org.drtstudio.studio.viewport;

import javafx.beans.value.ObservableDoubleValue;
import javafx.scene.Node;
import javafx.scene.image.ImageView;
import javafx.scene.image.WritableImage;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRegion;

import java.util.List;

/**
 * Puts the preview's frames on screen: the whole view's picture, and a render region's picture over
 * its rectangle (the view around it keeps its last image). Keeps the frame shown, the time from its
 * request to the screen, and the frames shown per second.
 */
final class FrameScreen {
    private final ImageView view = new ImageView();
    private final ImageView regionView = new ImageView();
    private final PreviewImage picture = new PreviewImage(), regionPicture = new PreviewImage();
    private final NearestUpscale upscale = new NearestUpscale();
    private final ViewportPane.FrameRate frameRate = new ViewportPane.FrameRate();
    private PreviewFrame shown;
    private long lastLatencyNanos = -1;

    /** The pictures fill {@code width} × {@code height}, unsmoothed (a coarse stage shows its blocks). */
    FrameScreen(ObservableDoubleValue width, ObservableDoubleValue height) {
        view.setSmooth(false);
        view.setPreserveRatio(false);
        view.fitWidthProperty().bind(width);
        view.fitHeightProperty().bind(height);
        regionView.setSmooth(false);
        regionView.setPreserveRatio(false);
        regionView.setVisible(false);
        regionView.setMouseTransparent(true);
    }

    /** The view's picture and the region's over it, bottom first. */
    List<Node> nodes() {
        return List.of(view, regionView);
    }

    /** Shows a whole-view frame in a view of {@code viewWidth} × {@code viewHeight} pixels. */
    void show(PreviewFrame f, int viewWidth, int viewHeight) {
        regionView.setVisible(false);
        int w = f.width(), h = f.height();
        byte[] bgra = f.bgra();
        if (f.pixelScale() > 1 && viewWidth > w && viewHeight > h) {
            // A coarse stage, drawn at the view's own size (NearestUpscale says why).
            bgra = upscale.of(bgra, w, h, viewWidth, viewHeight);
            w = viewWidth;
            h = viewHeight;
        }
        if (picture.show(bgra, w, h)) view.setImage(picture.image());
        shown(f);
    }

    /** Shows a render-region frame over its rectangle, its view pixels scaled by {@code kx}, {@code ky}. */
    void showRegion(PreviewFrame f, double kx, double ky) {
        if (regionPicture.show(f.bgra(), f.width(), f.height())) regionView.setImage(regionPicture.image());
        PreviewRegion r = f.region();
        regionView.setLayoutX(r.x() * kx);
        regionView.setLayoutY(r.y() * ky);
        regionView.setFitWidth(r.width() * kx);
        regionView.setFitHeight(r.height() * ky);
        regionView.setVisible(true);
        shown(f);
    }

    void hideRegion() {
        regionView.setVisible(false);
    }

    private void shown(PreviewFrame f) {
        shown = f;
        long now = System.nanoTime();
        lastLatencyNanos = now - f.requestNanos();
        frameRate.frame(now);
    }

    /** The image on screen (its pixels are the preview's, without the gizmo). */
    WritableImage image() {
        return picture.image();
    }

    /** The last frame put on screen, or null before the first. */
    PreviewFrame shownFrame() {
        return shown;
    }

    /** Time from the request behind the last shown frame to its presentation, or -1 before the first. */
    long lastLatencyNanos() {
        return lastLatencyNanos;
    }

    /** Frames put on screen over the last second. */
    double framesPerSecond() {
        return frameRate.perSecond(System.nanoTime());
    }
}
