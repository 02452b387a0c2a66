package org.drtstudio.scene.edit;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.drtstudio.scene.authored.Trs;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The Add menu's random spheres: one step, materials appended, each sphere on its own colour. */
class AddSpheresTest {
    @Test
    void spheresAndTheirMaterialsAreAddedInOneUndoableStep() {
        SceneModel before = SceneModel.of("t", GroupNode.of(0, "root", List.of(new SpheresLeaf(1, "ball",
                List.of(new Sphere(Vec3.ZERO, 1, 0))))), List.of(Material.DEFAULT), List.of(), Camera.DEFAULT, RenderSettings.DEFAULT);
        RandomSpheres r = RandomSpheres.generate(50, 9);
        List<Material> mats = r.litScene(8, 8).materials();
        SceneModel after = new AddSpheres(0, "random spheres", Trs.IDENTITY, r.spheres(), mats).apply(before).model();
        assertEquals(51, after.materials().size());
        SpheresLeaf leaf = (SpheresLeaf) after.node(3).orElseThrow();
        assertEquals(50, leaf.spheres().size());
        for (int i = 0; i < 50; i++) {
            assertEquals(r.colors().get(i), after.materials().get(leaf.spheres().get(i).material()).diffuse(), "sphere " + i + "'s colour");
        }
        SceneDocument doc = new SceneDocument(before);
        doc.execute(new AddSpheres(0, "random spheres", Trs.IDENTITY, r.spheres(), mats));
        assertEquals(51, doc.model().materials().size());
        doc.undo();
        assertSame(before, doc.model(), "one undo removes them all");
        assertThrows(IllegalArgumentException.class, () -> new AddSpheres(0, "x", Trs.IDENTITY, r.spheres(), mats.subList(0, 3)));
    }
}
