package org.drtstudio.cli;

import picocli.CommandLine.Option;

/**
 * {@code -q/--quiet}, as command-line renderers have it: warnings and errors only (no progress bar,
 * no summary lines). Its opposite, {@code -v/--verbose}, is the render command's own option (it also
 * prints the CUDA octree report's console report), checked against it here.
 */
final class OutputLevel {
    @Option(names = {"-q", "--quiet"}, description = "print only warnings and errors: no progress bar, no summary lines")
    boolean quiet;

    void check(boolean verbose) throws RenderCommand.UsageProblem {
        if (quiet && verbose) throw new RenderCommand.UsageProblem("give -q (quiet) or -v (verbose), not both");
    }
}
