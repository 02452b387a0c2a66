package org.drtstudio.cli;

import org.drtstudio.io.nff.RandomSpheresNff;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.io.support.IoReason;
import org.drtstudio.io.support.OutputProblem;
import org.drtstudio.io.support.OutputTarget;
import org.drtstudio.scene.RandomSpheres;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code drt generate}: scenes made from numbers rather than read. */
@Command(name = "generate", description = "Write a generated scene file.", subcommands = GenerateCommand.Spheres.class)
final class GenerateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    /** {@code drt generate spheres --count N --seed S [-o FILE.nff]}: the OpenCL sphere caster's random scene. */
    @Command(name = "spheres", description = "Write the random sphere scene of the OpenCL sphere caster paper as NFF: "
            + "positions, radii and colours from the seed (the same seed gives the same file).")
    static final class Spheres implements Callable<Integer> {
        @Option(names = "--count", paramLabel = "N", required = true, description = "number of spheres, 1 to 1,000,000")
        long count;
        @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "random seed (default 0)")
        long seed;
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
            Path out = output != null ? output : Path.of("spheres-" + count + "-" + seed + ".nff");
            String name = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
            try {
                if (!name.endsWith(".nff")) throw new OutputProblem(out, "must end in .nff (the scene is written as NFF)");
                OutputTarget.resolve(out); // before any work: a folder, FIFO or device in its place is refused
                byte[] bytes = RandomSpheresNff.bytes(RandomSpheres.generate((int) count, seed));
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
}
