package org.drtstudio.io.obj;

import org.drtstudio.math.EarClipBudget;
import org.drtstudio.math.PolygonTriangulator;
import org.drtstudio.scene.TriangleMesh;

/**
 * Turns OBJ faces into an indexed triangle mesh.
 *
 * <ul>
 *   <li>Polygons are ear-clipped by {@link PolygonTriangulator}, which handles concave faces
 *       (javagl's {@code ObjUtils.triangulate} is a fan, which fills the notches of a concave face),
 *       within the file's {@link EarClipBudget}: past it, as fans.</li>
 *   <li>An OBJ corner (v, vt, vn) becomes one output vertex, shared by every corner with the same
 *       triple. Corners without a normal are keyed by (v, vt, smoothing group) and get a computed
 *       smooth normal from {@link NormalGenerator}; corners of flat-shaded faces ({@code s off})
 *       are never shared and take their face's normal.</li>
 *   <li>Given normals are normalised; a zero normal is replaced by the face normal.</li>
 *   <li>Every face of n ≥ 3 corners yields n - 2 triangles, degenerate ones included: dropping
 *       them would change the counts a user can check against the file.</li>
 *   <li>Texture coordinates are kept when any face has them; corners without get (0, 0).</li>
 * </ul>
 */
final class ObjMeshBuilder {
    /** Corner order of a face that already is a triangle (read only). */
    private static final int[] TRIANGLE = {0, 1, 2};

    private final ObjGeometry g;
    private final int[] materialOfName;
    private final boolean withTexCoords;
    private final IntTripleMap vertexIds;
    private final NormalGenerator smoothNormals;
    private final FloatList outPositions, outNormals, outTexCoords;
    private final IntList outSmoothSlot = new IntList(1 << 12);
    private final IntList outIndices, outMaterials;
    private float[] polygon = new float[3 * 16];
    private int[] polygonVertices = new int[16];
    private final double[] newell = new double[3];
    private final EarClipBudget earClipping;
    /**
     * Whether the mesh's corners carry neither texture coordinates nor normals and its faces all
     * smooth together (a plain scan): then {@link PlainMeshBuilder} makes the same mesh on every
     * core, without this builder's hash maps and lists.
     */
    private final boolean plain;

    /**
     * @param materialOfName per entry of {@link ObjGeometry#materials()}, the scene material index;
     *                       faces before any usemtl get material 0
     */
    ObjMeshBuilder(ObjGeometry geometry, int[] materialOfName) {
        this(geometry, materialOfName, true);
    }

    /** @param plainPath whether a plain mesh may take the array path (false: the general path, for comparisons) */
    ObjMeshBuilder(ObjGeometry geometry, int[] materialOfName, boolean plainPath) {
        this(geometry, materialOfName, plainPath, new EarClipBudget());
    }

    /** @param earClipping the file's budget, spent on the faces (labelled by index from 0) */
    ObjMeshBuilder(ObjGeometry geometry, int[] materialOfName, EarClipBudget earClipping) {
        this(geometry, materialOfName, true, earClipping);
    }

    private ObjMeshBuilder(ObjGeometry geometry, int[] materialOfName, boolean plainPath, EarClipBudget earClipping) {
        this.g = geometry;
        this.earClipping = earClipping;
        this.materialOfName = materialOfName;
        int corners = geometry.cornerVertex().length;
        withTexCoords = anyUsed(geometry.cornerTexCoord(), geometry.texCoords().length);
        plain = plainPath && isPlain(geometry);
        // The plain path needs neither the maps nor the lists: do not allocate them (tens of MB for a million triangles).
        int size = plain ? 0 : corners;
        vertexIds = new IntTripleMap(size / 2);
        smoothNormals = new NormalGenerator(size / 4);
        outPositions = new FloatList(3 * size / 2);
        outNormals = new FloatList(3 * size / 2);
        outIndices = new IntList(size * 2);
        outMaterials = new IntList(size);
        outTexCoords = new FloatList(withTexCoords ? size : 4);
    }

    /**
     * Whether any corner uses one of the {@code available} floats' entries. With none in the file no
     * corner can (an index is always into the list), so a scanner's file is not walked twice for
     * nothing (60M corner indices for 10M triangles, on one thread).
     */
    private static boolean anyUsed(int[] cornerIndices, int available) {
        if (available == 0) return false;
        for (int i : cornerIndices) if (i >= 0) return true;
        return false;
    }

    private static boolean isPlain(ObjGeometry g) {
        if (anyUsed(g.cornerTexCoord(), g.texCoords().length) || anyUsed(g.cornerNormal(), g.normals().length)) return false;
        int[] groups = g.faceSmoothing();
        if (groups.length == 0 || groups[0] == ObjStatementReader.FLAT) return false;
        for (int group : groups) if (group != groups[0]) return false;
        return true;
    }

