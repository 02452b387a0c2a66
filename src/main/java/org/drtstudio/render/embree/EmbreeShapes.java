package org.drtstudio.render.embree;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImage;
import org.lwjgl.system.MemoryUtil;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.drtstudio.accel.GeometryImageLayout.KIND_TRIANGLE;
import static org.drtstudio.accel.GeometryImageLayout.PRIMITIVE_TEXELS;
import static org.drtstudio.accel.GeometryImageLayout.VERTEX_TEXELS;
import static org.drtstudio.accel.GeometryImageLayout.kindOf;

/**
 * An image's shape level as Embree scenes, one per shape: its triangles (indexed, over the image's
 * shared vertices) as one geometry and its spheres ({@code RTC_GEOMETRY_TYPE_SPHERE_POINT}) as
 * another, each built the first time an instance needs it. Kept while the shape level is (a
 * transform edit keeps it, {@link GeometryImage}), so moving a model rebuilds only the top scene.
 * Hits map back to the image's primitives through {@link #primitive}.
 *
 * <p>Native memory is held until the last user lets go ({@link #retain} / {@link #release}).
 */
final class EmbreeShapes {
    private final EmbreeDevice device;
    private final EmbreeLibrary lib;
    private final GeometryImage image;
    private final Map<Integer, Integer> shapeOfRoot = new HashMap<>();
    private final List<int[]> ranges = new ArrayList<>();
    private long[] scenes;
    /** Per shape, per geometry of its scene: the image primitive of Embree primitive i is {@code first + i}, or {@code table[i]}. */
    private PrimitiveMap[][] maps;
    private final AtomicInteger references = new AtomicInteger(1);
    /** Bytes handed to Embree as vertex and index buffers (its trees come on top). */
    private long bytes;

    record PrimitiveMap(int first, int[] table) {
        int image(int index) {
            return table == null ? first + index : table[index];
        }
    }

    EmbreeShapes(EmbreeDevice device, GeometryImage image) {
        this.device = device;
        this.lib = device.library;
        this.image = image;
        BoxLayout boxes = BoxLayout.of(image);
        for (int root : boxes.rootLinks()) {
            shapeOfRoot.put(root, ranges.size());
            ranges.add(primitives(boxes, root));
        }
        scenes = new long[ranges.size()];
        maps = new PrimitiveMap[ranges.size()][];
    }

    /** The shape whose box-layout root is {@code root}. */
    int shapeOf(int root) {
        Integer s = shapeOfRoot.get(root);
        if (s == null) throw new IllegalArgumentException("no shape has its box-layout root at node " + root);
        return s;
    }

    /**
     * The scene of shape {@code shape}, built on first use.
     *
     * @throws EmbreeException when Embree cannot build it
     */
    synchronized long scene(int shape) {
        if (scenes[shape] != 0) return scenes[shape];
        long scene = lib.newScene(device.handle);
        if (scene == 0) throw EmbreeException.of(lib, device);
        List<PrimitiveMap> geometryMaps = new ArrayList<>();
        try {
            bytes += addShape(scene, ranges.get(shape), geometryMaps);
            lib.setBuildQuality(scene, EmbreeLibrary.BUILD_QUALITY_MEDIUM);
            lib.commitScene(scene);
            EmbreeException.check(lib, device);
        } catch (RuntimeException e) {
            lib.releaseScene(scene);
            throw e;
        }
        maps[shape] = geometryMaps.toArray(new PrimitiveMap[0]);
        scenes[shape] = scene;
        return scene;
    }

    /**
     * Adds shape {@code shape}'s geometries to {@code scene} (a flat scene of several shapes, which
     * the caller commits); returns their primitive maps, in the order of their geometry ids.
     */
    synchronized PrimitiveMap[] addTo(long scene, int shape) {
        List<PrimitiveMap> geometryMaps = new ArrayList<>();
        bytes += addShape(scene, ranges.get(shape), geometryMaps);
        return geometryMaps.toArray(new PrimitiveMap[0]);
    }

    /** The image primitive of Embree primitive {@code primId} of geometry {@code geomId} of shape {@code shape}'s scene. */
    int primitive(int shape, int geomId, int primId) {
        return maps[shape][geomId].image(primId);
    }

    synchronized long bytes() {
        return bytes;
    }

    EmbreeShapes retain() {
        if (references.getAndIncrement() <= 0) throw new IllegalStateException("the Embree shapes were already released");
        return this;
    }

    /** Lets go of one reference; the last frees the native scenes. */
    void release() {
        if (references.decrementAndGet() != 0) return;
        synchronized (this) {
            for (long s : scenes) if (s != 0) lib.releaseScene(s);
            Arrays.fill(scenes, 0);
        }
    }

    /** The primitive range [first, end) of the shape whose box-layout root is {@code root}: every leaf below it. */
    private static int[] primitives(BoxLayout boxes, int root) {
        float[] nodes = boxes.nodes();
        int first = Integer.MAX_VALUE, end = 0;
        int[] stack = new int[64];
        int sp = 0;
        stack[sp++] = root;
        while (sp > 0) {
            int node = stack[--sp];
            for (int child = 0; child < 2; child++) {
                int link = Float.floatToRawIntBits(nodes[BoxLayout.NODE_TEXELS * 4 * node + 3 + 4 * child]);
                if (link >= 0) {
                    if (sp == stack.length) stack = Arrays.copyOf(stack, 2 * sp);
                    stack[sp++] = link;
                    continue;
                }
                int word = ~link, count = word & BoxLayout.LEAF_COUNT_MASK;
                if (count == 0) continue;
                int start = word >>> BoxLayout.LEAF_COUNT_BITS;
                first = Math.min(first, start);
                end = Math.max(end, start + count);
            }
        }
        return first <= end ? new int[]{first, end} : new int[]{0, 0};
    }

