package org.drtstudio.io.project;

import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.MeshLeaf;
import org.drtstudio.scene.authored.ModelAsset;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.testing.TestModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

class ProjectRoundTripTest {
    static final String SMALL_NFF = "v\nfrom 0 0 5\nat 0 0 0\nup 0 1 0\nangle 40\nhither 1\nresolution 32 24\n"
            + "l 0 5 5\nf 1 0 0 1 0 0 0 1\ns 0 0 0 1\nf 0 1 0 1 0 0 0 1\np 3\n-1 -1 0\n1 -1 0\n0 1 0\n";

    @TempDir
    Path dir;

    /** The rich test model with a model leaf placing an NFF file that lies in models/ below the project. */
    static SceneModel richWithModel(Path dir) throws Exception {
        Path nff = dir.resolve("models").resolve("tri.nff");
        Files.createDirectories(nff.getParent());
        Files.writeString(nff, SMALL_NFF);
        Scene s = SceneLoader.load(nff).scene();
        return TestModels.rich(new ModelAsset(nff, s.root(), s.materials()));
    }

    @Test
    void saveLoadSaveIsByteIdentical() throws Exception {
        SceneModel model = richWithModel(dir);
        Path file = dir.resolve("rich.json");
        ProjectFiles.write(model, file);
        byte[] first = Files.readAllBytes(file);
        LoadedProject loaded = ProjectFiles.read(file);
        assertEquals(List.of(), loaded.warnings());
        ProjectFiles.write(loaded.model(), file);
        assertArrayEquals(first, Files.readAllBytes(file));
        assertArrayEquals(first, ProjectFiles.encode(loaded.model(), file));

        String text = new String(first, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("{\n  \"format\": \"drt-project\",\n  \"version\": 1,\n"), text.substring(0, 60));
        assertFalse(text.contains("\r"));
        assertTrue(text.endsWith("}\n"));
        assertTrue(text.contains("\"file\": \"models/tri.nff\""), "models are stored relative to the project");
    }

    @Test
    void loadedModelEqualsTheSavedOneAtEveryTime() throws Exception {
        SceneModel model = richWithModel(dir);
        Path file = dir.resolve("rich.json");
        ProjectFiles.write(model, file);
        SceneModel back = ProjectFiles.read(file).model();
        // Texture paths come back absolute: the files they named (relative to the working folder) are outside the project's folder.
        assertEquals(model.materials().stream().map(ProjectRoundTripTest::absoluteTextures).toList(), back.materials());
        assertEquals(model.lights(), back.lights());
        assertEquals(model.camera(), back.camera());
        assertEquals(model.cameraTrack(), back.cameraTrack());
        assertEquals(model.settings(), back.settings());
        assertEquals(model.animation(), back.animation());
        assertEquals(model.root().children().size(), back.root().children().size());
        GroupNode a = (GroupNode) back.node(2).orElseThrow(), a0 = (GroupNode) model.node(2).orElseThrow();
        assertEquals(a0.transform(), a.transform());
        assertEquals(a0.tracks(), a.tracks());
        for (double t : new double[]{-1, 0, 0.3, 1, 1.7, 2, 5}) {
            Scene s0 = model.at(t), s1 = back.at(t);
            assertEquals(s0.camera(), s1.camera());
            assertEquals(matrices(s0.root()), matrices(s1.root()), "transforms at " + t);
        }
    }

    private static List<String> matrices(SceneNode n) {
        List<String> out = new java.util.ArrayList<>();
        if (n instanceof TransformNode t) {
            out.add(t.name() + t.transform());
            for (SceneNode c : t.children()) out.addAll(matrices(c));
        }
        return out;
    }

    @Test
    void instancesStayShared() throws Exception {
        SceneModel model = richWithModel(dir);
        // A second placement of the same model file at the same offset.
        ModelLeaf first = (ModelLeaf) model.node(7).orElseThrow();
        model = model.withRoot(model.root().withChildAt(-1, new ModelLeaf(8, "again", first.asset(), first.materialOffset())));
        Path file = dir.resolve("inst.json");
        ProjectFiles.write(model, file);
        SceneModel back = ProjectFiles.read(file).model();
        MeshLeaf q1 = (MeshLeaf) back.node(3).orElseThrow(), q2 = (MeshLeaf) back.node(5).orElseThrow();
        assertSame(q1.mesh(), q2.mesh(), "one inline mesh, two leaves");
        assertEquals(1, Files.readString(file).split("\"positions\"").length - 1, "the mesh is stored once");
        ModelLeaf m1 = (ModelLeaf) back.node(7).orElseThrow(), m2 = (ModelLeaf) back.node(8).orElseThrow();
        assertSame(m1.asset(), m2.asset(), "one model file, loaded once");
        Scene s = back.at(0);
        assertSame(s.root().children().get(2), s.root().children().get(3), "evaluated model graphs are the same object");
    }

