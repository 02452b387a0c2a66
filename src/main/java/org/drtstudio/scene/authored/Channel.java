package org.drtstudio.scene.authored;

import org.drtstudio.math.Vec3;

import java.util.Locale;

/** The animatable parts of a node's {@link Trs}; the pivot stays where it is authored. */
public enum Channel {
    POSITION(Vec3.class),
    ROTATION(Quat.class),
    SCALE(Vec3.class);

    /** Vec3 for position and scale, Quat for rotation. */
    private final Class<?> valueType;

    Channel(Class<?> valueType) {
        this.valueType = valueType;
    }

    /**
     * Checks that {@code key} can live on this channel: its value has the right type, and a scale
     * is positive and finite.
     */
    public void check(Key<?> key) {
        if (!valueType.isInstance(key.value()))
            throw new IllegalArgumentException(name().toLowerCase(Locale.ROOT) + " keys hold " + valueType.getSimpleName()
                    + " values, got " + key.value().getClass().getSimpleName());
        if (this == SCALE) Trs.checkScale((Vec3) key.value());
        if (this == POSITION && !((Vec3) key.value()).isFinite())
            throw new IllegalArgumentException("position key is not finite: " + key.value());
    }
}
