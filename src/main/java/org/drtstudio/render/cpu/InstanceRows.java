package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

import static org.drtstudio.accel.GeometryImageLayout.INSTANCE_TEXELS;

/**
 * An instance's world-to-object rows (3 × 4) at a shutter time in [0, 1]: the open rows, or with
 * motion the linear blend of open and close rows (exact for translations). What every walk enters
 * an instance with and what the shading turns normals with; twin of {@code instanceRows} in
 * {@code shaders/traverse.glsl}.
 */
final class InstanceRows {
    private final float[] instances;
    private final boolean motion;

    InstanceRows(GeometryImage image) {
        this.instances = image.instances();
        this.motion = image.motion();
    }

    void rows(int instance, float time, float[] out) {
        int m = 4 * INSTANCE_TEXELS * instance;
        for (int i = 0; i < 12; i++) {
            float open = instances[m + i];
            out[i] = motion ? open + time * (instances[m + 12 + i] - open) : open;
        }
    }
}