    @Test
    void aModelReachedByLinksIsReadOnceAndEachNameIsSavedAsWritten() throws Exception {
        // Each name was read as a file of its own: 200 links to one 860 KB OBJ made 8.9 million triangles, 18.6 s, 3.4 GB.
        SceneModel model = richWithModel(dir);
        ModelLeaf first = (ModelLeaf) model.node(7).orElseThrow();
        Path symbolic = Files.createSymbolicLink(dir.resolve("models/link.nff"), Path.of("tri.nff"));
        Path hard = Files.createLink(dir.resolve("models/hard.nff"), first.asset().file());
        GroupNode root = model.root();
        int id = 8;
        for (Path name : List.of(symbolic, hard)) {
            ModelAsset asset = new ModelAsset(name, first.asset().root(), first.asset().materials());
            root = root.withChildAt(-1, new ModelLeaf(id++, "linked", asset, first.materialOffset()));
        }
        Path file = dir.resolve("links.json");
        ProjectFiles.write(model.withRoot(root), file);
        LoadedProject back = ProjectFiles.read(file);
        ModelLeaf m7 = (ModelLeaf) back.model().node(7).orElseThrow(), m8 = (ModelLeaf) back.model().node(8).orElseThrow(),
                m9 = (ModelLeaf) back.model().node(9).orElseThrow();
        assertSame(m7.asset().root(), m8.asset().root(), "a symbolic link to the file: its graph, read once");
        assertSame(m7.asset().root(), m9.asset().root(), "a hard link to the file: its graph, read once");
        assertEquals(List.of(first.asset().file(), symbolic, hard), List.of(m7.asset().file(), m8.asset().file(), m9.asset().file()),
                "each leaf keeps the name it was given");
        byte[] saved = Files.readAllBytes(file);
        ProjectFiles.write(back.model(), file);
        assertArrayEquals(saved, Files.readAllBytes(file), "a save writes every reference as it was");
    }

    @Test
    void floatsSurviveBitForBit() throws Exception {
        Random rnd = new Random(11);
        int n = 3000;
        float[] pos = new float[3 * n];
        float[] special = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE,
                0.1f, 1f / 3, 16777217f, 1.0000001f, 9.999999e-39f, 3.4028233e38f};
        for (int i = 0; i < pos.length; i++) {
            pos[i] = i < special.length ? special[i] : switch (i % 3) {
                case 0 -> Float.intBitsToFloat(rnd.nextInt()); // any bit pattern...
                case 1 -> (float) rnd.nextGaussian() * 1e-30f;
                default -> rnd.nextFloat() * 1e6f - 5e5f;
            };
            if (!Float.isFinite(pos[i])) pos[i] = rnd.nextFloat(); // ...except NaN and infinity
        }
        float[] normals = new float[3 * n];
        for (int i = 0; i < n; i++) normals[3 * i + 2] = 1;
        int[] idx = new int[3 * (n / 3)];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        TriangleMesh mesh = new TriangleMesh("bits", pos, normals, null, idx, new int[idx.length / 3]);
        SceneModel model = SceneModel.of("bits", GroupNode.of(0, "root", List.of(new MeshLeaf(1, "bits", mesh))),
                List.of(Material.DEFAULT), List.of(), TestModels.CAMERA, RenderSettings.DEFAULT);
        Path file = dir.resolve("bits.json");
        ProjectFiles.write(model, file);
        TriangleMesh back = ((MeshLeaf) ProjectFiles.read(file).model().node(1).orElseThrow()).mesh();
        for (int i = 0; i < pos.length; i++) {
            assertEquals(Float.floatToRawIntBits(pos[i]), Float.floatToRawIntBits(back.positions()[i]), "float " + i + ": " + pos[i]);
        }
    }

    private static Material absoluteTextures(Material m) {
        Material out = m;
        if (m.diffuseTexture() != null) out = out.withDiffuseTexture(Path.of(m.diffuseTexture()).toAbsolutePath().normalize().toString());
        if (m.bumpTexture() != null) out = out.withBump(Path.of(m.bumpTexture()).toAbsolutePath().normalize().toString(), m.bumpScale());
        return out;
    }

    @Test
    void savingElsewhereStoresModelsOutsideTheProjectFolderAbsolute() throws Exception {
        SceneModel model = richWithModel(dir);
        Path nested = dir.resolve("a").resolve("b").resolve("moved.json");
        ProjectFiles.write(model, nested);
        // The user chose a file outside the project's folder: it does not move with the project, so its place is kept whole.
        String stored = dir.resolve("models/tri.nff").toAbsolutePath().normalize().toString();
        assertTrue(Files.readString(nested).contains("\"file\": \"" + stored + "\""), Files.readString(nested));
        SceneModel back = ProjectFiles.read(nested).model();
        ModelLeaf leaf = (ModelLeaf) back.node(7).orElseThrow();
        assertEquals(dir.resolve("models/tri.nff").toAbsolutePath().normalize(), leaf.asset().file());
    }

    @Test
    void sceneLoaderOpensProjectsAtTimeZero() throws Exception {
        SceneModel model = richWithModel(dir);
        Path file = dir.resolve("p.json");
        ProjectFiles.write(model, file);
        Scene s = SceneLoader.load(file).scene();
        assertEquals(model.at(0).camera(), s.camera());
        assertEquals(matrices(model.at(0).root()), matrices(s.root()));
        assertFalse(SceneLoader.loadAnimated(file).scene().isStatic());
        assertTrue(SceneLoader.loadAnimated(dir.resolve("models/tri.nff")).scene().isStatic());
    }

    @Test
    void anImportedSceneBecomesAProjectReferencingIt() throws Exception {
        Path nff = dir.resolve("scene.nff");
        Files.writeString(nff, SMALL_NFF);
        LoadedProject p = ProjectConverter.open(nff);
        SceneModel m = p.model();
        ModelLeaf leaf = (ModelLeaf) m.root().children().get(0);
        assertEquals(0, leaf.materialOffset());
        Scene original = SceneLoader.load(nff).scene();
        assertEquals(original.camera(), m.camera());
        assertEquals(original.lights(), m.lights());
        assertEquals(original.settings(), m.settings());
        assertEquals(original.materials(), m.materials());
        Scene evaluated = m.at(0);
        TransformNode placed = (TransformNode) evaluated.root().children().get(0);
        assertSame(leaf.asset().root(), placed, "offset 0 places the imported graph itself");
        assertEquals(1, evaluated.root().children().size());
        assertTrue(placed.children().stream().anyMatch(c -> c instanceof MeshNode));
    }
}
