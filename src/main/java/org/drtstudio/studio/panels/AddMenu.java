package org.drtstudio.studio.panels;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.edit.AddLight;
import org.drtstudio.scene.edit.AddNode;
import org.drtstudio.scene.edit.AddPrimitive;
import org.drtstudio.scene.edit.AddSpheres;
import org.drtstudio.scene.edit.Edit;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.studio.dialogs.RandomSpheresDialog;
import org.drtstudio.studio.edit.EditorSession;
import org.drtstudio.studio.viewport.ImportPlacement;
import org.drtstudio.studio.viewport.ViewProjection;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The Add menu: an empty group, primitives (sphere, box, ground plane) with a material of their own,
 * random spheres (count and seed from a small dialog, {@link RandomSpheresDialog}),
 * lights (point, spherical, rectangular) above the view's centre, and camera bookmarks (save the
 * current view, go back to one). Objects land where {@link ImportPlacement} puts an import, and
 * are selected. Every addition, and going to a bookmark, is one undoable step; the bookmarks
 * themselves are a view aid of this session, not part of the document.
 */
public final class AddMenu extends Menu {
    private final EditorSession session;
    private final Consumer<String> message;
    private final List<Camera> bookmarks = new ArrayList<>();
    private final Menu goTo = new Menu("Go to View");

    public AddMenu(EditorSession session, Consumer<String> message) {
        super("Add");
        this.session = session;
        this.message = message;
        setId("addMenu");
        goTo.setId("goToViewMenu");
        Menu lights = new Menu("Light");
        lights.getItems().addAll(item("Point Light", "addPointLight", () -> addLight(LightKind.POINT)),
                item("Spherical Light", "addSphericalLight", () -> addLight(LightKind.SPHERE)),
                item("Rectangular Light", "addRectLight", () -> addLight(LightKind.RECTANGLE)));
        getItems().addAll(item("Empty Group", "addGroup", this::addGroup),
                new SeparatorMenuItem(),
                item("Sphere", "addSphere", () -> addPrimitive(AddPrimitive.Shape.SPHERE)),
                item("Box", "addBox", () -> addPrimitive(AddPrimitive.Shape.BOX)),
                item("Ground Plane", "addPlane", () -> addPrimitive(AddPrimitive.Shape.PLANE)),
                item("Random Spheres…", "addRandomSpheres", () -> RandomSpheresDialog.ask(ownerWindow())
                        .ifPresent(r -> addRandomSpheres(r.count(), r.seed()))),
                new SeparatorMenuItem(), lights, new SeparatorMenuItem(),
                item("Save View as Bookmark", "saveViewItem", this::saveView), goTo);
        fillBookmarks();
    }

    private static MenuItem item(String text, String id, Runnable action) {
        MenuItem m = new MenuItem(text);
        m.setMnemonicParsing(false);
        m.setId(id);
        m.setOnAction(e -> action.run());
        return m;
    }

    private SceneModel model() {
        return session.document.model();
    }

    /** A sixth of the view's height at the look point: the size of new things. */
    private double unit() {
        Camera c = model().cameraAt(session.time());
        return 2 * c.look().minus(c.eye()).length() * Math.tan(Math.toRadians(c.fovY()) / 2) / 6;
    }

    void addGroup() {
        SceneModel m = model();
        int id = m.nextId();
        Vec3 at = m.cameraAt(session.time()).look();
        commitSelecting(AddNode.append(m.root().id(), GroupNode.of(id, "group", List.of()).withTransform(Trs.translation(at))), id);
    }

    void addPrimitive(AddPrimitive.Shape shape) {
        SceneModel m = model();
        int id = m.nextId();
        String name = shape.name().toLowerCase(Locale.ROOT);
        Material material = Material.DEFAULT.withName(name + " " + id);
        Trs place;
        if (shape == AddPrimitive.Shape.PLANE) {
            place = groundPlane(m);
            name = "ground";
        } else {
            // a unit shape (−1..1) sized to the view: a box of that size is placed like an import
            Camera c = m.cameraAt(session.time());
            float k = (float) (unit() / Math.sqrt(3));
            ImportPlacement.Placement p = ImportPlacement.place(m, session.time(), new float[]{-k, -k, -k, k, k, k}, c.eye(), c.look().minus(c.eye()), false);
            place = new Trs(p.transform().translation(), Trs.IDENTITY.rotation(), new Vec3(k, k, k), Vec3.ZERO);
        }
        if (commitSelecting(new AddPrimitive(m.root().id(), shape, name, place, material), id)) {
            message.accept("added " + name);
        }
    }

    /**
     * The sphere caster's random scene ({@code drt generate spheres}) as one group of spheres with a
     * material each, its cube sized to a third of the view and placed like an import.
     */
    void addRandomSpheres(int count, long seed) {
        SceneModel m = model();
        int id = m.nextId();
        RandomSpheres spheres = RandomSpheres.generate(count, seed);
        Camera c = m.cameraAt(session.time());
        float extent = RandomSpheres.HALF_WIDTH + RandomSpheres.MAX_RADIUS;
        float k = (float) (unit() / extent);
        float h = k * extent;
        ImportPlacement.Placement p = ImportPlacement.place(m, session.time(), new float[]{-h, -h, -h, h, h, h}, c.eye(), c.look().minus(c.eye()), false);
        Trs place = new Trs(p.transform().translation(), Trs.IDENTITY.rotation(), new Vec3(k, k, k), Vec3.ZERO);
        String name = "random spheres " + count + " seed " + seed;
        if (commitSelecting(new AddSpheres(m.root().id(), name, place, spheres.spheres(), spheres.litScene(1, 1).materials()), id)) {
            message.accept("added " + name);
        }
    }

