package org.drtstudio.io.nff;

import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.Aabb;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;

import java.nio.file.Path;

/**
 * The NFF viewpoint block ({@code v} followed by from/at/up/angle/hither/resolution lines) and its
 * translation to our {@link Camera}.
 *
 * <p>NFF's angle runs from the centre of the top pixel row to the centre of the bottom row, (H - 1)
 * pixels apart; our fovY runs edge to edge over H pixels. Both cameras must put the same point at
 * the same pixel centre, so tan(fovY/2) = tan(angle/2) · H / (H - 1). The angle applies to the
 * vertical direction; SPD files are square, where vertical and horizontal agree.
 */
final class Viewpoint {
    static final int DEFAULT_SIZE = 512;
    static final float DEFAULT_ANGLE = 45f;

    private int blockLine;
    private Vec3 from, at, up;
    private int fromLine, upLine;
    private float angle = Float.NaN;
    private int width, height;

    void begin(int line) {
        blockLine = line;
    }

    void from(Vec3 v, int line) {
        from = v;
        fromLine = line;
    }

    void at(Vec3 v) {
        at = v;
    }

    void up(Vec3 v, int line) {
        up = v;
        upLine = line;
    }

    /** @param degrees already checked to lie in (0, 180) */
    void angle(float degrees) {
        angle = degrees;
    }

    void resolution(int w, int h) {
        width = w;
        height = h;
    }

    int width() {
        return width > 0 ? width : DEFAULT_SIZE;
    }

    int height() {
        return height > 0 ? height : DEFAULT_SIZE;
    }

    /** Edge-to-edge vertical field of view in degrees for an NFF angle and image height. */
    static float fovY(float nffAngle, int imageHeight) {
        if (imageHeight <= 1) return nffAngle;
        double half = Math.toRadians(nffAngle) / 2;
        double fov = Math.toDegrees(2 * Math.atan(Math.tan(half) * imageHeight / (imageHeight - 1.0)));
        // An angle a hair under 180 on a tiny image would round to 180, which no pinhole can show.
        return (float) Math.min(fov, 179.9);
    }

    /**
     * The camera of the file; what the file leaves out comes from a view framing {@code bounds}.
     */
    Camera camera(Aabb bounds, Path file, WarningLog warnings) throws SceneFormatException {
        float nffAngle = Float.isNaN(angle) ? DEFAULT_ANGLE : angle;
        float fov = fovY(nffAngle, height());
        Camera framed = SceneFraming.frame(bounds, fov);
        boolean anyView = blockLine > 0 || from != null || at != null || up != null || !Float.isNaN(angle);
        if (!anyView) {
            warnings.add("no viewpoint", 0, "no viewpoint ('v') block; using a default view of the whole scene");
            return framed;
        }
        int line = blockLine > 0 ? blockLine : fromLine;
        if (from == null || at == null || up == null || Float.isNaN(angle)) {
            warnings.add("incomplete viewpoint", line, "viewpoint block lacks "
                    + missing() + "; using defaults for " + (missing().contains(",") ? "them" : "it"));
        }
        Vec3 eye = from != null ? from : framed.eye();
        Vec3 look = at != null ? at : framed.look();
        if (eye.minus(look).length() == 0) {
            throw new SceneFormatException(file, from != null ? fromLine : line,
                    "camera 'from' and 'at' are the same point " + eye + "; the view direction is undefined");
        }
        Vec3 upVector = up;
        if (upVector == null) {
            upVector = new Vec3(0, 1, 0);
            if (upVector.cross(look.minus(eye)).length() == 0) upVector = new Vec3(0, 0, 1);
        } else if (upVector.cross(look.minus(eye).normalized()).length() <= 1e-6f * upVector.length()) {
            throw new SceneFormatException(file, upLine, "camera 'up' " + upVector
                    + " is zero or parallel to the view direction from " + eye + " to " + look);
        }
        return new Camera(eye, look, upVector, fov, 0f, 0f);
    }

    private String missing() {
        StringBuilder sb = new StringBuilder();
        if (from == null) sb.append("'from', ");
        if (at == null) sb.append("'at', ");
        if (up == null) sb.append("'up', ");
        if (Float.isNaN(angle)) sb.append("'angle', ");
        return sb.substring(0, sb.length() - 2);
    }
}
