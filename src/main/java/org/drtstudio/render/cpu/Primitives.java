package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Reads primitives of the geometry image for shading: the info word (kind, material, whether the
 * vertices carry texture coordinates) and the shared vertices a primitive names. The traversal
 * reads the same texels inline in its hot loop ({@link Traversal}); both compute a triangle's edges
 * as v1 - v0 and v2 - v0 in float, as the GLSL tracer does.
 */
final class Primitives {
    private final float[] prims, vertices;

    Primitives(GeometryImage image) {
        this.prims = image.primitives();
        this.vertices = image.vertices();
    }

    private int bits(int p, int k) {
        return Float.floatToRawIntBits(prims[4 * PRIMITIVE_TEXELS * p + k]);
    }

    int kind(int p) { return kindOf(bits(p, 3)); }

    int material(int p) { return materialOf(bits(p, 3)); }

    boolean hasTexCoords(int p) { return (bits(p, 3) & PRIMITIVE_HAS_UV) != 0; }

    /** Float index in {@link #vertices()} of the k-th vertex of p (k = 0 for a sphere's centre and radius). */
    int vertex(int p, int k) { return 4 * VERTEX_TEXELS * bits(p, k); }

    float[] vertices() { return vertices; }

    /** Triangle p's v0 and edges v1 - v0, v2 - v0 into out[0..8]. */
    void triangle(int p, float[] out) {
        int a = vertex(p, 0), b = vertex(p, 1), c = vertex(p, 2);
        for (int i = 0; i < 3; i++) {
            float v0 = vertices[a + i];
            out[i] = v0;
            out[3 + i] = vertices[b + i] - v0;
            out[6 + i] = vertices[c + i] - v0;
        }
    }
}
