package org.drtstudio.io.project;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.Sphere;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.SpheresLeaf;
import org.joml.Matrix4f;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An opened scene file becomes one movable group per part, renders as before and saves its parts. */
class MovablePartsTest {
    @TempDir
    Path dir;

    private static final Path DEFAULT_SCENE = Path.of("scenes", "default.nff");

    private static SceneModel opened() throws Exception {
        return MovableParts.wrap(ProjectConverter.open(DEFAULT_SCENE).model());
    }

    @Test
    void everyBallOfTheShippedSceneIsAGroupOfItsOwnAndThePolygonsOnePart() throws Exception {
        SceneModel m = opened();
        List<AuthoredNode> top = m.root().children();
        assertEquals(List.of("sphere 1", "sphere 2", "sphere 3", "sphere 4", "polygons"), top.stream().map(AuthoredNode::name).toList(),
                "the NFF reader's sphere group split into its four balls, then the polygon mesh");
        for (AuthoredNode n : top) assertInstanceOf(GroupNode.class, n, n.name() + " can carry a transform");
        for (AuthoredNode n : top.subList(0, 4)) {
            GroupNode g = (GroupNode) n;
            SpheresLeaf ball = assertInstanceOf(SpheresLeaf.class, g.children().get(0));
            assertEquals(1, ball.spheres().size());
            assertEquals(org.drtstudio.math.Vec3.ZERO, ball.spheres().get(0).center(), "the ball sits at its group's origin");
            assertNotEquals(org.drtstudio.math.Vec3.ZERO, g.transform().translation(), "the group is where the ball is: the gizmo shows there");
        }
        ModelLeaf polygons = assertInstanceOf(ModelLeaf.class, ((GroupNode) top.get(4)).children().get(0));
        assertEquals(1, polygons.asset().partIndex());
    }

    @Test
    void aFileOfManySpheresKeepsThemInOneGroup() throws Exception {
        StringBuilder nff = new StringBuilder("f 1 1 1 1 0 0 0 0\n");
        for (int i = 0; i <= MovableParts.MAX_PARTS; i++) nff.append("s ").append(i).append(" 0 0 0.4\n");
        nff.append("p 3\n0 0 0\n1 0 0\n0 1 0\n");
        Path scene = dir.resolve("many.nff");
        Files.writeString(scene, nff);
        List<AuthoredNode> top = MovableParts.wrap(ProjectConverter.open(scene).model()).root().children();
        assertEquals(2, top.size(), "65 balls stay the reader's sphere group beside the polygons");
        assertInstanceOf(ModelLeaf.class, ((GroupNode) top.get(0)).children().get(0));
    }

    @Test
    void theWrappedSceneRendersTheSameGeometryWithTheSameMeshObjects() throws Exception {
        SceneModel plain = ProjectConverter.open(DEFAULT_SCENE).model();
        Scene before = plain.at(0), after = MovableParts.wrap(plain).at(0);
        Map<TriangleMesh, Matrix4f> meshesBefore = new IdentityHashMap<>(), meshesAfter = new IdentityHashMap<>();
        List<float[]> spheresBefore = new ArrayList<>(), spheresAfter = new ArrayList<>();
        collect(before.root(), new Matrix4f(), meshesBefore, spheresBefore);
        collect(after.root(), new Matrix4f(), meshesAfter, spheresAfter);
        assertEquals(meshesBefore.keySet(), meshesAfter.keySet(), "the very same mesh objects (nothing copied)");
        for (var e : meshesBefore.entrySet()) assertTrue(e.getValue().equals(meshesAfter.get(e.getKey()), 1e-6f));
        assertEquals(spheresBefore.size(), spheresAfter.size());
        for (int i = 0; i < spheresBefore.size(); i++)
            for (int k = 0; k < 5; k++) assertEquals(spheresBefore.get(i)[k], spheresAfter.get(i)[k], 1e-6);
        assertEquals(before.materials(), after.materials());
    }

    private static void collect(SceneNode n, Matrix4f parent, Map<TriangleMesh, Matrix4f> meshes, List<float[]> spheres) {
        if (n instanceof TransformNode t) {
            Matrix4f w = new Matrix4f(parent).mul(t.transform());
            for (SceneNode c : t.children()) collect(c, w, meshes, spheres);
        } else if (n instanceof MeshNode m) {
            meshes.put(m.mesh(), parent);
        } else if (n instanceof SphereNode s) {
            for (Sphere sp : s.spheres()) {
                Vector3f c = parent.transformPosition(new Vector3f(sp.center().x(), sp.center().y(), sp.center().z()));
                spheres.add(new float[]{c.x, c.y, c.z, sp.radius(), sp.material()});
            }
        }
    }

    @Test
    void partsAreSavedAndReadBackAsTheSameParts() throws Exception {
        Path scene = dir.resolve("default.nff");
        Files.copy(DEFAULT_SCENE, scene);
        SceneModel m = MovableParts.wrap(ProjectConverter.open(scene).model());
        Path project = dir.resolve("p.json");
        ProjectFiles.write(m, project);
        assertTrue(Files.readString(project).contains("\"part\": 1"), "the part index is written");
        SceneModel back = ProjectFiles.read(project).model();
        assertEquals(ProjectFiles.encode(m, project).length, ProjectFiles.encode(back, project).length);
        List<AuthoredNode> top = back.root().children();
        assertEquals(5, top.size());
        assertInstanceOf(SpheresLeaf.class, ((GroupNode) top.get(0)).children().get(0), "a ball is saved in the project itself");
        ModelLeaf b = (ModelLeaf) ((GroupNode) top.get(4)).children().get(0);
        assertEquals(1, b.asset().partIndex());
        assertEquals(ProjectFiles.encode(m, project).length, ProjectFiles.encode(MovableParts.wrap(back), project).length,
                "wrapping an already wrapped scene changes nothing");
    }

    @Test
    void aMissingPartIsAOneLineErrorNamingIt() throws Exception {
        Path scene = dir.resolve("default.nff");
        Files.copy(DEFAULT_SCENE, scene);
        Path project = dir.resolve("p.json");
        ProjectFiles.write(MovableParts.wrap(ProjectConverter.open(scene).model()), project);
        Files.writeString(project, Files.readString(project).replace("\"part\": 1", "\"part\": 7"));
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ProjectFiles.read(project));
        assertTrue(e.getMessage().contains("p.json:") && e.getMessage().contains("part 7 does not exist") && !e.getMessage().contains("\n"),
                e.getMessage());
    }

    @Test
    void aSinglePartFileBecomesOneGroupOverTheWholeFile() throws Exception {
        Path obj = dir.resolve("tri.obj");
        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        SceneModel m = MovableParts.wrap(ProjectConverter.open(obj).model());
        GroupNode g = assertInstanceOf(GroupNode.class, m.root().children().get(0));
        assertEquals(-1, ((ModelLeaf) g.children().get(0)).asset().partIndex());
    }
}