    /** The window the menu belongs to, for the dialog's owner (null: centred on the screen). */
    private javafx.stage.Window ownerWindow() {
        return javafx.stage.Window.getWindows().stream().filter(javafx.stage.Window::isFocused).findFirst().orElse(null);
    }

    /** A plane under everything (at the lowest surface, or y = 0 in an empty scene), wide enough to reach the horizon of the view. */
    private Trs groundPlane(SceneModel m) {
        List<float[]> boxes = ImportPlacement.objectBoxes(m, session.time());
        float y = 0, extent = (float) (unit() * 12);
        if (!boxes.isEmpty()) {
            y = Float.MAX_VALUE;
            float lo = Float.MAX_VALUE, hi = -Float.MAX_VALUE;
            for (float[] b : boxes) {
                y = Math.min(y, b[1]);
                lo = Math.min(lo, Math.min(b[0], b[2]));
                hi = Math.max(hi, Math.max(b[3], b[5]));
            }
            extent = Math.max(extent, 2 * (hi - lo));
        }
        Vec3 look = m.cameraAt(session.time()).look();
        return new Trs(new Vec3(look.x(), y, look.z()), Trs.IDENTITY.rotation(), new Vec3(extent, 1, extent), Vec3.ZERO);
    }

    enum LightKind { POINT, SPHERE, RECTANGLE }

    /** The most an added light gives, and the least (so it still shows when the scene is already lit). */
    static final float ADDED_LIGHT_MAX = 0.5f, ADDED_LIGHT_MIN = 0.15f;

    /**
     * An added light's intensity: what the scene's lights leave below 1 in all, between
     * {@link #ADDED_LIGHT_MIN} and {@link #ADDED_LIGHT_MAX}. A new scene's light (1) plus an added
     * one at 0.5 lit a white floor to 1.5 times white (issue 39, item 9).
     */
    static float addedLightIntensity(List<Light> existing) {
        double total = 0;
        for (Light l : existing) total += l.intensity();
        return (float) Math.max(ADDED_LIGHT_MIN, Math.min(ADDED_LIGHT_MAX, 1 - total));
    }

    void addLight(LightKind kind) {
        SceneModel m = model();
        Camera c = m.cameraAt(session.time());
        double u = unit();
        // In the upper middle of the view, nearer than the look point: it lights what is seen, and its
        // icon and handles are on screen (four units above the look point was above the view).
        Vec3 up = ViewProjection.of(c, 1, 1).ray(0.5, 0.2);
        Vec3 at = c.eye().plus(up.times((float) (0.7 * c.look().minus(c.eye()).length())));
        Vec3 white = new Vec3(1, 1, 1);
        float intensity = addedLightIntensity(m.lights());
        Light light = switch (kind) {
            case POINT -> new PointLight(at, white, intensity);
            case SPHERE -> new SphereLight(at, white, intensity, (float) (u / 2));
            case RECTANGLE -> new RectLight(at, white, intensity, new Vec3((float) u, 0, 0), new Vec3(0, 0, (float) u));
        };
        if (commit(new AddLight(-1, light))) {
            // Selected, as any addition is: its editor opens and the view shows its gizmo (issue 39, item 9).
            session.selectLight(m.lights().size());
            message.accept("added light " + m.lights().size() + " (drag its handles in the view to move it; Delete removes it)");
        }
    }

    void saveView() {
        bookmarks.add(model().cameraAt(session.time()));
        fillBookmarks();
        message.accept("saved view " + bookmarks.size() + " (Add → Go to View)");
    }

    /** Moves the camera to bookmark {@code index} (one undoable step). */
    void goToView(int index) {
        if (index >= 0 && index < bookmarks.size()) commit(new SetCamera(bookmarks.get(index)));
    }

    List<Camera> bookmarks() {
        return List.copyOf(bookmarks);
    }

    private void fillBookmarks() {
        goTo.getItems().clear();
        for (int i = 0; i < bookmarks.size(); i++) {
            int index = i;
            goTo.getItems().add(item("View " + (i + 1), "goToView" + (i + 1), () -> goToView(index)));
        }
        goTo.setDisable(bookmarks.isEmpty());
    }

    private boolean commit(Edit e) {
        return commit(() -> session.commit(e));
    }

    /** Commits and selects {@code nodeId} in one step (the panels react once); a refusal is the status line's message. */
    private boolean commitSelecting(Edit e, int nodeId) {
        return commit(() -> session.commit(e, nodeId));
    }

    private boolean commit(Runnable commit) {
        try {
            commit.run();
            return true;
        } catch (IllegalArgumentException ex) {
            message.accept(ex.getMessage());
            return false;
        }
    }
}
