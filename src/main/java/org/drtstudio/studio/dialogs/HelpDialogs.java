package org.drtstudio.studio.dialogs;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

import java.util.List;

/** The Help menu's windows: the keyboard and mouse shortcuts, and what this studio is. */
public final class HelpDialogs {
    /** Action and how to do it, as the Help window lists them. */
    static final List<String[]> SHORTCUTS = List.of(
            new String[]{"Orbit / pan / zoom", "left-drag / middle- or Shift-drag / wheel"},
            new String[]{"Fly", "hold the right button, W A S D, Q E down / up"},
            new String[]{"Select", "click an object or a row of the scene tree"},
            new String[]{"Focus distance", "Ctrl+click (or Alt+click) a surface"},
            new String[]{"Move / rotate / scale by key", "G / R / S over the view, then move the mouse; X / Y / Z constrain"},
            new String[]{"Confirm / cancel a keyed transform", "Enter or a click / Esc or a right click"},
            new String[]{"Gizmo", "drag a handle of the selected object"},
            new String[]{"Group / ungroup", "Ctrl+G / Ctrl+Shift+G"},
            new String[]{"Pause the preview", "P"},
            new String[]{"Render region", "Ctrl+Shift+drag (Ctrl+Shift+click clears it)"},
            new String[]{"Frame selection", "F"},
            new String[]{"Delete / duplicate", "Delete / Ctrl+D"},
            new String[]{"Undo / redo", "Ctrl+Z / Ctrl+Y or Ctrl+Shift+Z"},
            new String[]{"New / open / save / save as", "Ctrl+N / Ctrl+O / Ctrl+S / Ctrl+Shift+S"},
            new String[]{"Import / export still", "Ctrl+I (or drop a file) / Ctrl+E"},
            new String[]{"Apply a typed value", "Enter (or leave the field)"});

    private HelpDialogs() {
    }

    public static void showShortcuts(Window owner) {
        GridPane g = new GridPane();
        g.setId("shortcutTable");
        g.setHgap(16);
        g.setVgap(4);
        for (int i = 0; i < SHORTCUTS.size(); i++) {
            Label action = new Label(SHORTCUTS.get(i)[0]);
            action.setStyle("-fx-font-weight: bold;");
            g.addRow(i, action, new Label(SHORTCUTS.get(i)[1]));
        }
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", ButtonType.CLOSE);
        a.setTitle("Keyboard and mouse");
        a.setHeaderText("Keyboard and mouse");
        a.getDialogPane().setContent(g);
        DialogPlacement.prepare(a, owner);
        a.show();
    }

    public static void showAbout(Window owner, String renderer) {
        String version = HelpDialogs.class.getPackage().getImplementationVersion();
        Alert a = new Alert(Alert.AlertType.INFORMATION, "A ray-tracing scene studio: import models, arrange, animate and render them "
                + "with a progressively refined preview.\n\nVersion " + (version != null ? version : "(development build)")
                + "\nJava " + System.getProperty("java.version") + ", JavaFX " + System.getProperty("javafx.runtime.version", "?")
                + "\nPreview: " + renderer, ButtonType.CLOSE);
        a.setTitle("About DRT Studio");
        a.setHeaderText("DRT Studio");
        DialogPlacement.prepare(a, owner);
        a.show();
    }
}
