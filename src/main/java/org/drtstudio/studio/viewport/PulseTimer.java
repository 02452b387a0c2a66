package org.drtstudio.studio.viewport;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;

/**
 * The viewport's FX pulse timer, running only while there is something to draw: frames arriving,
 * a fly camera or an overlay moving. After {@link #IDLE_PULSES} pulses with nothing to draw it stops,
 * so a finished or paused preview leaves the FX thread asleep; {@link #wake()} starts it again from
 * any thread.
 */
final class PulseTimer {
    /** Pulses without anything to draw after which the pulse timer stops, so an idle studio costs no CPU. */
    private static final int IDLE_PULSES = 30;

    private final AnimationTimer timer;
    private final AtomicBoolean running = new AtomicBoolean();
    /** FX thread only. */
    private int idlePulses;

    /** {@code pulse} runs on the FX thread with the pulse's time in nanoseconds. */
    PulseTimer(LongConsumer pulse) {
        timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                pulse.accept(now);
            }
        };
    }

    /** Starts the timer if it sleeps. Any thread. */
    void wake() {
        if (running.compareAndSet(false, true)) {
            if (Platform.isFxApplicationThread()) start();
            else Platform.runLater(this::start);
        }
    }

    private void start() {
        idlePulses = 0;
        timer.start();
    }

    boolean running() {
        return running.get();
    }

    /**
     * Counts a pulse that drew something ({@code busy}) or nothing; true when this pulse stopped the
     * timer, so the caller can wake it again for a frame published meanwhile.
     */
    boolean pulsed(boolean busy) {
        idlePulses = busy ? 0 : idlePulses + 1;
        if (idlePulses < IDLE_PULSES) return false;
        timer.stop();
        running.set(false);
        return true;
    }

    /** Stops the timer as the viewport closes; unlike an idle stop it leaves the running flag as it is. */
    void halt() {
        timer.stop();
    }
}
