package org.drtstudio.app;

import org.drtstudio.cli.DrtCommand;

/**
 * Composition root: wires the command line to the back ends. (The studio will be picked here too
 * once it exists; for now every invocation is the CLI.)
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int code = DrtCommand.create(new Backends()).execute(args);
        System.exit(code);
    }
}
