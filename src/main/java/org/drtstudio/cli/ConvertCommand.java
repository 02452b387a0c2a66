package org.drtstudio.cli;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.project.LoadedProject;
import org.drtstudio.io.project.ProjectConverter;
import org.drtstudio.io.project.ProjectFiles;
import org.drtstudio.io.project.ProjectFormat;
import org.drtstudio.io.support.IoReason;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.OutputTarget;
import org.drtstudio.scene.authored.SceneModel;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code drt convert IN OUT.json}: makes a project of a scene file. An OBJ, NFF or cfg file becomes
 * a project that references it as a model (by a path relative to OUT's folder when inside it, else
 * absolute; textures likewise, see {@code ProjectPaths}) and keeps its camera,
 * lights, settings and materials, so it renders the same; a project is saved again (byte-identical
 * when OUT is in the same folder).
 */
@Command(name = "convert", description = "Turn an OBJ, NFF or .cfg scene (or a project) into a .json project file.")
final class ConvertCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "IN", description = "scene file: .obj, .nff, .cfg, .vox, .vxt, .ply, .gltf, .glb or a .json project")
    Path input;
    @Parameters(index = "1", paramLabel = "OUT.json", description = "project file to write (replaced atomically)")
    Path output;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(ProjectFormat.EXTENSION)) {
            err.println("drt: " + output + ": a project file name must end in " + ProjectFormat.EXTENSION);
            return 2;
        }
        try {
            OutputTarget.resolve(output); // a folder or special file is refused before the input is read
        } catch (OutputProblem e) {
            err.println("drt: cannot write " + e.getMessage());
            return 2;
        }
        LoadedProject project;
        try {
            project = ProjectConverter.open(input);
        } catch (SceneFormatException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        for (String w : project.warnings()) err.println("warning: " + w);
        SceneModel model = project.model();
        try {
            ProjectFiles.write(model, output);
        } catch (OutputProblem e) {
            err.println("drt: cannot write " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("drt: cannot write " + output + ": " + IoReason.of(e));
            return 1;
        }
        err.printf("drt: wrote %s (%d nodes, %d materials, %d lights%s)%n", output, model.nodes().size(),
                model.materials().size(), model.lights().size(), model.isStatic() ? "" : ", animated");
        return 0;
    }
}
