package org.drtstudio.studio.panels;

import javafx.scene.control.Slider;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.studio.edit.EditorSession;

import java.util.function.BooleanSupplier;
import java.util.function.DoubleFunction;

/**
 * A panel's sliders bound to the document: the preview follows the thumb while it is dragged, and
 * one step is recorded when it is let go or set directly (a click on the track, a key). An edit the
 * document refuses ends the preview instead. While the panel itself moves its sliders to the
 * document's values ({@code updating}), nothing is edited.
 */
final class SliderEdits {
    private final EditorSession session;
    private final BooleanSupplier updating;

    SliderEdits(EditorSession session, BooleanSupplier updating) {
        this.session = session;
        this.updating = updating;
    }

    /** Edits the document through {@code edit} of the slider's value. */
    void bind(Slider slider, DoubleFunction<Edit> edit) {
        slider.valueProperty().addListener((o, a, v) -> {
            if (updating.getAsBoolean()) return;
            if (slider.isValueChanging()) session.preview(edit.apply(v.doubleValue()));
            else commit(edit.apply(v.doubleValue()));
        });
        slider.valueChangingProperty().addListener((o, was, now) -> {
            if (!now && !updating.getAsBoolean()) commit(edit.apply(slider.getValue()));
        });
    }

    /** Records {@code e} as one step, or ends the preview when the document refuses it. */
    void commit(Edit e) {
        try {
            session.commit(e);
        } catch (IllegalArgumentException ex) {
            session.cancelPreview();
        }
    }
}
