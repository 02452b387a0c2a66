package org.drtstudio.render;

import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.accel.voxel.PortalShapes;
import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.io.vox.VoxelScenes;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereLight;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.voxel.VoxelModel;
import org.drtstudio.scene.voxel.VoxelTestModels;
import org.joml.Matrix4f;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Voxel scenes the renderer traces with {@code --accel portals} and {@code --accel bvh} (issue 17's
 * acceptance, through the whole renderer): depth AOV within 1e-4 relative on at least 99.9 % of the
 * pixels, hit masks identical and the same shading ({@link AccelAgreementChecks}). Eyes inside and
 * outside; random caves, a maze, a MagicaVoxel file, voxels instanced under rotations and scales
 * beside meshes and spheres, glass voxels (rays that start inside solid voxels), and every effect
 * at once. Run with each tracer's renderers by {@code CpuPortalAgreementTest} and {@code GlPortalAgreementTest}.
 */
public final class PortalAgreementChecks {
    private PortalAgreementChecks() {
    }

    /** A named scene for a parameterised test. */
    public record Case(String name, Scene scene) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Every case at w × h. */
    public static Stream<Case> cases(int w, int h) throws Exception {
        return Stream.of(
                new Case("maze from above", framed(model(VoxelGenerators.maze(5, 2, 3, 5)), new Vec3(-6, 14, 22), new Vec3(8, 0, 8), w, h)),
                new Case("maze inside a corridor", framed(model(VoxelGenerators.maze(5, 2, 3, 5)), new Vec3(1.5f, 2.2f, 1.5f),
                        new Vec3(1.5f, 1.8f, 12f), w, h)),
                new Case("caves inside", cavesInside(w, h)),
                new Case(".vox hollow ball outside", framed(model(VoxelTestModels.readBack(VoxelTestModels.hollowBall(16))),
                        new Vec3(26, 20, 14), new Vec3(8, 8, -8), w, h)),
                new Case("instanced voxels beside meshes", instancedWithMeshes(w, h, false)),
                new Case("glass voxels", glass(w, h)),
                new Case("room.vxt (shipped, text format)", shipped("scenes/room.vxt", w, h)),
                new Case("textured-maze.json (shipped, textured walls)", shipped("scenes/textured-maze.json", w, h)),
                new Case("all effects", instancedWithMeshes(w, h, true)));
    }

    /**
     * A maze seen from above under two point lights over opposite corners, without reflections (one
     * bounce): with {@code ShadowLights.NEAREST} every pixel is lit by one of them alone.
     */
    public static Scene mazeUnderTwoLights(int w, int h) {
        Scene s = framed(model(VoxelGenerators.maze(5, 2, 3, 5)), new Vec3(-6, 14, 22), new Vec3(8, 0, 8), w, h);
        return s.withLights(List.of(new PointLight(new Vec3(2, 9, 2), Vec3.ONE, 0.8f), new PointLight(new Vec3(14, 9, 14), Vec3.ONE, 0.8f)));
    }

    /** The scene with only light {@code l} of its lights. */
    public static Scene onlyLight(Scene s, int l) {
        return s.withLights(List.of(s.lights().get(l)));
    }

    /** The cases for a {@code @MethodSource} at the CPU tests' size. */
    public static Stream<Case> smallCases() throws Exception {
        return cases(72, 54);
    }

    /** The portals found every voxel shape of the scene trustworthy (none left to the box walk). */
    public static void assertAllVoxelShapesWalked(Scene scene) {
        var image = GeometryImagePacker.pack(scene);
        PortalShapes shapes = PortalShapes.build(image, org.drtstudio.accel.voxel.PortalChoice.FIRST_COVER);
        assertTrue(shapes.refused().isEmpty(), "refused: " + shapes.refused());
        assertEquals(image.voxelShapes().size(), shapes.shapes().size());
        assertFalse(shapes.shapes().isEmpty(), "the scene has voxel shapes");
    }

    private static Scene shipped(String file, int w, int h) throws Exception {
        Scene s = org.drtstudio.io.project.SceneLoader.load(java.nio.file.Path.of(file)).scene();
        return s.withSettings(s.settings().withSize(w, h).withSampling(1, 6, 0));
    }

    private static VoxelModel model(VoxelSpace space) {
        return new VoxelModel("v", space, VoxelGenerators.palette());
    }

