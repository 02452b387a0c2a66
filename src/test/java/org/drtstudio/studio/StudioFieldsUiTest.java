package org.drtstudio.studio;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.studio.inspector.FieldRule;
import org.drtstudio.testing.TestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.util.ArrayList;
import java.util.List;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The inspector's fields, typed into with the robot: absurd values, where refusals show, undo and stale text. */
class StudioFieldsUiTest {
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();
    private int bunny;

    @BeforeEach
    void open() throws Exception {
        h.start(TestData.resource("studio/stage.nff"), 1200, 900);
        fx(() -> {
            h.window.viewport.setTargetSamples(2);
            return null;
        });
        bunny = h.importModel(TestData.resource("obj/bunny_lowres/bunny.obj"));
    }

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    private TextField field(String id) {
        return robot.lookup("#" + id).queryAs(TextField.class);
    }

    private void type(String id, String text) throws Exception {
        StudioHarness.reveal(field(id));
        robot.doubleClickOn(field(id)).push(KeyCode.CONTROL, KeyCode.A).write(text).push(KeyCode.ENTER);
    }

    /** Where every text field of the inspector is on screen. */
    private List<Bounds> fieldPlaces() throws Exception {
        return fx(() -> {
            List<Bounds> out = new ArrayList<>();
            for (Node n : h.window.inspector.lookupAll(".text-field")) if (n.isVisible() && n.getScene() != null) out.add(n.localToScreen(n.getBoundsInLocal()));
            return out;
        });
    }

    private float x() throws Exception {
        return fx(this::xNow);
    }

    /** Bunny's x, on the FX thread. */
    private float xNow() {
        return ((GroupNode) h.window.session.document.model().node(bunny).orElseThrow()).transform().translation().x();
    }

    @Test
    void absurdValuesAreRefusedWithTheReasonAtTheFieldAndNothingMoves() throws Exception {
        float x = x();
        List<Bounds> before;
        for (String absurd : List.of("1e30", "NaN", "Infinity", "-1e9")) {
            type("translatex", absurd);
            waitUntil(() -> !h.window.inspector.problemText().isEmpty(), 5, "a refusal of " + absurd);
            assertEquals(x, x(), "Move x = " + absurd + " is not applied");
            assertTrue(fx(() -> h.window.inspector.problemText()).startsWith("Move x: "), fx(() -> h.window.inspector.problemText()));
            assertEquals(fx(() -> field("translatex").getText()), new FieldRule("", false, () -> 0, () -> 0, false, "").format(x),
                    "the field shows the value again");
        }
        assertFalse(fx(() -> h.window.session.document.canUndo() && h.window.session.document.undoLabel().orElse("").contains("ransform")),
                "nothing was keyed or recorded");

        // The field of view's refusal: next to the field, and no field moved.
        StudioHarness.reveal(field("fov"));
        before = fieldPlaces();
        type("fov", "500");
        waitUntil(() -> h.window.inspector.problemText().startsWith("Field of view: 500 is outside"), 5, "fov refused");
        Bounds fov = fx(() -> field("fov").localToScreen(field("fov").getBoundsInLocal()));
        Bounds message = fx(() -> h.window.inspector.problem.label.localToScreen(h.window.inspector.problem.label.getBoundsInLocal()));
        assertEquals(fov.getMaxY(), message.getMinY(), 6, "the message is right below the field");
        assertEquals(fov.getMinX(), message.getMinX(), 6, "and starts where the field starts");
        List<Bounds> after = fieldPlaces();
        assertEquals(before.size(), after.size());
        // Within 2 px: the scrolled inspector snaps to whole pixels; the old message line pushed every field ~16 px down.
        for (int i = 0; i < before.size(); i++) {
            assertEquals(before.get(i).getMinY(), after.get(i).getMinY(), 2, "field " + i + " did not move");
            assertEquals(before.get(i).getMinX(), after.get(i).getMinX(), 2, "field " + i + " did not move");
        }
        assertEquals(40f, fx(() -> h.window.session.document.model().camera().fovY()), 20f, "the field of view is unchanged");
        type("fov", "44");
        waitUntil(() -> h.window.session.document.model().camera().fovY() == 44f, 5, "a good value is applied");
        assertEquals("", fx(() -> h.window.inspector.problemText()), "and the message is gone");
    }

    @Test
    void afterUndoEveryFieldShowsTheDocumentAndNothingIsAppliedAgain() throws Exception {
        float aperture = fx(() -> h.window.session.document.model().camera().aperture());
        type("aperture", "0.179");
        waitUntil(() -> h.window.session.document.model().camera().aperture() == 0.179f, 5, "aperture typed");
        assertEquals("Set aperture", fx(() -> h.window.session.document.undoLabel().orElse("")), "Undo names the edit");
        robot.push(KeyCode.CONTROL, KeyCode.Z); // with the field still focused
        waitUntil(() -> h.window.session.document.model().camera().aperture() == aperture, 5, "undone");
        waitUntil(() -> new FieldRule("", false, () -> 0, () -> 0, false, "").format(aperture).equals(field("aperture").getText()), 5,
                "the focused field shows the undone value");
        robot.clickOn("▣ bunny"); // the field loses the focus: nothing to apply
        waitUntil(() -> h.window.session.selected() == bunny, 5, "tree row clicked");
        assertEquals(aperture, fx(() -> h.window.session.document.model().camera().aperture()), "the old text is not applied again");
        assertTrue(fx(() -> h.window.session.document.canRedo()), "redo is still there");

        // Typed but not applied, then undo: the typing is dropped, the field shows the document.
        type("translatex", "0.25");
        waitUntil(() -> xNow() == 0.25f, 5, "x typed");
        StudioHarness.reveal(field("translatex"));
        robot.doubleClickOn(field("translatex")).push(KeyCode.CONTROL, KeyCode.A).write("0.5");
        robot.push(KeyCode.CONTROL, KeyCode.Z);
        waitUntil(() -> xNow() != 0.25f, 5, "x undone");
        float undone = x();
        waitUntil(() -> new FieldRule("", false, () -> 0, () -> 0, false, "").format(undone).equals(field("translatex").getText()), 5,
                "typing dropped by undo");
        robot.push(KeyCode.CONTROL, KeyCode.Y);
        waitUntil(() -> xNow() == 0.25f, 5, "redone");
        waitUntil(() -> "0.25".equals(field("translatex").getText()), 5, "the field shows the redone value");
    }

    @Test
    void wholeNumberFieldsShowNoDecimalsAndRefuseFractions() throws Exception {
        var s = fx(() -> h.window.session.document.model().settings());
        assertEquals(Integer.toString(s.samplesPerPixel()), fx(() -> field("samples").getText()));
        assertEquals(Integer.toString(s.width()), fx(() -> field("renderWidth").getText()));
        assertEquals(Integer.toString(s.maxDepth()), fx(() -> field("maxDepth").getText()));
        type("renderWidth", "640.5");
        waitUntil(() -> h.window.inspector.problemText().equals("Width: must be a whole number, got 640.5"), 5, "a fraction refused");
        assertEquals(s.width(), fx(() -> h.window.session.document.model().settings().width()));
    }
}
