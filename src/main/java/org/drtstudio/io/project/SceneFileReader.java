package org.drtstudio.io.project;

import org.drtstudio.io.AnimatedImport;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.cfg.CfgReader;
import org.drtstudio.io.cfg.CfgScene;
import org.drtstudio.io.gltf.GltfReader;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.io.ply.PlyReader;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.io.vox.VoxReader;
import org.drtstudio.io.vxt.VxtReader;
import org.drtstudio.scene.authored.AnimatedScene;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reads a scene file that is not a project, by its extension: .obj (with .mtl), .nff, .cfg, .vox, .vxt, .ply, .gltf or .glb. Kept
 * apart from {@code io.load.SceneLoader}, which adds projects, because projects place such files as
 * models: the project reader uses this class, and the loader uses both, without a package cycle.
 */
public final class SceneFileReader {
    /** The extensions read here, lower case with the dot: what the studio imports as models. */
    public static final List<String> EXTENSIONS = List.of(".obj", ".nff", ".cfg", ".vox", VxtReader.EXTENSION, PlyReader.EXTENSION, ".gltf", ".glb");
    /** The extensions for a message: ".obj, .nff, …". */
    public static final String DESCRIPTION = String.join(", ", EXTENSIONS);

    private SceneFileReader() {
    }

    /** Whether {@code file}'s name ends in one of {@link #EXTENSIONS} (any case). */
    public static boolean isSceneFile(Path file) {
        if (file.getFileName() == null) return false;
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (String e : EXTENSIONS) if (name.endsWith(e)) return true;
        return false;
    }

    public static ImportResult read(Path file) throws SceneFormatException {
        requireRegularFile(file);
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        try {
            if (name.endsWith(".obj")) return ObjReader.read(file);
            if (name.endsWith(".nff")) return NffReader.read(file);
            if (name.endsWith(".cfg")) return CfgReader.read(file, SceneFileReader::readModel);
            if (name.endsWith(".vox")) return VoxReader.read(file);
            if (name.endsWith(VxtReader.EXTENSION)) return VxtReader.read(file);
            if (name.endsWith(PlyReader.EXTENSION)) return PlyReader.read(file);
            if (name.endsWith(".gltf") || name.endsWith(".glb")) return GltfReader.read(file);
        } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
            throw new SceneFormatException(e.getFile() != null ? Path.of(e.getFile()) : file, 0, InputFiles.reason(e));
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
        }
        throw new SceneFormatException(file, 0, "unknown scene format; expected " + DESCRIPTION + " or a .json project");
    }

    /**
     * A scene file to be rendered at any time: a glTF with its node animations as keyframes
     * ({@link GltfReader#readAnimated}), any other file as a constant scene.
     */
    public static AnimatedImport readAnimated(Path file) throws SceneFormatException {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".gltf") || name.endsWith(".glb")) {
            requireRegularFile(file);
            try {
                return GltfReader.readAnimated(file);
            } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
                throw new SceneFormatException(e.getFile() != null ? Path.of(e.getFile()) : file, 0, InputFiles.reason(e));
            } catch (IOException e) {
                throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
            }
        }
        ImportResult result = read(file);
        return new AnimatedImport(AnimatedScene.constant(result.scene()), result.warnings(), result.phases());
    }

    /** A {@code .cfg} scene with command-line {@code KEY=value} overrides applied (see {@link CfgReader}). */
    public static CfgScene readCfg(Path file, List<String> overrides) throws SceneFormatException {
        requireRegularFile(file);
        try {
            return CfgReader.read(file, SceneFileReader::readModel, overrides);
        } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
            throw new SceneFormatException(e.getFile() != null ? Path.of(e.getFile()) : file, 0, InputFiles.reason(e));
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
        }
    }

    /** A cfg scene given by command-line keys alone ({@link CfgReader#readCommandLine}); models read as {@link #readCfg} reads them. */
    public static CfgScene readCfgKeys(List<String> keys) throws SceneFormatException {
        try {
            return CfgReader.readCommandLine(SceneFileReader::readModel, keys);
        } catch (IOException e) {
            throw new SceneFormatException(null, 0, "cannot read a model: " + InputFiles.reason(e), e);
        }
    }

    /**
     * Refuses what is not a regular file before any reader opens it: a FIFO would block the read
     * forever and a device never end. "file not found" only for a file that is not there.
     */
    public static void requireRegularFile(Path file) throws SceneFormatException {
        try {
            InputFiles.requireRegular(file);
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, InputFiles.reason(e));
        }
    }

    /** A model a .cfg file places: NFF by its extension, else OBJ. */
    private static ImportResult readModel(ConfinedPath model) throws SceneFormatException, IOException {
        Path file = model.file();
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".nff") ? NffReader.read(file) : ObjReader.read(file);
    }
}
