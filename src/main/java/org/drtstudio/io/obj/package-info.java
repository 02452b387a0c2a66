/**
 * Wavefront OBJ + MTL import through de.javagl:obj. {@link org.drtstudio.io.obj.ObjReader} is the
 * entry point; the rest is package-private (the default camera and light are {@code io.support.ModelView}):
 * <ul>
 *   <li>{@code LineTrackingReader} (over {@code io.support.TextDecoding}), {@code ObjStatementReader},
 *       {@code ObjFaceSyntax}: text in, statements prepared for javagl's parser, line numbers kept;</li>
 *   <li>{@code ObjGeometryCollector} (javagl's callback sink) → {@code ObjGeometry};</li>
 *   <li>{@code ObjMeshBuilder}, {@code NormalGenerator}, {@code IntTripleMap}: triangles, vertices
 *       and normals;</li>
 *   <li>{@code ObjMaterials}, {@code MtlFileReader}, {@code MtlTextureStatement},
 *       {@code MtlMaterialMapper}: materials (files they name found through {@code io.support.SceneFolder});</li>
 *   <li>{@code PolygonMeshes} (public): faces of other formats (PLY) built into triangles as OBJ faces are.</li>
 * </ul>
 */
package org.drtstudio.io.obj;
