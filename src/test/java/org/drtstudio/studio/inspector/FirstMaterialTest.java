package org.drtstudio.studio.inspector;

import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.testing.TestModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The material editor opens on a material the selected model's faces use: an OBJ's materials start
 * with a default its faces need not use (the UX pass found a Cornell box opening on it, where presets
 * changed nothing visible).
 */
class FirstMaterialTest {
    @Test
    void aModelOpensOnTheMaterialOfItsFirstFaceNotOnTheUnusedDefault(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("box.mtl"), "newmtl white\nKd 0.8 0.8 0.8\nnewmtl red\nKd 0.8 0.1 0.1\n");
        Files.writeString(dir.resolve("box.obj"), String.join("\n", "mtllib box.mtl", "v 0 0 0", "v 1 0 0", "v 0 1 0",
                "v 1 1 0", "usemtl red", "f 1 2 3", "usemtl white", "f 2 4 3", ""));
        Scene read = ObjReader.read(dir.resolve("box.obj")).scene();
        ModelAsset asset = new ModelAsset(dir.resolve("box.obj"), read.root(), read.materials());
        int used = asset.firstUsedMaterial();
        assertEquals("red", asset.materials().get(used).name(), "the first face's material");

        // Placed after the scene's own two materials: the editor's index is the scene's.
        List<Material> sceneMaterials = new ArrayList<>(List.of(Material.DEFAULT, TestModels.RED));
        sceneMaterials.addAll(asset.materials());
        SceneModel m = SceneModel.of("t", GroupNode.of(0, "root", List.of(new ModelLeaf(1, "box", asset, 2))), sceneMaterials,
                List.of(), TestModels.CAMERA, RenderSettings.DEFAULT);
        int opened = InspectorPane.firstMaterial(m, 1);
        assertEquals("red", sceneMaterials.get(opened).name());
        assertNotEquals(2, opened, "not the model's first material, which no face uses");
    }

    @Test
    void aModelWithoutGeometryHasNoUsedMaterial() {
        ModelAsset empty = ModelAsset.placeholder(Path.of("gone.obj"), -1, "file not found");
        assertEquals(-1, empty.firstUsedMaterial());
    }
}
