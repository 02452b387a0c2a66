package org.drtstudio.io.nff;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.TextDecoding;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;

/**
 * Reads Eric Haines' Neutral File Format (NFF), the format of the Standard Procedural Databases.
 *
 * <p>The result is a scene whose root transform (identity) holds one {@code SphereNode} with all
 * spheres and one {@code MeshNode} with all polygons, polygonal patches and tessellated
 * cones/cylinders (each part only when present). What each NFF entity becomes:
 * <ul>
 *   <li>{@code v} block: the camera and image size; the NFF angle (pixel centre to pixel centre) is
 *       converted to our edge-to-edge fovY. No block: a view framing the scene, 512×512.</li>
 *   <li>{@code b}: background colour (black when absent, as the spec says).</li>
 *   <li>{@code l x y z [r g b]}: point lights of radius 0, each with intensity 1/√(number of lights)
 *       so scenes with many lights do not blow out. No light: one white light at the eye.</li>
 *   <li>{@code f r g b Kd Ks Shine T ior [texture]}: Phong material, diffuse = ambient = rgb·Kd,
 *       specular = Ks grey, reflectivity = Ks, transparency = T; fewer numbers take the defaults
 *       Kd 1, Ks 0, Shine 0, T 0, ior 1. Equal fills share one material. The texture (an assimp dialect)
 *       is found in the NFF's folder or below ({@code io.support.SceneFolder}); any other is refused with a
 *       warning and the material renders untextured.</li>
 *   <li>{@code c}: open cone or cylinder, one-line (SPD 3.14) or three-line (NFF.TXT) form,
 *       tessellated into {@value ConeTessellator#SEGMENTS} segments.</li>
 *   <li>{@code s x y z r}: sphere (numbers after r, an assimp dialect, are ignored).</li>
 *   <li>{@code p n} / {@code pp n}: polygons of any size, convex or concave, triangulated by ear
 *       clipping (as fans past the file's {@link org.drtstudio.math.EarClipBudget}); patches keep
 *       their per-vertex normals.</li>
 * </ul>
 * assimp's extension keywords ({@code tess}, {@code dod}, {@code hex}, ...) are skipped with a
 * warning; {@code tpp} is read as {@code pp} without its texture coordinates. Anything else that is
 * not NFF is a {@link SceneFormatException} naming the file, line and problem.
 *
 * <p>Lighting: ambient light 0.1 grey, no distance attenuation (1, 0, 0), as SPD intends.
 */
public final class NffReader {
    private NffReader() {
    }

    /**
     * Reads an NFF file.
     *
     * @throws SceneFormatException when the file is not valid NFF; the message names file and line
     * @throws IOException          when the file cannot be read
     */
    public static ImportResult read(Path file) throws SceneFormatException, IOException {
        // UTF-8 (undecodable bytes replaced: NFF is ASCII, and a stray byte in a comment or texture
        // name is no reason to reject a file) or UTF-16 with a byte order mark, like OBJ; regular
        // files only, so a FIFO or device is refused instead of read forever.
        try (Reader reader = TextDecoding.open(file)) {
            return read(file, reader);
        }
    }

    /**
     * Reads NFF text from {@code reader} (not closed here).
     *
     * @param nameForMessages the file name used in messages and as the scene name
     */
    public static ImportResult read(Path nameForMessages, Reader reader) throws SceneFormatException, IOException {
        return new NffParser(nameForMessages, reader).parse();
    }
}
