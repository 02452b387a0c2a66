package org.drtstudio.app;

import org.drtstudio.cli.OutOfMemory;

import java.io.PrintStream;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The studio's standard error. JavaFX's render thread does not leave its errors uncaught: it prints
 * them itself ({@code RenderJob}: "internal exception" and a stack trace), so an out-of-memory error
 * there never reached {@link StudioOutOfMemory}'s handler and came out as 30 lines of trace before
 * the one line. Here a printed {@link Throwable} caused by running out of memory goes to the handler
 * instead, and once the handler is at work nothing else is printed (the process is ending; its own
 * line goes to the stream underneath).
 */
final class OutOfMemoryAwareErr extends PrintStream {
    private final Consumer<Throwable> onOutOfMemory;
    private final BooleanSupplier handling;

    OutOfMemoryAwareErr(PrintStream underneath, Consumer<Throwable> onOutOfMemory, BooleanSupplier handling) {
        super(underneath, true);
        this.onOutOfMemory = onOutOfMemory;
        this.handling = handling;
    }

    @Override
    public void println(Object x) {
        if (x instanceof Throwable t && OutOfMemory.causedBy(t)) {
            onOutOfMemory.accept(t);
            return;
        }
        super.println(x);
    }

    // Every print, println and printf reaches the stream underneath through these two.
    @Override
    public void write(int b) {
        if (!handling.getAsBoolean()) super.write(b);
    }

    @Override
    public void write(byte[] buf, int off, int len) {
        if (!handling.getAsBoolean()) super.write(buf, off, len);
    }
}
