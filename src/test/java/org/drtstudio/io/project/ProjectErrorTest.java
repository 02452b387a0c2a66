package org.drtstudio.io.project;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.edit.Rename;
import org.drtstudio.scene.edit.SceneDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** Bad project files fail with one line naming the file, the JSON line and the problem. */
class ProjectErrorTest {
    @TempDir
    Path dir;
    private Path file;
    private String good;

    @BeforeEach
    void saveAGoodProject() throws Exception {
        SceneModel model = ProjectRoundTripTest.richWithModel(dir);
        file = dir.resolve("rich.json");
        ProjectFiles.write(model, file);
        good = Files.readString(file);
    }

    /** Replaces the first {@code find} and expects a failure at its line whose message holds {@code words}. */
    private String failsAtLineOf(String find, String replacement, String... words) throws Exception {
        return failsAtLineOfAnchor(find, find, replacement, words);
    }

    /** Replaces the first {@code find} and expects a failure at the line of the first {@code anchor}. */
    private String failsAtLineOfAnchor(String anchor, String find, String replacement, String... words) throws Exception {
        return failsAtLine(lineOf(anchor), find, replacement, words);
    }

    /** Like {@link #failsAtLineOfAnchor} for an object in an array, whose "{" is on the line before its first key. */
    private String failsAtObjectOf(String firstKey, String find, String replacement, String... words) throws Exception {
        return failsAtLine(lineOf(firstKey) - 1, find, replacement, words);
    }

    private String failsAtLine(int line, String find, String replacement, String... words) throws Exception {
        int at = good.indexOf(find);
        Files.writeString(file, good.substring(0, at) + replacement + good.substring(at + find.length()));
        String msg = fails(words);
        assertTrue(msg.startsWith(file + ":" + line + ": "), "expected line " + line + ": " + msg);
        return msg;
    }

    private int lineOf(String text) {
        int at = good.indexOf(text);
        assertTrue(at >= 0, "test bug: '" + text + "' not in the project");
        return (int) good.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    private String fails(String... words) {
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> ProjectFiles.read(file));
        String msg = e.getMessage();
        assertEquals(1, msg.lines().count(), msg);
        assertTrue(msg.contains("rich.json"), msg);
        for (String w : words) assertTrue(msg.contains(w), "'" + w + "' missing in: " + msg);
        assertFalse(msg.contains("Exception"), msg);
        return msg;
    }

    @Test
    void newerFormatVersion() throws Exception {
        failsAtLineOf("\"version\": 1", "\"version\": 2", "version 2", "newer");
    }

    @Test
    void notAProject() throws Exception {
        Files.writeString(file, "{ \"hello\": 1 }\n");
        fails("not a DRT Studio project");
        Files.writeString(file, "[ 1, 2 ]\n");
        fails("not a DRT Studio project");
        Files.writeString(file, "");
        fails("empty");
    }

    @Test
    void malformedJson() throws Exception {
        // A missing comma shows where the next entry starts.
        failsAtLineOfAnchor("\"aperture\": 0.0", "\"fov\": 40.0,", "\"fov\": 40.0", "malformed JSON", "comma");
        failsAtLineOf("\"fov\": 40.0", "\"fov\": NaN", "malformed JSON", "NaN");
        Files.writeString(file, good.substring(0, good.length() / 2));
        fails("malformed JSON");
        Files.writeString(file, good + "{}");
        fails("after the end");
        failsAtLineOf("\"name\": \"root\"", "\"name\": \"root\", \"name\": \"again\"", "Duplicate field");
    }

