package org.drtstudio.render.multigpu;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.drtstudio.render.PixelWindow;

/**
 * The tiles of a pass, handed out one at a time to whichever tracer asks next: several GPUs share
 * one queue, so a GPU that finishes its tiles early takes more (the CUDA report's fixed slices were
 * uneven). A single tracer walks a queue of its own in the same order. Thread-safe.
 */
public final class TileQueue {
    private final List<PixelWindow> tiles;
    private final AtomicInteger next = new AtomicInteger();
    private volatile boolean abandoned;

    private TileQueue(List<PixelWindow> tiles) {
        this.tiles = List.copyOf(tiles);
    }

    /** The tiles of {@code window}, {@code tileSize} pixels a side (cut at its right and bottom edges), row by row. */
    public static TileQueue of(PixelWindow window, int tileSize) {
        if (tileSize < 1) throw new IllegalArgumentException("tile size must be at least 1, got " + tileSize);
        List<PixelWindow> tiles = new ArrayList<>();
        int xEnd = window.x() + window.width(), yEnd = window.y() + window.height();
        for (int y = window.y(); y < yEnd; y += tileSize) {
            for (int x = window.x(); x < xEnd; x += tileSize) {
                tiles.add(new PixelWindow(x, y, Math.min(tileSize, xEnd - x), Math.min(tileSize, yEnd - y)));
            }
        }
        return new TileQueue(tiles);
    }

    /**
     * {@code count} bands of whole rows of {@code window}, top to bottom, their heights differing by at
     * most one row: few, large dispatches, each filling a GPU many times over.
     */
    public static TileQueue bands(PixelWindow window, int count) {
        if (count < 1) throw new IllegalArgumentException("band count must be at least 1, got " + count);
        int n = Math.min(count, window.height());
        List<PixelWindow> tiles = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int y0 = window.y() + (int) ((long) window.height() * i / n), y1 = window.y() + (int) ((long) window.height() * (i + 1) / n);
            tiles.add(new PixelWindow(window.x(), y0, window.width(), y1 - y0));
        }
        return new TileQueue(tiles);
    }

    /** These tiles, in this order (a GPU tracing again the tiles it took in a pass before). */
    public static TileQueue of(List<PixelWindow> tiles) {
        return new TileQueue(tiles);
    }

    /** No tiles at all. */
    public static TileQueue empty() {
        return new TileQueue(Collections.emptyList());
    }

    /** The next tile nobody has taken, or null when all are taken or the queue was {@linkplain #abandon abandoned}. */
    public PixelWindow take() {
        if (abandoned) return null;
        int i = next.getAndIncrement();
        return i < tiles.size() ? tiles.get(i) : null;
    }

    /** Hands out no more tiles: one tracer failed, so the others stop early instead of finishing a frame that is lost. */
    public void abandon() {
        abandoned = true;
    }

    /** Every tile of the queue, taken or not. */
    public List<PixelWindow> all() {
        return tiles;
    }

    public int size() {
        return tiles.size();
    }
}
