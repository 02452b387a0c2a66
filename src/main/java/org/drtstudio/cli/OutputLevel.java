package org.drtstudio.cli;

import picocli.CommandLine.Option;

/**
 * {@code -q/--quiet} and {@code -v/--verbose}, as command-line renderers have them: quiet prints
 * warnings and errors only (no progress bar, no summary lines), verbose adds what the command
 * measured and chose (the import's phases, the renderer's settings per frame).
 */
final class OutputLevel {
    @Option(names = {"-q", "--quiet"}, description = "print only warnings and errors: no progress bar, no summary lines")
    boolean quiet;
    @Option(names = {"-v", "--verbose"}, description = "print more: the import's phases and times, each frame's settings")
    boolean verbose;

    void check() throws RenderCommand.UsageProblem {
        if (quiet && verbose) throw new RenderCommand.UsageProblem("give -q (quiet) or -v (verbose), not both");
    }
}
