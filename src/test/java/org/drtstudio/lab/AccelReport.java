package org.drtstudio.lab;

import org.drtstudio.bench.PlotCanvas;
import org.drtstudio.bench.BenchmarkJson;
import org.drtstudio.accel.AccelStructure;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the JSON of {@code drt bench --suite accel} into the table and the plot of docs/BENCHMARKS.md
 * ("Acceleration structures"): a Markdown table per scene and structure, and a PNG (Java2D, headless) with two
 * panels, GPU primary rays per second of each structure (log scale) and the grid-resolution sweep
 * relative to the default density. Run as
 * {@code scripts/lab.sh AccelReport OUT.png IN.json...};
 * it prints the table.
 */
public final class AccelReport {
    private AccelReport() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: AccelReport OUT.png IN.json...");
            System.exit(2);
        }
        Map<String, Map<String, Object>> scenes = new LinkedHashMap<>();
        Map<String, Map<String, Object>> sweeps = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            Map<String, Object> accel = map(BenchmarkJson.read(Path.of(args[i])).get("accel"));
            map(accel.get("scenes")).forEach((k, v) -> scenes.put(k, map(v)));
            map(accel.get("grid_sweep")).forEach((k, v) -> sweeps.put(k, map(v)));
        }
        System.out.print(table(scenes));
        ImageIO.write(plot(scenes, sweeps), "png", Path.of(args[0]).toFile());
    }

    static String table(Map<String, Map<String, Object>> scenes) {
        StringBuilder b = new StringBuilder("| scene | primitives | structure | build ms | MB | GPU primary | GPU shadow | CPU primary | CPU shadow |\n"
                + "|---|---:|---|---:|---:|---:|---:|---:|---:|\n");
        scenes.forEach((name, r) -> {
            for (AccelStructure s : AccelStructure.forMeshes()) {
                Map<String, Object> m = map(r.get(s.cliName()));
                b.append(String.format(Locale.ROOT, "| %s | %,d | %s | %.1f | %.2f | %,.0f | %,.0f | %.1f | %.1f |%n",
                        s == AccelStructure.BVH ? name : "", s == AccelStructure.BVH ? num(r.get("primitives")).longValue() : 0,
                        s.cliName(), num(m.get("build_ms")).doubleValue(), num(m.get("bytes")).doubleValue() / 1e6,
                        val(m, "gpu_primary_mrays_per_s"), val(m, "gpu_shadow_mrays_per_s"),
                        val(m, "cpu_primary_mrays_per_s"), val(m, "cpu_shadow_mrays_per_s")));
            }
        });
        return b.toString().replace("|  | 0 |", "| | |");
    }

    private static final Color[] COLOURS = {new Color(0x4477aa), new Color(0xee6677), new Color(0x228833), new Color(0xccbb44),
            new Color(0x66ccee), new Color(0xaa3377), new Color(0x888888)};

    /** The two panels as a PNG (Java2D, headless). */
    static BufferedImage plot(Map<String, Map<String, Object>> scenes, Map<String, Map<String, Object>> sweeps) {
        int w = 1000, h = 380, left = 64, top = 34, plotH = 250, panel1 = 590;
        BufferedImage img = PlotCanvas.blank(w, h);
        Graphics2D g = PlotCanvas.graphics(img);
        Font plain = new Font(Font.SANS_SERIF, Font.PLAIN, 11), bold = plain.deriveFont(Font.BOLD, 12f);
        // Panel 1: GPU primary Mrays/s per scene and structure, log scale 10 .. 100,000.
        g.setFont(bold);
        g.setColor(Color.BLACK);
        g.drawString("GPU primary rays, Mrays/s (log scale), H100, 1920x1080", left, 18);
        g.setFont(plain);
        double lo = 1, hi = 5;
        for (int e = 1; e <= 5; e++) {
            int y = (int) Math.round(top + plotH * (1 - (e - lo) / (hi - lo)));
            g.setColor(new Color(0xdddddd));
            g.drawLine(left, y, panel1, y);
            g.setColor(Color.BLACK);
            right(g, String.format(Locale.ROOT, "%,d", (long) Math.pow(10, e)), left - 4, y + 4);
        }
        int n = scenes.size(), k = 0;
        double group = (panel1 - left) / (double) Math.max(1, n), bar = group / 4.2;
        for (Map.Entry<String, Map<String, Object>> e : scenes.entrySet()) {
            double x0 = left + k * group + 0.3 * bar;
            int c = 0;
            for (AccelStructure st : AccelStructure.forMeshes()) {
                double v = val(map(e.getValue().get(st.cliName())), "gpu_primary_mrays_per_s");
                int y = (int) Math.round(top + plotH * (1 - (Math.log10(Math.max(v, 10)) - lo) / (hi - lo)));
                g.setColor(COLOURS[c]);
                g.fillRect((int) Math.round(x0 + c * bar), y, (int) Math.max(1, Math.round(bar * 0.9)), top + plotH - y);
                c++;
            }
            g.setColor(Color.BLACK);
            centre(g, e.getKey(), x0 + 1.5 * bar, top + plotH + 15);
            k++;
        }
        int c = 0;
        for (AccelStructure st : AccelStructure.forMeshes()) {
            g.setColor(COLOURS[c]);
            g.fillRect(left + 10 + 80 * c, h - 30, 10, 10);
            g.setColor(Color.BLACK);
            g.drawString(st.cliName(), left + 24 + 80 * c, h - 21);
            c++;
        }
        // Panel 2: the sweep, GPU primary rays relative to the default density (2 cells a primitive).
        int x1 = 660, x2 = 960;
        g.setFont(bold);
        g.drawString("Grid sweep: GPU primary rays / at density 2", x1 - 30, 18);
        g.setFont(plain);
        List<String> densities = new ArrayList<>();
        sweeps.values().stream().findFirst().ifPresent(m -> densities.addAll(m.keySet()));
        double rlo = 0.4, rhi = 1.6;
        for (int i = 0; i <= 6; i++) {
            double r = rlo + 0.2 * i;
            int y = (int) Math.round(top + plotH * (1 - (r - rlo) / (rhi - rlo)));
            g.setColor(i == 3 ? new Color(0x999999) : new Color(0xdddddd));
            g.drawLine(x1, y, x2, y);
            g.setColor(Color.BLACK);
            right(g, String.format(Locale.ROOT, "%.1f", r), x1 - 4, y + 4);
        }
        for (int i = 0; i < densities.size(); i++)
            centre(g, densities.get(i).replace("density_", ""), x1 + (x2 - x1) * i / (double) Math.max(1, densities.size() - 1), top + plotH + 15);
        centre(g, "cells per primitive", (x1 + x2) / 2.0, top + plotH + 29);
        int line = 0;
        g.setStroke(new BasicStroke(1.6f));
        for (Map.Entry<String, Map<String, Object>> e : sweeps.entrySet()) {
            Object base = e.getValue().get("density_2");
            if (base == null) continue;
            double ref = val(map(base), "gpu_primary_mrays_per_s");
            Color colour = COLOURS[line % COLOURS.length];
            g.setColor(colour);
            int px = -1, py = -1;
            for (int i = 0; i < densities.size(); i++) {
                Object m = e.getValue().get(densities.get(i));
                if (m == null || ref <= 0) continue;
                double r = Math.max(rlo, Math.min(rhi, val(map(m), "gpu_primary_mrays_per_s") / ref));
                int x = (int) Math.round(x1 + (x2 - x1) * i / (double) Math.max(1, densities.size() - 1));
                int y = (int) Math.round(top + plotH * (1 - (r - rlo) / (rhi - rlo)));
                if (px >= 0) g.drawLine(px, py, x, y);
                g.fillOval(x - 2, y - 2, 5, 5);
                px = x;
                py = y;
            }
            g.drawString(e.getKey(), x1 - 40 + 85 * (line % 4), h - 21 + 13 * (line / 4));
            line++;
        }
        g.dispose();
        return img;
    }

    private static void right(Graphics2D g, String t, double x, double y) {
        g.drawString(t, (float) (x - g.getFontMetrics().stringWidth(t)), (float) y);
    }

    private static void centre(Graphics2D g, String t, double x, double y) {
        g.drawString(t, (float) (x - g.getFontMetrics().stringWidth(t) / 2.0), (float) y);
    }

    private static double val(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? 0 : num(v).doubleValue();
    }

    private static Number num(Object o) {
        return o instanceof Number n ? n : 0;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
