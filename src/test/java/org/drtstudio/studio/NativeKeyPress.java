package org.drtstudio.studio;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Presses a key on the X display from a process of its own. A native file chooser runs its own
 * loop on the FX thread, so neither JavaFX's robot nor anything posted to the FX thread can reach
 * it until it closes; an AWT robot in another JVM can (the test JVM runs AWT headless).
 */
final class NativeKeyPress {
    private NativeKeyPress() {
    }

    /** Run in the child JVM: presses and releases the AWT key code {@code args[0]}. */
    public static void main(String[] args) throws Exception {
        java.awt.Robot robot = new java.awt.Robot();
        int key = Integer.parseInt(args[0]);
        robot.keyPress(key);
        robot.keyRelease(key);
        robot.waitForIdle();
    }

    /** Presses Escape on the display the tests use; returns whether the child JVM ran. */
    static boolean escape() throws Exception {
        String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(javaCommand, "-Djava.awt.headless=false", "-cp", System.getProperty("java.class.path"),
                NativeKeyPress.class.getName(), String.valueOf(java.awt.event.KeyEvent.VK_ESCAPE))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return false;
        }
        return p.exitValue() == 0;
    }
}
