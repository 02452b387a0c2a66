package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.render.embree.EmbreeWalk;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@code drt} in-process with the production CPU tracer (what users without a GPU get), capturing what it prints. */
final class CliHarness {
    final StringWriter err = new StringWriter(), out = new StringWriter();
    private final boolean twin;

    CliHarness() {
        this(false);
    }

    private CliHarness(boolean twin) {
        this.twin = twin;
    }

    /** With the GPU tracer's CPU twin instead, for tests that compare against what the GPU computes. */
    static CliHarness twin() {
        return new CliHarness(true);
    }

    int drt(String... args) {
        err.getBuffer().setLength(0);
        out.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create((backend, notices) -> twin ? new CpuRenderer(2) : CpuRenderer.production(2, new EmbreeWalk()));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(out, true));
        return cl.execute(args);
    }

    String err() {
        return err.toString();
    }
}
