package org.drtstudio.studio.dialogs;

import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import org.drtstudio.scene.RandomSpheres;

import java.util.Optional;

/**
 * Add → Random Spheres…: asks for the count and the seed of the sphere caster's random scene. The
 * OK button stays disabled while either field holds something that is not a count of 1 to
 * {@value RandomSpheres#MAX_COUNT} or a whole-number seed, with the reason under the fields.
 */
public final class RandomSpheresDialog {
    /** What the user asked for. */
    public record Request(int count, long seed) {
    }

    private RandomSpheresDialog() {
    }

    public static Optional<Request> ask(Window owner) {
        Dialog<Request> dialog = new Dialog<>();
        dialog.setTitle("Add Random Spheres");
        dialog.setHeaderText("The OpenCL sphere caster's random scene: the same seed gives the same spheres.");
        TextField count = new TextField("1000"), seed = new TextField("1");
        count.setId("randomSpheresCount");
        seed.setId("randomSpheresSeed");
        Label problem = new Label();
        problem.setId("randomSpheresProblem");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label("Count"), count);
        grid.addRow(1, new Label("Seed"), seed);
        grid.add(problem, 0, 2, 2, 1);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Runnable check = () -> {
            String p = problem(count.getText(), seed.getText());
            problem.setText(p == null ? "" : p);
            dialog.getDialogPane().lookupButton(ButtonType.OK).setDisable(p != null);
        };
        count.textProperty().addListener((o, a, b) -> check.run());
        seed.textProperty().addListener((o, a, b) -> check.run());
        check.run();
        dialog.setResultConverter(b -> b == ButtonType.OK && problem(count.getText(), seed.getText()) == null
                ? new Request(Integer.parseInt(count.getText().strip()), Long.parseLong(seed.getText().strip())) : null);
        DialogPlacement.prepare(dialog, owner);
        return dialog.showAndWait();
    }

    /** Null when the fields make a request, else why not, in words. */
    static String problem(String count, String seed) {
        long n;
        try {
            n = Long.parseLong(count.strip());
        } catch (NumberFormatException e) {
            return "The count must be a whole number.";
        }
        String p = RandomSpheres.countProblem(n);
        if (p != null) return Character.toUpperCase(p.charAt(0)) + p.substring(1) + ".";
        try {
            Long.parseLong(seed.strip());
        } catch (NumberFormatException e) {
            return "The seed must be a whole number.";
        }
        return null;
    }
}
