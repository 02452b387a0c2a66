package org.drtstudio.render.cpu;

/**
 * What the shading of a ray's hit needs after the hit itself, twin of the {@code Surface} struct
 * of {@code shaders/whitted.glsl}: the point, the geometric normal facing the ray (ng), the shading
 * normal on its side (n), the ray's direction, the textured diffuse colour, the material, and the
 * ray's throughput on arrival (after the medium's absorption). Made by
 * {@link WhittedIntegrator}'s {@code beginSurface}; the light and spawn steps read it. Mutable and
 * reused from ray to ray so that the shading allocates nothing.
 */
final class Surface {
    float px, py, pz;
    float ngx, ngy, ngz;
    float nx, ny, nz;
    float rdx, rdy, rdz;
    float kdr, kdg, kdb;
    /** The diffuse texture's colour at the hit (1 without one): it colours the ambient term as it does the diffuse. */
    final float[] texColor = new float[3];
    /** The material's offset in the packed materials (4 × MATERIAL_TEXELS × index). */
    int mat;
    /** The ray arrives on the geometric normal's side (else it leaves the body the normal bounds). */
    boolean entering;
    float tr, tg, tb;
}
