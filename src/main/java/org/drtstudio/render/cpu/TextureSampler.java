package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Textures and bump maps over the geometry image's atlas, the Java twin of {@code shaders/texture.glsl}
 * function for function, in the same order of float operations. Conventions (the layout is
 * documented on {@code GeometryImagePacker}): texture coordinates (u, v) with v = 0 at the bottom
 * row of the picture; texel (x, y) has its centre at ((x + 0.5) / width, (y + 0.5) / height); a
 * lookup blends the four texels around (u, v) bilinearly, each addressed with the material's wrap
 * mode, so filtering across an edge wraps or clamps too.
 *
 * <p>Results go to caller-supplied arrays, so the hot loop allocates nothing. Stateless apart from
 * the arrays it reads: one instance may serve several threads.
 */
final class TextureSampler {
    static final float TWO_PI = 6.283185307f;
    static final float PI = 3.141592654f;

    /** Corner coordinates of a triangle whose mesh has none: pbrt's default. */
    private static final float[] DEFAULT_CORNERS = {0, 0, 1, 0, 1, 1};
    private final float[] materials, textures;

    TextureSampler(GeometryImage image) {
        this.materials = image.materials();
        this.textures = image.textures();
    }

    /** Float index of material {@code mat}'s texel {@code k}: a texture reference for k = 5, 6. */
    static int materialTexel(int mat, int k) {
        return 4 * (MATERIAL_TEXELS * mat + k);
    }

    /** Whether material {@code mat}'s reference texel {@code k} names a texture. */
    private boolean hasTexture(int mat, int k) {
        return Float.floatToRawIntBits(materials[materialTexel(mat, k)]) != NO_TEXTURE;
    }

    /** Texel index i of an axis with n texels; i lies in [-1, n] because coordinates are reduced first. */
    static int wrapTexel(int i, int n, int wrap) {
        if (wrap == WRAP_CLAMP) return Math.max(0, Math.min(n - 1, i));
        return i < 0 ? i + n : (i >= n ? i - n : i);
    }

    /** Bilinear lookup at (u, v) of the texture referenced at float index {@code ref}, into out[0..2]. */
    void sampleTexture(int ref, float u, float v, float[] out) {
        int first = Float.floatToRawIntBits(materials[ref]);
        int w = Float.floatToRawIntBits(materials[ref + 1]);
        int h = Float.floatToRawIntBits(materials[ref + 2]);
        int wrap = Float.floatToRawIntBits(materials[ref + 3]);
        // A degenerate hit must not index outside the texture.
        if (!(Math.abs(u) <= 1e30f)) u = 0f;
        if (!(Math.abs(v) <= 1e30f)) v = 0f;
        if (wrap == WRAP_CLAMP) {
            u = Math.max(0f, Math.min(1f, u));
            v = Math.max(0f, Math.min(1f, v));
        } else {
            u = u - (float) Math.floor(u);
            v = v - (float) Math.floor(v);
        }
        float x = u * w - 0.5f;
        float y = v * h - 0.5f;
        float fx = (float) Math.floor(x);
        float fy = (float) Math.floor(y);
        float ax = x - fx;
        float ay = y - fy;
        int x0 = wrapTexel((int) fx, w, wrap);
        int x1 = wrapTexel((int) fx + 1, w, wrap);
        int y0 = wrapTexel((int) fy, h, wrap) * w;
        int y1 = wrapTexel((int) fy + 1, h, wrap) * w;
        int t00 = 4 * (first + y0 + x0), t10 = 4 * (first + y0 + x1);
        int t01 = 4 * (first + y1 + x0), t11 = 4 * (first + y1 + x1);
        for (int c = 0; c < 3; c++) {
            float bottom = textures[t00 + c] + ax * (textures[t10 + c] - textures[t00 + c]);
            float top = textures[t01 + c] + ax * (textures[t11 + c] - textures[t01 + c]);
            out[c] = bottom + ay * (top - bottom);
        }
    }

    /** The factor the material's diffuse (and ambient) colour is multiplied by: its texture at (u, v), or 1. */
    void diffuseTexture(int mat, float u, float v, float[] out) {
        if (!hasTexture(mat, MATERIAL_DIFFUSE_MAP)) {
            out[0] = out[1] = out[2] = 1f;
            return;
        }
        sampleTexture(materialTexel(mat, MATERIAL_DIFFUSE_MAP), u, v, out);
    }

    /**
     * Texture coordinates on triangle p at barycentrics (b1, b2) of v1, v2 into uv[0..1], and the
     * corners' coordinates into corners[0..5] (u0 v0 u1 v1 u2 v2): the vertices' (u in texel 0's w,
     * v in texel 1's w) or, for a mesh without them, (0,0) (1,0) (1,1).
     */
    void triangleTexCoords(Primitives prims, int p, float b1, float b2, float[] uv, float[] corners) {
        if (prims.hasTexCoords(p)) {
            float[] v = prims.vertices();
            for (int k = 0; k < 3; k++) {
                int o = prims.vertex(p, k);
                corners[2 * k] = v[o + VertexField.U];
                corners[2 * k + 1] = v[o + VertexField.V];
            }
        } else {
            System.arraycopy(DEFAULT_CORNERS, 0, corners, 0, 6);
        }
        float w0 = 1f - b1 - b2;
        uv[0] = w0 * corners[0] + b1 * corners[2] + b2 * corners[4];
        uv[1] = w0 * corners[1] + b1 * corners[3] + b2 * corners[5];
    }

