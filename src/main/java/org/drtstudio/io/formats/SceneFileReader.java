package org.drtstudio.io.formats;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.cfg.CfgReader;
import org.drtstudio.io.cfg.CfgScene;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.io.obj.ObjReader;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.SceneFolder.ConfinedPath;
import org.drtstudio.io.vox.VoxReader;
import org.drtstudio.io.vxt.VxtReader;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reads a scene file that is not a project, by its extension: .obj (with .mtl), .nff, .cfg, .vox or .vxt. Kept
 * apart from {@code io.load.SceneLoader}, which adds projects, because projects place such files as
 * models: the project reader uses this class, and the loader uses both, without a package cycle.
 */
public final class SceneFileReader {
    private SceneFileReader() {
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
        } catch (NoSuchFileException | InputFiles.NotRegularFileException e) {
            throw new SceneFormatException(e.getFile() != null ? Path.of(e.getFile()) : file, 0, InputFiles.reason(e));
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + InputFiles.reason(e), e);
        }
        throw new SceneFormatException(file, 0, "unknown scene format; expected .obj, .nff, .cfg, .vox, .vxt or a .json project");
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
