package org.drtstudio.app;

import org.drtstudio.cli.DrtCommand;
import org.drtstudio.cli.OutOfMemory;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.support.AtomicFileWriter;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Composition root: wires the command line to the back ends and the studio. With no arguments it
 * opens the studio on the shipped default scene, or, where there is no display, renders that scene
 * headless and says so.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Backends backends = new Backends();
        StudioEntry studio = new StudioEntry(backends);
        String[] effective = args;
        if (args.length == 0) {
            Path scene = defaultScene();
            if (studio.displayAvailable()) {
                effective = scene != null ? new String[]{"studio", scene.toString()} : new String[]{"studio"};
            } else if (scene != null) {
                System.err.println(Excerpt.message("drt: no display (DISPLAY is not set), so no studio window; rendering " + scene
                        + " headless to default.png instead (see 'drt --help')"));
                effective = new String[]{"render", scene.toString(), "-o", "default.png"};
            }
        } else {
            effective = ImplicitStudio.arguments(args);
        }
        OutOfMemory.message(); // the line is built now, while there is memory to build it
        if (effective.length == 0 || !effective[0].equals("studio")) {
            // A worker thread (a render tile, a loader) running out of heap ends the command with
            // the same one line; the studio keeps its own handling (its open document must survive).
            Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
                if (OutOfMemory.causedBy(e)) {
                    try {
                        System.err.println(OutOfMemory.message());
                        AtomicFileWriter.removeTemporaries(); // halt skips the shutdown hook that would
                    } finally {
                        Runtime.getRuntime().halt(OutOfMemory.EXIT_CODE); // whatever the heap left allowed of the above
                    }
                }
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                e.printStackTrace();
            });
        }
        int code;
        try {
            code = DrtCommand.create(backends, studio).execute(effective);
        } catch (OutOfMemoryError e) { // picocli passes Errors on; the heap is free again once it has unwound
            System.err.println(OutOfMemory.message());
            code = 3;
        }
        System.exit(code);
    }

    /** scenes/default.nff of the installation ({@code drt.home}, set by the launcher) or of the working folder. */
    static Path defaultScene() {
        String home = System.getProperty("drt.home");
        for (Path base : home != null ? new Path[]{Path.of(home), Path.of("")} : new Path[]{Path.of("")}) {
            Path p = base.resolve("scenes").resolve("default.nff");
            if (Files.isRegularFile(p)) return p;
        }
        return null;
    }
}
