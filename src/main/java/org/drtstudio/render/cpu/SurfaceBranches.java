package org.drtstudio.render.cpu;

import org.drtstudio.render.GuideSums;

import static org.drtstudio.accel.GeometryImageLayout.MaterialField;

/**
 * How a surface splits the light it passes on between its reflected and refracted rays: the two
 * weights (reflectivity, plus transparency split by Schlick's Fresnel, all of it reflected past the
 * critical angle), the refracted direction (Snell's law), and which of the two carries a sample's
 * guide chain on. Twin of {@code branchWeights} and {@code chainBranch} in
 * {@code shaders/whitted.glsl}. One per {@link WhittedIntegrator}: its outputs are scratch state.
 */
final class SurfaceBranches {
    /** {@link #chainBranch}'s answers: no ray, the refracted ray, the reflected ray. */
    static final int NO_BRANCH = 0, REFRACTED = 1, REFLECTED = 2;

    private final float[] materials;
    /** Outputs of {@link #weigh}: the weights of the reflected and refracted rays. */
    float reflectWeight, refractWeight;
    /** Output of {@link #weigh}: the refracted unit direction, zero when nothing is refracted. */
    final float[] refracted = new float[3];

    SurfaceBranches(float[] materials) {
        this.materials = materials;
    }

    /**
     * The weights of a surface's reflected and refracted rays into {@link #reflectWeight} and
     * {@link #refractWeight}, and the refracted unit direction into {@link #refracted}; mat is the
     * material's offset, n the shading normal on the ray's side, cosI = −n·d.
     */
    void weigh(int mat, boolean entering, float cosI, float rdx, float rdy, float rdz,
               float nx, float ny, float nz) {
        float transparency = materials[mat + MaterialField.TRANSPARENCY];
        reflectWeight = materials[mat + MaterialField.REFLECTIVITY];
        refractWeight = 0f;
        refracted[0] = refracted[1] = refracted[2] = 0f;
        if (!(transparency > 0f)) return;
        float ior = materials[mat + MaterialField.IOR];
        float eta = entering ? 1f / ior : ior;
        float sin2T = eta * eta * (1f - cosI * cosI);
        if (sin2T >= 1f) {
            reflectWeight += transparency; // total internal reflection
            return;
        }
        float cosT = (float) Math.sqrt(1f - sin2T);
        float r0 = (1f - ior) / (1f + ior);
        r0 = r0 * r0;
        float c = 1f - (entering ? cosI : cosT);
        float fresnel = r0 + (1f - r0) * c * c * c * c * c;
        reflectWeight += transparency * fresnel;
        refractWeight = transparency * (1f - fresnel);
        float k = eta * cosI - cosT;
        float tx = eta * rdx + k * nx, ty = eta * rdy + k * ny, tz = eta * rdz + k * nz;
        float inv = 1f / (float) Math.sqrt(tx * tx + ty * ty + tz * tz);
        refracted[0] = tx * inv;
        refracted[1] = ty * inv;
        refracted[2] = tz * inv;
    }

    /**
     * Which of a surface's rays carries the guide chain on ({@link #weigh} just computed): on a
     * perfect mirror or glass (no lobe), the heavier of the two when it weighs at least
     * {@link GuideSums#CHAIN_WEIGHT}.
     */
    int chainBranch(int mat) {
        if (materials[mat + MaterialField.LOBE_EXPONENT] > 0f) return NO_BRANCH;
        if (refractWeight >= GuideSums.CHAIN_WEIGHT && refractWeight > reflectWeight) return REFRACTED;
        if (reflectWeight >= GuideSums.CHAIN_WEIGHT && reflectWeight >= refractWeight) return REFLECTED;
        return NO_BRANCH;
    }
}
