package org.drtstudio.studio.viewport;

import javafx.animation.PauseTransition;
import javafx.util.Duration;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.studio.edit.EditorSession;

import java.util.function.Consumer;

/**
 * Zooming with the wheel: notches close together are one gesture. Each notch shows at once as a
 * live edit, and the gesture is recorded as one undo step when the wheel rests ({@link #REST}) or
 * another interaction begins ({@link #end()}).
 */
final class WheelZoom {
    static final Duration REST = Duration.millis(400);

    private final EditorSession session;
    private final Consumer<Edit> commit;
    private final PauseTransition rest = new PauseTransition(REST);
    /** The camera the gesture has reached, or null when no gesture is under way. */
    private Camera camera;

    /** {@code commit} records the gesture's one step. */
    WheelZoom(EditorSession session, Consumer<Edit> commit) {
        this.session = session;
        this.commit = commit;
        rest.setOnFinished(e -> end());
    }

    /** One notch: towards the look point for a positive {@code deltaY}. */
    void notch(double deltaY) {
        Camera from = camera != null ? camera : session.document.model().camera();
        camera = CameraNavigator.zoom(from, Math.signum(deltaY));
        session.preview(new SetCamera(camera));
        rest.playFromStart();
    }

    /** Records a gesture in progress as one step. */
    void end() {
        rest.stop();
        if (camera == null) return;
        Camera c = camera;
        camera = null;
        commit.accept(new SetCamera(c));
    }
}
