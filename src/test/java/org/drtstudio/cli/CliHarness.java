package org.drtstudio.cli;

import org.drtstudio.render.cpu.CpuRenderer;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@code drt} in-process with the CPU back end, capturing what it prints. */
final class CliHarness {
    final StringWriter err = new StringWriter(), out = new StringWriter();

    int drt(String... args) {
        err.getBuffer().setLength(0);
        out.getBuffer().setLength(0);
        CommandLine cl = DrtCommand.create((backend, notices) -> new CpuRenderer(2));
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(out, true));
        return cl.execute(args);
    }

    String err() {
        return err.toString();
    }
}