    TriangleMesh build(String name) {
        if (plain) return PlainMeshBuilder.build(g, materialOfName, name, earClipping);
        int[] faceStart = g.faceStart();
        for (int f = 0; f < g.faceCount(); f++) addFace(f, faceStart[f], faceStart[f + 1]);
        float[] normals = outNormals.toArray();
        for (int v = 0; v < outSmoothSlot.size(); v++) {
            int slot = outSmoothSlot.get(v);
            // Without a usable sum the vertex keeps the normal of the face that created it.
            if (slot >= 0) smoothNormals.normal(slot, normals, 3 * v);
        }
        return new TriangleMesh(name, outPositions.toArray(), normals, withTexCoords ? outTexCoords.toArray() : null,
                outIndices.toArray(), outMaterials.toArray());
    }

    /** After {@link #build}: the ear clipping done, whose polygon labels are face indices from 0. */
    EarClipBudget earClipping() {
        return earClipping;
    }

    private void addFace(int face, int start, int end) {
        int n = end - start;
        float[] p = g.positions();
        if (polygonVertices.length < n) {
            polygonVertices = new int[n];
            polygon = new float[3 * n];
        }
        for (int i = 0; i < n; i++) {
            int v = g.cornerVertex()[start + i];
            polygon[3 * i] = p[3 * v];
            polygon[3 * i + 1] = p[3 * v + 1];
            polygon[3 * i + 2] = p[3 * v + 2];
        }
        FaceNormal.newell(p, g.cornerVertex(), start, end, newell);
        double nx = newell[0], ny = newell[1], nz = newell[2];
        float[] faceNormal = FaceNormal.unit(newell);

        int group = g.faceSmoothing()[face];
        for (int i = 0; i < n; i++) {
            int corner = start + i;
            int v = g.cornerVertex()[corner], vt = g.cornerTexCoord()[corner], vn = g.cornerNormal()[corner];
            if (vn >= 0) {
                // A zero normal says nothing about the surface: use the face's own, unshared.
                polygonVertices[i] = isZeroNormal(vn) ? newVertex(v, vt, -1, -1, faceNormal) : vertex(v, vt, vn, -1, faceNormal);
            } else if (group != ObjStatementReader.FLAT) {
                int slot = smoothNormals.slot(v, group);
                smoothNormals.add(slot, nx, ny, nz);
                // Negative third key component: a smoothing group, never a normal index.
                polygonVertices[i] = vertex(v, vt, -2 - group, slot, faceNormal);
            } else {
                polygonVertices[i] = newVertex(v, vt, -1, -1, faceNormal);
            }
        }

        int material = g.faceMaterial()[face] < 0 ? 0 : materialOfName[g.faceMaterial()[face]];
        int[] triangles = n == 3 ? TRIANGLE : earClipping.triangulate(polygon, n, face);
        for (int t = 0; t < triangles.length; t += 3) {
            outIndices.add(polygonVertices[triangles[t]]);
            outIndices.add(polygonVertices[triangles[t + 1]]);
            outIndices.add(polygonVertices[triangles[t + 2]]);
            outMaterials.add(material);
        }
    }

    private boolean isZeroNormal(int vn) {
        float[] nr = g.normals();
        return nr[3 * vn] == 0f && nr[3 * vn + 1] == 0f && nr[3 * vn + 2] == 0f;
    }

    /** The shared output vertex for a corner key, created on first use. */
    private int vertex(int v, int vt, int normalKey, int smoothSlot, float[] faceNormal) {
        int id = vertexIds.get(v, vt, normalKey);
        if (id >= 0) return id;
        id = newVertex(v, vt, normalKey, smoothSlot, faceNormal);
        vertexIds.put(v, vt, normalKey, id);
        return id;
    }

    private int newVertex(int v, int vt, int normalKey, int smoothSlot, float[] faceNormal) {
        float[] p = g.positions();
        outPositions.add(p[3 * v], p[3 * v + 1], p[3 * v + 2]);
        if (normalKey >= 0) {
            float[] nr = g.normals();
            double x = nr[3 * normalKey], y = nr[3 * normalKey + 1], z = nr[3 * normalKey + 2];
            double length = Math.sqrt(x * x + y * y + z * z);
            outNormals.add((float) (x / length), (float) (y / length), (float) (z / length));
        } else {
            outNormals.add(faceNormal[0], faceNormal[1], faceNormal[2]);
        }
        if (withTexCoords) {
            if (vt >= 0) outTexCoords.add(g.texCoords()[2 * vt], g.texCoords()[2 * vt + 1]);
            else outTexCoords.add(0f, 0f);
        }
        outSmoothSlot.add(smoothSlot);
        return outPositions.size() / 3 - 1;
    }
}
