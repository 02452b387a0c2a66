package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout.InstanceField;

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

    private final float[] scratch = new float[12];

    /**
     * The ray (origin o, direction d) in instance {@code instance}'s object space at shutter time
     * {@code time}, into out[0..5] (origin, direction): the direction is not renormalised, so t stays a
     * world distance. One instance per thread (it keeps the rows in scratch).
     */
    void objectRay(int instance, float time, float ox, float oy, float oz, float dx, float dy, float dz, float[] out) {
        float[] r = scratch;
        rows(instance, time, r);
        out[0] = r[0] * ox + r[1] * oy + r[2] * oz + r[3];
        out[1] = r[4] * ox + r[5] * oy + r[6] * oz + r[7];
        out[2] = r[8] * ox + r[9] * oy + r[10] * oz + r[11];
        out[3] = r[0] * dx + r[1] * dy + r[2] * dz;
        out[4] = r[4] * dx + r[5] * dy + r[6] * dz;
        out[5] = r[8] * dx + r[9] * dy + r[10] * dz;
    }

    void rows(int instance, float time, float[] out) {
        int m = 4 * INSTANCE_TEXELS * instance;
        for (int i = 0; i < 12; i++) {
            float open = instances[m + InstanceField.TO_OBJECT_OPEN + i];
            out[i] = motion ? open + time * (instances[m + InstanceField.TO_OBJECT_CLOSE + i] - open) : open;
        }
    }
}
