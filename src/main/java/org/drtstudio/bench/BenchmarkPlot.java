package org.drtstudio.bench;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The results page's plots, drawn headless with java.awt into PNGs, on a log scale so llvmpipe and a
 * datacentre GPU fit one axis: Mrays/s per scene, one panel per ray type (primary, shadow, glossy),
 * one bar per machine and tracer (each GPU, and the CPU reference tracer of each run), the issue's
 * GPU targets marked on the million-triangle scene; and the traversal variants of the GPU run,
 * one panel each for coherent and incoherent rays.
 */
final class BenchmarkPlot {
    private static final String[] KINDS = {"primary", "shadow", "glossy"};
    private static final String[] TITLES = {"Primary rays (closest hit)", "Shadow rays (any hit)", "Glossy reflection rays (closest hit)"};
    private static final double[] TARGETS = {2000, 3000, 500};
    private static final String[] VARIANTS = {"spheres", "spheres_paired", "boxes", "boxes_ordered", "boxes_wide4", "box_layout"};
    private static final String[] VARIANT_LABELS = {"sphere nodes", "sphere nodes, two rays together (paired)",
            "box nodes, fixed order", "box nodes ordered per octant (8 layouts)", "4-wide box nodes, short stack",
            "box layout, nearer child first, short stack (default)"};
    private static final Color[] PALETTE = {new Color(0x1b9e77), new Color(0xd95f02), new Color(0x7570b3),
            new Color(0xe7298a), new Color(0x66a61e), new Color(0xe6ab02)};
    private static final int BAR = 13, ROW_GAP = 10, PANEL_W = 520, LABEL_W = 120, TOP = 110, BOTTOM = 50;

    private BenchmarkPlot() {
    }

    /** One panel: a title, the key part its figures share, and a target line (NaN: none). */
    private record Panel(String title, String kind, double target) {
    }

    /** One bar colour and where its figure for a scene and panel comes from. */
    private record Series(String label, Color color, BiFunction<String, Panel, Double> figure) {
        double value(String scene, Panel panel) {
            Double v = figure.apply(scene, panel);
            return v == null ? Double.NaN : v;
        }
    }

    /** The rays plot: per ray type, each GPU and each run's CPU reference tracer. */
    static void write(List<BenchmarkRun> runs, Path file) throws IOException {
        List<Panel> panels = new ArrayList<>();
        for (int k = 0; k < KINDS.length; k++) panels.add(new Panel(TITLES[k], KINDS[k], TARGETS[k]));
        List<Series> series = new ArrayList<>();
        for (BenchmarkRun run : runs) {
            if (run.hasGpu()) series.add(new Series("GPU tracer: " + run.gpuLabel(), PALETTE[series.size() % PALETTE.length],
                    (scene, p) -> run.figure(scene, p.kind() + "_mrays_per_s")));
        }
        for (BenchmarkRun run : runs) {
            Object threads = run.settings().get("cpu_threads");
            if (threads instanceof Number n && n.intValue() > 0) {
                series.add(new Series("CPU reference tracer, " + n.intValue() + " threads (" + run.gpuLabel() + " host)",
                        PALETTE[series.size() % PALETTE.length], (scene, p) -> run.figure(scene, "cpu_" + p.kind() + "_mrays_per_s")));
            }
        }
        draw("Mrays/s per scene (log scale; longer is faster), 1920x1080 rays, CPU tracer at reduced size",
                "dashed red: the issue's GPU target on bunny_1m", panels, series, scenes(runs), file);
    }

