package org.drtstudio.lab;

import org.drtstudio.bench.PlotCanvas;
import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns {@link AdaptiveMeasurement}'s CSV into the results page's equal-time table (markdown, to
 * stdout) and plot (PNG): per scene, RMSE against CPU time for fixed sample counts and for adaptive
 * sampling, on log–log axes; the table gives, for each threshold, the fixed-count RMSE at the same
 * CPU time, interpolated between the neighbouring fixed counts in log–log.
 */
public final class AdaptiveReport {
    private AdaptiveReport() {
    }

    /** One render: its CPU seconds, mean samples per pixel and RMSE; {@code setting} is the spp or the threshold. */
    record Point(String setting, double cpu, double spp, double rmse) {
    }

    record Curves(List<Point> fixed, List<Point> adaptive) {
    }

    static Map<String, Curves> read(Path csv) throws Exception {
        Map<String, Curves> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(csv)) {
            String[] f = line.split(",");
            if (f.length != 6 || f[0].equals("scene")) continue;
            Curves c = out.computeIfAbsent(f[0], k -> new Curves(new ArrayList<>(), new ArrayList<>()));
            Point p = new Point(f[2], Double.parseDouble(f[3]), Double.parseDouble(f[4]), Double.parseDouble(f[5]));
            (f[1].equals("fixed") ? c.fixed() : c.adaptive()).add(p);
        }
        return out;
    }

    /** The fixed-count RMSE at {@code cpu} seconds, log–log between the nearest measured counts; NaN outside them. */
    static double fixedAt(List<Point> fixed, double cpu) {
        List<Point> sorted = new ArrayList<>(fixed);
        sorted.sort((a, b) -> Double.compare(a.cpu(), b.cpu()));
        for (int i = 0; i + 1 < sorted.size(); i++) {
            Point a = sorted.get(i), b = sorted.get(i + 1);
            if (cpu >= a.cpu() && cpu <= b.cpu()) {
                double t = (Math.log(cpu) - Math.log(a.cpu())) / (Math.log(b.cpu()) - Math.log(a.cpu()));
                return Math.exp(Math.log(a.rmse()) + t * (Math.log(b.rmse()) - Math.log(a.rmse())));
            }
        }
        return Double.NaN;
    }

    public static void main(String[] args) throws Exception {
        Map<String, Curves> data = read(Path.of(args[0]));
        System.out.println("| scene | threshold | mean spp | CPU s | RMSE adaptive | RMSE fixed, same CPU time | ratio |");
        System.out.println("|---|---|---|---|---|---|---|");
        data.forEach((scene, c) -> {
            for (Point p : c.adaptive()) {
                double fixed = fixedAt(c.fixed(), p.cpu());
                System.out.printf(Locale.ROOT, "| %s | %s | %.0f | %.1f | %.2f | %s | %s |%n", scene, p.setting(), p.spp(), p.cpu(), p.rmse(),
                        Double.isNaN(fixed) ? "—" : String.format(Locale.ROOT, "%.2f", fixed),
                        Double.isNaN(fixed) ? "—" : String.format(Locale.ROOT, "**%.2f**", p.rmse() / fixed));
            }
        });
        plot(data, Path.of(args[1]));
    }

    static void plot(Map<String, Curves> data, Path file) throws Exception {
        int panelW = 330, panelH = 260, cols = Math.min(3, data.size()), rows = (data.size() + cols - 1) / cols;
        BufferedImage img = PlotCanvas.blank(cols * panelW, rows * panelH + 40);
        Graphics2D g = PlotCanvas.graphics(img);
        Color fixedColour = new Color(0x7570b3), adaptiveColour = new Color(0xd95f02);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.setColor(fixedColour);
        g.drawString("— fixed spp (8 … 512)", 10, 18);
        g.setColor(adaptiveColour);
        g.drawString("— adaptive, --noise-threshold 0.1 … 0.02 (max 512)", 170, 18);
        g.setColor(Color.DARK_GRAY);
        g.drawString("RMSE (0–255) against CPU seconds, log–log", 520, 18);
        int k = 0;
        for (Map.Entry<String, Curves> e : data.entrySet()) {
            int x0 = (k % cols) * panelW + 50, y0 = 40 + (k / cols) * panelH + 20, w = panelW - 70, h = panelH - 60;
            List<Point> all = new ArrayList<>(e.getValue().fixed());
            all.addAll(e.getValue().adaptive());
            double tMin = all.stream().mapToDouble(Point::cpu).min().orElse(1), tMax = all.stream().mapToDouble(Point::cpu).max().orElse(2);
            double rMin = all.stream().mapToDouble(Point::rmse).min().orElse(1), rMax = all.stream().mapToDouble(Point::rmse).max().orElse(2);
            double lt0 = Math.log(tMin * 0.9), lt1 = Math.log(tMax * 1.1), lr0 = Math.log(rMin * 0.9), lr1 = Math.log(rMax * 1.1);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1f));
            g.drawRect(x0, y0, w, h);
            g.drawString(e.getKey(), x0 + 4, y0 - 6);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            g.drawString(String.format(Locale.ROOT, "%.1f s", tMin), x0, y0 + h + 14);
            g.drawString(String.format(Locale.ROOT, "%.1f s", tMax), x0 + w - 36, y0 + h + 14);
            g.drawString(String.format(Locale.ROOT, "%.2f", rMax), x0 - 40, y0 + 10);
            g.drawString(String.format(Locale.ROOT, "%.2f", rMin), x0 - 40, y0 + h);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            for (int series = 0; series < 2; series++) {
                List<Point> pts = new ArrayList<>(series == 0 ? e.getValue().fixed() : e.getValue().adaptive());
                pts.sort((a, b) -> Double.compare(a.cpu(), b.cpu()));
                g.setColor(series == 0 ? fixedColour : adaptiveColour);
                g.setStroke(new BasicStroke(2f));
                int px = -1, py = -1;
                for (Point p : pts) {
                    int x = x0 + (int) Math.round((Math.log(p.cpu()) - lt0) / (lt1 - lt0) * w);
                    int y = y0 + h - (int) Math.round((Math.log(p.rmse()) - lr0) / (lr1 - lr0) * h);
                    g.fillOval(x - 3, y - 3, 7, 7);
                    if (px >= 0) g.drawLine(px, py, x, y);
                    px = x;
                    py = y;
                }
            }
            k++;
        }
        g.dispose();
        Files.createDirectories(file.toAbsolutePath().getParent());
        ImageIO.write(img, "png", file.toFile());
    }
}
