package org.drtstudio.bench;

import org.drtstudio.io.support.AtomicFileWriter;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.Light;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.SphereNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.joml.Matrix4f;
import org.joml.Matrix4fc;
import org.joml.Vector3f;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a benchmark scene so the peers ({@code ../shared/peer/vk-rt-bench}, {@code embree-oracle})
 * trace the same rays: {@code NAME.obj}, the scene's triangles in world space (every mesh instance
 * with its transforms applied, vertices shared as in the mesh, {@code v} and {@code f} only), and
 * {@code NAME.cam}, one line of their arguments {@code --cam EX EY EZ AX AY AZ UX UY UZ FOV W H
 * --light X Y Z}. The camera is the benchmark's pinhole (its primary rays ignore the lens), whose
 * definition matches the peers' (vertical field of view edge to edge, rays through pixel centres);
 * the light is the scene's first, as a point (the peers' shadow rays go to one point light, the
 * benchmark's to a point drawn on each light). Spheres have no OBJ form: they are left out and
 * counted, so a scene with spheres is not the same scene for a peer.
 */
public final class PeerExport {
    private PeerExport() {
    }

    /** What one export wrote: the two files, the triangles and vertices in the OBJ, and spheres left out. */
    public record Written(Path obj, Path cam, long triangles, long vertices, long spheresLeftOut) {
    }

    /** Writes {@code dir/NAME.obj} and {@code dir/NAME.cam} for the scene as the benchmark views it at width × height. */
    public static Written write(String name, Scene viewed, int width, int height, Path dir) throws IOException {
        Path obj = dir.resolve(name + ".obj"), cam = dir.resolve(name + ".cam");
        long[] counts = new long[3];
        AtomicFileWriter.write(obj, stream -> {
            Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.US_ASCII), 1 << 16);
            out.write("# " + name + ": world-space triangles of drt bench's scene, for the peer benchmarks\n");
            writeNode(viewed.root(), new Matrix4f(), out, counts);
            out.flush();
        });
        String line = cameraArguments(viewed.camera(), width, height, viewed.lights().isEmpty() ? null : viewed.lights().get(0));
        AtomicFileWriter.write(cam, stream -> stream.write((line + "\n").getBytes(StandardCharsets.US_ASCII)));
        return new Written(obj, cam, counts[1], counts[0], counts[2]);
    }

    /**
     * The peers' camera and light arguments: {@code --cam} eye, look, up, vertical fov in degrees,
     * width, height, then {@code --light} x y z when there is a light. Floats are written in their
     * shortest exact form, so a peer that reads them as doubles gets the benchmark's values.
     */
    public static String cameraArguments(Camera c, int width, int height, Light light) {
        StringBuilder sb = new StringBuilder("--cam");
        for (Vec3 v : new Vec3[]{c.eye(), c.look(), c.up()}) sb.append(' ').append(xyz(v));
        sb.append(' ').append(Float.toString(c.fovY())).append(' ').append(width).append(' ').append(height);
        if (light != null) sb.append(" --light ").append(xyz(light.position()));
        return sb.toString();
    }

    private static String xyz(Vec3 v) {
        return Float.toString(v.x()) + ' ' + Float.toString(v.y()) + ' ' + Float.toString(v.z());
    }

    /** counts: vertices written, triangles written, spheres left out. */
    private static void writeNode(SceneNode node, Matrix4fc parent, Writer out, long[] counts) throws IOException {
        if (node instanceof TransformNode t) {
            Matrix4f m = new Matrix4f(parent).mul(t.transform());
            for (SceneNode child : t.children()) writeNode(child, m, out, counts);
        } else if (node instanceof MeshNode m) {
            writeMesh(m.mesh(), parent, out, counts);
        } else if (node instanceof SphereNode s) {
            counts[2] += s.spheres().size();
        }
    }

    private static void writeMesh(TriangleMesh mesh, Matrix4fc toWorld, Writer out, long[] counts) throws IOException {
        long first = counts[0] + 1; // OBJ indices are 1-based and count every v before
        float[] p = mesh.positions();
        Vector3f v = new Vector3f();
        StringBuilder sb = new StringBuilder(64);
        for (int i = 0; i < p.length; i += 3) {
            toWorld.transformPosition(p[i], p[i + 1], p[i + 2], v);
            sb.setLength(0);
            sb.append("v ").append(v.x).append(' ').append(v.y).append(' ').append(v.z).append('\n');
            out.append(sb);
        }
        counts[0] += p.length / 3;
        int[] idx = mesh.indices();
        for (int i = 0; i < idx.length; i += 3) {
            sb.setLength(0);
            sb.append("f ").append(first + idx[i]).append(' ').append(first + idx[i + 1]).append(' ').append(first + idx[i + 2]).append('\n');
            out.append(sb);
        }
        counts[1] += idx.length / 3;
    }

    /**
     * Exports every scene of a suite selection as the suite views it (its close-up camera) at
     * width × height; prints one line per scene to {@code log}.
     */
    public static void exportSuite(SuiteScenes.Selection selection, int width, int height, Path dir, java.io.PrintWriter log)
            throws IOException {
        for (SuiteScenes.Loaded loaded : selection.scenes()) {
            Scene viewed = loaded.closeUp() < 1f ? BenchSetup.closeUp(loaded.scene(), loaded.closeUp()) : loaded.scene();
            log.println(describe(loaded.name(), write(loaded.name(), viewed, width, height, dir)));
            log.flush();
        }
    }

    /** A one-line summary for the run's log. */
    static String describe(String name, Written w) {
        return String.format(Locale.ROOT, "exported %s: %,d triangles, %,d vertices%s -> %s, %s", name, w.triangles(), w.vertices(),
                w.spheresLeftOut() > 0 ? ", " + w.spheresLeftOut() + " spheres left out (OBJ holds triangles only)" : "",
                w.obj(), w.cam());
    }
}
