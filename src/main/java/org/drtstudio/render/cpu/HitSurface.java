package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

import static org.drtstudio.accel.GeometryImageLayout.HAS_BUMP_MAP;
import static org.drtstudio.accel.GeometryImageLayout.KIND_TRIANGLE;
import static org.drtstudio.accel.GeometryImageLayout.MATERIAL_TEXELS;
import static org.drtstudio.accel.GeometryImageLayout.MaterialField;

/**
 * The surface at a hit: world-space geometric and shading normals (interpolated, then tilted by
 * the material's bump map) and texture coordinates. Twin of {@code shaders/surface.glsl}. One per
 * {@link WhittedIntegrator}: its output and its scratch arrays are per thread.
 */
final class HitSurface {
    private final Primitives prims;
    private final float[] vertices, materials;
    private final InstanceRows instanceRows;
    private final TextureSampler textures;
    /** The atlas holds at least one image: the GL tracer then runs its variant compiled with TEXTURED true. */
    private final boolean textured;
    private final float[] rows = new float[12], uv = new float[2], corners = new float[6], frame = new float[6],
            scratch = new float[3], bumped = new float[3], triangle = new float[9];
    /** Output of {@link #surfaceNormals}: geometric normal xyz, shading normal xyz, texture coordinates uv. */
    final float[] surface = new float[8];

    HitSurface(GeometryImage image, Primitives prims, TextureSampler textures) {
        this.prims = prims;
        this.vertices = image.vertices();
        this.materials = image.materials();
        this.instanceRows = new InstanceRows(image);
        this.textures = textures;
        this.textured = image.textureCount() > 0;
    }

    /**
     * World-space unit geometric normal, shading normal and texture coordinates at a hit, into
     * {@link #surface} (ng xyz, n xyz, u v), not yet turned toward the ray; uv stays zero for
     * untextured materials, whose shading never reads it.
     */
    void surfaceNormals(Hit hit, float px, float py, float pz, float time) {
        int p = hit.primitive;
        int kind = prims.kind(p);
        float ngx, ngy, ngz, nx, ny, nz;
        float[] m = rows;
        instanceRows.rows(hit.instance, time, m);
        if (kind == KIND_TRIANGLE) {
            prims.triangle(p, triangle);
            float e1x = triangle[3], e1y = triangle[4], e1z = triangle[5];
            float e2x = triangle[6], e2y = triangle[7], e2z = triangle[8];
            ngx = e1y * e2z - e1z * e2y;
            ngy = e1z * e2x - e1x * e2z;
            ngz = e1x * e2y - e1y * e2x;
            // Vertex normals: texel 1 of each vertex.
            int n0 = prims.vertex(p, 0) + 4, n1 = prims.vertex(p, 1) + 4, n2 = prims.vertex(p, 2) + 4;
            float w0 = 1f - hit.u - hit.v;
            nx = w0 * vertices[n0] + hit.u * vertices[n1] + hit.v * vertices[n2];
            ny = w0 * vertices[n0 + 1] + hit.u * vertices[n1 + 1] + hit.v * vertices[n2 + 1];
            nz = w0 * vertices[n0 + 2] + hit.u * vertices[n1 + 2] + hit.v * vertices[n2 + 2];
        } else {
            // The object-space hit point, from the world point through the instance's inverse.
            float qx = m[0] * px + m[1] * py + m[2] * pz + m[3];
            float qy = m[4] * px + m[5] * py + m[6] * pz + m[7];
            float qz = m[8] * px + m[9] * py + m[10] * pz + m[11];
            int c = prims.vertex(p, 0);
            ngx = qx - vertices[c];
            ngy = qy - vertices[c + 1];
            ngz = qz - vertices[c + 2];
            nx = ngx; ny = ngy; nz = ngz;
        }
        uv[0] = uv[1] = 0f;
        if (textured) {
            int material = prims.material(p);
            // The lobe texel's z: which texture references are set (HAS_DIFFUSE_MAP | HAS_BUMP_MAP).
            int maps = Float.floatToRawIntBits(materials[4 * MATERIAL_TEXELS * material + MaterialField.MAPS]);
            if (maps != 0) {
                texturedNormal(hit, material, maps, ngx, ngy, ngz, nx, ny, nz);
                nx = bumped[0]; ny = bumped[1]; nz = bumped[2];
            }
        }
        // Normals go to world space by the inverse transpose: a sum of the inverse's rows.
        float wx = ngx * m[0] + ngy * m[4] + ngz * m[8];
        float wy = ngx * m[1] + ngy * m[5] + ngz * m[9];
        float wz = ngx * m[2] + ngy * m[6] + ngz * m[10];
        float lgn = invLength(wx, wy, wz);
        ngx = wx * lgn; ngy = wy * lgn; ngz = wz * lgn;
        wx = nx * m[0] + ny * m[4] + nz * m[8];
        wy = nx * m[1] + ny * m[5] + nz * m[9];
        wz = nx * m[2] + ny * m[6] + nz * m[10];
        float ln = invLength(wx, wy, wz);
        if (ln > 0f && Float.isFinite(ln)) {
            nx = wx * ln; ny = wy * ln; nz = wz * ln;
        } else {
            nx = ngx; ny = ngy; nz = ngz;
        }
        surface[0] = ngx; surface[1] = ngy; surface[2] = ngz;
        surface[3] = nx; surface[4] = ny; surface[5] = nz;
        surface[6] = uv[0]; surface[7] = uv[1];
    }

    /**
     * Texture coordinates at the hit into {@link #uv} and the object-space shading normal n tilted by
     * the bump map into {@link #bumped}, for a material with textures (maps: its HAS_* bits); ng is
     * the object-space geometric normal (for spheres, the hit point minus the centre). Twin of
     * {@code texturedNormal} in {@code shaders/surface.glsl}.
     */
    private void texturedNormal(Hit hit, int material, int maps, float ngx, float ngy, float ngz,
                                float nx, float ny, float nz) {
        boolean bumpy = (maps & HAS_BUMP_MAP) != 0;
        java.util.Arrays.fill(frame, 0f);
        if (prims.kind(hit.primitive) == KIND_TRIANGLE) {
            textures.triangleTexCoords(prims, hit.primitive, hit.u, hit.v, uv, corners);
            // triangle[] still holds this hit's edges from surfaceNormals.
            if (bumpy) TextureSampler.triangleFrame(triangle[3], triangle[4], triangle[5],
                    triangle[6], triangle[7], triangle[8], corners, frame);
        } else {
            float inv = invLength(ngx, ngy, ngz);
            float dx = ngx * inv, dy = ngy * inv, dz = ngz * inv;
            TextureSampler.sphereTexCoords(dx, dy, dz, uv);
            if (bumpy) TextureSampler.sphereFrame(dx, dy, dz, vertices[prims.vertex(hit.primitive, 0) + 3], frame);
        }
        bumped[0] = nx; bumped[1] = ny; bumped[2] = nz;
        if (!bumpy) return;
        float lo = invLength(nx, ny, nz);
        if (!(lo > 0f) || !Float.isFinite(lo)) return;
        textures.bumpNormal(material, uv[0], uv[1], nx * lo, ny * lo, nz * lo, frame, scratch, bumped);
    }

    private static float invLength(float x, float y, float z) {
        return 1f / (float) Math.sqrt(x * x + y * y + z * z);
    }
}
