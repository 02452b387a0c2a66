package org.drtstudio.io.obj;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.scene.Material;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The materials of an OBJ model: finds the files named by {@code mtllib}, reads them and maps
 * the names given to {@code usemtl} onto scene material indices.
 *
 * <p>Material 0 is {@link Material#DEFAULT}, for faces before any {@code usemtl} and for names no
 * library defines. A missing or unreadable library is a warning, not an error: the geometry is
 * still worth showing. All materials of the libraries are kept (the studio can assign them), the
 * first definition of a name winning.
 */
final class ObjMaterials {
    private static final int MAX_NAMES_LISTED = 8;
    /** Paths are quoted up to this length: the user needs them to find the file, but no more. */
    private static final int PATH_QUOTE_LENGTH = 200;
    private final List<Material> materials = new ArrayList<>(List.of(Material.DEFAULT));
    private final int[] indexOfUsedName;

    private ObjMaterials(int usedNames) {
        indexOfUsedName = new int[usedNames];
    }

    /** Scene materials, index 0 the default. */
    List<Material> materials() {
        return materials;
    }

    /** Per entry of {@link ObjGeometry#materials()}, its index in {@link #materials()}. */
    int[] indexOfUsedName() {
        return indexOfUsedName;
    }

    static ObjMaterials load(Path objFile, ObjGeometry geometry, ImportWarnings warnings) {
        Path dir = objFile.toAbsolutePath().getParent();
        SceneFolder folder = SceneFolder.of(objFile);
        ObjMaterials result = new ObjMaterials(geometry.materials().size());
        Map<String, Integer> byName = new HashMap<>();
        Set<Path> read = new HashSet<>();
        for (ObjGeometry.MaterialLibraryReference ref : geometry.libraries()) {
            for (String name : libraryNames(dir, ref.argument())) {
                String quoted = Excerpt.quote(name, PATH_QUOTE_LENGTH);
                if (!folder.allowsName(dir, name)) {
                    warnings.add("mtllib outside", objFile, ref.line(), "material library " + quoted + " " + folder.refusal());
                    continue;
                }
                Path library = RelativeFiles.find(dir, name);
                if (library == null) {
                    Path expected = RelativeFiles.expected(dir, name);
                    String notRegular = notRegular(expected);
                    warnings.add("mtllib missing", objFile, ref.line(), "material library " + quoted
                            + (notRegular != null ? " " + notRegular : " not found" + (expected == null ? "" : " at " + expected))
                            + "; its materials are replaced by the default material");
                    continue;
                }
                if (!folder.containsReal(library)) {
                    warnings.add("mtllib outside", objFile, ref.line(), "material library " + quoted + " (a link) " + folder.refusal());
                    continue;
                }
                if (read.add(library)) result.addLibrary(library, folder, byName, warnings);
            }
        }
        List<ObjGeometry.UsedMaterial> used = geometry.materials();
        List<ObjGeometry.UsedMaterial> undefined = new ArrayList<>();
        for (int i = 0; i < used.size(); i++) {
            Integer index = byName.get(used.get(i).name());
            if (index == null) undefined.add(used.get(i));
            result.indexOfUsedName[i] = index == null ? 0 : index;
        }
        if (!undefined.isEmpty()) warnUndefined(objFile, undefined, geometry.libraries().isEmpty(), warnings);
        return result;
    }

    /** Why an existing {@code file} is no library ("is a folder, not a regular file"), or null when it is missing or regular. */
    private static String notRegular(Path file) {
        if (file == null) return null;
        try {
            InputFiles.requireRegular(file);
            return null;
        } catch (IOException e) {
            return e instanceof InputFiles.NotRegularFileException n ? n.getReason() : null;
        }
    }

    /** One warning for all undefined names: a missing library leaves many, all for the same reason. */
    private static void warnUndefined(Path objFile, List<ObjGeometry.UsedMaterial> undefined, boolean noLibraries,
                                      ImportWarnings warnings) {
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < undefined.size(); i++) {
            if (i == MAX_NAMES_LISTED) {
                names.append(" and ").append(undefined.size() - i).append(" more");
                break;
            }
            if (i > 0) names.append(", ");
            names.append(Excerpt.quote(undefined.get(i).name()));
        }
        boolean one = undefined.size() == 1;
        warnings.add("undefined material", objFile, undefined.get(0).firstLine(), (one ? "material " : "materials ") + names
                + (one ? " is" : " are") + " not defined in "
                + (noLibraries ? "any material library (the file names none)" : "its material libraries")
                + "; faces using " + (one ? "it" : "them") + " get the default material");
    }

    private void addLibrary(Path library, SceneFolder folder, Map<String, Integer> byName, ImportWarnings warnings) {
        MtlFileReader.Library read;
        try {
            read = MtlFileReader.read(library);
        } catch (SceneFormatException e) {
            warnings.add("mtl unreadable", e.getMessage() + "; the materials of this library are replaced by the default material");
            return;
        } catch (IOException e) {
            warnings.add("mtl unreadable", library, 0, "cannot read material library (" + InputFiles.reason(e)
                    + "); its materials are replaced by the default material");
            return;
        }
        read.warnings().forEach(w -> warnings.add("mtl statement", w));
        Path dir = library.toAbsolutePath().getParent();
        for (MtlFileReader.Entry entry : read.entries()) {
            if (byName.containsKey(entry.mtl().getName())) continue;
            String name = entry.mtl().getName();
            String diffuse = resolveTexture(library, dir, folder, entry.diffuseMap(), "texture", name, warnings);
            String bump = resolveTexture(library, dir, folder, entry.bumpMap(), "bump map", name, warnings);
            byName.put(name, materials.size());
            materials.add(MtlMaterialMapper.map(entry.mtl(), diffuse, entry.diffuse(), bump, entry.bump()));
        }
    }

    /**
     * The path of a texture named in a library, resolved next to it (null for none, or for one
     * outside the scene's folder, which is refused with a warning). A missing file keeps its
     * expected path, for the user to fix, and is not warned about here: the texture loader says
     * once that it is missing when the scene is rendered.
     */
    private static String resolveTexture(Path library, Path dir, SceneFolder folder, String written, String what,
                                         String material, ImportWarnings warnings) {
        if (written == null) return null;
        String refused = what + " " + Excerpt.quote(written, PATH_QUOTE_LENGTH) + " of material " + Excerpt.quote(material) + " ";
        if (!folder.allowsName(dir, written)) {
            warnings.add("texture outside", library, 0, refused + folder.refusal());
            return null;
        }
        Path found = RelativeFiles.find(dir, written);
        if (found != null && !folder.containsReal(found)) {
            warnings.add("texture outside", library, 0, refused + "(a link) " + folder.refusal());
            return null;
        }
        Path expected = found != null ? found : RelativeFiles.expected(dir, written);
        return expected != null ? expected.normalize().toString() : written;
    }

    /**
     * The file names in an mtllib argument. Names are separated by spaces, but a name may itself
     * contain spaces, escaped ({@code my\ file.mtl}) or not ({@code my file.mtl}): the whole
     * argument is tried first, then words are joined until they form an existing file or end in
     * ".mtl".
     */
    static List<String> libraryNames(Path dir, String argument) {
        List<String> names = new ArrayList<>();
        String whole = argument.trim().replace("\\ ", " ");
        if (whole.isEmpty()) return names;
        if (RelativeFiles.find(dir, whole) != null) return List.of(whole);
        StringBuilder pending = new StringBuilder();
        for (String word : splitUnescaped(argument.trim())) {
            if (pending.length() > 0) pending.append(' ');
            pending.append(word);
            String candidate = pending.toString();
            if (candidate.toLowerCase(Locale.ROOT).endsWith(".mtl") || RelativeFiles.find(dir, candidate) != null) {
                names.add(candidate);
                pending.setLength(0);
            }
        }
        if (pending.length() > 0) names.add(pending.toString());
        return names;
    }

    /** Words separated by unescaped whitespace, with "\ " turned into a space. */
    private static List<String> splitUnescaped(String s) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == ' ') {
                word.append(' ');
                i++;
            } else if (c == ' ') {
                if (word.length() > 0) words.add(word.toString());
                word.setLength(0);
            } else {
                word.append(c);
            }
        }
        if (word.length() > 0) words.add(word.toString());
        return words;
    }
}
