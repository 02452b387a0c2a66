package org.drtstudio.bench;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.util.ArrayList;
import java.util.List;

/**
 * Stand-ins for the benchmark scenes A, B and C of the uniform-grid paper (Christen 2005), for
 * {@code drt bench --suite christen}. What is known of them here is their sizes, 36, 2,064 and
 * 61,562 triangles (issue 42); their descriptions were not available (the paper's text could not be
 * found from this machine), so these scenes have exactly those triangle counts and are otherwise
 * our choice, a room growing in detail:
 * <ul>
 *   <li>A, 36: a closed room (a box, 12 triangles) with two blocks in it (12 each);</li>
 *   <li>B, 2,064: A and a bumpy ball of 26 x 39 quads (2,028 triangles);</li>
 *   <li>C, 61,562: B and a large bumpy ball of 172 x 172 quads (59,168) and a small one of
 *       11 x 15 (330).</li>
 * </ul>
 * Balls of very different sizes in one room make the scene uneven, the case a uniform grid
 * handles worst ("teapot in a stadium"), so the suite shows where the grid loses.
 */
public final class ChristenScenes {
    /** The triangle counts of the paper's scenes A, B and C. */
    public static final int A_TRIANGLES = 36, B_TRIANGLES = 2_064, C_TRIANGLES = 61_562;

    private ChristenScenes() {
    }

    /** Scenes A, B and C, in that order, as the benchmark suites take them. */
    public static List<SuiteScenes.Loaded> all() {
        return List.of(new SuiteScenes.Loaded("christen_a", "generated: Christen 2005 scene A's size", a(), 1f),
                new SuiteScenes.Loaded("christen_b", "generated: Christen 2005 scene B's size", b(), 1f),
                new SuiteScenes.Loaded("christen_c", "generated: Christen 2005 scene C's size", c(), 1f));
    }

    public static Scene a() {
        return scene("christen_a", roomAndBlocks());
    }

    public static Scene b() {
        List<SceneNode> nodes = roomAndBlocks();
        nodes.add(ball("ball", 26, 39, new Vec3(0.9f, 0.7f, 0.6f), 0.7f));
        return scene("christen_b", nodes);
    }

    public static Scene c() {
        List<SceneNode> nodes = roomAndBlocks();
        nodes.add(ball("ball", 26, 39, new Vec3(0.9f, 0.7f, 0.6f), 0.7f));
        nodes.add(ball("big ball", 172, 172, new Vec3(-1.2f, 1.2f, -1.3f), 1.2f));
        nodes.add(ball("small ball", 11, 15, new Vec3(1.8f, 0.25f, 1.6f), 0.25f));
        return scene("christen_c", nodes);
    }

    private static List<SceneNode> roomAndBlocks() {
        List<SceneNode> nodes = new ArrayList<>();
        nodes.add(new MeshNode("room", box("room", new Vec3(-3, 0, -3), new Vec3(3, 4, 3))));
        nodes.add(new MeshNode("tall block", box("tall block", new Vec3(-1.6f, 0, 0.2f), new Vec3(-0.6f, 2.2f, 1.2f))));
        nodes.add(new MeshNode("short block", box("short block", new Vec3(0.3f, 0, -1.8f), new Vec3(1.5f, 1.1f, -0.6f))));
        return nodes;
    }

    private static MeshNode ball(String name, int rings, int segments, Vec3 centre, float radius) {
        TriangleMesh unit = ProceduralMeshes.bumpySphere(rings, segments);
        float[] p = unit.positions().clone();
        for (int i = 0; i < p.length; i += 3) {
            p[i] = centre.x() + radius * p[i];
            p[i + 1] = centre.y() + radius * p[i + 1];
            p[i + 2] = centre.z() + radius * p[i + 2];
        }
        return new MeshNode(name, new TriangleMesh(name, p, unit.normals(), null, unit.indices(), unit.triangleMaterials()));
    }

    /** An axis-aligned box of 12 triangles, four vertices a face so each face has its own normal. */
    static TriangleMesh box(String name, Vec3 lo, Vec3 hi) {
        float[][] c = {{lo.x(), hi.x()}, {lo.y(), hi.y()}, {lo.z(), hi.z()}};
        float[] p = new float[72], n = new float[72];
        int[] idx = new int[36];
        int v = 0, t = 0;
        for (int axis = 0; axis < 3; axis++) {
            int u = (axis + 1) % 3, w = (axis + 2) % 3;
            for (int side = 0; side < 2; side++) {
                int first = v;
                int[][] corners = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
                for (int[] q : corners) {
                    p[3 * v + axis] = c[axis][side];
                    p[3 * v + u] = c[u][q[0]];
                    p[3 * v + w] = c[w][q[1]];
                    n[3 * v + axis] = side == 0 ? -1 : 1;
                    v++;
                }
                int[] order = side == 0 ? new int[]{0, 2, 1, 0, 3, 2} : new int[]{0, 1, 2, 0, 2, 3};
                for (int k : order) idx[t++] = first + k;
            }
        }
        return new TriangleMesh(name, p, n, null, idx, new int[12]);
    }

    private static Scene scene(String name, List<SceneNode> nodes) {
        return new Scene(name, TransformNode.group(name, nodes), List.of(Material.DEFAULT),
                List.of(new PointLight(new Vec3(0, 3.6f, 0.5f), Vec3.ONE, 1)),
                new Camera(new Vec3(0, 2, 2.9f), new Vec3(0, 1, 0), new Vec3(0, 1, 0), 60, 0, 0), RenderSettings.DEFAULT);
    }
}
