package org.drtstudio.studio.viewport;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ScenePickerTest {
    private static final TriangleMesh QUAD = new TriangleMesh("quad", new float[]{-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0},
            new float[]{0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1}, null, new int[]{0, 1, 2, 0, 2, 3}, new int[]{0, 0});

    private static SceneModel model() {
        GroupNode ball = new GroupNode(1, "ball", Trs.translation(new Vec3(3, 0, 0)), null,
                List.of(new SpheresLeaf(2, "s", List.of(new Sphere(Vec3.ZERO, 0.5f, 0)))));
        GroupNode wall = new GroupNode(3, "wall", Trs.translation(new Vec3(0, 0, -2)).withScale(new Vec3(4, 4, 1)), null,
                List.of(new MeshLeaf(4, "quad", QUAD)));
        List<AuthoredNode> children = List.of(ball, wall, new MeshLeaf(5, "loose", QUAD));
        return SceneModel.of("t", GroupNode.of(0, "root", children), List.of(Material.DEFAULT), List.of(),
                Camera.DEFAULT, RenderSettings.DEFAULT);
    }

    @Test
    void picksTheNearestSurfaceAndNamesItsGroup() {
        SceneModel m = model();
        ScenePicker.Hit ball = ScenePicker.pick(m, 0, new Vec3(3, 0, 10), new Vec3(0, 0, -1));
        assertEquals(1, ball.nodeId());
        assertEquals(9.5, ball.distance(), 1e-4);
        // Through the loose quad at z = 0 (a leaf at the root names itself), before the wall at z = -2.
        ScenePicker.Hit loose = ScenePicker.pick(m, 0, new Vec3(0.5f, 0.5f, 10), new Vec3(0, 0, -1));
        assertEquals(5, loose.nodeId());
        assertEquals(10, loose.distance(), 1e-4);
        // The wall is scaled 4x: hit at x = 3.5 (outside the unscaled quad), behind the ball's column.
        ScenePicker.Hit wall = ScenePicker.pick(m, 0, new Vec3(-3.5f, 2, 10), new Vec3(0, 0, -1));
        assertEquals(3, wall.nodeId());
        assertEquals(12, wall.distance(), 1e-4);
        assertEquals(new Vec3(-3.5f, 2, -2), wall.point());
    }

    @Test
    void missReturnsNull() {
        assertNull(ScenePicker.pick(model(), 0, new Vec3(0, 10, 10), new Vec3(0, 0, -1)));
        assertNull(ScenePicker.pick(model(), 0, new Vec3(3, 0, 10), new Vec3(0, 0, 1)), "surfaces behind the origin are not hit");
    }
}