    /**
     * dp/du and dp/dv (frame[0..2], frame[3..5]) of a triangle with edges e1 = p1 - p0, e2 = p2 - p0
     * and corner coordinates {@code corners}; zero when its UVs span no area.
     */
    static void triangleFrame(float e1x, float e1y, float e1z, float e2x, float e2y, float e2z, float[] corners,
                              float[] frame) {
        float d1x = corners[2] - corners[0], d1y = corners[3] - corners[1];
        float d2x = corners[4] - corners[0], d2y = corners[5] - corners[1];
        float det = d1x * d2y - d1y * d2x;
        java.util.Arrays.fill(frame, 0, 6, 0f);
        if (det == 0f) return;
        float inv = 1f / det;
        frame[0] = (d2y * e1x - d1y * e2x) * inv;
        frame[1] = (d2y * e1y - d1y * e2y) * inv;
        frame[2] = (d2y * e1z - d1y * e2z) * inv;
        frame[3] = (d1x * e2x - d2x * e1x) * inv;
        frame[4] = (d1x * e2y - d2x * e1y) * inv;
        frame[5] = (d1x * e2z - d2x * e1z) * inv;
    }

    /**
     * Texture coordinates on a sphere from the unit direction d of the hit from the centre (object
     * space), into uv[0..1]: u = 0.5 + atan2(d.x, d.z) / 2pi around the y axis, v = 1 - acos(d.y) / pi (1 at +y).
     */
    static void sphereTexCoords(float dx, float dy, float dz, float[] uv) {
        uv[0] = 0.5f + (float) Math.atan2(dx, dz) / TWO_PI;
        uv[1] = 1f - (float) Math.acos(Math.max(-1f, Math.min(1f, dy))) / PI;
    }

    /** dp/du, dp/dv (frame[0..2], frame[3..5]) of that parameterisation on a sphere of radius r; dp/dv is zero at the poles. */
    static void sphereFrame(float dx, float dy, float dz, float r, float[] frame) {
        float k = TWO_PI * r;
        frame[0] = k * dz;
        frame[1] = k * 0f;
        frame[2] = k * -dx;
        float sinTheta = (float) Math.sqrt(dx * dx + dz * dz);
        frame[3] = frame[4] = frame[5] = 0f;
        if (sinTheta > 0f) {
            float c = PI * r;
            frame[3] = c * (-dy * dx / sinTheta);
            frame[4] = c * sinTheta;
            frame[5] = c * (-dy * dz / sinTheta);
        }
    }

    /**
     * The unit shading normal n (object space) tilted by the material's bump map, into out[0..2]:
     * heights at (u, v) and one texel further along u and along v give the slopes dh/du, dh/dv; the
     * surface displaced by scale · h along n has tangents dp/du + dh/du n and dp/dv + dh/dv n (pbrt's
     * BumpMap without the dn/du terms), whose cross product, turned to n's side, is the new normal.
     * n comes back unchanged without a bump map or where the tangent frame is degenerate.
     *
     * @param frame dp/du in [0..2], dp/dv in [3..5]
     * @param scratch three floats of scratch space
     */
    void bumpNormal(int mat, float u, float v, float nx, float ny, float nz, float[] frame, float[] scratch, float[] out) {
        out[0] = nx;
        out[1] = ny;
        out[2] = nz;
        if (!hasTexture(mat, MATERIAL_BUMP_MAP)) return;
        float ux = frame[0], uy = frame[1], uz = frame[2], vx = frame[3], vy = frame[4], vz = frame[5];
        float fx = uy * vz - vy * uz, fy = uz * vx - vz * ux, fz = ux * vy - vx * uy;
        if (!(fx * fx + fy * fy + fz * fz > 0f)) return;
        int ref = materialTexel(mat, MATERIAL_BUMP_MAP);
        int w = Float.floatToRawIntBits(materials[ref + 1]), h = Float.floatToRawIntBits(materials[ref + 2]);
        float scale = materials[4 * MATERIAL_TEXELS * mat + MaterialField.BUMP_SCALE];
        sampleTexture(ref, u, v, scratch);
        float height = scratch[0];
        sampleTexture(ref, u + 1f / w, v, scratch);
        float dhdu = scale * (scratch[0] - height) * w;
        sampleTexture(ref, u, v + 1f / h, scratch);
        float dhdv = scale * (scratch[0] - height) * h;
        float ax = ux + dhdu * nx, ay = uy + dhdu * ny, az = uz + dhdu * nz;
        float bx = vx + dhdv * nx, by = vy + dhdv * ny, bz = vz + dhdv * nz;
        float cx = ay * bz - by * az, cy = az * bx - bz * ax, cz = ax * by - bx * ay;
        float len2 = cx * cx + cy * cy + cz * cz;
        if (!(len2 > 0f) || Float.isInfinite(len2)) return;
        float inv = 1f / (float) Math.sqrt(len2);
        cx *= inv;
        cy *= inv;
        cz *= inv;
        float side = cx * nx + cy * ny + cz * nz < 0f ? -1f : 1f;
        out[0] = side * cx;
        out[1] = side * cy;
        out[2] = side * cz;
    }
}
