package org.drtstudio.io.ply;

/**
 * What a PLY body says about geometry, before triangulation: per-vertex arrays and faces as runs
 * of corners (face f owns corners {@code faceStart[f] .. faceStart[f+1]-1}).
 *
 * @param positions    x,y,z per vertex
 * @param normals      x,y,z per vertex as written, or null
 * @param texCoords    u,v per vertex, or null
 * @param colours      r,g,b per vertex in 0…1 as stored (sRGB), or null
 * @param cornerVertex per corner, its vertex (checked in range)
 * @param faceStart    per face, its first corner; one extra entry holds the corner count
 * @param faceColours  r,g,b per face in 0…1 (a face element's own colour), or null
 * @param cornerTexCoords u,v per corner (MeshLab's per-face {@code texcoord} lists), or null; then
 *                     {@code texCoords} is null
 */
record PlyMesh(float[] positions, float[] normals, float[] texCoords, float[] colours, int[] cornerVertex,
               int[] faceStart, float[] faceColours, float[] cornerTexCoords) {
    int vertexCount() {
        return positions.length / 3;
    }

    int faceCount() {
        return faceStart.length - 1;
    }
}
