package org.drtstudio.studio;

import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.RectLight;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.scene.edit.SetLights;
import org.drtstudio.studio.export.BlankImageCheck;
import org.drtstudio.studio.export.ExportSettings;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The smaller things a new user met (issue 11, items 6 and 14), each measured in the running studio. */
class StudioDetailsUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    @TempDir
    Path tmp;

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1200, 860);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    /** Characters every font draws: a label made only of these never shows a missing-glyph box. */
    private static boolean plainText(String s) {
        return s.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
    }

    @Test
    void playAndPauseDrawTheirGlyphsAndSlidersShowTheirValues() throws Exception {
        ButtonBase play = robot.lookup("#playButton").queryAs(ButtonBase.class);
        assertTrue(plainText(fx(play::getText)) && fx(play::getGraphic) != null, "play: " + fx(play::getText));
        robot.clickOn(play);
        waitUntil(() -> play.getText().contains("Pause"), 5, "playing");
        assertTrue(plainText(fx(play::getText)) && fx(play::getGraphic) != null, "pause: " + fx(play::getText));
        robot.clickOn(play);

        Label value = robot.lookup("#focusValue").queryAs(Label.class);
        fx(() -> {
            h.window.effects.focus.setValue(3.25);
            return null;
        });
        assertEquals("3.25", fx(value::getText), "the focus slider shows its value");
        assertEquals("0.00", fx(() -> robot.lookup("#apertureValue").queryAs(Label.class).getText()));
    }

    @Test
    void theLightPanelFollowsTheLightChosenInTheTree() throws Exception {
        fx(() -> {
            List<Light> lights = new ArrayList<>(h.window.session.document.model().lights());
            lights.add(new SphereLight(new Vec3(-3, 4, 2), new Vec3(1, 0.5f, 0.5f), 2f, 0.1f));
            h.window.session.commit(new SetLights("Add light", lights));
            return null;
        });
        // The tree adds the row in place and shows it at the next pulse, as a user sees it.
        waitUntil(() -> robot.lookup("☼ Light 1").tryQuery().isPresent(), 5, "the new light's row");
        robot.clickOn("☼ Light 1");
        waitUntil(() -> h.window.inspector.lightChoice.getSelectionModel().getSelectedIndex() == 1, 5, "light 1 in the editor");
        TitledPane pane = fx(() -> h.window.inspector.lookupAll(".titled-pane").stream().map(n -> (TitledPane) n)
                .filter(t -> t.getText().equals("Light")).findFirst().orElseThrow());
        assertTrue(fx(pane::isExpanded), "the light editor is open");
        assertEquals("2", fx(() -> robot.lookup("#lightIntensity").queryAs(javafx.scene.control.TextField.class).getText()));
        robot.clickOn("☼ Light 0");
        waitUntil(() -> h.window.inspector.lightChoice.getSelectionModel().getSelectedIndex() == 0, 5, "light 0 in the editor");
    }

    /** Found in a usability pass: a rectangular light showed a Radius field that changed nothing and had no size fields. */
    @Test
    void aRectangularLightIsSizedByWidthAndHeightNotARadiusThatDoesNothing() throws Exception {
        fx(() -> {
            List<Light> lights = new ArrayList<>(h.window.session.document.model().lights());
            lights.add(new RectLight(new Vec3(0, 4, 0), Vec3.ONE, 3f, new Vec3(1.5f, 0, 0), new Vec3(0, 0, 0.5f)));
            h.window.session.commit(new SetLights("Add light", lights));
            h.window.inspector.showLight(lights.size() - 1);
            return null;
        });
        int index = fx(() -> h.window.session.document.model().lights().size() - 1);
        TextField radius = robot.lookup("#lightRadius").queryAs(TextField.class), width = robot.lookup("#lightWidth").queryAs(TextField.class),
                height = robot.lookup("#lightHeight").queryAs(TextField.class);
        waitUntil(() -> "1.5".equals(width.getText()), 5, "the width shown: '" + fx(width::getText) + "'");
        assertTrue(fx(radius::isDisable), "no radius to edit on a rectangle");
        assertEquals("0.5", fx(height::getText));
        fx(() -> { // typed and Enter pressed (a robot cannot focus a field of a pane still opening)
            width.setText("3");
            width.fireEvent(new javafx.event.ActionEvent());
            return null;
        });
        waitUntil(() -> h.window.session.document.model().lights().get(index) instanceof RectLight r && r.edgeLength(0) == 3f, 10, "the width set");
        RectLight sized = (RectLight) fx(() -> h.window.session.document.model().lights().get(index));
        assertEquals(new Vec3(3, 0, 0), sized.edgeU(), "the same direction, 3 long");
        assertEquals(new Vec3(0, 0, 0.5f), sized.edgeV(), "the height kept");
        assertEquals(new Vec3(0, 4, 0), sized.position(), "the centre kept");
        fx(() -> {
            h.window.inspector.showLight(0); // the scene's point light: a radius, no width
            return null;
        });
        waitUntil(() -> !radius.isDisable() && width.isDisable() && height.isDisable(), 5, "a point light's fields");
    }

    @Test
    void twoModelsMaterialsOfTheSameNameAreToldApart() throws Exception {
        h.importModel(TestData.resource("obj/bunny_lowres/bunny.obj"));
        h.importModel(TestData.resource("obj/bunny_lowres/bunny.obj"));
        List<String> names = fx(() -> new ArrayList<>(h.window.inspector.materialChoice.getItems()));
        assertEquals(names.size(), new HashSet<>(names).size(), "every entry of the material list differs: " + names);
    }

    @Test
    void oneWheelGestureIsOneUndoStep() throws Exception {
        Camera before = fx(() -> h.window.session.document.model().camera());
        // Five notches as the wheel sends them, in one go (a robot's scroll waits for the FX thread after
        // each notch, which on a loaded machine can exceed the rest that ends a gesture).
        fx(() -> {
            var v = h.window.viewport;
            for (int i = 0; i < 5; i++) {
                javafx.event.Event.fireEvent(v, new javafx.scene.input.ScrollEvent(javafx.scene.input.ScrollEvent.SCROLL, 100, 100, 100, 100,
                        false, false, false, false, false, false, 0, 40, 0, 40, javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                        javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null));
            }
            return null;
        });
        waitUntil(() -> !h.window.session.hasLiveEdit() && !h.window.session.document.model().camera().equals(before), 5, "zoomed");
        fx(() -> {
            h.window.undo();
            return null;
        });
        assertEquals(before, fx(() -> h.window.session.document.model().camera()), "one undo restores the camera from before the gesture");
    }

    @Test
    void theRenameDialogIsTitledRename() throws Exception {
        StudioHarness.contextMenu(robot, "◆ stage", "Rename…");
        waitUntil(() -> Window.getWindows().stream().anyMatch(w -> w instanceof Stage s && s.getOwner() == h.window.stage && s.isShowing()), 5,
                "rename dialog");
        Stage d = fx(() -> (Stage) Window.getWindows().stream().filter(w -> w instanceof Stage s && s.getOwner() == h.window.stage && s.isShowing())
                .findFirst().orElseThrow());
        assertEquals("Rename", fx(d::getTitle));
        robot.push(KeyCode.ESCAPE);
        waitUntil(() -> !d.isShowing(), 5, "cancelled");
    }

    @Test
    void anEmptyFileIsNotImportedAndTheStudioSaysSo() throws Exception {
        Path empty = Files.createFile(tmp.resolve("empty.nff"));
        int nodes = fx(() -> h.window.session.document.model().nodes().size());
        fx(() -> {
            h.window.files.importModel(empty);
            return null;
        });
        waitUntil(() -> h.dialogs.lastError != null, 10, "an error shown");
        assertEquals("cannot import empty.nff: the file is empty (0 bytes)", h.dialogs.lastError);
        assertEquals(nodes, (int) fx(() -> h.window.session.document.model().nodes().size()), "nothing added");
    }

    @Test
    void theHelpMenuListsTheShortcutsAndControlsHaveTooltips() throws Exception {
        robot.clickOn("Help");
        robot.clickOn("Keyboard and mouse…");
        waitUntil(() -> Window.getWindows().stream().anyMatch(w -> w instanceof Stage s && s.isShowing() && s.getScene().lookup("#shortcutTable") != null),
                5, "shortcuts shown");
        Stage d = fx(() -> (Stage) Window.getWindows().stream().filter(w -> w instanceof Stage s && s.isShowing()
                && s.getScene().lookup("#shortcutTable") != null).findFirst().orElseThrow());
        assertEquals(h.window.stage, fx(d::getOwner));
        fx(() -> {
            d.close();
            return null;
        });
        for (String id : List.of("playButton", "keyNodeButton", "keyCameraButton", "motionBlurToggle")) {
            assertNotNull(fx(() -> robot.lookup("#" + id).queryAs(javafx.scene.control.Control.class).getTooltip()), id + " has a tooltip");
        }
        assertNotNull(fx(() -> robot.lookup("#fov").queryAs(javafx.scene.control.Control.class).getTooltip()), "fields have tooltips");
    }

    @Test
    void exportingABlankImageWarns() throws Exception {
        fx(() -> {
            Camera c = h.window.session.document.model().camera();
            // Far away and looking away: nothing in view, the picture is the background only.
            h.window.session.commit(new SetCamera(new Camera(new Vec3(0, 1, 5000), new Vec3(0, 1, 10000), c.up(), c.fovY(), 0, 0)));
            return null;
        });
        Path png = tmp.resolve("blank.png");
        String[] outcome = new String[1];
        fx(() -> {
            h.window.files.export(new ExportSettings(png, 32, 20, 1, false, 0, 0), false, m -> outcome[0] = m);
            return null;
        });
        waitUntil(() -> outcome[0] != null, 60, "exported");
        assertTrue(Files.exists(png));
        assertTrue(outcome[0].contains("warning: the image is blank"), outcome[0]);
        assertFalse(BlankImageCheck.warning(png).isEmpty());
    }
}
