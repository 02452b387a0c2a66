package org.drtstudio.app;

import org.drtstudio.cli.OutOfMemory;
import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.studio.dialogs.OutOfMemoryDialog;

import java.io.PrintStream;
import java.util.Collection;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the studio does when the Java heap runs out, on whichever thread (the preview's tracer, an
 * import, the JavaFX thread): the command line's one line on standard error, one dialog saying so
 * ({@link OutOfMemoryDialog}; none when measuring unattended), then exit code 3. Before this the
 * threads printed a stack trace each and the window waited for ever on work that had died.
 *
 * <p>Whatever happens after the first error cannot stop the exit: later errors of other threads
 * are not reported again, and a dialog that does not appear within {@value #DIALOG_SECONDS}
 * seconds (the JavaFX thread itself out of memory) is given up for the exit.
 */
final class StudioOutOfMemory {
    private static final long DIALOG_SECONDS = 15;
    private static final AtomicBoolean HANDLING = new AtomicBoolean();

    private StudioOutOfMemory() {
    }

    /**
     * Routes out-of-memory errors of every thread here, those left uncaught and those a thread prints
     * itself ({@link OutOfMemoryAwareErr}); other uncaught exceptions are printed as Java prints them.
     * Threads that bring a handler of their own are routed by {@link #adoptThreadsWithOwnHandlers()}.
     */
    static void install(boolean unattended) {
        PrintStream err = System.err;
        Thread.UncaughtExceptionHandler earlier = Thread.getDefaultUncaughtExceptionHandler();
        Runnable onOutOfMemory = () -> handle(err, unattended);
        installed = onOutOfMemory;
        Thread.setDefaultUncaughtExceptionHandler(new Routing(onOutOfMemory, (thread, e) -> {
            if (earlier != null) {
                earlier.uncaughtException(thread, e);
            } else {
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                e.printStackTrace();
            }
        }));
        System.setErr(new OutOfMemoryAwareErr(err, e -> onOutOfMemory.run(), HANDLING::get));
    }

    /**
     * Gives the threads running now that have an uncaught-exception handler of their own the same
     * routing: Java calls such a handler instead of the default one. JavaFX's render thread
     * ("QuantumRenderer-0") has one that builds a line about the error and prints it on standard
     * error; with the heap full building it ran out of memory as well, and the JVM wrote its own line
     * ("Exception: java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler") beside the
     * studio's (StudioOutOfMemoryTest, once on CI). Called once JavaFX's threads exist; their other
     * errors go to their own handler as before. Threads started later keep theirs.
     */
    static void adoptThreadsWithOwnHandlers() {
        Runnable onOutOfMemory = installed;
        if (onOutOfMemory != null) adoptThreadsWithOwnHandlers(Thread.getAllStackTraces().keySet(), onOutOfMemory);
    }

    /** {@link #adoptThreadsWithOwnHandlers()} for {@code threads}, with what to do on running out of memory (tests: not exiting). */
    static void adoptThreadsWithOwnHandlers(Collection<Thread> threads, Runnable onOutOfMemory) {
        for (Thread thread : threads) {
            Thread.UncaughtExceptionHandler own = thread.getUncaughtExceptionHandler();
            // a thread without a handler of its own answers with its group (which calls the default
            // handler), and a thread that has ended with null
            if (own == null || own instanceof ThreadGroup || own instanceof Routing) continue;
            thread.setUncaughtExceptionHandler(new Routing(onOutOfMemory, own));
        }
    }

    private static volatile Runnable installed;

    /** A handler that sends out-of-memory errors to {@code onOutOfMemory} and the rest to {@code otherwise}. */
    private record Routing(Runnable onOutOfMemory, Thread.UncaughtExceptionHandler otherwise) implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread thread, Throwable e) {
            if (OutOfMemory.causedBy(e)) {
                onOutOfMemory.run(); // the studio's: the first error prints and exits (see handle), later ones return
            } else {
                otherwise.uncaughtException(thread, e);
            }
        }
    }

    private static void handle(PrintStream err, boolean unattended) {
        if (!HANDLING.compareAndSet(false, true)) return; // the first one's dialog and exit are under way
        // Each step may itself run out of what little heap is left; none may stop the exit.
        printLine(err);
        if (unattended) exit();
        try {
            CountDownLatch shown = new CountDownLatch(1);
            Thread guard = new Thread(() -> {
                try {
                    if (!shown.await(DIALOG_SECONDS, TimeUnit.SECONDS)) exit();
                } catch (InterruptedException ignored) {
                    exit();
                }
            }, "drt-out-of-memory");
            guard.setDaemon(true);
            guard.start();
            OutOfMemoryDialog.show(OutOfMemory.studioMessage(), shown::countDown, StudioOutOfMemory::exit);
        } catch (Throwable t) {
            exit();
        }
    }

    /**
     * The line, encoded when the handler is installed: printing a string encodes it through small
     * buffers made per call, and with the heap full that failed now and then, so the studio ended
     * with code 3 and no word (StudioOutOfMemoryTest, once in three clean runs). Writing bytes made
     * up front allocates nothing; a write that still fails is tried again, as other threads die.
     */
    private static final byte[] LINE = (OutOfMemory.message() + System.lineSeparator()).getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private static void printLine(PrintStream err) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                err.write(LINE, 0, LINE.length);
                err.flush();
                return;
            } catch (Throwable e) {
                try {
                    Thread.sleep(20);
                } catch (Throwable ignored) {
                    // the exit code still says it
                }
            }
        }
    }

    /** Exit code 3 now: the shutdown hooks of a JVM out of memory may not run, so the temporary files go first. */
    private static void exit() {
        try {
            AtomicFileWriter.removeTemporaries();
        } finally {
            Runtime.getRuntime().halt(OutOfMemory.EXIT_CODE);
        }
    }
}
