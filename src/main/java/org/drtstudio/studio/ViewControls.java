package org.drtstudio.studio;

import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.drtstudio.render.ViewTransform;

import java.util.function.Consumer;

/**
 * The status bar's view controls: exposure in stops and the display transform (Standard: clamp to
 * white, as rendered; AgX: filmic, highlights roll off). They change how the preview and 8-bit
 * exports show the radiance, not the scene: EXR and PFM exports stay scene-referred, and the
 * settings are the session's, not the project's.
 */
final class ViewControls {
    private final Spinner<Double> exposure = new Spinner<>();
    private final ChoiceBox<String> view = new ChoiceBox<>();
    private final HBox node;

    ViewControls(Consumer<ViewTransform> changed) {
        exposure.setId("exposureSpinner");
        exposure.setValueFactory(new SpinnerValueFactory.DoubleSpinnerValueFactory(-10, 10, 0, 0.5));
        exposure.setEditable(true);
        exposure.setPrefWidth(80);
        exposure.setFocusTraversable(false);
        exposure.setTooltip(new Tooltip("Exposure in stops: each stop doubles the light shown (the scene and EXR exports are unchanged)"));
        view.setId("viewChoice");
        view.getItems().addAll("Standard", "AgX (filmic)");
        view.getSelectionModel().select(0);
        view.setFocusTraversable(false);
        view.setTooltip(new Tooltip("Display transform: Standard clips at white; AgX (Sobotka's filmic view) rolls highlights off"));
        exposure.valueProperty().addListener((o, was, now) -> changed.accept(current()));
        view.getSelectionModel().selectedIndexProperty().addListener((o, was, now) -> changed.accept(current()));
        Label label = new Label("Exposure");
        // Their own width, always: the status bar's message gives way first (StudioWindow's status bar)
        label.setMinWidth(Region.USE_PREF_SIZE);
        exposure.setMinWidth(Region.USE_PREF_SIZE);
        view.setMinWidth(Region.USE_PREF_SIZE);
        node = new HBox(4, label, exposure, view);
        node.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        node.setMinWidth(Region.USE_PREF_SIZE);
    }

    HBox node() {
        return node;
    }

    /** The transform the controls show now. */
    ViewTransform current() {
        Double stops = exposure.getValue();
        return new ViewTransform(stops == null ? 0f : stops.floatValue(),
                view.getSelectionModel().getSelectedIndex() == 1 ? ViewTransform.View.AGX : ViewTransform.View.STANDARD);
    }
}