    @Test
    void badValues() throws Exception {
        failsAtLineOf("\"fov\": 40.0", "\"fov\": \"NaN\"", "camera.fov", "expected a number", "\"NaN\"");
        failsAtLineOf("\"fov\": 40.0", "\"fov\": 400.0", "camera", "fov", "400");
        failsAtLineOf("\"fov\": 40.0", "\"fov\": 1e99", "too large");
        failsAtLineOf("\"scale\": [ 1.0, 2.0, 0.5 ]", "\"scale\": [ 1.0, -2.0, 0.5 ]", "transform.scale", "scale must be > 0", "-2.0");
        failsAtLineOf("\"scale\": [ 1.0, 2.0, 0.5 ]", "\"scale\": [ 1.0, 0.0, 0.5 ]", "scale must be > 0");
        failsAtLineOf("\"value\": [ 2.0, 0.5, 0.001 ]", "\"value\": [ 2.0, 0.0, 0.001 ]", "keys.scale[1].value", "scale");
        failsAtLineOf("\"interpolation\": \"ease\"", "\"interpolation\": \"bouncy\"", "unknown value \"bouncy\"", "linear, ease");
        failsAtLineOf("\"type\": \"spheres\"", "\"type\": \"blob\"", "unknown node type \"blob\"");
        failsAtLineOf("\"width\": 64", "\"width\": \"64\"", "settings.width", "expected a whole number");
        failsAtLineOfAnchor("\"settings\": {", "\"width\": 64", "\"width\": 0", "settings: width must be", "got 0");
        failsAtLineOf("\"width\": 64", "\"width\": 6.5", "expected a whole number");
        failsAtLineOf("\"fov\": 40.0", "\"fvo\": 40.0", "camera.fvo", "unknown key");
        failsAtLineOf("\"id\": 3", "\"id\": 2", "id 2 is used twice");
        failsAtLineOf("0.5, 0 ]", "0.5, 9 ]", "material 9 does not exist");
        failsAtLineOf("\"mesh\": 0", "\"mesh\": 4", "mesh 4 does not exist");
        // Problems of a whole object are reported at the object's first line.
        failsAtLineOfAnchor("\"camera\": {", "\"look\": [ 0.0, 0.0, 0.0 ]", "\"look\": [ 0.0, 2.0, 8.0 ]", "camera", "same");
        failsAtLineOf("\"time\": 1.0,", "\"time\": 0.0,", "two keys at time 0.0");
        failsAtLineOf("\"materialOffset\": 3", "\"materialOffset\": 6", "import the model again");
        failsAtLineOf("\"textureWrap\": \"clamp\"", "\"textureWrap\": \"mirror\"", "unknown value \"mirror\"", "repeat, clamp");
        failsAtLineOf("\"roughness\": 0.35", "\"roughness\": -0.35", "roughness", "must be >= 0");
        failsAtObjectOf("\"name\": \"rough bumpy\"", "\"roughness\": 0.35", "\"roughness\": 1.35", "materials[2]", "roughness must be 0..1");
        failsAtObjectOf("\"position\": [ 0.0, 4.0, 0.0 ]", "\"edgeV\": [ 0.0, 0.0, 0.5 ]", "\"edgeV\": [ 2.0, 0.0, 0.0 ]", "must span an area");
        failsAtLineOfAnchor("\"animation\": {", "\"fps\": 30.0", "\"fps\": -30.0", "animation: fps must be > 0");
        failsAtLineOf("\"filter\": \"tent\"", "\"filter\": \"fuzzy\"", "unknown value \"fuzzy\"", "box, tent, gaussian");
    }

    /** Words of Java's, not the user's: the API a limit lives in, an option to enable. */
    private static void inTheUsersWords(String msg) {
        for (String java : new String[]{"StreamReadConstraints", "JsonReadFeature", "getMax", "`", "Jackson", "java."}) {
            assertFalse(msg.contains(java), "names '" + java + "': " + msg);
        }
    }

    @Test
    void jsonLimitsAreSaidInTheUsersWordsAtTheirLine() throws Exception {
        // issue 37, item 8: Jackson's limits named its Java API and no line
        inTheUsersWords(failsAtLineOf("\"fov\": 40.0", "\"fov\": " + "[".repeat(1200) + "]".repeat(1200), "nested", "1000"));
        inTheUsersWords(failsAtLineOf("\"fov\": 40.0", "\"fov\": NaN", "malformed JSON", "NaN"));
        inTheUsersWords(failsAtLineOf("\"fov\": 40.0", "\"fov\": " + "7".repeat(1500), "digits"));
        inTheUsersWords(failsAtLineOf("\"fov\": 40.0", "\"fov\": 4" + "0".repeat(1500) + ".5", "digits"));
        inTheUsersWords(failsAtLineOf("\"name\": \"root\"", "\"name\": \"" + "x".repeat(21_000_000) + "\"", "characters"));
        inTheUsersWords(failsAtLineOf("\"fov\": 40.0", "\"fov\": 40.0 // comment", "malformed JSON", "comment"));
        inTheUsersWords(failsAtLineOf("\"fov\": 40.0,", "\"fov\": 40.0,,", "malformed JSON"));
        inTheUsersWords(failsAtLineOf("\"fov\": 40.0", "\"fov\": 'x'", "malformed JSON"));
        inTheUsersWords(failsAtLineOf("\"name\": \"root\"", "\"name\": \"ro\tot\"", "a control character (code 9) inside a string"));
    }

