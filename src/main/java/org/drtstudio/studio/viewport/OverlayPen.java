package org.drtstudio.studio.viewport;

import javafx.scene.Node;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.shape.Ellipse;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.shape.Shape;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import java.util.ArrayList;
import java.util.List;

/**
 * Draws the viewport's overlay (gizmo, light icons, focus plane, export frame, render region) as
 * shape nodes in a clipped, transparent pane, with the few drawing calls of a canvas's graphics
 * context that the overlay uses.
 *
 * <p>Why not a canvas: JavaFX's software pipeline (the studio's only one without a GPU) keeps a
 * canvas as an image of its whole size, so every preview frame under a viewport-sized canvas
 * blended all of it again, and every redraw first cleared all of it: while a model was dragged,
 * 45 % of the render thread's time, which the FX thread waits for at its next pulse. Shapes cost
 * only the pixels they cover.
 */
final class OverlayPen {
    private final Pane pane = new Pane();
    private final List<Node> drawn = new ArrayList<>();
    private Paint fill = Color.BLACK, stroke = Color.BLACK;
    private double lineWidth = 1;
    private double[] dashes;
    private Font font = Font.getDefault();

    OverlayPen() {
        pane.setMouseTransparent(true);
        pane.setPickOnBounds(false);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(pane.widthProperty());
        clip.heightProperty().bind(pane.heightProperty());
        pane.setClip(clip);
    }

    /** The pane the overlay's shapes live in (transparent; sized by its parent). */
    Pane node() {
        return pane;
    }

    /** Starts a new drawing: shapes drawn until {@link #show()} replace the ones shown. */
    void clear() {
        drawn.clear();
        fill = Color.BLACK;
        stroke = Color.BLACK;
        lineWidth = 1;
        dashes = null;
    }

    /** Puts the shapes drawn since {@link #clear()} on screen. */
    void show() {
        pane.getChildren().setAll(drawn);
    }

    void setFill(Paint p) {
        fill = p;
    }

    void setStroke(Paint p) {
        stroke = p;
    }

    void setLineWidth(double w) {
        lineWidth = w;
    }

    void setLineDashes(double... d) {
        dashes = d == null || d.length == 0 ? null : d.clone();
    }

    void setFont(Font f) {
        font = f;
    }

    void fillRect(double x, double y, double w, double h) {
        if (w > 0 && h > 0) filled(new Rectangle(x, y, w, h));
    }

    void strokeRect(double x, double y, double w, double h) {
        stroked(new Rectangle(x, y, w, h));
    }

    void fillOval(double x, double y, double w, double h) {
        filled(new Ellipse(x + w / 2, y + h / 2, w / 2, h / 2));
    }

    void strokeOval(double x, double y, double w, double h) {
        stroked(new Ellipse(x + w / 2, y + h / 2, w / 2, h / 2));
    }

    void strokeLine(double x0, double y0, double x1, double y1) {
        stroked(new Line(x0, y0, x1, y1));
    }

    void fillPolygon(double[] xs, double[] ys, int n) {
        filled(polygon(xs, ys, n));
    }

    void strokePolygon(double[] xs, double[] ys, int n) {
        stroked(polygon(xs, ys, n));
    }

    /** {@code text} with its baseline's left end at (x, y), in the fill colour. */
    void fillText(String text, double x, double y) {
        Text t = new Text(x, y, text);
        t.setFont(font);
        t.setFill(fill);
        drawn.add(t);
    }

    private static Polygon polygon(double[] xs, double[] ys, int n) {
        Polygon p = new Polygon();
        for (int i = 0; i < n; i++) p.getPoints().addAll(xs[i], ys[i]);
        return p;
    }

    private void filled(Shape s) {
        s.setFill(fill);
        s.setStroke(null);
        drawn.add(s);
    }

    private void stroked(Shape s) {
        s.setFill(null);
        s.setStroke(stroke);
        s.setStrokeWidth(lineWidth);
        if (dashes != null) for (double d : dashes) s.getStrokeDashArray().add(d);
        drawn.add(s);
    }
}
