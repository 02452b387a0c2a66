package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TextureWrap;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.drtstudio.io.obj.ObjTestSupport.mesh;
import static org.drtstudio.io.obj.ObjTestSupport.readResource;
import static org.drtstudio.io.obj.ObjTestSupport.resource;
import static org.drtstudio.io.obj.ObjTestSupport.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** mtllib / usemtl and the mapping of MTL statements onto materials. */
class MtlMaterialsTest {

    private static Map<String, Material> byName(Scene scene) {
        return scene.materials().stream().skip(1).collect(Collectors.toMap(Material::name, Function.identity()));
    }

    private static Material material(ImportResult result, int triangle) {
        return result.scene().materials().get(mesh(result).triangleMaterials()[triangle]);
    }

    @Test
    void cornellBoxMaterialsComeFromItsMtl() throws Exception {
        ImportResult result = readResource("cornellbox_mcguire/CornellBox-Original.obj");
        assertTrue(result.warnings().isEmpty(), result.warnings().toString());
        List<Material> materials = result.scene().materials();
        assertSame(Material.DEFAULT, materials.get(0));
        assertEquals(List.of("default", "leftWall", "rightWall", "floor", "ceiling", "backWall", "shortBox", "tallBox", "light"),
                materials.stream().map(Material::name).toList());
        Map<String, Material> m = byName(result.scene());
        assertEquals(new Vec3(0.63f, 0.065f, 0.05f), m.get("leftWall").diffuse());
        assertEquals(new Vec3(0.14f, 0.45f, 0.091f), m.get("rightWall").diffuse());
        assertEquals(new Vec3(0.14f, 0.15f, 0.091f), m.get("rightWall").ambient(), "Ka as written, though it differs from Kd");
        assertEquals(new Vec3(0.725f, 0.71f, 0.68f), m.get("floor").diffuse());
        assertEquals(new Vec3(0.78f, 0.78f, 0.78f), m.get("light").diffuse());
        Material left = m.get("leftWall");
        assertEquals(10f, left.phongExponent());
        assertEquals(1.5f, left.ior());
        assertEquals(Vec3.ZERO, left.specular());
        assertEquals(0f, left.reflectivity(), "illum 2: no mirror reflection");
        assertEquals(0f, left.transparency());
        assertEquals(Vec3.ZERO, left.absorption());
        assertNull(left.diffuseTexture());
        // faces in file order: floor, ceiling, backWall, rightWall, leftWall, then the boxes
        String[] expected = {"floor", "ceiling", "backWall", "rightWall", "leftWall"};
        for (int quad = 0; quad < expected.length; quad++) {
            assertEquals(expected[quad], material(result, 2 * quad).name());
            assertEquals(expected[quad], material(result, 2 * quad + 1).name());
        }
        assertEquals("shortBox", material(result, 10).name());
    }

    @Test
    void missingMaterialFileGivesTheDefaultMaterialAndAWarning() throws Exception {
        // The file's "mtllib" is commented out; its usemtl names are then undefined.
        ImportResult result = readResource("edgecases_tinyobjloader/missing_material_file.obj");
        assertEquals(1, result.scene().materials().size());
        for (int t : mesh(result).triangleMaterials()) assertEquals(0, t);
        assertEquals(1, result.warnings().size(), result.warnings().toString());
        String warning = result.warnings().get(0);
        assertTrue(warning.startsWith(resource("edgecases_tinyobjloader/missing_material_file.obj") + ":11: materials 'white', "),
                warning);
        assertTrue(warning.contains("not defined in any material library"), warning);
    }

    @Test
    void mtllibNamingAFileThatDoesNotExistIsAWarning(@TempDir Path dir) throws Exception {
        Path file = write(dir, "m.obj", "mtllib nowhere.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\nusemtl red\nf 3 2 1\n");
        ImportResult result = ObjReader.read(file);
        assertEquals(List.of(
                file + ":1: material library 'nowhere.mtl' not found at " + dir.resolve("nowhere.mtl")
                        + "; its materials are replaced by the default material",
                file + ":5: material 'red' is not defined in its material libraries; faces using it get the default material"),
                result.warnings());
        assertEquals(0, mesh(result).triangleMaterials()[1]);
    }

    @Test
    void severalLibrariesOnOneLineAndEscapedSpaces() throws Exception {
        ImportResult multiple = readResource("edgecases_tinyobjloader/mtllib-multiple-files-issue-112.obj");
        assertEquals("default", material(multiple, 0).name());
        assertEquals(2, multiple.warnings().stream().filter(w -> w.contains("material library 'invalid-file-")).count());

        ImportResult escaped = readResource("edgecases_tinyobjloader/mtl filename with whitespace issue46.obj");
        assertEquals("green", material(escaped, 0).name());
        assertEquals(new Vec3(0, 1, 0), material(escaped, 0).diffuse());
        assertTrue(escaped.warnings().stream().anyMatch(w -> w.contains("'invalid file with spaces.mtl' not found")));
    }

