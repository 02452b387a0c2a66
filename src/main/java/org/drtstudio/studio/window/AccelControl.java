package org.drtstudio.studio.window;

import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.drtstudio.accel.AccelStructure;

import java.util.function.Consumer;

/**
 * The preview's choice of acceleration structure (BVH, grid, octree, portals) in the status bar: what
 * {@code drt render --accel} chooses, for comparing their speed on the scene at hand. Exports keep
 * the default BVH.
 */
public final class AccelControl {
    private final ChoiceBox<AccelStructure> box = new ChoiceBox<>();

    public AccelControl() {
        box.setId("accelChoice");
        // Brute force is for the sphere caster's measurements (drt bench --suite spheres): on a large mesh
        // every preview pass would test every triangle, and the preview would stall.
        box.getItems().setAll(java.util.Arrays.stream(AccelStructure.values()).filter(s -> s != AccelStructure.BRUTE).toList());
        box.setValue(AccelStructure.DEFAULT);
        box.setFocusTraversable(false);
        box.setMinWidth(Region.USE_PREF_SIZE);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(AccelStructure s) {
                return s == null ? "" : s.cliName().toUpperCase(java.util.Locale.ROOT).equals("BVH") ? "BVH" : capitalised(s.cliName());
            }

            @Override
            public AccelStructure fromString(String text) {
                return AccelStructure.parse(text);
            }
        });
        box.setTooltip(new Tooltip("Structure the preview walks inside meshes: the BVH (default), a uniform grid, an "
                + "octree, or portals (voxel models through their div portals, other meshes as the BVH). The picture is "
                + "the same; only the speed differs (docs/BENCHMARKS.md, docs/VOXELS.md)."));
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    public ChoiceBox<AccelStructure> node() {
        return box;
    }

    public void onChange(Consumer<AccelStructure> listener) {
        box.valueProperty().addListener((o, was, now) -> {
            if (now != null) listener.accept(now);
        });
    }
}
