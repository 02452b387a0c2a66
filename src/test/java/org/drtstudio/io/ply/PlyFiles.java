package org.drtstudio.io.ply;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes PLY files for tests, in any of the three encodings: float positions, optional float
 * normals and texture coordinates, optional uchar colours, faces as {@code list uchar int
 * vertex_indices}. Extra header lines (comments, other elements) can be put before {@code end_header}.
 */
public final class PlyFiles {
    public final List<float[]> vertices = new ArrayList<>();
    public final List<int[]> faces = new ArrayList<>();
    public boolean normals, texCoords, colours;
    public final List<String> extraHeader = new ArrayList<>();

    /** A vertex: x y z [nx ny nz] [u v] [r g b (0..255)] in the order of the flags. */
    public PlyFiles vertex(float... values) {
        vertices.add(values);
        return this;
    }

    public PlyFiles face(int... corners) {
        faces.add(corners);
        return this;
    }

    String header(PlyFormat format) {
        StringBuilder h = new StringBuilder("ply\nformat " + format.word + " 1.0\ncomment made by PlyFiles\n");
        h.append("element vertex ").append(vertices.size()).append('\n');
        h.append("property float x\nproperty float y\nproperty float z\n");
        if (normals) h.append("property float nx\nproperty float ny\nproperty float nz\n");
        if (texCoords) h.append("property float u\nproperty float v\n");
        if (colours) h.append("property uchar red\nproperty uchar green\nproperty uchar blue\n");
        h.append("element face ").append(faces.size()).append('\n');
        h.append("property list uchar int vertex_indices\n");
        for (String line : extraHeader) h.append(line).append('\n');
        h.append("end_header\n");
        return h.toString();
    }

    /** The file in ASCII ({@code "ascii"}), {@code "binary_little_endian"} or {@code "binary_big_endian"}. */
    public byte[] bytes(String format) {
        return bytes(PlyFormat.named(format));
    }

    byte[] bytes(PlyFormat format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header(format).getBytes(StandardCharsets.US_ASCII));
        int floats = 3 + (normals ? 3 : 0) + (texCoords ? 2 : 0);
        if (format == PlyFormat.ASCII) {
            StringBuilder b = new StringBuilder();
            for (float[] v : vertices) {
                for (int i = 0; i < v.length; i++) {
                    if (i > 0) b.append(' ');
                    b.append(i < floats ? Float.toString(v[i]) : String.valueOf((int) v[i]));
                }
                b.append('\n');
            }
            for (int[] f : faces) {
                b.append(f.length);
                for (int c : f) b.append(' ').append(c);
                b.append('\n');
            }
            out.writeBytes(b.toString().getBytes(StandardCharsets.US_ASCII));
        } else {
            ByteBuffer buf = ByteBuffer.allocate(vertices.size() * 64 + faces.stream().mapToInt(f -> 1 + 4 * f.length).sum())
                    .order(format.order);
            for (float[] v : vertices) {
                for (int i = 0; i < v.length; i++) {
                    if (i < floats) buf.putFloat(v[i]);
                    else buf.put((byte) (int) v[i]);
                }
            }
            for (int[] f : faces) {
                buf.put((byte) f.length);
                for (int c : f) buf.putInt(c);
            }
            out.write(buf.array(), 0, buf.position());
        }
        return out.toByteArray();
    }

    /** The same vertices and faces as OBJ text (normals and texture coordinates per vertex, as PLY has them). */
    public String obj() {
        StringBuilder b = new StringBuilder();
        for (float[] v : vertices) b.append(String.format(Locale.ROOT, "v %s %s %s%n", Float.toString(v[0]), Float.toString(v[1]), Float.toString(v[2])));
        int k = 3;
        if (normals) {
            for (float[] v : vertices) b.append(String.format(Locale.ROOT, "vn %s %s %s%n", Float.toString(v[k]), Float.toString(v[k + 1]), Float.toString(v[k + 2])));
            k += 3;
        }
        if (texCoords) for (float[] v : vertices) b.append(String.format(Locale.ROOT, "vt %s %s%n", Float.toString(v[k]), Float.toString(v[k + 1])));
        for (int[] f : faces) {
            b.append('f');
            for (int c : f) {
                int i = c + 1;
                b.append(' ').append(i);
                if (texCoords || normals) b.append('/').append(texCoords ? String.valueOf(i) : "");
                if (normals) b.append('/').append(i);
            }
            b.append('\n');
        }
        return b.toString();
    }

    /** A unit cube of six quads, counter-clockwise from outside, and a concave pentagon beside it. */
    public static PlyFiles cubeAndNotch() {
        PlyFiles p = new PlyFiles();
        float[][] c = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
        for (float[] v : c) p.vertex(v);
        p.face(0, 3, 2, 1).face(4, 5, 6, 7).face(0, 1, 5, 4).face(2, 3, 7, 6).face(1, 2, 6, 5).face(0, 4, 7, 3);
        // a concave "arrow" in the plane z = 0.5 beside the cube: a fan from corner 0 would cover its notch
        p.vertex(2, 0, 0.5f).vertex(3, 0, 0.5f).vertex(3, 1, 0.5f).vertex(2.5f, 0.4f, 0.5f).vertex(2, 1, 0.5f);
        p.face(8, 9, 10, 11, 12);
        return p;
    }
}
