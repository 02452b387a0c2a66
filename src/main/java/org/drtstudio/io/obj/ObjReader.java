package org.drtstudio.io.obj;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.support.ModelView;
import org.drtstudio.io.support.TextDecoding;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.List;

/**
 * Imports a Wavefront OBJ model and its MTL materials as a {@link Scene}.
 *
 * <p>A plain file is parsed on every core by {@link PlainObjParser} (2.5-7 times less CPU a byte than
 * javagl, and parallel), into exactly what the path below makes of it. Any other file, and every
 * problem, goes the validating way: the text is parsed by de.javagl:obj's {@code ObjReader} in streaming mode; around it, this
 * importer decodes the file's encoding (UTF-8, UTF-16 with byte order mark), prepares each
 * statement for javagl and keeps what javagl drops (line numbers, smoothing groups, line and point
 * primitives), checks every index, triangulates polygons by ear clipping (concave ones included),
 * computes smooth normals where the file has none, and maps the MTL materials.
 *
 * <p>The scene holds one mesh for the whole file with a material per triangle, under an identity
 * transform named after the file; material 0 is the default material; a camera and a point light
 * frame the model (see {@link ModelView}); render settings are {@link RenderSettings#DEFAULT}.
 *
 * <p>Problems that make the model unusable (malformed numbers, non-finite coordinates, indices
 * out of range, no faces at all) throw {@link SceneFormatException} naming the file and line.
 * Problems the model survives (a missing MTL file, an unknown material, faces with fewer than three
 * corners, lines and points) become warnings in the {@link ImportResult}.
 */
public final class ObjReader {
    private ObjReader() {
    }

    /**
     * Reads an OBJ file (and the MTL files it names) into a scene.
     *
     * @param file the .obj file
     * @return the scene and the warnings worth showing the user
     * @throws SceneFormatException when the file is not a usable OBJ model; the message names the
     *                              file, the line (when there is one) and the problem
     * @throws IOException          when the file cannot be read
     */
    public static ImportResult read(Path file) throws SceneFormatException, IOException {
        return read(file, true);
    }

    /**
     * As {@link #read(Path)}; with {@code fastPaths} false a plain file too goes through the
     * validating parser and the general mesh builder, as before the fast paths existed (for
     * measuring them: {@code drt bench --suite import}). Both give the same scene.
     */
    public static ImportResult read(Path file, boolean fastPaths) throws SceneFormatException, IOException {
        ImportWarnings warnings = new ImportWarnings();
        long t0 = System.nanoTime();
        ObjGeometry geometry = geometry(file, fastPaths, warnings);
        if (geometry.faceCount() == 0) throw new SceneFormatException(file, 0, "contains no faces to render");
        double parseMs = TimedPhase.since(t0);

        long t1 = System.nanoTime();
        ObjMaterials materials = ObjMaterials.load(file, geometry, warnings);
        String fileName = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String modelName = fileName.replaceFirst("(?i)\\.obj$", "");
        ObjMeshBuilder builder = new ObjMeshBuilder(geometry, materials.indexOfUsedName(), fastPaths);
        TriangleMesh mesh = builder.build(modelName);
        String fans = builder.earClipping().warning("face " + (builder.earClipping().firstFanned() + 1));
        if (fans != null) warnings.add(file, 0, fans);
        double meshMs = TimedPhase.since(t1);
        long t2 = System.nanoTime();
        ModelView view = ModelView.frame(mesh.positions());
        if (view == null) {
            throw new SceneFormatException(file, 0, "the model's coordinates are too large to show in single precision");
        }
        TransformNode root = TransformNode.group(fileName, List.<SceneNode>of(new MeshNode(modelName, mesh)));
        Scene scene = new Scene(fileName, root, materials.materials(), List.of(view.light()), view.camera(),
                RenderSettings.DEFAULT);
        List<TimedPhase> phases = List.of(new TimedPhase("read + parse", parseMs),
                new TimedPhase("triangles + normals", meshMs), new TimedPhase("framing", TimedPhase.since(t2)));
        return new ImportResult(scene, warnings.list(), phases);
    }

    /**
     * The file's statements. A method of its own so the file's bytes (46 MB for a 1M-triangle scan)
     * are unreachable once it returns, before the mesh is built beside the parsed arrays.
     */
    private static ObjGeometry geometry(Path file, boolean fastPaths, ImportWarnings warnings) throws SceneFormatException, IOException {
        // Plain files (v/vn/vt/f, g/o/s, usemtl/mtllib) take the fast path on every core; anything else,
        // and any problem, the validating one.
        PlainObjParser.Attempt fast = fastPaths ? PlainObjParser.parse(file) : new PlainObjParser.Attempt(null, null);
        if (fast.geometry() != null) return fast.geometry();
        // Declined: the validating path parses the bytes already read, or streams the file.
        try (Reader text = fast.text() != null ? TextDecoding.open(fast.text()) : TextDecoding.open(file)) {
            return parse(file, text, warnings);
        }
    }

    /** Runs javagl's parser over the prepared statements and turns its failures into messages with lines. */
    private static ObjGeometry parse(Path file, Reader text, ImportWarnings warnings) throws SceneFormatException, IOException {
        ObjStatementReader statements = new ObjStatementReader(text);
        ObjGeometryCollector collector = new ObjGeometryCollector(statements);
        try {
            de.javagl.obj.ObjReader.read(statements, collector);
            return collector.finish(file, warnings);
        } catch (LineTrackingReader.InputFailure e) {
            throw e.getCause();
        } catch (LineTrackingReader.LineTooLong e) {
            throw new SceneFormatException(file, e.line(), e.getMessage());
        } catch (ObjFormatProblem p) {
            throw new SceneFormatException(file, p.line() > 0 ? p.line() : statements.statementLine(), p.getMessage());
        } catch (IOException | RuntimeException javaglRejected) {
            // javagl throws IOException for text it cannot parse, and lets some runtime exceptions
            // escape (a bare "v" ends in NoSuchElementException): both mean a malformed statement.
            throw new SceneFormatException(file, statements.statementLine(),
                    ObjErrorExplainer.explain(statements.currentStatement(), javaglRejected, collector.recognised()), javaglRejected);
        }
    }
}
