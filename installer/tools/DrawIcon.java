import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.MultipleGradientPaint;
import java.awt.RadialGradientPaint;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;

/**
 * Draws installer/share/drt-studio.png, the raster twin of drt-studio.svg (the same shapes), for
 * desktops that want a PNG icon. ImageMagick on the build machine cannot read SVG, so the PNG is
 * drawn with Java2D and committed. Run: java installer/tools/DrawIcon.java installer/share/drt-studio.png
 */
public class DrawIcon {
    public static void main(String[] args) throws Exception {
        BufferedImage img = new BufferedImage(128, 128, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setPaint(new GradientPaint(0, 4, new Color(0x1d2b4a), 0, 124, new Color(0x3b5b8c)));
        g.fill(new RoundRectangle2D.Double(4, 4, 120, 120, 44, 44));
        Path2D floor = new Path2D.Double();
        floor.moveTo(4, 84); floor.lineTo(124, 84); floor.lineTo(124, 102); floor.quadTo(124, 124, 102, 124);
        floor.lineTo(26, 124); floor.quadTo(4, 124, 4, 102); floor.closePath();
        g.setColor(new Color(0xd8dce4));
        g.fill(floor);
        g.setColor(new Color(0x8a93a6));
        g.setStroke(new BasicStroke(2));
        g.draw(new Line2D.Double(4, 96, 124, 96));
        g.draw(new Line2D.Double(4, 110, 124, 110));
        g.draw(new Line2D.Double(34, 84, 20, 124));
        g.draw(new Line2D.Double(64, 84, 64, 124));
        g.draw(new Line2D.Double(94, 84, 108, 124));
        g.setColor(new Color(0, 0, 0, 89));
        g.fill(new Ellipse2D.Double(36, 83, 60, 14));
        g.setPaint(new RadialGradientPaint(new Point2D.Double(34 + 0.38 * 60, 30 + 0.34 * 60), 42f,
                new float[]{0f, 0.18f, 0.75f, 1f},
                new Color[]{Color.WHITE, new Color(0xffb347), new Color(0xd2551e), new Color(0x5a1d08)},
                MultipleGradientPaint.CycleMethod.NO_CYCLE));
        g.fill(new Ellipse2D.Double(34, 30, 60, 60));
        g.setColor(new Color(0xfff6a8));
        g.setStroke(new BasicStroke(4, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new Line2D.Double(16, 14, 52, 44));
        g.fill(new Ellipse2D.Double(11, 9, 10, 10));
        g.dispose();
        ImageIO.write(img, "png", new File(args[0]));
    }
}
