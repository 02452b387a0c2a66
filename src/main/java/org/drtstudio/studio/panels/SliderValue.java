package org.drtstudio.studio.panels;

import javafx.scene.control.Label;
import javafx.scene.control.Slider;

/** The label beside a panel's slider (effects, world) that shows its value as it moves. */
final class SliderValue {
    private SliderValue() {
    }

    /** A label that shows the slider's value as it moves (three significant digits). */
    static Label of(Slider slider, String id) {
        Label value = new Label();
        value.setId(id);
        value.setMinWidth(48);
        value.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> String.format(java.util.Locale.ROOT, "%.3g", slider.getValue()), slider.valueProperty()));
        return value;
    }
}
