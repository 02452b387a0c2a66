package org.drtstudio.scene.edit;

import org.drtstudio.scene.Light;

import java.util.List;

/** Index checks shared by the light edits. */
final class Lights {
    private Lights() {
    }

    static void checkIndex(int index, List<Light> lights, int extra) {
        if (index < 0 || index >= lights.size() + extra)
            throw new IllegalArgumentException("light index " + index + " is outside 0.." + (lights.size() + extra - 1));
    }
}
