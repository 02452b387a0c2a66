package org.drtstudio.studio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The title of the window the window manager made active on the test display, read with xprop
 * (x11-utils, which scripts/test.sh installs). A native dialog (GTK's file chooser) is no JavaFX
 * window and its loop holds the FX thread, so this is how a test learns that it is up and has
 * the keyboard, instead of sleeping for as long as it usually takes to appear.
 */
final class ActiveXWindow {
    private static final Pattern WINDOW_ID = Pattern.compile("window id # (0x[0-9a-fA-F]+)");
    private static final Pattern TITLE = Pattern.compile("= \"(.*)\"");

    private ActiveXWindow() {
    }

    /** The active window's title, or "" when no window is active. */
    static String title() throws IOException, InterruptedException {
        Matcher id = WINDOW_ID.matcher(xprop("-root", "_NET_ACTIVE_WINDOW"));
        if (!id.find() || id.group(1).equals("0x0")) return "";
        Matcher title = TITLE.matcher(xprop("-id", id.group(1), "_NET_WM_NAME"));
        return title.find() ? title.group(1) : "";
    }

    /** Waits up to {@code seconds} until the active window's title is {@code expected}. */
    static void await(String expected, double seconds) throws Exception {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        String seen = "";
        while (System.nanoTime() < end) {
            seen = title();
            if (seen.equals(expected)) return;
            Thread.sleep(20); // polling another process: there is nothing to be told by
        }
        throw new AssertionError("the window \"" + expected + "\" never became active in " + seconds + " s; active: \"" + seen + "\"");
    }

    private static String xprop(String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 1];
        command[0] = "xprop";
        System.arraycopy(args, 0, command, 1, args.length);
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException("xprop (x11-utils) is needed to see the display's active window: " + e.getMessage(), e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
        return out;
    }
}
