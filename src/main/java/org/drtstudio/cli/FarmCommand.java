package org.drtstudio.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code drt farm}: renders on a Slurm cluster (docs/FARM.md). {@code submit} and {@code status}
 * are for users; {@code task}, {@code merge} and {@code video} are what the batch scripts run.
 */
@Command(name = "farm", description = "Render on a Slurm cluster: frame ranges as job arrays, large stills as tiles "
        + "that a dependent job merges (docs/FARM.md).",
        subcommands = {FarmSubmitCommand.class, FarmStatusCommand.class, FarmTaskCommand.class, FarmMergeCommand.class,
                FarmVideoCommand.class})
final class FarmCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
