package org.drtstudio.studio;

import javafx.geometry.Point2D;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.studio.viewport.ViewProjection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.drtstudio.studio.StudioHarness.fx;
import static org.drtstudio.studio.StudioHarness.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 39, item 12: a click on one ball of the shipped scene selects that ball, with the gizmo on
 * it (it selected all four balls, one node, with the gizmo on the middle one). Measured with the
 * robot's clicks at each ball's projected centre, under openbox.
 */
class PickPrimitiveUiTest {
    private static final Path SCENE = Path.of("scenes", "default.nff");
    private final StudioHarness h = new StudioHarness();
    private final FxRobot robot = new FxThreadRobot();

    @AfterEach
    void close() throws Exception {
        h.stop();
    }

    @Test
    void aClickOnABallSelectsThatBallAndTheGizmoSitsOnIt() throws Exception {
        h.start(SCENE, 1100, 700);
        List<Sphere> balls = ballsOf(SceneLoader.load(SCENE).scene().root());
        assertEquals(4, balls.size(), "test bug: the shipped scene has four balls");
        Set<Integer> selected = new HashSet<>();
        for (Sphere ball : balls) {
            double[] centre = fx(() -> h.window.viewport.projection().project(ball.center()));
            assertNotNull(centre, "ball at " + ball.center() + " is in front of the camera");
            // Which ball the click is over: a ball nearer the camera may cover part of another one.
            fx(() -> {
                h.window.session.select(-1);
                return null;
            });
            robot.clickOn(h.toScreen(new Point2D(centre[0], centre[1])));
            waitUntil(() -> h.window.session.selected() >= 0, 10, "a click on the ball at " + ball.center() + " selects something");
            int id = fx(() -> h.window.session.selected());
            selected.add(id);
            Point2D gizmo = fx(() -> h.window.viewport.gizmoCenter());
            assertNotNull(gizmo, "the gizmo shows for the ball at " + ball.center());
            double radiusPixels = fx(() -> {
                ViewProjection v = h.window.viewport.projection();
                return ball.radius() / v.unitsPerPixel(v.depth(ball.center()));
            });
            double off = gizmo.distance(centre[0], centre[1]);
            assertTrue(off < radiusPixels * 0.5, "the gizmo sits on the clicked ball (" + ball.center() + ", " + Math.round(radiusPixels)
                    + " px radius): " + Math.round(off) + " px from its centre");
        }
        assertEquals(4, selected.size(), "each ball is a node of its own: the four clicks selected " + selected);
    }

    private static List<Sphere> ballsOf(SceneNode node) {
        List<Sphere> out = new ArrayList<>();
        if (node instanceof SphereNode s) out.addAll(s.spheres());
        else if (node instanceof TransformNode t) for (SceneNode c : t.children()) out.addAll(ballsOf(c));
        return out;
    }
}
