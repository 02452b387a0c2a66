package org.drtstudio.lab;

import org.drtstudio.bench.PlotCanvas;
import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Draws {@link NoiseCurves}' CSVs as small log-log line plots (java.awt, headless) for
 * docs/RESULTS.md: RMSE against samples per pixel and against seconds, one colour per scene, solid
 * for the plain render, dashed for the denoised one.
 */
public final class NoisePlot {
    /** ColorBrewer's Dark2: eight scenes (four measurement, four held-out) each in a colour of its own. */
    private static final Color[] PALETTE = {new Color(0x1b9e77), new Color(0xd95f02), new Color(0x7570b3), new Color(0xe7298a),
            new Color(0x66a61e), new Color(0xe6ab02), new Color(0xa6761d), new Color(0x666666)};
    private static final int W = 600, H = 380, LEFT = 60, RIGHT = 200, TOP = 34, BOTTOM = 46;

    private NoisePlot() {
    }

    /** A line: label, colour, dashed or not, points (x, y). */
    record Line(String label, Color color, boolean dashed, List<double[]> points) {
    }

    /**
     * {@code curves CURVE.csv SPP.png TIME.png}: the sample-count and equal-time plots of the noise
     * scenes (means over seeds); {@code gpucurves CURVE.csv SPP.png TIME.png}: the same of {@link GpuNoiseCurves}'
     * CSV (1080p, wall seconds of the whole call); {@code preview PREVIEW.csv OUT.png}: the progressive run's RMSE over time.
     */
    public static void main(String[] args) throws IOException {
        if (args[0].equals("preview")) {
            List<double[]> plain = new ArrayList<>(), denoised = new ArrayList<>();
            for (String row : Files.readAllLines(Path.of(args[1])).subList(1, Files.readAllLines(Path.of(args[1])).size())) {
                String[] f = row.split(",");
                double t = Double.parseDouble(f[1]);
                plain.add(new double[]{t, Double.parseDouble(f[2])});
                if (!f[3].equals("NaN")) denoised.add(new double[]{t, Double.parseDouble(f[3])});
            }
            draw("Studio default scene, progressive passes", "seconds", List.of(
                    new Line("as rendered", PALETTE[0], false, plain), new Line("denoised", PALETTE[0], true, denoised)),
                    Path.of(args[2]));
            return;
        }
        boolean gpu = args[0].equals("gpucurves");
        // scene -> kind -> spp -> {sum seconds, sum rmse, n}
        Map<String, Map<String, TreeMap<Integer, double[]>>> data = new LinkedHashMap<>();
        List<String> rows = Files.readAllLines(Path.of(args[1]));
        // The plots show the plain and the (default) denoised render; the other guide counts are in the tables.
        List<String[]> plotted = rows.stream().skip(1).map(r -> r.split(","))
                .filter(f -> f[3].equals("plain") || f[3].equals("denoised")).toList();
        // The process's CPU clock ticks every 10 ms on Linux: renders too quick for it (a smoke test's tiny
        // image) measured no CPU time, or none for some rows. The time plot then uses the wall seconds for
        // all rows, so no curve loses points: asking whether any row had CPU time let a run whose only ticks
        // fell on rows not plotted leave the plot with no point at all.
        boolean cpu = !gpu && rows.get(0).endsWith("cpu_seconds") && !plotted.isEmpty()
                && plotted.stream().allMatch(f -> f.length > 6 && Double.parseDouble(f[6]) > 0);
        for (String[] f : plotted) {
            double[] acc = data.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).computeIfAbsent(f[3], k -> new TreeMap<>())
                    .computeIfAbsent(Integer.parseInt(f[1]), k -> new double[3]);
            // GPU rows: wall milliseconds and RMSE last; CPU rows: the process's CPU seconds where measured.
            acc[0] += gpu ? Double.parseDouble(f[4]) / 1e3 : Double.parseDouble(cpu ? f[6] : f[4]);
            acc[1] += Double.parseDouble(gpu ? f[6] : f[5]);
            acc[2]++;
        }
        List<Line> bySamples = new ArrayList<>(), byTime = new ArrayList<>();
        int c = 0;
        for (var scene : data.entrySet()) {
            Color colour = PALETTE[c++ % PALETTE.length];
            for (var kind : scene.getValue().entrySet()) {
                List<double[]> s = new ArrayList<>(), t = new ArrayList<>();
                for (var p : kind.getValue().entrySet()) {
                    double[] a = p.getValue();
                    s.add(new double[]{p.getKey(), a[1] / a[2]});
                    t.add(new double[]{a[0] / a[2], a[1] / a[2]});
                }
                boolean dashed = kind.getKey().equals("denoised");
                String label = scene.getKey() + (dashed ? ", denoised" : "");
                bySamples.add(new Line(label, colour, dashed, s));
                byTime.add(new Line(label, colour, dashed, t));
            }
        }
        draw(gpu ? "RMSE against samples per pixel (GPU tracer, 1920x1080)" : "RMSE against samples per pixel (160x120)",
                "samples per pixel", bySamples, Path.of(args[2]));
        draw(gpu ? "RMSE against wall time of the call (GPU tracer)" : "RMSE against render time (CPU tracer, 2 threads)",
                cpu ? "CPU seconds" : "seconds", byTime, Path.of(args[3]));
    }

    static void draw(String title, String xLabel, List<Line> measured, Path file) throws IOException {
        // A log axis has no place for zero (a render too quick for the CSV's 0.1 ms): such points are left out,
        // where their log would have sent the grid's loops from Integer.MIN_VALUE.
        List<Line> lines = measured.stream().map(l -> new Line(l.label(), l.color(), l.dashed(),
                l.points().stream().filter(p -> p[0] > 0 && p[1] > 0).toList())).toList();
        if (lines.stream().allMatch(l -> l.points().isEmpty()))
            throw new IllegalArgumentException(file + ": no positive point to draw on log-log axes");
        double x0 = Double.MAX_VALUE, x1 = 0, y0 = Double.MAX_VALUE, y1 = 0;
        for (Line l : lines) {
            for (double[] p : l.points()) {
                x0 = Math.min(x0, p[0]);
                x1 = Math.max(x1, p[0]);
                y0 = Math.min(y0, p[1]);
                y1 = Math.max(y1, p[1]);
            }
        }
        double lx0 = Math.floor(Math.log10(x0) * 2) / 2, lx1 = Math.ceil(Math.log10(x1) * 2) / 2;
        double ly0 = Math.floor(Math.log10(y0) * 4) / 4, ly1 = Math.ceil(Math.log10(y1) * 4) / 4;
        BufferedImage img = PlotCanvas.blank(W, H);
        Graphics2D g = PlotCanvas.graphics(img);
        int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.setColor(Color.BLACK);
        g.drawString(title, LEFT, 20);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        // Grid at 1, 2, 5 × 10^k on both axes.
        for (int k = (int) Math.floor(lx0); k <= (int) Math.ceil(lx1); k++) {
            for (int m : new int[]{1, 2, 5}) {
                double lv = Math.log10(m * Math.pow(10, k));
                if (lv < lx0 - 1e-9 || lv > lx1 + 1e-9) continue;
                int x = LEFT + (int) Math.round((lv - lx0) / (lx1 - lx0) * pw);
                g.setColor(new Color(0xdddddd));
                g.drawLine(x, TOP, x, TOP + ph);
                g.setColor(Color.DARK_GRAY);
                String s = label(m * Math.pow(10, k));
                g.drawString(s, x - g.getFontMetrics().stringWidth(s) / 2, TOP + ph + 15);
            }
        }
        for (int k = (int) Math.floor(ly0); k <= (int) Math.ceil(ly1); k++) {
            for (int m : new int[]{1, 2, 5}) {
                double lv = Math.log10(m * Math.pow(10, k));
                if (lv < ly0 - 1e-9 || lv > ly1 + 1e-9) continue;
                int y = TOP + ph - (int) Math.round((lv - ly0) / (ly1 - ly0) * ph);
                g.setColor(new Color(0xdddddd));
                g.drawLine(LEFT, y, LEFT + pw, y);
                g.setColor(Color.DARK_GRAY);
                String s = label(m * Math.pow(10, k));
                g.drawString(s, LEFT - 6 - g.getFontMetrics().stringWidth(s), y + 4);
            }
        }
        g.setColor(Color.BLACK);
        g.drawRect(LEFT, TOP, pw, ph);
        g.drawString(xLabel, LEFT + pw / 2 - g.getFontMetrics().stringWidth(xLabel) / 2, H - 12);
        g.rotate(-Math.PI / 2);
        g.drawString("RMSE (0-255, sRGB)", -(TOP + ph / 2 + 50), 16);
        g.rotate(Math.PI / 2);
        int legendY = TOP + 6;
        for (Line l : lines) {
            g.setColor(l.color());
            g.setStroke(l.dashed() ? new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, new float[]{6f, 4f}, 0f)
                    : new BasicStroke(2f));
            int[] xs = new int[l.points().size()], ys = new int[l.points().size()];
            for (int i = 0; i < xs.length; i++) {
                double[] p = l.points().get(i);
                xs[i] = LEFT + (int) Math.round((Math.log10(p[0]) - lx0) / (lx1 - lx0) * pw);
                ys[i] = TOP + ph - (int) Math.round((Math.log10(p[1]) - ly0) / (ly1 - ly0) * ph);
                g.fillOval(xs[i] - 3, ys[i] - 3, 6, 6);
            }
            g.drawPolyline(xs, ys, xs.length);
            g.drawLine(LEFT + pw + 10, legendY, LEFT + pw + 34, legendY);
            g.setStroke(new BasicStroke(1f));
            g.setColor(Color.BLACK);
            g.drawString(l.label(), LEFT + pw + 38, legendY + 4);
            legendY += 16;
        }
        g.dispose();
        Files.createDirectories(file.toAbsolutePath().getParent());
        ImageIO.write(img, "png", file.toFile());
    }

    private static String label(double v) {
        return v >= 1 ? String.format(Locale.ROOT, "%.0f", v) : new java.math.BigDecimal(v).round(new java.math.MathContext(1)).stripTrailingZeros().toPlainString();
    }
}
