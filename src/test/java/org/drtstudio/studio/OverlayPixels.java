package org.drtstudio.studio;

import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import org.drtstudio.studio.viewport.ViewportPane;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;

/** The viewport's overlay as the user sees it drawn over the picture, for tests that look for what it shows. */
final class OverlayPixels {
    private OverlayPixels() {
    }

    /** FX thread: the overlay, one pixel per viewport pixel; what it does not draw is transparent. */
    static WritableImage snapshot(ViewportPane viewport) {
        Node overlay = viewport.lookup("#viewportOverlay");
        SnapshotParameters p = new SnapshotParameters();
        p.setFill(Color.TRANSPARENT);
        p.setViewport(new Rectangle2D(0, 0, viewport.getWidth(), viewport.getHeight()));
        return overlay.snapshot(p, null);
    }
}
