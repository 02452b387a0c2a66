package org.drtstudio.studio.window;

import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import org.drtstudio.render.ViewTransform;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * View → Exposure and View → Display transform: the exposure in stops and the display transform
 * (Standard: clip at white, as rendered; AgX: filmic, highlights roll off). They change how the
 * preview and 8-bit exports show the radiance, not the scene: EXR and PFM exports stay
 * scene-referred, and the choice is the session's, not the project's. In the View menu rather than
 * the status bar, whose width a laptop's window needs for the preview's own state.
 */
public final class ViewControls {
    /** The exposures offered, in stops. */
    static final float[] STOPS = {-3, -2, -1, -0.5f, 0, 0.5f, 1, 2, 3};

    private final Menu exposure = new Menu("Exposure");
    private final Menu display = new Menu("Display transform");
    private final ToggleGroup stops = new ToggleGroup(), views = new ToggleGroup();
    private final RadioMenuItem standard = new RadioMenuItem("Standard (clip at white)"), agx = new RadioMenuItem("AgX (filmic)");
    private float current;
    private boolean filmic;

    public ViewControls(Consumer<ViewTransform> changed) {
        exposure.setId("exposureMenu");
        display.setId("displayTransformMenu");
        for (float s : STOPS) {
            RadioMenuItem item = new RadioMenuItem(s == 0 ? "0 (as rendered)" : String.format(Locale.ROOT, "%+.1f stop%s", s, Math.abs(s) == 1 ? "" : "s"));
            item.setId("exposure" + String.valueOf(s).replace('.', '_').replace("-", "minus"));
            item.setToggleGroup(stops);
            item.setUserData(s);
            item.setMnemonicParsing(false);
            if (s == 0) item.setSelected(true);
            exposure.getItems().add(item);
        }
        standard.setId("viewStandardItem");
        agx.setId("viewAgxItem");
        for (RadioMenuItem item : new RadioMenuItem[] {standard, agx}) {
            item.setToggleGroup(views);
            item.setMnemonicParsing(false);
            display.getItems().add(item);
        }
        standard.setSelected(true);
        stops.selectedToggleProperty().addListener((o, was, now) -> {
            if (now != null) current = (Float) now.getUserData();
            changed.accept(current());
        });
        views.selectedToggleProperty().addListener((o, was, now) -> {
            filmic = now == agx;
            changed.accept(current());
        });
    }

    /** The two submenus, for the View menu. */
    public Menu[] menus() {
        return new Menu[] {exposure, display};
    }

    /** The transform chosen now. */
    public ViewTransform current() {
        return new ViewTransform(current, filmic ? ViewTransform.View.AGX : ViewTransform.View.STANDARD);
    }

    /** Chooses {@code v} as a click on its items would (an exposure not offered keeps the current one). */
    public void choose(ViewTransform v) {
        (v.view() == ViewTransform.View.AGX ? agx : standard).setSelected(true);
        for (var t : stops.getToggles()) if ((Float) t.getUserData() == v.exposureStops()) t.setSelected(true);
    }
}
