package org.drtstudio.studio.panels;

import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.scene.edit.SetLights;
import org.drtstudio.studio.edit.EditorSession;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The sliders users asked for: depth of field (lens aperture radius and focus distance) and soft
 * shadows (the radius of every light). While a slider is dragged the preview shows each value
 * live; releasing it records one undoable step. Ranges follow the scene's size.
 */
public final class EffectsPanel extends TitledPane {
    public final Slider aperture = new Slider(0, 1, 0);
    public final Slider focus = new Slider(0.01, 50, 5);
    public final Slider lightRadius = new Slider(0, 2, 0);
    private final EditorSession session;
    private boolean updating;
    private final SliderEdits edits;

    public EffectsPanel(EditorSession session) {
        this.session = session;
        this.edits = new SliderEdits(session, () -> updating);
        setText("Depth of field & soft shadows");
        aperture.setId("apertureSlider");
        focus.setId("focusSlider");
        lightRadius.setId("lightRadiusSlider");
        GridPane grid = new GridPane();
        grid.setHgap(6);
        grid.setVgap(4);
        grid.setPadding(new Insets(4));
        grid.addRow(0, new Label("Aperture"), aperture, valueOf(aperture, "apertureValue"));
        grid.addRow(1, new Label("Focus"), focus, valueOf(focus, "focusValue"));
        grid.addRow(2, new Label("Light radius"), lightRadius, valueOf(lightRadius, "lightRadiusValue"));
        aperture.setTooltip(new javafx.scene.control.Tooltip("Lens radius in scene units: 0 is a pinhole (everything sharp)"));
        focus.setTooltip(new javafx.scene.control.Tooltip("Distance that is in focus (Ctrl+click a surface to focus on it)"));
        lightRadius.setTooltip(new javafx.scene.control.Tooltip("Radius of every light: larger lights cast softer shadows"));
        for (Slider s : List.of(aperture, focus, lightRadius)) {
            s.setPrefWidth(150);
            s.setMinWidth(60);
        }
        for (var n : grid.getChildren()) if (n instanceof Label l) l.setMinWidth(Label.USE_PREF_SIZE);
        setContent(grid);
        bind(aperture, v -> cameraWith(v, Double.NaN));
        bind(focus, v -> cameraWith(Double.NaN, v));
        bind(lightRadius, this::lightsWith);
        session.addListener(this::refresh);
        refresh();
    }

    private static Label valueOf(Slider slider, String id) {
        return SliderValue.of(slider, id);
    }

    private void bind(Slider slider, DoubleFunction<Edit> edit) {
        edits.bind(slider, edit);
    }

    private void commit(Edit e) {
        edits.commit(e);
    }

    private Edit cameraWith(double apertureValue, double focusValue) {
        Camera c = session.document.model().camera();
        float a = Double.isNaN(apertureValue) ? c.aperture() : (float) apertureValue;
        float f = Double.isNaN(focusValue) ? c.focusDistance() : (float) focusValue;
        return new SetCamera(new Camera(c.eye(), c.look(), c.up(), c.fovY(), a, f));
    }

    private Edit lightsWith(double radius) {
        List<Light> lights = new ArrayList<>();
        for (Light l : session.document.model().lights()) lights.add(l.withRadius((float) radius));
        return new SetLights("Light radius " + String.format("%.3f", radius), lights);
    }

    /**
     * Slider ranges and values follow the document (after undo, open, F, ...), unless a slider is
     * being dragged. A range follows the view's distance but always reaches the document's value: a
     * slider clamps its value to its range, and after F framed a small object the aperture slider
     * showed 0.318 while the camera's aperture was 0.3523 (issue 39, item 5), so touching it would
     * have changed the value.
     */
    private void refresh() {
        if (aperture.isValueChanging() || focus.isValueChanging() || lightRadius.isValueChanging()) return;
        updating = true;
        try {
            SceneModel m = session.document.model();
            Camera c = m.camera();
            double viewDistance = c.look().minus(c.eye()).length();
            double focusValue = c.focusDistance() > 0 ? c.focusDistance() : viewDistance;
            double radius = m.lights().isEmpty() ? 0 : m.lights().get(0).radius();
            show(aperture, Math.max(0.05, viewDistance * 0.1), c.aperture());
            show(focus, Math.max(1, viewDistance * 4), focusValue);
            show(lightRadius, Math.max(0.1, viewDistance * 0.3), radius);
        } finally {
            updating = false;
        }
    }

    /** Sets {@code slider} to {@code value} with a range up to {@code max} or the value, whichever is larger. */
    private static void show(Slider slider, double max, double value) {
        if (value < slider.getMin()) slider.setMin(value);
        slider.setMax(Math.max(max, value));
        slider.setValue(value);
    }
}
