package org.drtstudio.studio;

import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

import java.util.Map;

/**
 * Tooltips for the main window's controls, kept in one place: what a control does and its key,
 * for a user who does not know the studio yet. Controls that set their own (the inspector's
 * fields, the sliders, the status bar) keep theirs.
 */
final class Tooltips {
    static final Map<String, String> TEXTS = Map.ofEntries(
            Map.entry("playButton", "Play / pause the animation (Space)"),
            Map.entry("keyNodeButton", "Key the selected object's position, rotation and scale at the current time (I)"),
            Map.entry("keyCameraButton", "Key the camera at the current time"),
            Map.entry("motionBlurToggle", "Render the preview and exports over the shutter interval"),
            Map.entry("timeSlider", "Scrub: the time shown"),
            Map.entry("cancelJob", "Stop the running export"),
            Map.entry("sceneTree", "Click to select, right-click for Rename, Duplicate, Hide / show, Delete; drag onto a group to move a row into it"),
            Map.entry("filterChoice", "Pixel filter of the preview and exports"));
    // The viewport has none: the pointer rests there most of the time, and a big tooltip popping up
    // over the picture hid it and caught the clicks and the Esc meant for a transform. Help →
    // Keyboard and mouse lists what the viewport does.

    private Tooltips() {
    }

    /** Gives every listed control of the shown window its tooltip, unless it has one. */
    static void install(StudioWindow window) {
        Node root = window.stage.getScene().getRoot();
        for (var e : TEXTS.entrySet()) {
            Node n = root.lookup("#" + e.getKey());
            if (n == null) continue;
            Tooltip t = new Tooltip(e.getValue());
            t.setShowDelay(Duration.millis(500));
            // Esc belongs to the window (it cancels a keyboard transform, closes a menu): JavaFX hands
            // key events to a showing popup first, and a tooltip under the resting pointer would swallow it.
            t.setHideOnEscape(false);
            t.setWrapText(true);
            t.setMaxWidth(420);
            if (n instanceof Control c) {
                if (c.getTooltip() == null) c.setTooltip(t);
            } else {
                Tooltip.install(n, t);
            }
        }
        labelRows(root);
    }

    /**
     * A label in a form's first column gets the tooltip of the control in its row ("Aperture" had
     * none while its slider had one, issue 39, item 11): the pointer rests on the word as often as
     * on the control.
     */
    static void labelRows(Node n) {
        if (n instanceof javafx.scene.layout.GridPane g) {
            for (Node c : g.getChildren()) {
                if (!(c instanceof javafx.scene.control.Label label) || label.getTooltip() != null) continue;
                Integer row = javafx.scene.layout.GridPane.getRowIndex(c);
                for (Node other : g.getChildren()) {
                    Tooltip tip = other != c && java.util.Objects.equals(javafx.scene.layout.GridPane.getRowIndex(other), row) ? tipOf(other) : null;
                    if (tip != null) {
                        label.setTooltip(tip);
                        break;
                    }
                }
            }
        }
        if (n instanceof javafx.scene.Parent p) for (Node c : p.getChildrenUnmodifiable()) labelRows(c);
    }

    private static Tooltip tipOf(Node n) {
        if (n instanceof Control c && c.getTooltip() != null) return c.getTooltip();
        if (n instanceof javafx.scene.Parent p) for (Node c : p.getChildrenUnmodifiable()) {
            Tooltip t = tipOf(c);
            if (t != null) return t;
        }
        return null;
    }
}