    /** Adds the shape's triangles and spheres to {@code scene}, one geometry each, maps in geometry order; returns the buffers' bytes. */
    private long addShape(long scene, int[] range, List<PrimitiveMap> geometryMaps) {
        float[] prims = image.primitives();
        int triangles = 0, spheres = 0, vmin = Integer.MAX_VALUE, vmax = -1;
        for (int p = range[0]; p < range[1]; p++) {
            int b = 4 * PRIMITIVE_TEXELS * p;
            if (kindOf(Float.floatToRawIntBits(prims[b + 3])) == KIND_TRIANGLE) {
                triangles++;
                for (int c = 0; c < 3; c++) {
                    int v = Float.floatToRawIntBits(prims[b + c]);
                    vmin = Math.min(vmin, v);
                    vmax = Math.max(vmax, v);
                }
            } else {
                spheres++;
            }
        }
        boolean interleaved = triangles > 0 && spheres > 0;
        long added = 0;
        if (triangles > 0) added += addTriangles(scene, range, triangles, vmin, vmax, interleaved, geometryMaps);
        if (spheres > 0) added += addSpheres(scene, range, spheres, interleaved, geometryMaps);
        return added;
    }

    private long addTriangles(long scene, int[] range, int count, int vmin, int vmax, boolean interleaved, List<PrimitiveMap> geometryMaps) {
        float[] prims = image.primitives(), verts = image.vertices();
        long g = newGeometry(EmbreeLibrary.GEOMETRY_TRIANGLE);
        try {
            int vertexCount = vmax - vmin + 1;
            long vb = lib.newBuffer(g, EmbreeLibrary.BUFFER_VERTEX, 0, EmbreeLibrary.FORMAT_FLOAT3, 12, vertexCount);
            long ib = lib.newBuffer(g, EmbreeLibrary.BUFFER_INDEX, 0, EmbreeLibrary.FORMAT_UINT3, 12, count);
            if (vb == 0 || ib == 0) throw EmbreeException.of(lib, device);
            for (int v = 0; v < vertexCount; v++) {
                int src = 4 * VERTEX_TEXELS * (vmin + v);
                long at = vb + 12L * v;
                MemoryUtil.memPutFloat(at, verts[src]);
                MemoryUtil.memPutFloat(at + 4, verts[src + 1]);
                MemoryUtil.memPutFloat(at + 8, verts[src + 2]);
            }
            int[] table = interleaved ? new int[count] : null;
            int t = 0;
            for (int p = range[0]; p < range[1]; p++) {
                int b = 4 * PRIMITIVE_TEXELS * p;
                if (kindOf(Float.floatToRawIntBits(prims[b + 3])) != KIND_TRIANGLE) continue;
                for (int c = 0; c < 3; c++) MemoryUtil.memPutInt(ib + 12L * t + 4L * c, Float.floatToRawIntBits(prims[b + c]) - vmin);
                if (table != null) table[t] = p;
                t++;
            }
            lib.commitGeometry(g);
            lib.attach(scene, g);
            geometryMaps.add(new PrimitiveMap(range[0], table));
            return 12L * vertexCount + 12L * count;
        } finally {
            lib.releaseGeometry(g);
        }
    }

    private long addSpheres(long scene, int[] range, int count, boolean interleaved, List<PrimitiveMap> geometryMaps) {
        float[] prims = image.primitives(), verts = image.vertices();
        long g = newGeometry(EmbreeLibrary.GEOMETRY_SPHERE_POINT);
        try {
            long vb = lib.newBuffer(g, EmbreeLibrary.BUFFER_VERTEX, 0, EmbreeLibrary.FORMAT_FLOAT4, 16, count);
            if (vb == 0) throw EmbreeException.of(lib, device);
            int[] table = interleaved ? new int[count] : null;
            int s = 0;
            for (int p = range[0]; p < range[1]; p++) {
                int b = 4 * PRIMITIVE_TEXELS * p;
                if (kindOf(Float.floatToRawIntBits(prims[b + 3])) == KIND_TRIANGLE) continue;
                int v = 4 * VERTEX_TEXELS * Float.floatToRawIntBits(prims[b]);
                for (int c = 0; c < 4; c++) MemoryUtil.memPutFloat(vb + 16L * s + 4L * c, verts[v + c]);
                if (table != null) table[s] = p;
                s++;
            }
            lib.commitGeometry(g);
            lib.attach(scene, g);
            geometryMaps.add(new PrimitiveMap(range[0], table));
            return 16L * count;
        } finally {
            lib.releaseGeometry(g);
        }
    }

    private long newGeometry(int type) {
        long g = lib.newGeometry(device.handle, type);
        if (g == 0) throw EmbreeException.of(lib, device);
        return g;
    }
}
