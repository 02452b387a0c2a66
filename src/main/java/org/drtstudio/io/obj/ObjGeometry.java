package org.drtstudio.io.obj;

import java.util.List;

/**
 * Everything the OBJ file says about geometry, with indices checked and made 0-based, before
 * triangulation. Faces are stored as runs of corners: face f owns corners
 * {@code faceStart[f] .. faceStart[f+1]-1}.
 *
 * @param positions      x,y,z per OBJ vertex
 * @param texCoords      u,v per OBJ texture coordinate
 * @param normals        x,y,z per OBJ normal, as written (not normalised)
 * @param cornerVertex   per corner, index into positions
 * @param cornerTexCoord per corner, index into texCoords, or -1
 * @param cornerNormal   per corner, index into normals, or -1
 * @param faceStart      per face, its first corner; one extra entry holds the corner count
 * @param faceSmoothing  per face, its smoothing group ({@link ObjStatementReader#FLAT} = flat)
 * @param faceMaterial   per face, index into materials, or -1 before any usemtl
 * @param materials      the names given to usemtl, in order of first use
 * @param libraries      the mtllib statements
 */
record ObjGeometry(float[] positions, float[] texCoords, float[] normals, int[] cornerVertex, int[] cornerTexCoord,
                   int[] cornerNormal, int[] faceStart, int[] faceSmoothing, int[] faceMaterial,
                   List<UsedMaterial> materials, List<MaterialLibraryReference> libraries) {

    int faceCount() { return faceStart.length - 1; }

    /** A name given to {@code usemtl} and the line where it is first used. */
    record UsedMaterial(String name, int firstLine) {
    }

    /** An {@code mtllib} statement: its argument as written and its line. */
    record MaterialLibraryReference(String argument, int line) {
    }
}
