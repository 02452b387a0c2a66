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

    /**
     * Puts the shapes drawn since {@link #clear()} on screen. A drawing that calls the same shapes in
     * the same order as the last one (a drag: the gizmo moves, the rest stays) reuses the last one's
     * nodes, so only what moved is marked for repainting and no new node goes through the CSS pass;
     * new nodes every pulse kept the FX thread busy while a model was dragged.
     */
    void show() {
        if (!drawn.equals(pane.getChildren())) pane.getChildren().setAll(drawn);
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
        if (w > 0 && h > 0) filled(rectangle(x, y, w, h));
    }

    void strokeRect(double x, double y, double w, double h) {
        stroked(rectangle(x, y, w, h));
    }

    void fillOval(double x, double y, double w, double h) {
        filled(ellipse(x, y, w, h));
    }

    void strokeOval(double x, double y, double w, double h) {
        stroked(ellipse(x, y, w, h));
    }

    void strokeLine(double x0, double y0, double x1, double y1) {
        Line l = next(Line.class, Line::new);
        l.setStartX(x0);
        l.setStartY(y0);
        l.setEndX(x1);
        l.setEndY(y1);
        stroked(l);
    }

    void fillPolygon(double[] xs, double[] ys, int n) {
        filled(polygon(xs, ys, n));
    }

    void strokePolygon(double[] xs, double[] ys, int n) {
        stroked(polygon(xs, ys, n));
    }

    /** {@code text} with its baseline's left end at (x, y), in the fill colour. */
    void fillText(String text, double x, double y) {
        Text t = next(Text.class, Text::new);
        t.setText(text);
        t.setX(x);
        t.setY(y);
        t.setFont(font);
        setPaint(t.fillProperty(), fill);
        drawn.add(t);
    }

    /**
     * The node the last drawing had where this one has got to, when it is of the same kind; else a
     * new one. The caller sets every property it draws with (a reused node keeps the old values).
     */
    private <T extends Node> T next(Class<T> kind, java.util.function.Supplier<T> make) {
        List<Node> last = pane.getChildren();
        int at = drawn.size();
        if (at < last.size() && last.get(at).getClass() == kind) return kind.cast(last.get(at));
        return make.get();
    }

    private Rectangle rectangle(double x, double y, double w, double h) {
        Rectangle r = next(Rectangle.class, Rectangle::new);
        r.setX(x);
        r.setY(y);
        r.setWidth(w);
        r.setHeight(h);
        return r;
    }

    private Ellipse ellipse(double x, double y, double w, double h) {
        Ellipse e = next(Ellipse.class, Ellipse::new);
        e.setCenterX(x + w / 2);
        e.setCenterY(y + h / 2);
        e.setRadiusX(w / 2);
        e.setRadiusY(h / 2);
        return e;
    }

    private Polygon polygon(double[] xs, double[] ys, int n) {
        Polygon p = next(Polygon.class, Polygon::new);
        List<Double> points = new ArrayList<>(2 * n);
        for (int i = 0; i < n; i++) {
            points.add(xs[i]);
            points.add(ys[i]);
        }
        if (!points.equals(p.getPoints())) p.getPoints().setAll(points);
        return p;
    }

    private void filled(Shape s) {
        setPaint(s.fillProperty(), fill);
        s.setStroke(null);
        s.getStrokeDashArray().clear();
        drawn.add(s);
    }

    private void stroked(Shape s) {
        s.setFill(null);
        setPaint(s.strokeProperty(), stroke);
        s.setStrokeWidth(lineWidth);
        List<Double> dash = new ArrayList<>();
        if (dashes != null) for (double d : dashes) dash.add(d);
        if (!dash.equals(s.getStrokeDashArray())) s.getStrokeDashArray().setAll(dash);
        drawn.add(s);
    }

    /** Sets a paint unless an equal one is set: colours are made anew for each drawing, and a new value repaints the node. */
    private static void setPaint(javafx.beans.property.ObjectProperty<Paint> property, Paint paint) {
        if (!java.util.Objects.equals(property.get(), paint)) property.set(paint);
    }
}
