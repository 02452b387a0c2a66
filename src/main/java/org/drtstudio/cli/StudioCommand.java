package org.drtstudio.cli;

import org.drtstudio.io.support.InputFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code drt studio [SCENE]}: the interactive studio (JavaFX) with a live preview. */
@Command(name = "studio", description = "Open the studio: scene authoring with a live ray-traced preview.")
final class StudioCommand implements Callable<Integer> {
    private final StudioLauncher launcher;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENE", description = "project (.json) or scene file to open (default: a new scene)")
    Path scene;
    @Option(names = "--backend", paramLabel = "auto|gpu|cpu", defaultValue = "auto", description = "preview tracer: gpu, cpu or auto")
    String backend;
    @Option(names = "--measure", paramLabel = "SECONDS", description = "measure responsiveness (frame rate, drag latency, FX-thread stalls) for about SECONDS, print it and exit")
    Double measure;
    @Option(names = "--measure-view", paramLabel = "640x360|maximized", defaultValue = "640x360",
            description = "with --measure: the viewport to measure in: 640x360 (default) or the window maximised")
    String measureView;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    StudioCommand(StudioLauncher launcher) {
        this.launcher = launcher;
    }

    @Override
    public Integer call() {
        var err = spec.commandLine().getErr();
        RendererFactory.Backend choice;
        try {
            choice = RendererFactory.Backend.valueOf(backend.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            err.println("drt: --backend must be auto, gpu or cpu, got '" + backend + "'");
            return 2;
        }
        if (scene != null) {
            try {
                InputFiles.requireRegular(scene); // a FIFO would block the studio's loader
            } catch (IOException e) {
                err.println("drt: " + scene + ": " + InputFiles.reason(e));
                return 2;
            }
        }
        if (measure != null && !(measure > 0 && measure <= 600)) {
            err.println("drt: --measure must be 1..600 seconds, got " + measure);
            return 2;
        }
        if (!measureView.equals("640x360") && !measureView.equals("maximized")) {
            err.println("drt: --measure-view must be 640x360 or maximized, got '" + measureView + "'");
            return 2;
        }
        if (!launcher.displayAvailable()) {
            err.println("drt: no display (DISPLAY is not set): the studio needs one; use 'drt render' to render without it");
            return 2;
        }
        return launcher.open(scene, choice, measure != null ? measure : 0, measureView.equals("maximized"));
    }
}
