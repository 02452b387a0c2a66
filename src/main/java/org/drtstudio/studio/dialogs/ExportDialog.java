package org.drtstudio.studio.dialogs;

import javafx.event.ActionEvent;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.drtstudio.studio.export.ExportSettings;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The export dialog's form: size, samples, format, denoise and, for an animation, the frame range
 * (the file is asked for after it, by the caller). OK is refused while a value is wrong: that field
 * is marked, a line under the form says why, and everything typed stays ({@link ExportEntry}).
 */
final class ExportDialog {
    /** The format list's entries; an entry's index is its format, {@link #EXTENSIONS} in the same order. */
    private static final String[] FORMATS = {"PNG (8-bit sRGB)", "PFM (linear HDR)", "OpenEXR (linear HDR, half float)"};
    private static final String[] EXTENSIONS = {"png", "pfm", "exr"};
    /** As the timeline marks a refused number. */
    private static final String BAD_FIELD = "-fx-border-color: #d03030;";

    /** The form's answer: the settings (still writing to the offered file) and the chosen format's extension. */
    record Choice(ExportSettings settings, String extension) {
        /** What the file chooser offers: the offered name when its format was kept, else the format's usual name. */
        String suggestedName(boolean animation) {
            String offered = settings.output().getFileName().toString();
            return offered.toLowerCase(Locale.ROOT).endsWith("." + extension) ? offered : (animation ? "frame_####." : "render.") + extension;
        }
    }

    private final Dialog<ButtonType> dialog = new Dialog<>();
    private final Map<ExportEntry.Field, TextField> fields = new EnumMap<>(ExportEntry.Field.class);
    private final ComboBox<String> format = new ComboBox<>();
    private final CheckBox denoise = new CheckBox("guided by normal, albedo and depth, as drt render --denoise");
    private final Label problem = new Label();
    private final ExportSettings offered;

    ExportDialog(ExportSettings offered, boolean animation, Window owner) {
        this.offered = offered;
        dialog.setTitle(title(animation));
        field(ExportEntry.Field.WIDTH, offered.width());
        field(ExportEntry.Field.HEIGHT, offered.height());
        field(ExportEntry.Field.SAMPLES, offered.samples());
        field(ExportEntry.Field.FIRST_FRAME, offered.firstFrame());
        field(ExportEntry.Field.LAST_FRAME, offered.lastFrame());
        format.getItems().addAll(FORMATS);
        boolean wasExr = offered.output().getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".exr");
        format.getSelectionModel().select(offered.pfm() ? 1 : wasExr ? 2 : 0);
        denoise.setSelected(offered.denoise());
        dialog.getDialogPane().setContent(form(animation));
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        // OK (the button or Enter) does nothing while a value is wrong: the dialog stays, with what was typed.
        dialog.getDialogPane().lookupButton(ButtonType.OK).addEventFilter(ActionEvent.ACTION, e -> {
            if (!check()) e.consume();
        });
        DialogPlacement.prepare(dialog, owner);
    }

    static String title(boolean animation) {
        return animation ? "Export animation" : "Export still";
    }

    /** Shows the form until OK with good values (the choice) or Cancel (empty). */
    Optional<Choice> ask() {
        if (dialog.showAndWait().orElse(ButtonType.CANCEL) != ButtonType.OK) return Optional.empty();
        int index = format.getSelectionModel().getSelectedIndex();
        return Optional.of(new Choice(entry().settings(offered.output(), index == 1, denoise.isSelected()), EXTENSIONS[index]));
    }

    private GridPane form(boolean animation) {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        g.addRow(0, new Label("Width"), fields.get(ExportEntry.Field.WIDTH));
        g.addRow(1, new Label("Height"), fields.get(ExportEntry.Field.HEIGHT));
        g.addRow(2, new Label("Samples per pixel"), fields.get(ExportEntry.Field.SAMPLES));
        g.addRow(3, new Label("Format"), format);
        g.addRow(4, new Label("Denoise"), denoise);
        if (animation) {
            g.addRow(5, new Label("First frame"), fields.get(ExportEntry.Field.FIRST_FRAME));
            g.addRow(6, new Label("Last frame"), fields.get(ExportEntry.Field.LAST_FRAME));
        }
        problem.setId("exportProblem");
        problem.setWrapText(true);
        problem.setMaxWidth(DialogPlacement.TEXT_WIDTH);
        problem.setStyle("-fx-text-fill: #a01010;");
        g.add(problem, 0, 7, 2, 1);
        return g;
    }

    private void field(ExportEntry.Field which, int value) {
        TextField f = new TextField(String.valueOf(value));
        f.setId("export-" + which.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        // Typing into the marked field takes the mark and the message away, until OK checks again.
        f.textProperty().addListener((o, was, now) -> {
            if (!f.getStyle().isEmpty()) show(Optional.empty());
        });
        fields.put(which, f);
    }

    private ExportEntry entry() {
        return new ExportEntry(text(ExportEntry.Field.WIDTH), text(ExportEntry.Field.HEIGHT), text(ExportEntry.Field.SAMPLES),
                text(ExportEntry.Field.FIRST_FRAME), text(ExportEntry.Field.LAST_FRAME));
    }

    private String text(ExportEntry.Field which) {
        return fields.get(which).getText();
    }

    /** Whether the values are good; if not, the wrong field is marked and focused and the line says why. */
    private boolean check() {
        Optional<ExportEntry.Problem> p = entry().problem();
        show(p);
        p.ifPresent(x -> fields.get(x.field()).requestFocus());
        return p.isEmpty();
    }

    private void show(Optional<ExportEntry.Problem> p) {
        fields.forEach((which, f) -> f.setStyle(p.isPresent() && p.get().field() == which ? BAD_FIELD : ""));
        problem.setText(p.map(ExportEntry.Problem::message).orElse(""));
        DialogPlacement.fitToContent(dialog.getDialogPane()); // a longer line may need a taller dialog
    }
}
