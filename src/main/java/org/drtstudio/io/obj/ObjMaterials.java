package org.drtstudio.io.obj;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.scene.Material;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
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
    /**
     * What the material libraries of one model may hold together. Real libraries are kilobytes;
     * with each file read once whatever names reach it, this caps the reading a model can ask for
     * (1,000 names of one 2 MB library cost 100 s and 2.5 GB when each was read).
     */
    static final long MAX_LIBRARY_BYTES = 16L << 20;
    /**
     * Words of an {@code mtllib} argument joined into one name at most while looking for a file of
     * that name (a name with spaces); a longer join is taken as a name only when it ends in ".mtl".
     */
    static final int MAX_WORDS_PROBED = 16;
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
        Path dir = objFile.toAbsolutePath().normalize().getParent();
        SceneFolder folder = SceneFolder.of(objFile);
        ObjMaterials result = new ObjMaterials(geometry.materials().size());
        Map<String, Integer> byName = new HashMap<>();
        Set<Object> read = new HashSet<>();
        long bytesLeft = MAX_LIBRARY_BYTES;
        for (ObjGeometry.MaterialLibraryReference ref : geometry.libraries()) {
            for (String name : libraryNames(folder, dir, ref.argument())) {
                String quoted = Excerpt.quote(name, PATH_QUOTE_LENGTH);
                ConfinedPath library;
                try {
                    library = folder.resolve(dir, name);
                } catch (SceneFolder.Refused r) {
                    warnings.add("mtllib outside", objFile, ref.line(), "material library " + quoted + " " + r.getMessage());
                    continue;
                }
                Object identity = identity(library.file());
                if (identity == null) {
                    String notRegular = notRegular(library.file());
                    warnings.add("mtllib missing", objFile, ref.line(), "material library " + quoted
                            + (notRegular != null ? " " + notRegular : " not found at " + library)
                            + "; its materials are replaced by the default material");
                    continue;
                }
                // One library read once, whatever the name, link or spelling that reaches it.
                if (!read.add(identity)) continue;
                long size = size(library.file());
                if (size > bytesLeft) {
                    warnings.add("mtllib budget", objFile, ref.line(), "material library " + quoted + " not read: the libraries of one model"
                            + " may hold " + (MAX_LIBRARY_BYTES >> 20) + " MiB together; its materials are replaced by the default material");
                    continue;
                }
                bytesLeft -= size;
                result.addLibrary(library, folder, byName, warnings);
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

    /** What makes two names the same file (device and inode where the system has them), or null when it is no regular file. */
    private static Object identity(Path file) {
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            if (!a.isRegularFile()) return null;
            return a.fileKey() != null ? a.fileKey() : file.toRealPath();
        } catch (IOException e) {
            return null;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // the reader reports it
        }
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

    private void addLibrary(ConfinedPath library, SceneFolder folder, Map<String, Integer> byName, ImportWarnings warnings) {
        MtlFileReader.Library read;
        try {
            read = MtlFileReader.read(library);
        } catch (SceneFormatException e) {
            warnings.add("mtl unreadable", e.getMessage() + "; the materials of this library are replaced by the default material");
            return;
        } catch (IOException e) {
            warnings.add("mtl unreadable", library.file(), 0, "cannot read material library (" + InputFiles.reason(e)
                    + "); its materials are replaced by the default material");
            return;
        }
        read.warnings().forEach(w -> warnings.add("mtl statement", w));
        Path dir = library.file().getParent();
        for (MtlFileReader.Entry entry : read.entries()) {
            if (byName.containsKey(entry.mtl().getName())) continue;
            String name = entry.mtl().getName();
            ConfinedPath diffuse = resolveTexture(library.file(), dir, folder, entry.diffuseMap(), "texture", name, warnings);
            ConfinedPath bump = resolveTexture(library.file(), dir, folder, entry.bumpMap(), "bump map", name, warnings);
            byName.put(name, materials.size());
            materials.add(MtlMaterialMapper.map(entry.mtl(), diffuse, entry.diffuse(), bump, entry.bump()));
        }
    }

    /**
     * The texture named in a library, resolved next to it (null for none, or for one outside the
     * scene's folder, which is refused with a warning). A missing file keeps its expected path, for
     * the user to fix, and is not warned about here: the texture loader says once that it is
     * missing when the scene is rendered.
     */
    private static ConfinedPath resolveTexture(Path library, Path dir, SceneFolder folder, String written, String what,
                                               String material, ImportWarnings warnings) {
        if (written == null) return null;
        try {
            return folder.resolve(dir, written);
        } catch (SceneFolder.Refused r) {
            warnings.add("texture outside", library, 0, what + " " + Excerpt.quote(written, PATH_QUOTE_LENGTH) + " of material "
                    + Excerpt.quote(material) + " " + r.getMessage());
            return null;
        }
    }

    /**
     * The file names in an mtllib argument. Names are separated by spaces, but a name may itself
     * contain spaces, escaped ({@code my\ file.mtl}) or not ({@code my file.mtl}): the whole
     * argument is tried first, then words are joined until they form an existing file or end in
     * ".mtl".
     */
    static List<String> libraryNames(SceneFolder folder, Path dir, String argument) {
        List<String> names = new ArrayList<>();
        String whole = argument.trim().replace("\\ ", " ");
        if (whole.isEmpty()) return names;
        if (folder.namesAFileInside(dir, whole)) return List.of(whole);
        StringBuilder pending = new StringBuilder();
        int joined = 0;
        for (String word : splitUnescaped(argument.trim())) {
            if (pending.length() > 0) pending.append(' ');
            pending.append(word);
            joined++;
            // Past MAX_WORDS_PROBED words the join is not looked for on disk: each probe copies and checks the whole
            // join, so probing every longer one was quadratic in the line (40 KB of 'a ' took 9 s and 2.2 GB).
            if (word.toLowerCase(Locale.ROOT).endsWith(".mtl") || joined <= MAX_WORDS_PROBED && folder.namesAFileInside(dir, pending.toString())) {
                names.add(pending.toString());
                pending.setLength(0);
                joined = 0;
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
