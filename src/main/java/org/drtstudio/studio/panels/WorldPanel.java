package org.drtstudio.studio.panels;

import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import org.drtstudio.scene.Environment;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.SetRenderSettings;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.edit.EditorSession;

import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The World panel: the environment light (an equirectangular HDR sky that lights the scene and is
 * its background, {@link Environment}). Choose… picks the picture, Clear goes back to the background
 * colour; the rotation and strength sliders show each value live while dragged and record one
 * undoable step when let go, as the effects sliders do. A picture that cannot be read is told in
 * the status bar, as a texture is, and the scene renders with its background colour.
 */
public final class WorldPanel extends TitledPane {
    public final Label file = new Label();
    public final Button choose = new Button("Choose…"), clear = new Button("Clear");
    public final Slider rotation = new Slider(-180, 180, 0), strength = new Slider(0, 4, 1);
    private final EditorSession session;
    private boolean updating;
    private final SliderEdits edits;

    public WorldPanel(EditorSession session, StudioDialogs dialogs) {
        this.session = session;
        this.edits = new SliderEdits(session, () -> updating);
        setText("World");
        setId("worldPanel");
        file.setId("environmentFile");
        choose.setId("chooseEnvironment");
        clear.setId("clearEnvironment");
        rotation.setId("environmentRotation");
        strength.setId("environmentStrength");
        file.setMinWidth(60);
        file.setMaxWidth(180);
        GridPane grid = new GridPane();
        grid.setHgap(6);
        grid.setVgap(4);
        grid.setPadding(new Insets(4));
        grid.addRow(0, new Label("Environment"), file);
        grid.add(new HBox(4, choose, clear), 1, 1);
        grid.addRow(2, new Label("Rotation (°)"), rotation, SliderValue.of(rotation, "environmentRotationValue"));
        grid.addRow(3, new Label("Strength"), strength, SliderValue.of(strength, "environmentStrengthValue"));
        for (var n : grid.getChildren()) if (n instanceof Label l && l.getId() == null) l.setMinWidth(Label.USE_PREF_SIZE);
        choose.setTooltip(new Tooltip("An equirectangular HDR sky (.hdr, .exr) that lights the scene and is its background"));
        clear.setTooltip(new Tooltip("No environment: rays that leave the scene see the background colour"));
        rotation.setTooltip(new Tooltip("Turn the sky about the vertical axis"));
        strength.setTooltip(new Tooltip("Multiply the sky's brightness"));
        for (Slider s : List.of(rotation, strength)) {
            s.setPrefWidth(150);
            s.setMinWidth(60);
        }
        setContent(grid);
        choose.setOnAction(e -> dialogs.chooseEnvironment().ifPresent(this::use));
        clear.setOnAction(e -> commit(settingsWith(null)));
        bind(rotation, v -> environmentWith(env -> env.withRotation((float) v)));
        bind(strength, v -> environmentWith(env -> env.withStrength((float) v)));
        session.addListener(this::refresh);
        refresh();
    }

    /** Lights the scene with {@code picture}, keeping the turn and strength already set. */
    void use(Path picture) {
        Environment env = environment();
        String path = picture.toAbsolutePath().normalize().toString();
        commit(settingsWith(env == null ? Environment.of(path) : env.withPath(path)));
    }

    private Environment environment() {
        return session.document.model().settings().environment();
    }

    private Edit settingsWith(Environment env) {
        RenderSettings s = session.document.model().settings();
        return new SetRenderSettings(s.withEnvironment(env));
    }

    private Edit environmentWith(java.util.function.UnaryOperator<Environment> change) {
        Environment env = environment();
        return settingsWith(env == null ? null : change.apply(env));
    }

    private void bind(Slider slider, DoubleFunction<Edit> edit) {
        edits.bind(slider, edit);
    }

    private void commit(Edit e) {
        edits.commit(e);
    }

    /** The fields follow the document (undo, open); sliders are disabled while there is no environment. */
    private void refresh() {
        if (rotation.isValueChanging() || strength.isValueChanging()) return;
        updating = true;
        try {
            Environment env = environment();
            file.setText(env == null ? "none" : fileName(env.path()));
            file.setTooltip(env == null ? null : new Tooltip(env.path()));
            clear.setDisable(env == null);
            rotation.setDisable(env == null);
            strength.setDisable(env == null);
            rotation.setValue(env == null ? 0 : wrap(env.rotationDegrees()));
            float s = env == null ? 1 : env.strength();
            strength.setMax(Math.max(4, s));
            strength.setValue(s);
        } finally {
            updating = false;
        }
    }

    private static String fileName(String path) {
        Path p = Path.of(path).getFileName();
        return p == null ? path : p.toString();
    }

    /** The angle in (−180, 180], the slider's range. */
    private static double wrap(float degrees) {
        double d = degrees % 360.0;
        if (d > 180) d -= 360;
        if (d <= -180) d += 360;
        return d;
    }
}