    @Test
    void libraryInAnotherFolderAndNamesWithSpaces() throws Exception {
        assertEquals("Whatever", material(readResource("edgecases_assimp/mtl_different_folder.obj"), 0).name());
        ImportResult spaces = readResource("edgecases_assimp/box_mat_with_spaces.obj");
        assertEquals("Material name with many, many spaces", material(spaces, 0).name());
        assertEquals(new Vec3(0.2f, 0.2f, 0.2f), material(spaces, 0).diffuse());
        assertEquals("Hard Shiny Plastic White", material(readResource("edgecases_assimp/space_in_material_name.obj"), 0).name());
        // "usemtl" with an empty name matches "newmtl" with an empty name
        ImportResult empty = readResource("edgecases_assimp/empty_mat.obj");
        assertEquals("", material(empty, 0).name());
        assertTrue(empty.warnings().isEmpty(), empty.warnings().toString());
    }

    @Test
    void diffuseTexturePathsAreResolvedNextToTheMtl() throws Exception {
        ImportResult spider = readResource("spider_milkshape/spider.obj");
        assertTrue(spider.warnings().isEmpty(), spider.warnings().toString());
        Map<String, Material> m = byName(spider.scene());
        // written ".\wal67ar_small.jpg" with a Windows separator
        Path skin = Path.of(m.get("Skin").diffuseTexture());
        assertEquals(resource("spider_milkshape/wal67ar_small.jpg").toAbsolutePath().normalize(), skin);
        assertTrue(Files.isRegularFile(skin));
        for (Material material : m.values()) assertTrue(Files.isRegularFile(Path.of(material.diffuseTexture())), material.name());
    }

    @Test
    void textureNamesWithSpacesAndOptionsSurvive() throws Exception {
        ImportResult result = readResource("edgecases_tinyobjloader/texture-filename-with-whitespace.obj");
        Path mtlDir = resource("edgecases_tinyobjloader").toAbsolutePath().normalize();
        assertEquals(mtlDir.resolve("texture 01.png").toString(), byName(result.scene()).get("white").diffuseTexture());
        // A missing texture is told once, by the texture loader when the scene is rendered, not at import.
        assertTrue(result.warnings().stream().noneMatch(w -> w.contains("texture 01.png")), result.warnings().toString());

        ImportResult options = readResource("edgecases_tinyobjloader/texture-options-issue-85.obj");
        for (String name : new String[] {"default", "bm2", "bm3"}) {
            assertEquals(mtlDir.resolve("diffuse.jpg").toString(), byName(options.scene()).get(name).diffuseTexture());
        }
    }

    @Test
    void bumpMapsWithTheirMultiplier() throws Exception {
        Path mtlDir = resource("edgecases_tinyobjloader").toAbsolutePath().normalize();
        Map<String, Material> m = byName(readResource("edgecases_tinyobjloader/texture-options-issue-85.obj").scene());
        assertEquals(mtlDir.resolve("bumpmap.jpg").toString(), m.get("default").bumpTexture());
        assertEquals(3f, m.get("default").bumpScale());
        // "-bm 1.5" after the file name, as tinyobjloader's issue 85 has it
        assertEquals(mtlDir.resolve("bumpmap2.jpg").toString(), m.get("bm2").bumpTexture());
        assertEquals(1.5f, m.get("bm2").bumpScale());
        assertEquals(mtlDir.resolve("bump.jpg").toString(), m.get("bm3").bumpTexture());
        assertEquals(1f, m.get("bm3").bumpScale());
        assertEquals(TextureWrap.REPEAT, m.get("default").textureWrap(), "-clamp on map_Ka does not concern the diffuse map");
    }

