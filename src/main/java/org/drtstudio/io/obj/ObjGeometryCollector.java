package org.drtstudio.io.obj;

import org.drtstudio.scene.TriangleMesh;

import de.javagl.obj.AbstractWritableObj;
import de.javagl.obj.FloatTuple;
import de.javagl.obj.ObjFace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Receives what javagl's {@code ObjReader} parses, statement by statement, and keeps it in compact
 * arrays (javagl's own {@code Obj} would hold an object per vertex and per face).
 *
 * <p>It rejects what javagl lets through: non-finite coordinates, vertices with fewer than three
 * coordinates, and indices that point before the first element. javagl turns a relative index
 * {@code -k} into {@code count - k} and an absolute index {@code i} into {@code i - 1}, so a
 * negative result can only come from a relative index reaching back too far, and an index at or
 * beyond the count only from an absolute one; that lets messages quote the index as written.
 * Absolute indices are checked against the final counts, once the whole file is read.
 */
final class ObjGeometryCollector extends AbstractWritableObj {
    private final ObjStatementReader source;
    private final FloatList positions = new FloatList(1 << 12);
    private final FloatList texCoords = new FloatList(1 << 10);
    private final FloatList normals = new FloatList(1 << 10);
    private final IntList cornerVertex = new IntList(1 << 12);
    private final IntList cornerTexCoord = new IntList(1 << 12);
    private final IntList cornerNormal = new IntList(1 << 12);
    private final IntList faceStart = new IntList(1 << 11);
    private final IntList faceSmoothing = new IntList(1 << 11);
    private final IntList faceMaterial = new IntList(1 << 11);
    private final List<ObjGeometry.UsedMaterial> materials = new ArrayList<>();
    private final Map<String, Integer> materialIds = new HashMap<>();
    private final List<ObjGeometry.MaterialLibraryReference> libraries = new ArrayList<>();
    private final IndexRange vertexRange = new IndexRange("vertex", "vertices");
    private final IndexRange texCoordRange = new IndexRange("texture coordinate", "texture coordinates");
    private final IndexRange normalRange = new IndexRange("normal", "normals");
    private int currentMaterial = -1;
    private int degenerateFaces, firstDegenerateLine;
    /**
     * Whether the file has shown itself to be OBJ: a vertex, normal or texture coordinate read whole,
     * or an {@code mtllib} or {@code usemtl} (words no other file starts a line with). Only then may
     * messages quote it; o, g and s are single letters too common elsewhere to count.
     */
    private boolean recognised;

    /** Whether the file has shown itself to be OBJ (see the field). */
    boolean recognised() {
        return recognised;
    }

    ObjGeometryCollector(ObjStatementReader source) {
        this.source = source;
        faceStart.add(0);
    }

    @Override
    public void addVertex(FloatTuple t) {
        if (t.getDimensions() < 3) throw new ObjFormatProblem("a vertex needs 3 numbers, but the line has " + t.getDimensions());
        float x = t.getX(), y = t.getY(), z = t.getZ();
        requireFinite("vertex", x, y, z);
        positions.add(x, y, z);
        recognised = true;
    }

    @Override
    public void addTexCoord(FloatTuple t) {
        float u = t.getX(), v = t.getDimensions() > 1 ? t.getY() : 0f;
        requireFinite("texture coordinate", u, v, 0f);
        texCoords.add(u, v);
        recognised = true;
    }

    @Override
    public void addNormal(FloatTuple t) {
        if (t.getDimensions() < 3) throw new ObjFormatProblem("a normal needs 3 numbers, but the line has " + t.getDimensions());
        float x = t.getX(), y = t.getY(), z = t.getZ();
        requireFinite("normal", x, y, z);
        normals.add(x, y, z);
        recognised = true;
    }

    @Override
    public void setActiveMaterialGroupName(String name) {
        currentMaterial = materialIds.computeIfAbsent(name, key -> {
            materials.add(new ObjGeometry.UsedMaterial(key, source.statementLine()));
            return materials.size() - 1;
        });
        recognised = true; // usemtl: a word of OBJ and MTL alone
    }

    @Override
    public void setMtlFileNames(Collection<? extends String> names) {
        // javagl passes the whole argument of one mtllib statement as a single name.
        for (String argument : names) libraries.add(new ObjGeometry.MaterialLibraryReference(argument, source.statementLine()));
        recognised = true; // mtllib: a word of OBJ alone
    }

    @Override
    public void setActiveGroupNames(Collection<? extends String> names) {
        // One mesh per file: groups and objects do not split the model.
    }

    @Override
    public void addFace(ObjFace face) {
        int n = face.getNumVertices();
        if (n < 3) {
            if (degenerateFaces++ == 0) firstDegenerateLine = source.statementLine();
            return;
        }
        boolean hasTexCoords = face.containsTexCoordIndices(), hasNormals = face.containsNormalIndices();
        int line = source.statementLine();
        for (int i = 0; i < n; i++) {
            cornerVertex.add(vertexRange.check(face.getVertexIndex(i), positions.size() / 3, line));
            cornerTexCoord.add(hasTexCoords ? texCoordRange.check(face.getTexCoordIndex(i), texCoords.size() / 2, line) : -1);
            cornerNormal.add(hasNormals ? normalRange.check(face.getNormalIndex(i), normals.size() / 3, line) : -1);
        }
        faceStart.add(cornerVertex.size());
        faceSmoothing.add(source.smoothingGroup());
        faceMaterial.add(currentMaterial);
    }

    /**
     * Checks the indices against the final counts and hands out the geometry.
     *
     * @throws ObjFormatProblem naming the line of the worst out-of-range index
     */
    ObjGeometry finish(Path file, ImportWarnings warnings) {
        vertexRange.checkFinal(positions.size() / 3);
        texCoordRange.checkFinal(texCoords.size() / 2);
        int[] normalIndices = cornerNormal.toArray();
        if (normals.size() == 0 && normalRange.maxIndex >= 0) {
            // Faces written as v//vn with every vn line missing (tinyobjloader's
            // smoothing-group-two-squares.obj comments them out): normals can be computed instead.
            Arrays.fill(normalIndices, -1);
            warnings.add(file, normalRange.maxLine, "faces refer to vertex normals but the file defines none; normals are computed instead");
        } else {
            normalRange.checkFinal(normals.size() / 3);
        }
        if (degenerateFaces > 0) {
            warnings.add(file, firstDegenerateLine, "skipped " + degenerateFaces + (degenerateFaces == 1 ? " face" : " faces")
                    + " with fewer than 3 corners");
        }
        int primitives = source.lineStatements() + source.pointStatements();
        if (primitives > 0) {
            warnings.add(file, source.firstPrimitiveLine(), "ignored " + source.lineStatements() + " line (l) and "
                    + source.pointStatements() + " point (p) statements; only faces are rendered");
        }
        if (source.facesWithDroppedIndices() > 0) {
            warnings.add(file, source.firstDroppedLine(), source.facesWithDroppedIndices()
                    + " face(s) give texture or normal indices for only some corners; those indices were ignored");
        }
        return new ObjGeometry(positions.toArray(), texCoords.toArray(), normals.toArray(), cornerVertex.toArray(),
                cornerTexCoord.toArray(), normalIndices, faceStart.toArray(), faceSmoothing.toArray(),
                faceMaterial.toArray(), List.copyOf(materials), List.copyOf(libraries));
    }

    private static void requireFinite(String what, float x, float y, float z) {
        if (!Float.isFinite(x) || !Float.isFinite(y) || !Float.isFinite(z)) {
            throw new ObjFormatProblem(what + " has a coordinate that is not a finite number");
        }
        float m = TriangleMesh.MAX_COORDINATE;
        if (Math.abs(x) > m || Math.abs(y) > m || Math.abs(z) > m) {
            throw new ObjFormatProblem(what + " has a coordinate beyond the range a scene may hold (|value| ≤ 1e18)");
        }
    }

    /** Range checks for one kind of index (vertex, texture coordinate or normal). */
    private static final class IndexRange {
        private final String singular, plural;
        private int maxIndex = -1, maxLine;

        IndexRange(String singular, String plural) {
            this.singular = singular;
            this.plural = plural;
        }

        /** Checks a 0-based index from javagl given the count defined so far; returns it. */
        int check(int index, int countSoFar, int line) {
            if (index < 0) {
                int written = index - countSoFar; // javagl computed countSoFar + written
                throw new ObjFormatProblem("face refers to " + singular + " " + written + ", counting back from this line, but only "
                        + countSoFar + " " + (countSoFar == 1 ? singular + " is" : plural + " are") + " defined before it");
            }
            if (index > maxIndex) {
                maxIndex = index;
                maxLine = line;
            }
            return index;
        }

        void checkFinal(int count) {
            if (maxIndex >= count) {
                throw new ObjFormatProblem(maxLine, "face refers to " + singular + " " + (maxIndex + 1) + " but only "
                        + count + " " + (count == 1 ? singular + " is" : plural + " are") + " defined");
            }
        }
    }
}