    private static Scene framed(VoxelModel model, Vec3 eye, Vec3 look, int w, int h) {
        Scene s = VoxelScenes.of("v", model);
        return s.withCamera(new Camera(eye, look, new Vec3(0, 1, 0), 60f, 0f, 0f))
                .withSettings(s.settings().withSize(w, h).withSampling(1, 1, 0));
    }

    private static Scene cavesInside(int w, int h) {
        VoxelSpace caves = VoxelGenerators.caves(20, 0.45, 9);
        int[] e = VoxelTestModels.someEmptyCell(caves);
        Scene s = framed(model(caves), new Vec3(e[0] + 0.5f, e[1] + 0.5f, e[2] + 0.5f), new Vec3(10.3f, 10.2f, 10.1f), w, h);
        // A light inside the caves, so shadow rays walk them too.
        return s.withLights(List.of(new PointLight(new Vec3(e[0] + 0.6f, e[1] + 0.4f, e[2] + 0.3f), Vec3.ONE, 1f)));
    }

    /**
     * A maze placed twice (rotated and scaled, and moved) under transform nodes, beside a bumpy
     * triangle mesh and a sphere; with {@code effects}, soft shadows, depth of field and glossy
     * reflections at 4 samples a pixel.
     */
    private static Scene instancedWithMeshes(int w, int h, boolean effects) {
        VoxelModel maze = model(VoxelGenerators.maze(4, 2, 3, 11));
        List<VoxelScenes.Placement> placements = List.of(
                new VoxelScenes.Placement(maze, new Matrix4f().translate(-6, 0, 0).rotateY(0.5f).scale(0.6f, 0.8f, 0.6f)),
                new VoxelScenes.Placement(maze, new Matrix4f().translate(3, -1, -4)));
        Scene voxels = VoxelScenes.of("mazes", placements);
        List<Material> materials = new ArrayList<>(voxels.materials());
        int glossy = materials.size();
        materials.add(Material.named("glossy").ambient(new Vec3(0.05f, 0.05f, 0.05f)).diffuse(new Vec3(0.6f, 0.3f, 0.2f))
                .specular(new Vec3(0.4f, 0.4f, 0.4f)).phongExponent(30).reflectivity(0.4f).roughness(effects ? 0.2f : 0f).build());
        List<SceneNode> children = new ArrayList<>(List.of(voxels.root()));
        children.add(new TransformNode("bumpy", new Matrix4f().translate(2, 4, 6).scale(2f),
                List.of(new MeshNode("bumpy", ProceduralMeshes.bumpySphere(12, 18)))));
        children.add(new TransformNode("ball", new Matrix4f().translate(-2, 3.5f, 8).scale(1.5f),
                List.of(new SphereNode("ball", List.of(new Sphere(Vec3.ZERO, 1, glossy))))));
        Light light = effects ? new SphereLight(new Vec3(4, 20, 14), Vec3.ONE, 1f, 3f) : new PointLight(new Vec3(4, 20, 14), Vec3.ONE, 1f);
        Camera camera = new Camera(new Vec3(-4, 16, 26), new Vec3(2, 0, 4), new Vec3(0, 1, 0), 55f,
                effects ? 0.4f : 0f, effects ? 24f : 0f);
        RenderSettings settings = new RenderSettings(w, h, effects ? 4 : 1, 4, 3, Vec3.ZERO, new Vec3(0.2f, 0.2f, 0.2f), 1, 0, 0);
        return new Scene("voxels and meshes", TransformNode.group("root", children), materials, List.of(light), camera, settings);
    }

    /** Glass voxels (a wall of them in the maze's palette) so refracted rays start inside solid voxels. */
    private static Scene glass(int w, int h) {
        VoxelSpace maze = VoxelGenerators.maze(4, 2, 3, 7);
        List<Material> palette = new ArrayList<>(VoxelGenerators.palette());
        palette.set(VoxelGenerators.WALL, Material.named("glass").ambient(Vec3.ZERO).diffuse(new Vec3(0.1f, 0.1f, 0.1f))
                .specular(new Vec3(0.3f, 0.3f, 0.3f)).phongExponent(60).transparency(0.8f).ior(1.5f).build());
        Scene s = framed(new VoxelModel("glass maze", maze, palette), new Vec3(-5, 12, 18), new Vec3(7, 0, 7), w, h);
        return s.withSettings(s.settings().withSampling(1, 6, 0));
    }
}
