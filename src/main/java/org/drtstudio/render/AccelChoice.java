package org.drtstudio.render;

import org.drtstudio.accel.AccelStructure;

/**
 * A tracer whose acceleration structure can be switched between renders (the studio's preview
 * switches it without starting a new tracer). The next render walks the new structure; the image is
 * the same with each, only the speed differs.
 */
public interface AccelChoice {
    /** The structure the next render walks. */
    AccelStructure accel();

    /** Walks {@code accel} from the next render on. Any thread. */
    void useAccel(AccelStructure accel);
}
