package org.drtstudio.farm;

import org.drtstudio.render.PixelWindow;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A still cut into {@code columns} × {@code rows} tiles, numbered row by row from the top left. Tile
 * edges fall at {@code floor(i × size / count)}, so tiles differ by at most a pixel and cover the
 * image exactly.
 */
public record TileGrid(int columns, int rows) {
    /** More tasks than this is a typo, not a farm job (Slurm's default array limit is 1001). */
    public static final int MAX_TILES = 1000;

    public TileGrid {
        if (columns < 1 || rows < 1) throw new IllegalArgumentException("tiles " + columns + "x" + rows);
    }

    /** "CxR", e.g. 4x4. */
    public static TileGrid parse(String text) throws FarmException {
        String[] parts = text.toLowerCase(Locale.ROOT).split("x", -1);
        try {
            if (parts.length != 2) throw new NumberFormatException();
            int c = Integer.parseInt(parts[0].trim()), r = Integer.parseInt(parts[1].trim());
            if (c < 1 || r < 1) throw new NumberFormatException();
            if ((long) c * r > MAX_TILES) {
                throw new FarmException("--tiles " + text + " makes " + (long) c * r + " tiles; at most " + MAX_TILES);
            }
            return new TileGrid(c, r);
        } catch (NumberFormatException e) {
            throw new FarmException("--tiles must be CxR (columns x rows, each at least 1), got '" + text + "'");
        }
    }

    public int count() {
        return columns * rows;
    }

    /** Tile {@code index}'s pixels in a {@code width} × {@code height} image. */
    public PixelWindow window(int index, int width, int height) {
        int c = index % columns, r = index / columns;
        int x0 = edge(c, width, columns), x1 = edge(c + 1, width, columns);
        int y0 = edge(r, height, rows), y1 = edge(r + 1, height, rows);
        return new PixelWindow(x0, y0, x1 - x0, y1 - y0);
    }

    /** Every tile of a {@code width} × {@code height} image, or why the image cannot be cut so. */
    public List<PixelWindow> windows(int width, int height) throws FarmException {
        if (columns > width || rows > height) {
            throw new FarmException("--tiles " + this + " cuts a " + width + "x" + height + " image into tiles narrower than a pixel");
        }
        List<PixelWindow> out = new ArrayList<>();
        for (int i = 0; i < count(); i++) out.add(window(i, width, height));
        return out;
    }

    private static int edge(int i, int size, int count) {
        return (int) ((long) i * size / count);
    }

    @Override
    public String toString() {
        return columns + "x" + rows;
    }
}
