package org.drtstudio.cli;

import org.drtstudio.io.image.PngWriter;
import org.drtstudio.io.image.TextureLoader;
import org.drtstudio.io.project.ProjectFiles;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.TextureImage;
import org.drtstudio.scene.authored.ModelLeaf;
import org.drtstudio.scene.authored.SceneModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A project folder (project, model, MTL, texture) made with {@code drt convert} is moved; it must
 * still open with its model and texture, wherever the program is started from, and a Save As
 * rewrites both kinds of path for the new file.
 */
class MovedProjectTest {
    @TempDir
    Path dir;
    private final CliHarness cli = new CliHarness();

    /** proj/models/quad.obj + quad.mtl (map_Kd textures/checker.png) + proj/models/textures/checker.png */
    private Path projectFolder() throws Exception {
        Path proj = dir.resolve("proj");
        Files.createDirectories(proj.resolve("models"));
        // The texture beside the model, below its folder: an MTL may name only files there (SceneFolder).
        Files.createDirectories(proj.resolve("models/textures"));
        byte[] rgba = new byte[4 * 4];
        for (int i = 0; i < 4; i++) {
            rgba[4 * i] = (byte) (i % 2 == 0 ? 255 : 0);
            rgba[4 * i + 3] = (byte) 255;
        }
        PngWriter.write(proj.resolve("models/textures/checker.png"), 2, 2, rgba);
        Files.writeString(proj.resolve("models/quad.mtl"), "newmtl checker\nKd 1 1 1\nmap_Kd textures/checker.png\n");
        Files.writeString(proj.resolve("models/quad.obj"), "mtllib quad.mtl\nv -1 -1 0\nv 1 -1 0\nv 1 1 0\nv -1 1 0\n"
                + "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nusemtl checker\nf 1/1 2/2 3/3 4/4\n");
        return proj;
    }

    private static Material textured(SceneModel m) {
        return m.materials().stream().filter(x -> x.diffuseTexture() != null).findFirst().orElseThrow();
    }

    @Test
    void aConvertedProjectStoresRelativePathsAndOpensAfterTheFolderMoves() throws Exception {
        Path proj = projectFolder();
        Path json = proj.resolve("scene.json");
        assertEquals(0, cli.drt("convert", proj.resolve("models/quad.obj").toString(), json.toString()), cli.err());
        String text = Files.readString(json);
        assertTrue(text.contains("\"file\": \"models/quad.obj\""), text);
        assertTrue(text.contains("\"diffuseTexture\": \"models/textures/checker.png\""), "textures relative too: " + text);
        assertFalse(text.contains(dir.toString()), "no absolute path inside the folder: " + text);

        Path moved = Files.move(proj, dir.resolve("elsewhere"));
        SceneModel model = ProjectFiles.read(moved.resolve("scene.json")).model();
        ModelLeaf leaf = (ModelLeaf) model.nodes().stream().filter(n -> n instanceof ModelLeaf).findFirst().orElseThrow();
        assertEquals(moved.resolve("models/quad.obj").toAbsolutePath(), leaf.asset().file());
        Path texture = Path.of(textured(model).diffuseTexture());
        assertEquals(moved.resolve("models/textures/checker.png").toAbsolutePath(), texture);
        TextureImage img = TextureLoader.read(texture, TextureImage.Encoding.COLOR);
        assertEquals(2, img.width());

        Path png = dir.resolve("moved.png");
        assertEquals(0, cli.drt("render", moved.resolve("scene.json").toString(), "-o", png.toString(), "--width", "8",
                "--height", "8", "--backend", "cpu"), cli.err());
        assertFalse(cli.err().contains("texture"), "the texture is found after the move: " + cli.err());
    }

    /** Written by hand, as a colleague would: a relative texture is the project folder's, not the working folder's. */
    @Test
    void aRelativeTextureIsResolvedAgainstTheProjectFolderNotTheWorkingFolder() throws Exception {
        Path proj = projectFolder();
        Path json = proj.resolve("scene.json");
        assertEquals(0, cli.drt("convert", proj.resolve("models/quad.obj").toString(), json.toString()), cli.err());
        Files.writeString(json, Files.readString(json).replaceAll("\"diffuseTexture\": \"[^\"]*\"", "\"diffuseTexture\": \"models/textures/checker.png\""));
        SceneModel model = ProjectFiles.read(json).model();
        assertNotEquals(proj.toAbsolutePath(), Path.of("").toAbsolutePath(), "the test runs from another folder");
        assertTrue(Files.isRegularFile(Path.of(textured(model).diffuseTexture())));
    }

    @Test
    void saveAsRewritesModelAndTexturePathsForTheNewFile() throws Exception {
        Path proj = projectFolder();
        Path json = proj.resolve("scene.json");
        assertEquals(0, cli.drt("convert", proj.resolve("models/quad.obj").toString(), json.toString()), cli.err());
        SceneModel model = ProjectFiles.read(json).model();

        // Saved deeper in the same tree: the files are outside the new file's folder, so they are stored absolute.
        Path outside = dir.resolve("other/copy.json");
        ProjectFiles.write(model, outside);
        String text = Files.readString(outside);
        assertTrue(text.contains("\"file\": \"" + proj.resolve("models/quad.obj").toAbsolutePath() + "\""), text);
        assertTrue(text.contains("\"diffuseTexture\": \"" + proj.resolve("models/textures/checker.png").toAbsolutePath() + "\""), text);
        SceneModel back = ProjectFiles.read(outside).model();
        assertEquals(textured(model).diffuseTexture(), textured(back).diffuseTexture());

        // And back into the project folder: relative again, so the folder can move.
        Path again = proj.resolve("again.json");
        ProjectFiles.write(back, again);
        String t2 = Files.readString(again);
        assertTrue(t2.contains("\"file\": \"models/quad.obj\"") && t2.contains("\"diffuseTexture\": \"models/textures/checker.png\""), t2);
        assertEquals(Objects.requireNonNull(textured(model).diffuseTexture()), textured(ProjectFiles.read(again).model()).diffuseTexture());
    }
}
