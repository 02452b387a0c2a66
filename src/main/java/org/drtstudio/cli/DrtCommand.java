package org.drtstudio.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/** The {@code drt} command line: {@code drt render}, {@code drt info}, {@code drt convert}, {@code drt bench}, {@code drt studio}, {@code drt farm}. */
// INHERIT: every subcommand gets -h/--help and -V/--version too (so "drt render --help" works).
@Command(name = "drt", scope = CommandLine.ScopeType.INHERIT, mixinStandardHelpOptions = true, versionProvider = BuildVersion.class,
        description = "DRT Studio: a GPU distributed ray tracer for OBJ, PLY, glTF, NFF and .cfg scenes and .json projects.",
        subcommands = {RenderCommand.class, InfoCommand.class, ConvertCommand.class, BenchCommand.class, StudioCommand.class,
                GenerateCommand.class, FarmCommand.class})
public final class DrtCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    private static final StudioLauncher NO_STUDIO = new StudioLauncher() {
        @Override
        public boolean displayAvailable() {
            return false;
        }

        @Override
        public int open(java.nio.file.Path scene, RendererFactory.Backend backend, double measureSeconds) {
            return 2;
        }
    };

    /** Builds the command line with its factories and the error handling users see. */
    public static CommandLine create(RendererFactory renderers) {
        return create(renderers, null);
    }

    /** @param studio opens the studio window; null where there is none (then {@code drt studio} says so) */
    public static CommandLine create(RendererFactory renderers, StudioLauncher studio) {
        CommandLine cl = new CommandLine(new DrtCommand(), new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                if (cls == RenderCommand.class) return cls.cast(new RenderCommand(renderers));
                if (cls == BenchCommand.class) return cls.cast(new BenchCommand(renderers));
                if (cls == InfoCommand.class) return cls.cast(new InfoCommand(renderers));
                if (cls == FarmSubmitCommand.class) return cls.cast(new FarmSubmitCommand(renderers));
                if (cls == FarmTaskCommand.class) return cls.cast(new FarmTaskCommand(renderers));
                if (cls == StudioCommand.class) return cls.cast(new StudioCommand(studio != null ? studio : NO_STUDIO));
                return CommandLine.defaultFactory().create(cls);
            }
        });
        // Every command prints through a TerminalWriter: names of files are untrusted text.
        cl.setExecutionStrategy(parseResult -> {
            CommandLine top = parseResult.commandSpec().commandLine();
            top.setOut(TerminalWriter.around(top.getOut()));
            top.setErr(TerminalWriter.around(top.getErr()));
            return new CommandLine.RunLast().execute(parseResult);
        });
        // Bad arguments: one line naming the problem plus a hint, never a stack trace.
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = TerminalWriter.around(ex.getCommandLine().getErr());
            err.println("drt: " + ex.getMessage());
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (OutOfMemory.causedBy(ex)) return OutOfMemory.report(commandLine.getErr());
            commandLine.getErr().println("drt: internal error: " + ex);
            return 1;
        });
        return cl;
    }
}
