package org.drtstudio.bench;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/** The blank picture every benchmark plot draws on (Java2D, headless): white, lines and text antialiased. */
public final class PlotCanvas {
    private PlotCanvas() {
    }

    /** A white RGB picture of {@code width} × {@code height}; draw on it through {@link #graphics}. */
    public static BufferedImage blank(int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = graphics(img);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.dispose();
        return img;
    }

    /** Graphics on {@code img} with antialiased lines and text; the caller disposes of it. */
    public static Graphics2D graphics(BufferedImage img) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        return g;
    }
}
