package org.drtstudio.bench;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The resolution suite's plot: frame time of the GPU and the CPU tracer against image side
 * (both axes logarithmic), with the speed-up written at each size, as a PNG.
 */
public final class ResolutionPlot {
    private static final int W = 640, H = 400, LEFT = 70, RIGHT = 30, TOP = 40, BOTTOM = 50;
    private static final Color GPU = new Color(0x1b9e77), CPU = new Color(0xd95f02);

    private ResolutionPlot() {
    }

    /** One size: side in pixels, milliseconds per frame on each tracer. */
    public record Point(int side, double gpuMs, double cpuMs) {
    }

    public static byte[] png(String title, List<Point> points) throws IOException {
        if (points.isEmpty()) throw new IllegalArgumentException("nothing to plot");
        double x0 = Math.log(points.get(0).side()) / Math.log(2), x1 = Math.log(points.get(points.size() - 1).side()) / Math.log(2);
        if (x1 <= x0) x1 = x0 + 1;
        double lo = Double.MAX_VALUE, hi = 0;
        for (Point p : points) {
            lo = Math.min(lo, Math.min(p.gpuMs(), p.cpuMs()));
            hi = Math.max(hi, Math.max(p.gpuMs(), p.cpuMs()));
        }
        double y0 = Math.floor(Math.log10(lo)), y1 = Math.max(y0 + 1, Math.ceil(Math.log10(hi)));
        BufferedImage img = PlotCanvas.blank(W, H);
        Graphics2D g = PlotCanvas.graphics(img);
        int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.drawString(title, LEFT, 22);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (Point p : points) {
            int x = xOf(p.side(), x0, x1, pw);
            g.setColor(new Color(0xdddddd));
            g.drawLine(x, TOP, x, TOP + ph);
            g.setColor(Color.DARK_GRAY);
            String s = p.side() + "²";
            g.drawString(s, x - g.getFontMetrics().stringWidth(s) / 2, TOP + ph + 15);
        }
        for (int k = (int) y0; k <= (int) y1; k++) {
            int y = yOf(Math.pow(10, k), y0, y1, ph);
            g.setColor(new Color(0xdddddd));
            g.drawLine(LEFT, y, LEFT + pw, y);
            g.setColor(Color.DARK_GRAY);
            String s = k >= 0 ? String.format(Locale.ROOT, "%.0f", Math.pow(10, k)) : String.format(Locale.ROOT, "%s", Math.pow(10, k));
            g.drawString(s, LEFT - 6 - g.getFontMetrics().stringWidth(s), y + 4);
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, pw, ph);
        g.drawString("image size (pixels)", LEFT + pw / 2 - 45, H - 14);
        g.rotate(-Math.PI / 2);
        g.drawString("ms per frame", -(TOP + ph / 2 + 35), 18);
        g.rotate(Math.PI / 2);
        line(g, points, true, GPU, x0, x1, y0, y1, pw, ph);
        line(g, points, false, CPU, x0, x1, y0, y1, pw, ph);
        g.setColor(Color.BLACK);
        for (Point p : points) {
            String s = String.format(Locale.ROOT, "×%.1f", p.cpuMs() / p.gpuMs());
            g.drawString(s, xOf(p.side(), x0, x1, pw) - g.getFontMetrics().stringWidth(s) / 2, TOP + 14);
        }
        g.setColor(GPU);
        g.drawString("GPU tracer", LEFT + 10, TOP + 32);
        g.setColor(CPU);
        g.drawString("CPU tracer (speed-up = CPU / GPU, along the top)", LEFT + 10, TOP + 46);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return out.toByteArray();
    }

    private static void line(Graphics2D g, List<Point> points, boolean gpu, Color c, double x0, double x1, double y0, double y1, int pw, int ph) {
        g.setColor(c);
        g.setStroke(new BasicStroke(2f));
        int[] xs = new int[points.size()], ys = new int[points.size()];
        for (int i = 0; i < xs.length; i++) {
            Point p = points.get(i);
            xs[i] = xOf(p.side(), x0, x1, pw);
            ys[i] = yOf(gpu ? p.gpuMs() : p.cpuMs(), y0, y1, ph);
            g.fillOval(xs[i] - 3, ys[i] - 3, 6, 6);
        }
        g.drawPolyline(xs, ys, xs.length);
        g.setStroke(new BasicStroke(1f));
    }

    private static int xOf(int side, double x0, double x1, int pw) {
        double margin = 0.06 * pw;
        return LEFT + (int) Math.round(margin + (Math.log(side) / Math.log(2) - x0) / (x1 - x0) * (pw - 2 * margin));
    }

    private static int yOf(double ms, double y0, double y1, int ph) {
        return TOP + ph - (int) Math.round((Math.log10(ms) - y0) / (y1 - y0) * ph);
    }
}
