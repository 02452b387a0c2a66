package org.drtstudio.studio.viewport;

import javafx.scene.input.KeyCode;
import org.drtstudio.scene.Camera;

import java.util.EnumSet;
import java.util.Set;

/**
 * WASD/QE flight while mouse look is held, as in common 3D tools: the keys held and the camera they
 * move, one step per FX pulse, at a speed that follows the distance to the look point.
 */
final class FlyKeys {
    private static final Set<KeyCode> KEYS = EnumSet.of(KeyCode.W, KeyCode.A, KeyCode.S, KeyCode.D, KeyCode.Q, KeyCode.E);
    /** The longest step a late pulse takes, in seconds: a stalled frame does not throw the camera far. */
    private static final double MAX_STEP_SECONDS = 0.1;

    private final Set<KeyCode> held = EnumSet.noneOf(KeyCode.class);
    private Camera camera;
    private long lastNanos;

    static boolean flies(KeyCode key) {
        return KEYS.contains(key);
    }

    boolean flying() {
        return !held.isEmpty();
    }

    /** Holds {@code key} (a fly key); the first key held starts a flight from {@code from}. */
    void press(KeyCode key, Camera from, long nowNanos) {
        if (held.isEmpty()) {
            camera = from;
            lastNanos = nowNanos;
        }
        held.add(key);
    }

    /** Lets go of {@code key}: the camera the flight ended at when it was the last key held, else null. */
    Camera release(KeyCode key) {
        if (!held.remove(key) || !held.isEmpty() || camera == null) return null;
        Camera end = camera;
        camera = null;
        return end;
    }

    /** The camera after flying from the last step to {@code nowNanos}. */
    Camera step(long nowNanos) {
        double seconds = Math.min(MAX_STEP_SECONDS, (nowNanos - lastNanos) / 1e9);
        lastNanos = nowNanos;
        double speed = Math.max(0.5, camera.eye().minus(camera.look()).length()) * seconds;
        double f = axis(KeyCode.W, KeyCode.S), r = axis(KeyCode.D, KeyCode.A), u = axis(KeyCode.E, KeyCode.Q);
        camera = CameraNavigator.fly(camera, f * speed, r * speed, u * speed);
        return camera;
    }

    private double axis(KeyCode plus, KeyCode minus) {
        return (held.contains(plus) ? 1 : 0) - (held.contains(minus) ? 1 : 0);
    }
}