    /**
     * The variants plot: the traversal variants of one run (the first hardware GPU's that measured
     * them), coherent and incoherent rays; false when no run has them.
     */
    static boolean writeVariants(List<BenchmarkRun> runs, Path file) throws IOException {
        BenchmarkRun run = runs.stream()
                .filter(r -> r.hasGpu() && !r.sceneNames().isEmpty()
                        && !Double.isNaN(r.figure(r.sceneNames().get(0), "variant_coherent_spheres_mrays_per_s")))
                .findFirst().orElse(null);
        if (run == null) return false;
        List<Panel> panels = List.of(new Panel("Coherent rays (two camera rays a pixel)", "coherent", Double.NaN),
                new Panel("Incoherent rays (random directions)", "incoherent", Double.NaN));
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < VARIANTS.length; i++) {
            String key = VARIANTS[i];
            series.add(new Series(VARIANT_LABELS[i], PALETTE[i % PALETTE.length],
                    (scene, p) -> run.figure(scene, "variant_" + p.kind() + "_" + key + "_mrays_per_s")));
        }
        draw("Traversal variants on " + run.gpuLabel() + ", Mrays/s per scene (log scale; longer is faster), 1920x1080",
                "same hits in every variant; the box layout is the default of both tracers", panels, series, run.sceneNames(), file);
        return true;
    }

    private static List<String> scenes(List<BenchmarkRun> runs) {
        Set<String> sceneSet = new LinkedHashSet<>();
        for (BenchmarkRun run : runs) sceneSet.addAll(run.sceneNames());
        return new ArrayList<>(sceneSet);
    }

    private static void draw(String title, String note, List<Panel> panels, List<Series> series, List<String> scenes, Path file)
            throws IOException {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (Series s : series) {
            for (String scene : scenes) {
                for (Panel p : panels) {
                    double v = s.value(scene, p);
                    if (v > 0) {
                        lo = Math.min(lo, v);
                        hi = Math.max(hi, v);
                    }
                }
            }
        }
        for (Panel p : panels) if (!Double.isNaN(p.target())) hi = Math.max(hi, p.target());
        if (!(lo < Double.POSITIVE_INFINITY)) lo = 0.1;
        int decadeLo = (int) Math.floor(Math.log10(lo) - 0.3), decadeHi = (int) Math.ceil(Math.log10(hi));
        if (decadeHi <= decadeLo) decadeHi = decadeLo + 1;

        int rowH = Math.max(1, series.size()) * BAR + ROW_GAP;
        int width = LABEL_W + panels.size() * (PANEL_W + 30) + 20;
        int height = TOP + scenes.size() * rowH + BOTTOM;
        BufferedImage img = PlotCanvas.blank(width, height);
        Graphics2D g = PlotCanvas.graphics(img);
        try {
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
            g.drawString(title, 12, 24);
            legend(g, series, note, 12, 44, width);
            for (int k = 0; k < panels.size(); k++) {
                int x0 = LABEL_W + k * (PANEL_W + 30);
                panel(g, series, scenes, panels.get(k), x0, rowH, decadeLo, decadeHi);
            }
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            g.setColor(Color.BLACK);
            for (int i = 0; i < scenes.size(); i++) {
                int yMid = TOP + i * rowH + (rowH - ROW_GAP) / 2 + 5;
                g.drawString(scenes.get(i), 8, yMid);
            }
        } finally {
            g.dispose();
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        if (!ImageIO.write(img, "png", file.toFile())) throw new IOException("no PNG writer for " + file);
    }

    private static void legend(Graphics2D g, List<Series> series, String note, int x, int y, int width) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        FontMetrics fm = g.getFontMetrics();
        int cx = x, cy = y;
        for (Series s : series) {
            int w = 18 + fm.stringWidth(s.label()) + 24;
            if (cx + w > width - 10) {
                cx = x;
                cy += 20;
            }
            g.setColor(s.color());
            g.fillRect(cx, cy, 12, 12);
            g.setColor(Color.BLACK);
            g.drawString(s.label(), cx + 18, cy + 11);
            cx += w;
        }
        g.setColor(Color.DARK_GRAY);
        g.drawString(note, x, cy + 34);
    }

    private static void panel(Graphics2D g, List<Series> series, List<String> scenes, Panel panel, int x0, int rowH,
                              int decadeLo, int decadeHi) {
        int plotBottom = TOP + scenes.size() * rowH;
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.setColor(Color.BLACK);
        g.drawString(panel.title(), x0, TOP - 12);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (int d = decadeLo; d <= decadeHi; d++) {
            int x = xOf(Math.pow(10, d), x0, decadeLo, decadeHi);
            g.setColor(new Color(0xdddddd));
            g.drawLine(x, TOP - 4, x, plotBottom);
            g.setColor(Color.DARK_GRAY);
            String label = d >= 0 ? String.format(Locale.ROOT, "%,d", (long) Math.pow(10, d)) : String.format(Locale.ROOT, "%s", Math.pow(10, d));
            g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, plotBottom + 16);
        }
        g.drawString("Mrays/s", x0 + PANEL_W / 2 - 20, plotBottom + 32);
        for (int i = 0; i < scenes.size(); i++) {
            String scene = scenes.get(i);
            int y = TOP + i * rowH;
            for (int s = 0; s < series.size(); s++) {
                double v = series.get(s).value(scene, panel);
                if (!(v > 0)) continue;
                int x = xOf(v, x0, decadeLo, decadeHi);
                g.setColor(series.get(s).color());
                g.fillRect(x0, y + s * BAR, Math.max(1, x - x0), BAR - 2);
                g.setColor(Color.BLACK);
                g.drawString(BenchmarkReport.num(v), x + 3, y + s * BAR + BAR - 3);
            }
            if (scene.equals(BenchmarkReport.TARGET_SCENE) && !Double.isNaN(panel.target())) {
                int x = xOf(panel.target(), x0, decadeLo, decadeHi);
                g.setColor(Color.RED);
                g.setStroke(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{4f, 3f}, 0f));
                g.drawLine(x, y - 2, x, y + rowH - ROW_GAP + 2);
                g.setStroke(new BasicStroke(1f));
            }
        }
        g.setColor(Color.GRAY);
        g.drawLine(x0, TOP - 4, x0, plotBottom);
    }

    private static int xOf(double v, int x0, int decadeLo, int decadeHi) {
        double f = (Math.log10(v) - decadeLo) / (decadeHi - decadeLo);
        return x0 + (int) Math.round(Math.max(0, Math.min(1, f)) * (PANEL_W - 50));
    }
}