    @Test
    void aMaterialOffsetFarOutOfRangeNamesItsLine() throws Exception {
        // issue 37, item 8: the sum of offset and a model's materials overflowed and lost the line
        for (String offset : new String[]{"2147483647", "2147483600", "-1"}) {
            inTheUsersWords(failsAtLineOf("\"materialOffset\": 3", "\"materialOffset\": " + offset, "materialOffset"));
        }
    }

    @Test
    void missingOrBrokenModel() throws Exception {
        Files.delete(dir.resolve("models/tri.nff"));
        String msg = failsAtLineOf("\"file\": \"models/tri.nff\"", "\"file\": \"models/tri.nff\"", "models/tri.nff", "not found");
        assertTrue(msg.contains("root.children[2].file"), msg);
        Files.writeString(dir.resolve("models/tri.nff"), "s 0 0 0 -1\n");
        fails("tri.nff:1:", "radius");
        failsAtLineOf("\"file\": \"models/tri.nff\"", "\"file\": \"rich.json\"", "a project cannot be placed as a model");
    }

    @Test
    void forEditingAMissingOrBrokenModelIsKeptInItsPlaceAndTheRestOpens() throws Exception {
        SceneModel whole = ProjectFiles.read(file).model();
        int line = lineOf("\"file\": \"models/tri.nff\"");
        for (String damage : new String[]{"deleted", "broken"}) {
            if (damage.equals("deleted")) Files.delete(dir.resolve("models/tri.nff"));
            else Files.writeString(dir.resolve("models/tri.nff"), "s 0 0 0 -1\n");
            fails("models/tri.nff"); // a render still refuses the project
            LoadedProject opened = ProjectFiles.readForEditing(file);
            assertEquals(1, opened.warnings().size(), damage + ": " + opened.warnings());
            String warning = opened.warnings().get(0);
            assertTrue(warning.startsWith("line " + line + ": "), warning);
            assertTrue(warning.contains("models/tri.nff") && warning.contains("restore the file"), warning);
            assertEquals(1, warning.lines().count(), warning);
            SceneModel model = opened.model();
            assertEquals(whole.materials(), model.materials(), damage + ": the project's materials, the model's copies too");
            assertEquals(whole.lights(), model.lights(), damage);
            assertEquals(whole.camera(), model.camera(), damage);
            assertEquals(nodeNames(whole.root()), nodeNames(model.root()), damage + ": every node, the model's leaf too");
            model.at(0); // the scene evaluates: the placeholder is an empty group
            assertEquals(good, new String(ProjectFiles.encode(model, file), java.nio.charset.StandardCharsets.UTF_8),
                    damage + ": a save writes the same project, the model's reference as it was");
        }
    }

    private static java.util.List<String> nodeNames(org.drtstudio.scene.authored.AuthoredNode n) {
        java.util.List<String> names = new java.util.ArrayList<>(java.util.List.of(n.name()));
        if (n instanceof org.drtstudio.scene.authored.GroupNode g) for (var c : g.children()) names.addAll(nodeNames(c));
        return names;
    }

    @Test
    void aFailedLoadLeavesTheOpenDocumentAlone() throws Exception {
        SceneModel open = ProjectFiles.read(file).model();
        SceneDocument doc = new SceneDocument(open);
        doc.execute(new Rename(2, "edited"));
        SceneModel edited = doc.model();
        Files.writeString(file, good.replace("\"version\": 1", "\"version\": 99"));
        assertThrows(SceneFormatException.class, () -> doc.open(ProjectFiles.read(file).model()));
        assertSame(edited, doc.model());
        assertTrue(doc.isDirty());
        assertTrue(doc.canUndo());
    }

    @Test
    void aSingularTransformNamesItsLine() throws Exception {
        int at = good.indexOf("\"scale\"");
        assertTrue(at >= 0, "test bug: no scale in the project");
        int open = good.indexOf('[', at), close = good.indexOf(']', open);
        Files.writeString(file, good.substring(0, open + 1) + " 1e-30, 1e-30, 1e-30 " + good.substring(close));
        SceneFormatException e = assertThrows(SceneFormatException.class, () -> org.drtstudio.io.project.SceneLoader.load(file));
        assertTrue(e.line() > 0, "a line number: " + e.getMessage());
        assertTrue(e.getMessage().contains("singular"), e.getMessage());
        assertTrue(e.line() <= lineOf("\"scale\""), "the node's line, at or before its scale: " + e.getMessage());
    }
}
