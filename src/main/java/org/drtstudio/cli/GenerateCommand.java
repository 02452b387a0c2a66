package org.drtstudio.cli;

import org.drtstudio.io.nff.RandomSpheresNff;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.IoReason;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.OutputTarget;
import org.drtstudio.scene.RandomSpheres;
import org.drtstudio.scene.SphereLayout;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code drt generate}: scenes made from numbers rather than read. */
@Command(name = "generate", description = "Write a generated scene file.",
        subcommands = {GenerateCommand.Spheres.class, GenerateCommand.City.class, GenerateCommand.Terrain.class})
final class GenerateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    /** {@code drt generate spheres --count N --seed S [--layout cube|paper] [-o FILE.nff]}: the OpenCL sphere caster's random scene. */
    @Command(name = "spheres", description = "Write the random sphere scene of the OpenCL sphere caster paper as NFF: "
            + "positions, radii and colours from the seed (the same seed gives the same file).")
    static final class Spheres implements Callable<Integer> {
        @Option(names = "--count", paramLabel = "N", required = true, description = "number of spheres, 1 to 1,000,000")
        long count;
        @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "random seed (default 0)")
        long seed;
        @Option(names = "--layout", paramLabel = "cube|paper", defaultValue = "cube",
                description = "cube (default: centres in a cube of half-width 10 seen from +z) or paper (the sphere caster's: "
                        + "x, y in ±10, z in [-10, 0], seen from the origin down -z)")
        String layout;
        @Option(names = {"-o", "--output"}, paramLabel = "FILE.nff",
                description = "the NFF file to write (default spheres-N-S.nff); only a regular file (or nothing) is replaced")
        Path output;
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            String problem = RandomSpheres.countProblem(count);
            if (problem != null) {
                err.println("drt: --count: " + problem);
                return 2;
            }
            SphereLayout chosen;
            try {
                chosen = SphereLayout.parse(layout);
            } catch (IllegalArgumentException e) {
                err.println("drt: " + e.getMessage());
                return 2;
            }
            Path out = output != null ? output : Path.of("spheres-" + count + "-" + seed + ".nff");
            String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
            try {
                if (!name.endsWith(".nff")) throw new OutputProblem(out, "must end in .nff (the scene is written as NFF)");
                OutputTarget.resolve(out); // before any work: a folder, FIFO or device in its place is refused
                byte[] bytes = RandomSpheresNff.bytes(RandomSpheres.generate((int) count, seed, chosen));
                AtomicFileWriter.write(out, o -> o.write(bytes));
                err.printf("drt: wrote %s (%,d spheres, seed %d, %,d bytes)%n", out, count, seed, bytes.length);
                return 0;
            } catch (OutputProblem e) {
                err.println("drt: cannot write " + e.getMessage());
                return 2;
            } catch (IOException e) {
                err.println("drt: cannot write " + out + ": " + IoReason.of(e));
                return 1;
            }
        }
    }

    /** {@code drt generate city|terrain}: a generated model as OBJ, with the peers' camera line beside it. */
    abstract static class Model implements Callable<Integer> {
        @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "random seed (default 1)")
        long seed;
        @Option(names = {"-o", "--output"}, paramLabel = "FILE.obj", required = true,
                description = "the OBJ file to write; FILE.cam beside it gets the peers' --cam (1920x1080) and --light arguments")
        Path output;
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        abstract org.drtstudio.scene.Scene scene();

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            String name = output.getFileName() == null ? "" : output.getFileName().toString();
            try {
                if (!name.toLowerCase(Locale.ROOT).endsWith(".obj") || name.length() == 4)
                    throw new OutputProblem(output, "must be NAME.obj (the model is written as OBJ)");
                Path dir = output.toAbsolutePath().getParent();
                String base = name.substring(0, name.length() - 4);
                OutputTarget.resolve(output);
                OutputTarget.resolve(dir.resolve(base + ".cam"));
                org.drtstudio.scene.Scene scene;
                try {
                    scene = scene();
                } catch (IllegalArgumentException e) {
                    err.println("drt: " + e.getMessage());
                    return 2;
                }
                var written = org.drtstudio.bench.PeerExport.write(base, scene, 1920, 1080, dir);
                err.printf("drt: wrote %s (%,d triangles, seed %d) and %s%n", written.obj(), written.triangles(), seed, written.cam());
                return 0;
            } catch (OutputProblem e) {
                err.println("drt: cannot write " + e.getMessage());
                return 2;
            } catch (IOException e) {
                err.println("drt: cannot write " + output + ": " + IoReason.of(e));
                return 1;
            }
        }
    }

    @Command(name = "city", description = "Write a city of box buildings seen from the street, cables strung between roofs "
            + "(long thin triangles), as OBJ: an architectural scene for the ray benchmarks.")
    static final class City extends Model {
        @Option(names = "--blocks", paramLabel = "N", defaultValue = "100", description = "blocks along each side, 1 to 2000 "
                + "(default 100: about 0.8 M triangles)")
        int blocks;

        @Override
        org.drtstudio.scene.Scene scene() {
            return org.drtstudio.bench.GeneratedScenes.city(seed, blocks);
        }
    }

    @Command(name = "terrain", description = "Write a fractal terrain seen at a grazing angle, as OBJ: rays that pass close "
            + "to the surface for a long way, for the ray benchmarks.")
    static final class Terrain extends Model {
        @Option(names = "--side", paramLabel = "N", defaultValue = "1025", description = "vertices along each side, 2 to 8192 "
                + "(default 1025: about 2.1 M triangles)")
        int side;

        @Override
        org.drtstudio.scene.Scene scene() {
            return org.drtstudio.bench.GeneratedScenes.terrain(seed, side);
        }
    }
}
