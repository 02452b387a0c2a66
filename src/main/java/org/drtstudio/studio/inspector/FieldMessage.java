package org.drtstudio.studio.inspector;

import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Popup;

/**
 * A refused value's reason, shown just below the field it belongs to in a popup of its own, so no
 * other field moves (a label in the layout pushed every field below it down, under the mouse). It
 * goes when the field is typed in again, a value is accepted, or the field is scrolled away.
 */
public final class FieldMessage {
    private final Popup popup = new Popup();
    public final Label label = new Label();
    private TextField field;

    FieldMessage() {
        label.setId("fieldMessage");
        label.setWrapText(true);
        label.setMaxWidth(360);
        label.setStyle("-fx-background-color: #fff0f0; -fx-border-color: #d03030; -fx-text-fill: #a01010; -fx-padding: 3 6;");
        popup.getContent().add(label);
        popup.setAutoHide(true);
        popup.setHideOnEscape(true);
    }

    /** Shows {@code text} under {@code at} (a field of a shown window). */
    void show(TextField at, String text) {
        hide();
        label.setText(text);
        field = at;
        if (at.getScene() == null || at.getScene().getWindow() == null || !at.getScene().getWindow().isShowing()) return;
        Bounds b = at.localToScreen(at.getBoundsInLocal());
        if (b == null) return;
        popup.show(at.getScene().getWindow(), b.getMinX(), b.getMaxY() + 2);
        at.textProperty().addListener(hideOnTyping);
    }

    private final javafx.beans.value.ChangeListener<String> hideOnTyping = (o, a, b) -> hide();

    void hide() {
        if (field != null) field.textProperty().removeListener(hideOnTyping);
        field = null;
        popup.hide();
    }

    /** The message on show, or "" when none is. */
    String text() {
        return popup.isShowing() ? label.getText() : "";
    }

    /** The field the message belongs to, while it is shown. */
    TextField field() {
        return popup.isShowing() ? field : null;
    }
}
