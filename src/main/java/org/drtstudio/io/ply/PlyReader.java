package org.drtstudio.io.ply;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.ImportResult;
import org.drtstudio.io.ReadProgress;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.obj.PolygonMeshes;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.ModelView;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.io.support.WarningLog;
import org.drtstudio.math.EarClipBudget;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Imports a PLY (Stanford polygon) file, ASCII or binary in either byte order, as a {@link Scene}:
 * the scans of the Stanford 3D Scanning Repository, MeshLab's and Open3D's exports.
 *
 * <p>What is read ({@link PlyBodyReader}): vertex positions, and where the file has them normals,
 * texture coordinates (per vertex, or per corner as MeshLab's {@code texcoord} lists give them) and colours; faces of any number of corners, triangulated as OBJ polygons are
 * ({@link PolygonMeshes}: a PLY and an OBJ of the same faces give the same mesh bit for bit); a face
 * element's own colour; a texture named by MeshLab's {@code comment TextureFile NAME}, found in the
 * file's folder through {@link SceneFolder} like any file a scene file names. Colours become materials
 * ({@link PlyColourMaterials}). Other elements (edges, materials of old exporters, range grids) are
 * passed over with a warning. Like an OBJ model, the scene is one mesh under a transform named after
 * the file, with the camera and light of {@link ModelView}.
 *
 * <p>A small reader of our own rather than a library: the format is a header and arrays, and the
 * untrusted-input rules (header claims checked against the file's size before allocating, lists
 * bounded by what is left of the file, nothing quoted before the file reads as PLY) are easier to
 * hold in 500 lines we own than around a library's allocations.
 */
public final class PlyReader {
    /** The file name extension. */
    public static final String EXTENSION = ".ply";

    private PlyReader() {
    }

    public static ImportResult read(Path file) throws SceneFormatException, IOException {
        InputFiles.requireRegular(file);
        long t0 = System.nanoTime();
        long size = Files.size(file);
        if (size == 0) throw new SceneFormatException(file, 0, "is empty (0 bytes)");
        WarningLog warnings = new WarningLog(file);
        PlyHeader header;
        PlyMesh data;
        try (InputStream in = new BufferedInputStream(ReadProgress.track(file, Files.newInputStream(file)), 1 << 16)) {
            header = PlyHeader.read(file, in);
            PlyValues values = header.format() == PlyFormat.ASCII ? new AsciiPlyValues(file, in, header.lines() + 1)
                    : new BinaryPlyValues(in, header.format().order);
            data = new PlyBodyReader(file, header, values, size - header.bytes(), warnings).read();
        }
        if (data.faceCount() == 0) throw new SceneFormatException(file, 0, "contains no faces to render (a point cloud is not rendered)");
        double parseMs = TimedPhase.since(t0);

        long t1 = System.nanoTime();
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String modelName = fileName.replaceFirst("(?i)\\.ply$", "");
        Material base = baseMaterial(file, header, data, warnings);
        PlyColourMaterials palette = new PlyColourMaterials(base);
        int[] faceMaterial = faceMaterials(data, palette);
        TriangleMesh mesh;
        EarClipBudget earClipping = new EarClipBudget();
        try {
            mesh = data.cornerTexCoords() != null
                    ? PolygonMeshes.build(modelName, data.positions(), data.normals(), data.cornerTexCoords(), true, data.cornerVertex(),
                            data.faceStart(), faceMaterial, earClipping)
                    : PolygonMeshes.build(modelName, data.positions(), data.normals(), data.texCoords(), data.cornerVertex(),
                            data.faceStart(), faceMaterial, earClipping);
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(file, 0, e.getMessage());
        }
        // Faces are numbered from 0 as in the reader's errors, among those of 3 or more corners.
        String fans = earClipping.warning("face " + earClipping.firstFanned());
        if (fans != null) warnings.add("large polygons", 0, fans);
        double meshMs = TimedPhase.since(t1);
        long t2 = System.nanoTime();
        ModelView view = ModelView.frame(mesh.positions());
        if (view == null) throw new SceneFormatException(file, 0, "the model's coordinates are too large to show in single precision");
        TransformNode root = TransformNode.group(fileName, List.<SceneNode>of(new MeshNode(modelName, mesh)));
        Scene scene = new Scene(fileName, root, palette.materials(), List.of(view.light()), view.camera(), RenderSettings.DEFAULT);
        List<TimedPhase> phases = List.of(new TimedPhase("read + parse", parseMs), new TimedPhase("triangles + normals", meshMs),
                new TimedPhase("framing", TimedPhase.since(t2)));
        return new ImportResult(scene, warnings.toList(), phases);
    }

    /** Per face, its material: its own colour, else its corners' mean colour, else the base material. */
    private static int[] faceMaterials(PlyMesh data, PlyColourMaterials palette) {
        int faces = data.faceCount();
        int[] material = new int[faces];
        float[] fc = data.faceColours(), vc = data.colours();
        if (fc == null && vc == null) return material;
        int[] start = data.faceStart(), cv = data.cornerVertex();
        for (int f = 0; f < faces; f++) {
            float r = Float.NaN, g = Float.NaN, b = Float.NaN;
            if (fc != null && !Float.isNaN(fc[3 * f])) {
                r = fc[3 * f];
                g = fc[3 * f + 1];
                b = fc[3 * f + 2];
            } else if (vc != null) {
                r = g = b = 0;
                int n = start[f + 1] - start[f];
                for (int c = start[f]; c < start[f + 1]; c++) {
                    r += vc[3 * cv[c]];
                    g += vc[3 * cv[c] + 1];
                    b += vc[3 * cv[c] + 2];
                }
                r /= n;
                g /= n;
                b /= n;
            }
            material[f] = palette.materialOf(r, g, b);
        }
        return material;
    }

    /**
     * The default material, textured when the header names a texture and the vertices have texture
     * coordinates. The name goes through {@link SceneFolder}: outside the file's folder it is refused
     * with a warning, and the model renders untextured.
     */
    private static Material baseMaterial(Path file, PlyHeader header, PlyMesh data, WarningLog warnings) {
        if (header.textures().isEmpty()) return Material.DEFAULT;
        PlyHeader.NamedFile texture = header.textures().get(0);
        if (header.textures().size() > 1)
            warnings.add("textures", header.textures().get(1).line(), "only the first TextureFile is used");
        if (data.texCoords() == null && data.cornerTexCoords() == null) {
            warnings.add("textures", texture.line(), "a TextureFile is named but the vertices have no texture coordinates");
            return Material.DEFAULT;
        }
        try {
            SceneFolder.ConfinedPath path = SceneFolder.of(file).resolve(texture.name());
            return SceneFolder.ConfinedPath.textures(Material.DEFAULT.toBuilder(), path, null, 1f).build();
        } catch (SceneFolder.Refused e) {
            warnings.add("textures", texture.line(), "texture " + Excerpt.quote(texture.name(), 200) + " " + e.getMessage());
            return Material.DEFAULT;
        }
    }
}
