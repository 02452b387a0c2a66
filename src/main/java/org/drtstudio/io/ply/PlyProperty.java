package org.drtstudio.io.ply;

/**
 * One property of a PLY element: a scalar ({@code property float x}) or a list ({@code property
 * list uchar int vertex_indices}: a count of {@code countType}, then that many values of {@code type}).
 *
 * @param countType the type of a list's count, an integer type; null for a scalar
 */
record PlyProperty(String name, PlyType type, PlyType countType) {
    boolean isList() {
        return countType != null;
    }
}
