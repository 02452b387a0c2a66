package org.drtstudio.app;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.*;

/** A thread that prints its own out-of-memory error (as JavaFX's render thread does) reaches the handler, not the terminal. */
class OutOfMemoryAwareErrTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final List<Throwable> handled = new ArrayList<>();
    private final AtomicBoolean handling = new AtomicBoolean();
    private final PrintStream err = new OutOfMemoryAwareErr(new PrintStream(bytes, true, StandardCharsets.UTF_8), t -> {
        handled.add(t);
        handling.set(true);
    }, handling::get);

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aPrintedOutOfMemoryErrorGoesToTheHandlerAndNothingIsPrintedAfter() {
        Throwable wrapped = new ExecutionException(new OutOfMemoryError("Java heap space"));
        wrapped.printStackTrace(err); // what RenderJob does with a failed job's cause
        assertEquals(List.of(wrapped), handled);
        assertEquals("", printed());
        err.println("RenderJob.run: internal exception");
        err.printf("%s%n", "more");
        assertEquals("", printed(), "the process is ending: nothing else is printed");
    }

    @Test
    void otherErrorsAndLinesArePrintedAsEver() {
        err.println("a line");
        new IllegalStateException("broken").printStackTrace(err);
        assertTrue(printed().startsWith("a line" + System.lineSeparator() + "java.lang.IllegalStateException: broken"), printed());
        assertTrue(printed().contains("\tat org.drtstudio.app.OutOfMemoryAwareErrTest"), printed());
        assertEquals(List.of(), handled);
    }
}
