package org.drtstudio.studio.inspector;

import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Quat;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.SetAnimationSettings;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.scene.edit.SetLight;
import org.drtstudio.scene.edit.SetMaterial;
import org.drtstudio.scene.edit.SetRenderSettings;
import org.drtstudio.studio.dialogs.StudioDialogs;
import org.drtstudio.studio.edit.EditorSession;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.edit.TransformEdits;
import org.joml.Quaternionf;
import org.joml.Vector3f;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Property editors: the selected group's transform, materials, lights, camera and render
 * settings. A field applies its value on Enter or when it loses focus, as one undoable edit, and
 * only when the user changed its text; a value its {@link FieldRule} refuses (NaN, infinity, a
 * fraction in a whole-number field, far outside the scene's scale) or that makes no valid scene is
 * refused with its reason next to the field ({@link FieldMessage}) and the field shows the document's
 * value again. Fields follow the document (undo, open) unless the user has typed in them since;
 * undo and redo override even that ({@link #discardTyping}).
 */
public final class InspectorPane extends VBox {
    private final EditorSession session;
    private final StudioDialogs dialogs;
    private final List<Runnable> refreshers = new ArrayList<>();
    public final FieldMessage problem = new FieldMessage();
    /** The field whose value is being applied, where a refusal is shown. */
    private TextField applying;
    private boolean forceFields;
    public final ComboBox<String> materialChoice = new ComboBox<>(), lightChoice = new ComboBox<>();

    /** A ball of the chosen material, traced apart from the scene ({@link MaterialSwatch}). */
    public final MaterialSwatch swatch;
    /** Starting points for the chosen material ({@link MaterialPreset}); applying one is an undo step. */
    final ComboBox<MaterialPreset> materialPreset = new ComboBox<>();

    public InspectorPane(EditorSession session, StudioDialogs dialogs, MaterialSwatch swatch) {
        this.session = session;
        this.dialogs = dialogs;
        this.swatch = swatch;
        setSpacing(4);
        getChildren().addAll(transformPane(), materialPane(), lightPane(), cameraPane(), renderPane());
        session.addListener(this::refresh);
        refresh();
    }

    private Object shown;

    /** Brings the fields up to date; skipped when nothing they show changed (refreshing costs the FX thread). */
    private void refresh() {
        SceneModel m = session.document.model();
        java.util.List<Object> key = java.util.List.of(m, session.selected(), session.selectedLight(), session.time(), session.filter());
        if (key.equals(shown)) return;
        shown = key;
        // A light has no material: its panel showed the last model's (issue 39, item 9).
        boolean hasMaterial = session.selectedLight() < 0;
        materialPane.setVisible(hasMaterial);
        materialPane.setManaged(hasMaterial);
        filling = true;
        try {
            String[] names = materialNames(m);
            fill(materialChoice, names.length, i -> names[i]);
            fill(lightChoice, m.lights().size(), i -> "Light " + i);
            if (session.selected() != lastSelected) {
                lastSelected = session.selected();
                int material = firstMaterial(m, session.selected());
                if (material >= 0 && material < m.materials().size()) materialChoice.getSelectionModel().select(material);
            }
        } finally {
            filling = false;
        }
        for (Runnable r : refreshers) r.run();
        forceFields = false;
    }

    /** Undo and redo: every field shows the document's value after it, whatever was typed and not applied. */
    public void discardTyping() {
        forceFields = true;
        shown = null;
        problem.hide();
    }

    /** The reason the last value was refused, while it is shown; "" otherwise. */
    public String problemText() {
        return problem.text();
    }

    private boolean filling;
    private int lastSelected = -1;

    /**
     * The material list's entries: "Material i: name", and where two materials share a name (every
     * imported OBJ without an MTL brings a "default"), the model whose material it is.
     */
    static String[] materialNames(SceneModel m) {
        int n = m.materials().size();
        String[] owner = new String[n];
        // Each leaf's group, from one pass over the tree (looking each one up walked the whole tree per
        // leaf: with a few thousand nodes every selection froze the window).
        java.util.Map<Integer, String> groupOf = new java.util.HashMap<>();
        for (var node : m.nodes()) {
            if (node instanceof GroupNode g && g.id() != m.root().id()) for (var c : g.children()) groupOf.put(c.id(), g.name());
        }
        for (var node : m.nodes()) {
            if (node instanceof org.drtstudio.scene.authored.ModelLeaf leaf) {
                String who = groupOf.getOrDefault(leaf.id(), leaf.name());
                for (int i = leaf.materialOffset(); i < Math.min(n, leaf.materialOffset() + leaf.asset().materials().size()); i++) {
                    if (owner[i] == null) owner[i] = who;
                }
            }
        }
        java.util.Map<String, Long> counts = new java.util.HashMap<>();
        for (var mat : m.materials()) counts.merge(mat.name(), 1L, Long::sum);
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            String name = m.materials().get(i).name();
            String suffix = counts.get(name) > 1 ? " (" + (owner[i] != null ? owner[i] : "scene") + ")" : "";
            out[i] = "Material " + i + ": " + name + suffix;
        }
        return out;
    }

    /** The first material the selected node's geometry uses, so the material editor opens on it; -1 if none. */
    static int firstMaterial(SceneModel m, int id) {
        var node = m.node(id).orElse(null);
        java.util.ArrayDeque<org.drtstudio.scene.authored.AuthoredNode> todo = new java.util.ArrayDeque<>();
        if (node != null) todo.add(node);
        while (!todo.isEmpty()) {
            var n = todo.poll();
            if (n instanceof org.drtstudio.scene.authored.ModelLeaf leaf) return leaf.materialOffset() + Math.max(0, leaf.asset().firstUsedMaterial());
            if (n instanceof org.drtstudio.scene.authored.MeshLeaf leaf && leaf.mesh().triangleMaterials().length > 0)
                return leaf.mesh().triangleMaterials()[0];
            if (n instanceof org.drtstudio.scene.authored.SpheresLeaf leaf && !leaf.spheres().isEmpty()) return leaf.spheres().get(0).material();
            if (n instanceof GroupNode g) todo.addAll(g.children());
        }
        return -1;
    }

    private static void fill(ComboBox<String> box, int n, java.util.function.IntFunction<String> label) {
        int keep = box.getSelectionModel().getSelectedIndex();
        List<String> items = new ArrayList<>();
        for (int i = 0; i < n; i++) items.add(label.apply(i));
        if (!items.equals(box.getItems())) box.getItems().setAll(items);
        int select = Math.max(0, Math.min(keep, n - 1));
        if (n > 0 && box.getSelectionModel().getSelectedIndex() != select) box.getSelectionModel().select(select);
    }

    private void commit(Supplier<Edit> edit) {
        try {
            session.commit(edit.get());
            problem.hide();
        } catch (IllegalArgumentException e) {
            refuse(e.getMessage());
        }
    }

    private void refuse(String message) {
        shown = null;
        if (applying != null) {
            forceFields = true; // the refused field shows the document's value again, the message says why
            refresh();
            problem.show(applying, message);
        } else {
            refresh();
        }
    }

    /**
     * A text field showing {@code value} (null: nothing to show, disabled) and applying what the user
     * typed through {@code apply} once {@code rule} accepts it.
     */
    private TextField number(String id, FieldRule rule, Supplier<Double> value, Consumer<Double> apply) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(5);
        // The text last put in from the document: a field whose text still equals it has not been typed in.
        String[] fromDocument = {""};
        Runnable show = () -> {
            if (f.isFocused() && !forceFields && !f.getText().equals(fromDocument[0])) return;
            Double v = value.get();
            String text = v == null ? "" : rule.format(v);
            fromDocument[0] = text;
            if (!text.equals(f.getText())) f.setText(text);
            if (f.isDisable() != (v == null)) f.setDisable(v == null);
        };
        refreshers.add(show);
        Runnable applyText = () -> {
            if (value.get() == null || f.getText().equals(fromDocument[0])) return; // only a value the user changed
            applying = f;
            try {
                String text = f.getText().trim();
                double v;
                try {
                    v = Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    refuse(rule.label() + ": not a number: '" + text + "'");
                    return;
                }
                var reason = rule.check(v);
                if (reason.isPresent()) {
                    refuse(reason.get());
                    return;
                }
                fromDocument[0] = f.getText(); // applied: the document's value from now on
                apply.accept(v);
            } finally {
                applying = null;
            }
        };
        f.setOnAction(e -> applyText.run());
        f.focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                applyText.run();
                show.run();
            }
        });
        Tooltip tip = new Tooltip(rule.label() + (rule.integer() ? " (a whole number)" : "") + ": Enter applies, Ctrl+Z undoes");
        f.setTooltip(tip);
        return f;
    }

    /** How far from the origin positions may go: a thousand times the scene's size (or the camera's distance, where larger). */
    private double positionLimit() {
        SceneModel m = session.document.model();
        if (m.root() != scaleRoot) {
            scaleRoot = m.root();
            sceneRadius = NodeGeometry.worldBounds(m, m.root().id(), 0).map(b -> (double) Math.max(b[3],
                    (float) Math.sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]))).orElse(0.0);
        }
        Camera c = m.camera();
        double reach = Math.max(sceneRadius, Math.max(c.eye().minus(c.look()).length(), c.eye().length()));
        return 1000 * Math.max(1, reach);
    }

    private Object scaleRoot;
    private double sceneRadius;

    private ColorPicker color(String id, Supplier<Vec3> value, Consumer<Vec3> apply) {
        ColorPicker p = new ColorPicker();
        p.setId(id);
        refreshers.add(() -> {
            Vec3 v = value.get();
            if (p.isDisable() != (v == null)) p.setDisable(v == null);
            if (v != null) {
                Color c = Color.color(clamp(v.x()), clamp(v.y()), clamp(v.z()));
                if (!c.equals(p.getValue())) p.setValue(c);
            }
        });
        p.setOnAction(e -> {
            Color c = p.getValue();
            Vec3 v = new Vec3((float) c.getRed(), (float) c.getGreen(), (float) c.getBlue());
            if (!v.equals(value.get())) apply.accept(v);
        });
        return p;
    }

    private static double clamp(float v) {
        return Math.max(0, Math.min(1, v));
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        // Labels keep their text whole at the narrowest inspector; the fields give way instead.
        g.getChildren().addListener((javafx.collections.ListChangeListener<javafx.scene.Node>) c -> {
            while (c.next()) for (var n : c.getAddedSubList()) if (n instanceof Label l) l.setMinWidth(Label.USE_PREF_SIZE);
        });
        g.setHgap(4);
        g.setVgap(3);
        g.setPadding(new Insets(4));
        return g;
    }

    // ---- transform ----

    private GroupNode group() {
        int id = session.selected();
        SceneModel m = session.document.model();
        return id >= 0 && id != m.root().id() && m.node(id).orElse(null) instanceof GroupNode g ? g : null;
    }

    /** The selected group's transform at the time shown (its keys applied). */
    private Trs shownTrs() {
        return group().transformAt(session.time());
    }

    private double[] euler(Quat q) {
        Vector3f e = q.toJoml().getEulerAnglesXYZ(new Vector3f());
        return new double[]{Math.toDegrees(e.x), Math.toDegrees(e.y), Math.toDegrees(e.z)};
    }

    private TitledPane transformPane() {
        GridPane g = grid();
        String[] axes = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            int axis = i;
            g.add(new Label(axes[i]), i + 1, 0);
            g.add(number("translate" + axes[i], FieldRule.scaled("Move " + axes[i], this::positionLimit), () -> group() == null ? null : (double) get(shownTrs().translation(), axis),
                    v -> commit(() -> TransformEdits.set(group(), shownTrs().withTranslation(set(shownTrs().translation(), axis, v)), session.time()))), i + 1, 1);
            g.add(number("rotate" + axes[i], FieldRule.real("Turn " + axes[i] + "°", -36000, 36000), () -> group() == null ? null : euler(shownTrs().rotation())[axis],
                    v -> commit(() -> {
                        double[] e = euler(shownTrs().rotation());
                        e[axis] = v;
                        Quaternionf q = new Quaternionf().rotationXYZ((float) Math.toRadians(e[0]), (float) Math.toRadians(e[1]), (float) Math.toRadians(e[2]));
                        return TransformEdits.set(group(), shownTrs().withRotation(Quat.of(q)), session.time());
                    })), i + 1, 2);
            g.add(number("scale" + axes[i], new FieldRule("Scale " + axes[i], false, () -> 1e-6, () -> 1e6, false, ""), () -> group() == null ? null : (double) get(shownTrs().scale(), axis),
                    v -> commit(() -> TransformEdits.set(group(), shownTrs().withScale(set(shownTrs().scale(), axis, v)), session.time()))), i + 1, 3);
        }
        g.add(new Label("Move"), 0, 1);
        g.add(new Label("Turn°"), 0, 2);
        g.add(new Label("Scale"), 0, 3);
        Button reset = new Button("Reset");
        reset.setOnAction(e -> {
            if (group() != null) commit(() -> TransformEdits.set(group(), Trs.IDENTITY, session.time()));
        });
        g.add(reset, 1, 4);
        return new TitledPane("Transform", g);
    }

    private static float get(Vec3 v, int axis) {
        return axis == 0 ? v.x() : axis == 1 ? v.y() : v.z();
    }

    private static Vec3 set(Vec3 v, int axis, double value) {
        float f = (float) value;
        return axis == 0 ? new Vec3(f, v.y(), v.z()) : axis == 1 ? new Vec3(v.x(), f, v.z()) : new Vec3(v.x(), v.y(), f);
    }

    // ---- material ----

    private Material material() {
        int i = materialChoice.getSelectionModel().getSelectedIndex();
        List<Material> list = session.document.model().materials();
        return i >= 0 && i < list.size() ? list.get(i) : null;
    }

    private void setMaterial(java.util.function.UnaryOperator<Material> change) {
        int i = materialChoice.getSelectionModel().getSelectedIndex();
        if (material() != null) commit(() -> new SetMaterial(i, change.apply(material())));
    }

    private static Material with(Material m, Vec3 diffuse, Vec3 specular, float exponent, float reflectivity, float transparency, float ior) {
        return m.toBuilder().diffuse(diffuse).specular(specular).phongExponent(exponent).reflectivity(reflectivity)
                .transparency(transparency).ior(ior).build();
    }

    private TitledPane materialPane() {
        materialChoice.setOnAction(e -> {
            if (!filling) refreshers.forEach(Runnable::run);
        });
        GridPane g = grid();
        g.addRow(0, new Label("Diffuse"), color("diffuseColor", () -> material() == null ? null : material().diffuse(),
                v -> setMaterial(m -> with(m, v, m.specular(), m.phongExponent(), m.reflectivity(), m.transparency(), m.ior()))));
        g.addRow(1, new Label("Specular"), color("specularColor", () -> material() == null ? null : material().specular(),
                v -> setMaterial(m -> with(m, m.diffuse(), v, m.phongExponent(), m.reflectivity(), m.transparency(), m.ior()))));
        g.addRow(2, new Label("Exponent"), number("exponent", FieldRule.real("Exponent", 0, 100000), () -> material() == null ? null : (double) material().phongExponent(),
                v -> setMaterial(m -> with(m, m.diffuse(), m.specular(), v.floatValue(), m.reflectivity(), m.transparency(), m.ior()))));
        g.addRow(3, new Label("Reflectivity"), number("reflectivity", FieldRule.real("Reflectivity", 0, 1), () -> material() == null ? null : (double) material().reflectivity(),
                v -> setMaterial(m -> with(m, m.diffuse(), m.specular(), m.phongExponent(), v.floatValue(), m.transparency(), m.ior()))));
        g.addRow(4, new Label("Transparency"), number("transparency", FieldRule.real("Transparency", 0, 1), () -> material() == null ? null : (double) material().transparency(),
                v -> setMaterial(m -> with(m, m.diffuse(), m.specular(), m.phongExponent(), m.reflectivity(), v.floatValue(), m.ior()))));
        g.addRow(5, new Label("IOR"), number("ior", FieldRule.real("IOR", 1, 10), () -> material() == null ? null : (double) material().ior(),
                v -> setMaterial(m -> with(m, m.diffuse(), m.specular(), m.phongExponent(), m.reflectivity(), m.transparency(), v.floatValue()))));
        g.addRow(6, new Label("Roughness"), number("roughness", FieldRule.real("Roughness", 0, 1), () -> material() == null ? null : (double) material().roughness(),
                v -> setMaterial(m -> m.withRoughness(v.floatValue()))));
        TextField texture = new TextField();
        texture.setPromptText("diffuse texture (PNG/JPEG path)");
        texture.setId("texture");
        refreshers.add(() -> {
            String path = material() == null || material().diffuseTexture() == null ? "" : material().diffuseTexture();
            if (texture.isFocused() || path.equals(texture.getText())) return;
            texture.setText(path);
            texture.end(); // the field is narrower than a path: show its end, the file's name, not the folders
            texture.setTooltip(path.isEmpty() ? null : new javafx.scene.control.Tooltip(path));
        });
        texture.setOnAction(e -> setMaterial(m -> m.withDiffuseTexture(texture.getText().isBlank() ? null : texture.getText().trim())));
        Button browse = new Button("…");
        browse.setOnAction(e -> dialogs.chooseOpen("Texture", false)
                .ifPresent(p -> setMaterial(m -> m.withDiffuseTexture(p.toAbsolutePath().toString()))));
        g.addRow(7, new Label("Texture"), new HBox(2, texture, browse));
        materialPreset.setId("materialPreset");
        materialPreset.getItems().setAll(MaterialPreset.values());
        materialPreset.setPromptText("Preset…");
        // The box's own cell showed nothing, not the prompt, once a choice was cleared (JavaFX shows a
        // prompt only while the cell was never filled): this one shows it whenever nothing is chosen.
        materialPreset.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(MaterialPreset item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? materialPreset.getPromptText() : item.toString());
            }
        });
        materialPreset.setTooltip(new Tooltip("Give the material a look: matte, plastic, metal, mirror, glass or frosted glass "
                + "(its colour is kept where the look allows; one undo step)"));
        materialPreset.setOnAction(e -> {
            MaterialPreset p = materialPreset.getValue();
            if (p == null || filling) return;
            setMaterial(p::apply);
            // Back to its prompt, so choosing the same preset again applies it again.
            javafx.application.Platform.runLater(() -> materialPreset.getSelectionModel().clearSelection());
        });
        refreshers.add(() -> swatch.show(material()));
        Tooltip.install(swatch.view, new Tooltip("The material on a ball under one light, as traced"));
        VBox choices = new VBox(4, materialChoice, materialPreset);
        HBox top = new HBox(8, choices, swatch.view);
        TitledPane pane = new TitledPane("Material", new VBox(4, top, g));
        pane.setId("materialPane");
        pane.setExpanded(false);
        materialPane = pane;
        return pane;
    }

    // ---- light ----

    private TitledPane lightPane, materialPane;

    /** Opens the light editor on light {@code index} (a light chosen in the scene tree). */
    public void showLight(int index) {
        if (index < 0 || index >= lightChoice.getItems().size()) return;
        lightChoice.getSelectionModel().select(index);
        refreshers.forEach(Runnable::run);
        lightPane.setExpanded(true);
    }

    private Light light() {
        int i = lightChoice.getSelectionModel().getSelectedIndex();
        List<Light> list = session.document.model().lights();
        return i >= 0 && i < list.size() ? list.get(i) : null;
    }

    private void setLight(java.util.function.UnaryOperator<Light> change) {
        int i = lightChoice.getSelectionModel().getSelectedIndex();
        if (light() != null) commit(() -> new SetLight(i, change.apply(light())));
    }

    private TitledPane lightPane() {
        lightChoice.setOnAction(e -> {
            if (!filling) refreshers.forEach(Runnable::run);
        });
        GridPane g = grid();
        g.addRow(0, new Label("Colour"), color("lightColor", () -> light() == null ? null : light().color(), v -> setLight(l -> l.withEmission(v, l.intensity()))));
        g.addRow(1, new Label("Intensity"), number("lightIntensity", FieldRule.real("Intensity", 0, 1e6), () -> light() == null ? null : (double) light().intensity(),
                v -> setLight(l -> l.withEmission(l.color(), v.floatValue()))));
        // A point or sphere light has a radius; a rectangle a width and a height instead (each field is off for the other kind).
        g.addRow(2, new Label("Radius"), number("lightRadius", FieldRule.scaledNonNegative("Light radius", this::positionLimit),
                () -> light() == null || light() instanceof RectLight ? null : (double) light().radius(), v -> setLight(l -> l.withRadius(v.floatValue()))));
        String[] edges = {"Width", "Height"};
        for (int i = 0; i < 2; i++) {
            int edge = i;
            g.addRow(3 + i, new Label(edges[i]), number("light" + edges[i], FieldRule.scaledPositive("Light " + edges[i].toLowerCase(java.util.Locale.ROOT), this::positionLimit),
                    () -> light() instanceof RectLight r ? (double) r.edgeLength(edge) : null, v -> setLight(l -> ((RectLight) l).withEdgeLength(edge, v.floatValue()))));
        }
        String[] axes = {"x", "y", "z"};
        for (int i = 0; i < 3; i++) {
            int axis = i;
            g.addRow(5 + i, new Label("Position " + axes[i]), number("lightPos" + axes[i], FieldRule.scaled("Light position " + axes[i], this::positionLimit), () -> light() == null ? null : (double) get(light().position(), axis),
                    v -> setLight(l -> l.at(set(l.position(), axis, v)))));
        }
        TitledPane pane = new TitledPane("Light", new VBox(4, lightChoice, g));
        pane.setExpanded(false);
        lightPane = pane;
        return pane;
    }

    // ---- camera ----

    private Camera camera() {
        return session.document.model().camera();
    }

    private TitledPane cameraPane() {
        GridPane g = grid();
        g.addRow(0, new Label("Field of view°"), number("fov", FieldRule.real("Field of view", 0.1, 179), () -> (double) camera().fovY(),
                v -> commit(() -> new SetCamera(new Camera(camera().eye(), camera().look(), camera().up(), v.floatValue(), camera().aperture(), camera().focusDistance())))));
        g.addRow(1, new Label("Aperture (lens radius)"), number("aperture", FieldRule.scaledNonNegative("Aperture", this::positionLimit), () -> (double) camera().aperture(),
                v -> commit(() -> new SetCamera(new Camera(camera().eye(), camera().look(), camera().up(), camera().fovY(), v.floatValue(), camera().focusDistance())))));
        // The f-number of the full-frame lens with this field of view (scene units read as metres, as
        // drt render --f-number does); "Infinity" is the pinhole. It edits the same lens radius.
        g.addRow(2, new Label("f-number (full-frame lens)"), number("fNumber", FieldRule.real("f-number", 0.1, 1e6).allowingInfinity(),
                () -> camera().aperture() > 0 ? camera().fullFrameFocalLength() / (2.0 * camera().aperture()) : Double.POSITIVE_INFINITY,
                v -> commit(() -> new SetCamera(camera().withLens(
                        v.isInfinite() && v > 0 ? 0f : Camera.apertureRadius(v.floatValue(), camera().fullFrameFocalLength()),
                        camera().focusDistance())))));
        // 0 means "focus at the look-at point", which is what the Focus slider then shows as a distance.
        g.addRow(3, new Label("Focus distance (0: look-at point)"), number("focusDistance", FieldRule.scaledNonNegative("Focus distance", this::positionLimit), () -> (double) camera().focusDistance(),
                v -> commit(() -> new SetCamera(new Camera(camera().eye(), camera().look(), camera().up(), camera().fovY(), camera().aperture(), v.floatValue())))));
        g.addRow(4, new Label("Shutter open (frames)"), number("shutterOpen", FieldRule.real("Shutter open", -100, 100), () -> session.document.model().animation().shutterOpen(),
                v -> commit(() -> new SetAnimationSettings(shutter(v, session.document.model().animation().shutterClose())))));
        g.addRow(5, new Label("Shutter close (frames)"), number("shutterClose", FieldRule.real("Shutter close", -100, 100), () -> session.document.model().animation().shutterClose(),
                v -> commit(() -> new SetAnimationSettings(shutter(session.document.model().animation().shutterOpen(), v)))));
        return new TitledPane("Camera", g);
    }

    private AnimationSettings shutter(double open, double close) {
        AnimationSettings a = session.document.model().animation();
        return new AnimationSettings(a.fps(), a.startFrame(), a.endFrame(), open, close);
    }

    // ---- render settings ----

    private RenderSettings settings() {
        return session.document.model().settings();
    }

    private TitledPane renderPane() {
        GridPane g = grid();
        g.addRow(0, new Label("Samples per pixel"), number("samples", FieldRule.whole("Samples per pixel", 1, 65536), () -> (double) settings().samplesPerPixel(),
                v -> commit(() -> new SetRenderSettings(settings().withSampling(v.intValue(), settings().maxDepth(), settings().seed())))));
        g.addRow(1, new Label("Max depth"), number("maxDepth", FieldRule.whole("Max depth", 1, RenderSettings.MAX_DEPTH), () -> (double) settings().maxDepth(),
                v -> commit(() -> new SetRenderSettings(settings().withSampling(settings().samplesPerPixel(), v.intValue(), settings().seed())))));
        g.addRow(2, new Label("Width"), number("renderWidth", FieldRule.whole("Width", 1, RenderSettings.MAX_DIMENSION), () -> (double) settings().width(),
                v -> commit(() -> new SetRenderSettings(settings().withSize(v.intValue(), settings().height())))));
        g.addRow(3, new Label("Height"), number("renderHeight", FieldRule.whole("Height", 1, RenderSettings.MAX_DIMENSION), () -> (double) settings().height(),
                v -> commit(() -> new SetRenderSettings(settings().withSize(settings().width(), v.intValue())))));
        ComboBox<PixelFilter> filter = new ComboBox<>();
        filter.setId("filterChoice");
        filter.getItems().addAll(PixelFilter.values());
        filter.getSelectionModel().select(session.filter());
        filter.setOnAction(e -> session.setFilter(filter.getValue()));
        refreshers.add(() -> {
            if (filter.getValue() != session.filter()) filter.getSelectionModel().select(session.filter());
        });
        g.addRow(4, new Label("Pixel filter"), filter);
        // The preview stops refining (and using the CPU) at this many samples per pixel.
        g.addRow(5, new Label("Preview target (spp)"), number("previewSamples", FieldRule.whole("Preview target", 1, RenderSettings.MAX_SAMPLES),
                () -> (double) settings().previewSamples(), v -> commit(() -> new SetRenderSettings(settings().withPreviewSamples(v.intValue())))));
        // Adaptive sampling: the preview also stops once every pixel's relative error is under this (0: off).
        g.addRow(6, new Label("Noise threshold"), number("noiseThreshold", FieldRule.real("Noise threshold", 0, RenderSettings.MAX_NOISE_THRESHOLD),
                () -> (double) settings().noiseThreshold(), v -> commit(() -> new SetRenderSettings(settings().withNoiseThreshold(v.floatValue())))));
        return new TitledPane("Render settings", g);
    }
}
