package org.drtstudio.app;

import org.drtstudio.cli.DrtCommand;
import picocli.CommandLine.Command;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code drt model.obj} means {@code drt studio model.obj}: what a user types after double-clicking
 * habits, and what file managers pass. Only a lone existing file gets the word added, so a mistyped
 * subcommand still gets picocli's "unmatched argument" message rather than a studio window.
 */
final class ImplicitStudio {
    /** The subcommands (a file of the same name in the working folder must not shadow them), read from the command line's own declaration. */
    static final Set<String> SUBCOMMANDS = Arrays.stream(DrtCommand.class.getAnnotation(Command.class).subcommands())
            .map(c -> c.getAnnotation(Command.class).name())
            .collect(Collectors.toUnmodifiableSet());

    private ImplicitStudio() {
    }

    static String[] arguments(String[] args) {
        if (args.length != 1 || args[0].startsWith("-") || SUBCOMMANDS.contains(args[0])) return args;
        try {
            if (!Files.isRegularFile(Path.of(args[0]))) return args;
        } catch (InvalidPathException e) {
            return args;
        }
        return new String[]{"studio", args[0]};
    }
}
