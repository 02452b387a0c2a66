package org.drtstudio.io.project;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.testing.TestModels;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * Child process of {@link AtomicSaveTest}: saves a large project to {@code args[0]} over and over,
 * each generation named "gen N", until it is killed. It prints one line once the first save is
 * complete (only one, so a parent that stops reading never blocks it on a full pipe).
 */
public final class SaveLoop {
    static final int VERTICES = 30_000;

    private SaveLoop() {
    }

    static SceneModel generation(int gen) {
        Random rnd = new Random(gen);
        float[] pos = new float[3 * VERTICES], normals = new float[3 * VERTICES];
        for (int i = 0; i < pos.length; i++) pos[i] = rnd.nextFloat() * 100 - 50;
        for (int i = 0; i < VERTICES; i++) normals[3 * i + 1] = 1;
        int[] idx = new int[VERTICES];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        TriangleMesh mesh = new TriangleMesh("big", pos, normals, null, idx, new int[VERTICES / 3]);
        return SceneModel.of("gen " + gen, GroupNode.of(0, "root", List.of(new MeshLeaf(1, "big", mesh))),
                List.of(Material.DEFAULT), List.of(new PointLight(new Vec3(0, 9, 0), Vec3.ONE, 1)), TestModels.CAMERA,
                RenderSettings.DEFAULT);
    }

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]);
        for (int gen = 1; ; gen++) {
            ProjectFiles.write(generation(gen), target);
            if (gen == 1) {
                System.out.println("saved 1");
                System.out.flush();
            }
        }
    }
}