    @Test
    void bumpKeywordAndClampOption(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("lib.mtl"), String.join("\n",
                "newmtl clamped", "map_Kd -clamp on wood.png", "bump -bm 0.25 height map.png",
                "newmtl onlyBump", "map_bump -clamp on -bm NaN h.png",
                "newmtl none", "Kd 1 1 1", ""));
        ImportResult result = ObjTestSupport.read(write(dir, "m.obj", "mtllib lib.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl clamped\nf 1 2 3\n"));
        Map<String, Material> m = byName(result.scene());
        assertEquals(TextureWrap.CLAMP, m.get("clamped").textureWrap());
        assertEquals(dir.resolve("height map.png").toAbsolutePath().normalize().toString(), m.get("clamped").bumpTexture());
        assertEquals(0.25f, m.get("clamped").bumpScale());
        assertEquals(TextureWrap.CLAMP, m.get("onlyBump").textureWrap(), "a lone bump map's -clamp decides");
        assertEquals(1f, m.get("onlyBump").bumpScale(), "a multiplier that is not a number is ignored");
        assertNull(m.get("none").bumpTexture());
        assertEquals(TextureWrap.REPEAT, m.get("none").textureWrap());
        assertTrue(result.warnings().stream().noneMatch(w -> w.contains("height map.png")),
                "missing textures are warned about once, when loaded: " + result.warnings());
    }

    @Test
    void textureStatementOptions() {
        MtlTextureStatement s = MtlTextureStatement.parse("-clamp ON -bm -2 a.png");
        assertEquals(new MtlTextureStatement("a.png", true, -2f), s);
        assertEquals(new MtlTextureStatement("b.png", false, null), MtlTextureStatement.parse("-clamp off b.png -bm"));
    }

    @Test
    void textureStatementOptionsAreSkipped() {
        assertEquals("a b.png", MtlTextureStatement.fileName("-s 1 1 1 -clamp on a b.png"));
        assertEquals("tex.png", MtlTextureStatement.fileName("-o 0.5 tex.png"));
        assertEquals("tex.png", MtlTextureStatement.fileName("-o 0.5 0.5 tex.png -bm 2"));
        assertEquals("bump 01.png", MtlTextureStatement.fileName("-bm 2 bump 01.png"));
        assertEquals("t.png", MtlTextureStatement.fileName("-mm 0.1 0.3 -imfchan r -type sphere t.png"));
        assertEquals("-not-an-option.png", MtlTextureStatement.fileName("-not-an-option.png"));
        assertNull(MtlTextureStatement.fileName("-clamp on"));
        assertNull(MtlTextureStatement.fileName(""));
    }

    @Test
    void dissolveTransparencyReflectionAndDefaults(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("lib.mtl"), String.join("\n",
                "newmtl dissolve", "Kd 1 0 0", "d 0.25",
                "newmtl tr", "Tr 0.25",
                "newmtl trLast", "d 0.5", "Tr 0.1",
                "newmtl dLast", "Tr 0.1", "d 0.5",
                "newmtl mirror", "illum 3", "Ks 0.2 0.4 0.6", "Ni 1.5",
                "newmtl glass", "illum 7", "Ks 1 1 1", "d 0.1 # mostly transparent", "Ni 1.33",
                "newmtl plastic", "illum 2", "Ks 1 1 1",
                "newmtl bare", "Tf 0.5 0.5 0.5", "Ni 0",
                "newmtl filters", "Tf 1.5 0 0.25", ""));
        StringBuilder obj = new StringBuilder("mtllib lib.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\n");
        for (String n : new String[] {"dissolve", "tr", "trLast", "dLast", "mirror", "glass", "plastic", "bare", "filters"}) {
            obj.append("usemtl ").append(n).append("\nf 1 2 3\n");
        }
        ImportResult result = ObjReader.read(write(dir, "m.obj", obj.toString()));
        assertTrue(result.warnings().isEmpty(), result.warnings().toString());
        Map<String, Material> m = byName(result.scene());
        assertEquals(0.75f, m.get("dissolve").transparency());
        assertEquals(new Vec3(1, 0, 0), m.get("dissolve").ambient(), "no Ka: ambient follows Kd");
        assertEquals(0.25f, m.get("tr").transparency(), "Tr is transparency, 1 - d");
        assertEquals(0.1f, m.get("trLast").transparency(), 1e-6);
        assertEquals(0.5f, m.get("dLast").transparency());
        assertEquals(0.4f, m.get("mirror").reflectivity(), 1e-6);
        assertEquals(1.5f, m.get("mirror").ior());
        assertEquals(1f, m.get("glass").reflectivity());
        assertEquals(0.9f, m.get("glass").transparency(), 1e-6);
        assertEquals(1.33f, m.get("glass").ior());
        assertEquals(0f, m.get("plastic").reflectivity(), "illum 2 has no mirror term");
        Material bare = m.get("bare");
        assertEquals(Material.DEFAULT.diffuse(), bare.diffuse());
        assertEquals(Material.DEFAULT.specular(), bare.specular());
        assertEquals(Material.DEFAULT.phongExponent(), bare.phongExponent());
        assertEquals(1f, bare.ior(), "Ni 0 is meaningless; 1 is used");
        // Tf is the fraction kept over one unit of distance: sigma = -ln(0.5) per channel.
        assertEquals(Math.log(2), bare.absorption().x(), 1e-6);
        assertEquals(Math.log(2), bare.absorption().z(), 1e-6);
        assertEquals(Vec3.ZERO, m.get("glass").absorption(), "no Tf: no absorption");
        assertEquals(0f, bare.transparency());
        Vec3 filters = m.get("filters").absorption();
        assertEquals(0f, filters.x(), "Tf above 1 gains nothing: no absorption");
        assertEquals(-Math.log(1e-4), filters.y(), 1e-3, "Tf 0 is clamped to a finite coefficient");
        assertEquals(-Math.log(0.25), filters.z(), 1e-6);
        for (int t = 0; t < 9; t++) assertEquals(t + 1, mesh(result).triangleMaterials()[t]);
    }

    @Test
    void statementsBeforeNewmtlAreDroppedWithAWarningAndTheLibraryKept(@TempDir Path dir) throws Exception {
        Path mtl = dir.resolve("broken.mtl");
        Files.writeString(mtl, "# a comment\nKd 1 0 0\nnewmtl red\nKd 1 0 0\n");
        Path obj = write(dir, "m.obj", "mtllib broken.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl red\nf 1 2 3\n");
        ImportResult result = ObjReader.read(obj);
        assertEquals(1, mesh(result).triangleCount());
        assertEquals(List.of(mtl + ":2: 1 statement before the first 'newmtl' ignored"), result.warnings());
        assertEquals(new Vec3(1, 0, 0), material(result, 0).diffuse());
    }

    @Test
    void oneBadNumberDropsOnlyItsStatement(@TempDir Path dir) throws Exception {
        Path mtl = dir.resolve("lib.mtl");
        Files.writeString(mtl, "newmtl a\nKd 1 0 0\nNs 1,5\nillum x\nnewmtl b\nKd 0 1 0\nd\n");
        Path obj = write(dir, "m.obj", "mtllib lib.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl a\nf 1 2 3\nusemtl b\nf 1 2 3\n");
        ImportResult result = ObjReader.read(obj);
        assertEquals(List.of(
                mtl + ":3: cannot read the 'Ns' statement (a number is missing or malformed); the statement is ignored",
                mtl + ":4: cannot read the 'illum' statement (a number is missing or malformed); the statement is ignored",
                mtl + ":7: cannot read the 'd' statement (a number is missing or malformed); the statement is ignored"),
                result.warnings());
        assertEquals(new Vec3(1, 0, 0), material(result, 0).diffuse());
        assertEquals(new Vec3(0, 1, 0), material(result, 1).diffuse());
        for (String w : result.warnings()) assertFalse(w.contains("Exception"), w);
    }

    @Test
    void anMtllibLineOfManyWordsIsSplitWithoutProbingEveryJoin(@TempDir Path dir) throws Exception {
        // Every join of the words was looked for on disk, each probe copying the whole join: quadratic in the line
        // (40 KB took 9 s; this 800 KB line would take an hour). A guard against that, far from this load's time.
        Files.writeString(dir.resolve("my lib.mtl"), "newmtl red\nKd 1 0 0\n");
        Path obj = write(dir, "m.obj", "mtllib " + "a ".repeat(400_000) + "lib.mtl\nmtllib my lib.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\n"
                + "usemtl red\nf 1 2 3\n");
        ImportResult result = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> ObjReader.read(obj));
        assertTrue(result.warnings().stream().anyMatch(w -> w.contains("m.obj:1: material library 'a a a") && w.contains("not found")),
                result.warnings().toString());
        assertEquals(new Vec3(1, 0, 0), material(result, 0).diffuse(), "a name of two words is still found");
    }

    @Test
    void mtlKeepsUnusedMaterialsAndTheFirstDefinitionOfAName(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("a.mtl"), "newmtl x\nKd 1 0 0\nnewmtl unused\nKd 0 0 1\n");
        Files.writeString(dir.resolve("b.mtl"), "newmtl x\nKd 0 1 0\n");
        ImportResult result = ObjReader.read(write(dir, "m.obj", "mtllib a.mtl b.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl x\nf 1 2 3\n"));
        assertEquals(List.of("default", "x", "unused"), result.scene().materials().stream().map(Material::name).toList());
        assertEquals(new Vec3(1, 0, 0), material(result, 0).diffuse());
    }

    @Test
    void facesBeforeAnyUsemtlGetMaterialZero() throws Exception {
        TriangleMesh m = mesh(readResource("cow/cow.obj"));
        for (int t : m.triangleMaterials()) assertEquals(0, t);
    }
}
