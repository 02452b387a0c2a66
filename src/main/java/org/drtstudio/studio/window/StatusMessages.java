package org.drtstudio.studio.window;

import org.drtstudio.io.Excerpt;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What the status bar's message slot says, and when a message has gone stale: a note (saved,
 * imported, ...) after {@link #NOTE_SECONDS}; a problem the preview reported as soon as a rendered
 * frame (not the bare background a failed request leaves) is put on screen after it: the render
 * loop renders again only for a newer request that succeeded, so the problem is gone; a running
 * job's line only when the job ends. The last {@link #HISTORY} messages stay readable (the status bar's tooltip), stale or not.
 * Times are passed in (nanoseconds), so the rules are tested without waiting.
 */
public final class StatusMessages {
    static final double NOTE_SECONDS = 20;
    static final int HISTORY = 8;

    public enum Kind { NOTE, PREVIEW_PROBLEM, JOB }

    private record Message(String text, Kind kind, long nanos) {
    }

    private final Deque<Message> history = new ArrayDeque<>();
    private Message current;

    public void show(String text, Kind kind, long nowNanos) {
        text = Excerpt.message(text); // file names and quotes are untrusted: one printable line
        current = new Message(text, kind, nowNanos);
        if (text.isBlank()) return;
        if (history.isEmpty() || !history.peekLast().text().equals(text)) history.addLast(current);
        while (history.size() > HISTORY) history.removeFirst();
    }

    /** A job's line ends with the job: what replaces it is a note. */
    void jobEnded(String text, long nowNanos) {
        show(text, Kind.NOTE, nowNanos);
    }

    /**
     * The message to show now, or "" when it is stale.
     *
     * @param renderedFrameNanos when a rendered frame was last put on screen (-1: none yet)
     */
    public String current(long nowNanos, long renderedFrameNanos) {
        if (current == null) return "";
        return switch (current.kind()) {
            case NOTE -> (nowNanos - current.nanos()) / 1e9 > NOTE_SECONDS ? "" : current.text();
            case PREVIEW_PROBLEM -> renderedFrameNanos > current.nanos() ? "" : current.text();
            case JOB -> current.text();
        };
    }

    /** The recent messages, oldest first. */
    public List<String> history() {
        List<String> out = new ArrayList<>();
        for (Message m : history) out.add(m.text());
        return out;
    }
}
