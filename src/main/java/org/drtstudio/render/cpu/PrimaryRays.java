package org.drtstudio.render.cpu;

import org.drtstudio.render.CameraBasis;
import org.drtstudio.render.TraceParameters;

/**
 * Camera rays of the CPU tracer, the twin of {@code shaders/camera.glsl}: a pixel position from
 * the filter-warped sample (the pixel centre with one sample per pixel), a time in the
 * shutter interval when anything moves, and a point on the thin lens when the aperture is open.
 * One instance per thread.
 */
final class PrimaryRays {
    private final TraceParameters p;
    private final float[] offset = new float[2], disk = new float[2], pair = new float[2];
    private final float[] eye = new float[3], fwd = new float[3], right = new float[3], up = new float[3];
    private final float[] lensR = new float[3], lensU = new float[3];
    /** The last generated ray: origin, unit direction, time. */
    final float[] origin = new float[3], direction = new float[3];
    float time;

    private final SampleSeeds seeds;

    PrimaryRays(TraceParameters parameters) {
        this.p = parameters;
        this.seeds = new SampleSeeds(parameters.seed());
    }

    void generate(int x, int y, int sample) {
        int pixel = y * p.width() + x;
        float sx = x + 0.5f, sy = y + 0.5f;
        if (p.samplesPerPixel() > 1) {
            seeds.pair(pixel, sample, Sampling.DIM_PIXEL_X, pair);
            Sampling.pixelOffset(p.filter().shaderCode(), pair[0], pair[1], offset);
            sx += offset[0];
            sy += offset[1];
        }
        time = p.motion() ? seeds.uniform(pixel, sample, Sampling.DIM_TIME) : 0f;
        CameraBasis a = p.open(), b = p.close();
        float focus = a.focusDistance() + time * (b.focusDistance() - a.focusDistance());
        lerp(a.eye(), b.eye(), eye);
        lerp(a.forward(), b.forward(), fwd);
        lerp(a.right(), b.right(), right);
        lerp(a.up(), b.up(), up);
        lerp(a.lensRight(), b.lensRight(), lensR);
        lerp(a.lensUp(), b.lensUp(), lensU);
        float ndcX = 2f * sx / p.width() - 1f;
        float ndcY = 1f - 2f * sy / p.height();
        float dx = fwd[0] + ndcX * right[0] + ndcY * up[0];
        float dy = fwd[1] + ndcX * right[1] + ndcY * up[1];
        float dz = fwd[2] + ndcX * right[2] + ndcY * up[2];
        float inv = 1f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
        dx *= inv; dy *= inv; dz *= inv;
        origin[0] = eye[0];
        origin[1] = eye[1];
        origin[2] = eye[2];
        if (a.hasLens() || b.hasLens()) {
            seeds.pair(pixel, sample, Sampling.DIM_LENS_U, pair);
            Sampling.concentricDisk(pair[0], pair[1], disk);
            // The pinhole ray meets the plane of focus here; every lens ray through the pixel aims at it.
            float fl = 1f / (float) Math.sqrt(fwd[0] * fwd[0] + fwd[1] * fwd[1] + fwd[2] * fwd[2]);
            float along = focus / ((dx * fwd[0] + dy * fwd[1] + dz * fwd[2]) * fl);
            float fx = eye[0] + dx * along, fy = eye[1] + dy * along, fz = eye[2] + dz * along;
            for (int i = 0; i < 3; i++) origin[i] = eye[i] + disk[0] * lensR[i] + disk[1] * lensU[i];
            dx = fx - origin[0];
            dy = fy - origin[1];
            dz = fz - origin[2];
            inv = 1f / (float) Math.sqrt(dx * dx + dy * dy + dz * dz);
            dx *= inv; dy *= inv; dz *= inv;
        }
        direction[0] = dx;
        direction[1] = dy;
        direction[2] = dz;
    }

    private void lerp(float[] a, float[] b, float[] out) {
        for (int i = 0; i < 3; i++) out[i] = a[i] + time * (b[i] - a[i]);
    }
}
