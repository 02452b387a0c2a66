package org.drtstudio.accel;

import org.drtstudio.bench.ProceduralMeshes;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.cpu.CpuRenderer;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.scene.PointLight;
import org.drtstudio.scene.RenderSettings;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.drtstudio.testing.TestScenes;
import org.joml.Matrix4f;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The linear BVH's CPU twin (the GPU build's oracle, GlLinearBvhBuilderTest): its radix tree is the
 * one the splits at the keys' highest differing bit define, and an image whose large mesh it built
 * passes the validator ({@code drt info --check}) and renders the binned build's picture.
 */
class LinearBvhTwinTest {
    private static final TriangleMesh LARGE = ProceduralMeshes.bumpySphere(100, 100), SMALL = ProceduralMeshes.bumpySphere(40, 25);

    @Test
    void theRadixTreeSplitsEveryRangeWhereItsFirstAndLastKeysFirstDiffer() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int n : new int[]{2, 3, 5, 64, 1000}) {
            int[] codes = new int[n];
            for (int i = 0; i < n; i++) codes[i] = rnd.nextInt(n / 2 + 1) << 20; // runs of equal codes
            java.util.Arrays.sort(codes);
            int[] left = new int[n - 1], right = new int[n - 1];
            for (int i = 0; i < n - 1; i++) {
                int[] c = RadixTree.children(codes, i);
                left[i] = c[0];
                right[i] = c[1];
            }
            int[] seen = new int[n];
            assertSplitsAtFirstDifference(codes, left, right, 0, 0, n - 1, seen);
            for (int s = 0; s < n; s++) assertEquals(1, seen[s], "leaf " + s + " of " + n);
        }
    }

    /** Checks the node behind {@code link} against the top-down definition over slots lo..hi (keys: code, then slot). */
    private static void assertSplitsAtFirstDifference(int[] codes, int[] left, int[] right, int link, int lo, int hi, int[] seen) {
        if (lo == hi) {
            assertEquals(BoxLayout.leafLink(lo, 1), link, "a single slot is a leaf");
            seen[lo]++;
            return;
        }
        assertTrue(link >= 0, "slots " + lo + ".." + hi + " make an inner node");
        long a = (long) codes[lo] << 32 | lo, b = (long) codes[hi] << 32 | hi;
        long bit = Long.highestOneBit(a ^ b);
        int split = lo + 1;
        while (((((long) codes[split] << 32) | split) & bit) == 0) split++;
        assertSplitsAtFirstDifference(codes, left, right, left[link], lo, split - 1, seen);
        assertSplitsAtFirstDifference(codes, left, right, right[link], split, hi, seen);
    }

    @Test
    void theSubtreeSizesTheTwinRecordsAreTheTreesMeasuredOnes() {
        for (TriangleMesh mesh : List.of(LARGE, SMALL, tallLine(), ProceduralMeshes.bumpySphere(2, 3))) {
            LinearBvh bvh = new LinearBvhTwin().build(mesh.positions(), mesh.indices());
            assertNotNull(bvh.sizes(), "the twin measures as it builds");
            LinearBvhSubtrees measured = new LinearBvhSubtrees(bvh);
            String what = mesh.triangleCount() + " triangles";
            assertArrayEquals(measured.leaves, bvh.sizes().leaves(), what + ": leaves under each node");
            assertArrayEquals(measured.height, bvh.sizes().height(), what + ": each subtree's height");
            assertArrayEquals(measured.firstSlot, bvh.sizes().firstSlot(), what + ": each subtree's first slot");
            assertEquals(bvh.height(), bvh.sizes().height()[0], what + ": the root's height is the tree's");
            assertNull(bvh.withoutSizes().sizes());
        }
    }

    @Test
    void sizesForAnotherTreeAreRefused() {
        LinearBvh bvh = new LinearBvhTwin().build(SMALL.positions(), SMALL.indices());
        LinearBvh wrong = new LinearBvh(bvh.order(), bvh.nodes(), bvh.innerCount(), bvh.height(),
                new LinearBvh.SubtreeSizes(new int[3], new int[3], new int[3]));
        assertThrows(IllegalArgumentException.class, () -> LinearBvhSubtrees.of(wrong));
    }

    @Test
    void anImageWhoseLargeMeshTheTwinBuiltValidatesAndRendersTheBinnedBuildsPicture() throws Exception {
        Scene s = scene();
        GeometryImage binned = new GeometryImageBuilder().build(s);
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.useLinearBvh(new LinearBvhTwin(), 10_000);
        GeometryImage linear = builder.build(s);
        assertNotNull(builder.lastTimings().linearBvh(), "the large mesh was built as a linear BVH");
        assertFalse(linear.sphereNodes().packed(), "the sphere tree waits for a reader");
        assertSamePicture(render(binned, s, NodeKind.BOXES), render(linear, binned, s, NodeKind.BOXES), "boxes");
        assertFalse(linear.sphereNodes().packed(), "the box walk does not read the sphere tree");
        assertEquals(List.of(), GeometryImageValidator.validate(linear));
        // One inner node per triangle but one in the large mesh's part: its tree as the twin wrote it.
        int smallNodes = new GeometryImageBuilder().build(TestScenes.scene(List.of(beside()), s.materials(), s.lights(), s.camera()))
                .boxLayout().nodeCount();
        assertEquals(LARGE.triangleCount() - 1 + smallNodes, linear.boxLayout().nodeCount());
        for (NodeKind kind : NodeKind.values()) assertSamePicture(render(binned, s, kind), render(linear, binned, s, kind), kind.toString());
        // At its own, smaller epsilon (what a user gets) only a few shadow-terminator values move.
        assertAtMostDiffer(render(binned, s, NodeKind.BOXES), render(linear, s, NodeKind.BOXES), 0.02, "at the linear image's own epsilon");
    }

    @Test
    void theBuildsStepsAreSaidForItsLargestMeshNotTheLastOne() {
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.useLinearBvh(new LinearBvhTwin(), 1); // both meshes, the small one built after the large
        builder.build(scene());
        String said = builder.lastTimings().linearBvh();
        assertTrue(said.contains(String.format(java.util.Locale.ROOT, "; %,d triangles, then height limit", LARGE.triangleCount())), said);
    }

    @Test
    void aTreeTallerThanTheWalksStackIsBalancedWhereTooDeepAndValidates() {
        TriangleMesh mesh = tallLine();
        float[] pos = mesh.positions();
        int[] idx = mesh.indices();
        LinearBvh bvh = new LinearBvhTwin().build(pos, idx);
        Scene s = TestScenes.scene(List.of(new MeshNode("line", mesh)), List.of(Material.named("m").build()),
                List.of(new PointLight(new Vec3(2, 5, 5), Vec3.ONE, 1)), new Camera(new Vec3(0.5f, 0.3f, 3.2f), Vec3.ZERO, new Vec3(0, 1, 0), 40, 0, 0));
        GeometryImageBuilder builder = new GeometryImageBuilder();
        builder.useLinearBvh(new LinearBvhTwin(), 1);
        GeometryImage gi = builder.build(s);
        assertEquals(List.of(), GeometryImageValidator.validate(gi));
        if (bvh.height() <= BoxLayout.STACK_SIZE) fail("the test's mesh should make a tree taller than the stack, got " + bvh.height());
        int rootA = bvh.link(0, 0), rootB = bvh.link(0, 1);
        LinearBvhSubtrees kept = new LinearBvhSubtrees(bvh);
        LinearBvh limited = LinearBvhHeightLimit.apply(bvh, kept, BoxLayout.STACK_SIZE);
        assertEquals(BoxLayout.STACK_SIZE, limited.height(), "balanced only where too deep: as tall as allowed");
        // The measures the limit kept up to date (the sphere tree places its nodes by them) are the limited tree's.
        LinearBvhSubtrees fresh = new LinearBvhSubtrees(limited);
        assertArrayEquals(fresh.leaves, kept.leaves, "leaves under each node");
        assertArrayEquals(fresh.height, kept.height, "each subtree's height");
        assertArrayEquals(fresh.firstSlot, kept.firstSlot, "each subtree's first slot");
        LinearBvhHeightLimitTest.assertBoxesHold(limited, slot -> LinearBvhTwin.triangleBox(pos, idx, limited.order()[slot]));
        assertEquals(limited.height(), gi.boxLayout().height(), "the image's layout is the limited tree");
        assertEquals(bvh.innerCount(), gi.boxLayout().nodeCount(), "the same inner nodes, reused");
        // Nodes the limit left alone keep their links: the root's are the radix tree's.
        assertEquals(rootA, limited.link(0, 0));
        assertEquals(rootB, limited.link(0, 1));
        LinearBvh low = new LinearBvhTwin().build(LARGE.positions(), LARGE.indices());
        assertSame(low, LinearBvhHeightLimit.apply(low, new LinearBvhSubtrees(low), BoxLayout.STACK_SIZE),
                "a low tree is kept");
    }

    /**
     * Eight copies of 31 tiny triangles whose Morton codes are 2^k - 1, k = 0..30: each code shares one
     * bit more with the last, so the linear BVH is a chain of 30 levels with 3 more below each, taller
     * than the walk's stack.
     */
    static TriangleMesh tallLine() {
        int codes = 31, copies = 8, tris = codes * copies;
        float[] pos = new float[9 * tris];
        int[] idx = new int[3 * tris];
        float d = 0.125f;
        for (int t = 0; t < tris; t++) {
            int k = t % codes;
            float[] c = new float[3];
            for (int bit = 0; bit < k; bit++) c[bit % 3] += 1 << bit / 3; // code bit 3m + a is bit m of axis a
            float x = c[0] + 0.5f, y = c[1] + 0.5f, z = c[2] + 0.5f;
            float[] v = {x - d, y - d, z - d, x + d, y, z + d, x, y + d, z};
            System.arraycopy(v, 0, pos, 9 * t, 9);
            for (int a = 0; a < 3; a++) idx[3 * t + a] = 3 * t + a;
        }
        return new TriangleMesh("line", pos, new float[pos.length], null, idx, new int[tris]);
    }

    static Scene scene() {
        Material glossy = Material.named("glossy").diffuse(new Vec3(0.6f, 0.5f, 0.4f)).specular(Vec3.ONE).phongExponent(30f)
                .reflectivity(0.4f).build();
        Scene s = TestScenes.scene(List.of(new MeshNode("large", LARGE), beside()), List.of(glossy),
                List.of(new PointLight(new Vec3(2, 5, 5), Vec3.ONE, 1)), new Camera(new Vec3(0.5f, 0.3f, 3.2f), Vec3.ZERO, new Vec3(0, 1, 0), 40, 0, 0));
        RenderSettings rs = s.settings().withSize(64, 48).withSampling(2, s.settings().maxDepth(), 7);
        return new Scene(s.name(), s.root(), s.materials(), s.lights(), s.camera(), rs);
    }

    /** The small mesh, half size, off to the side (no surface coincides with the large one's). */
    private static TransformNode beside() {
        return new TransformNode("beside", new Matrix4f().translate(1.1f, -0.4f, 0.3f).scale(0.5f), List.of(new MeshNode("small", SMALL)));
    }

    private static Frame render(GeometryImage gi, Scene s, NodeKind nodes) throws org.drtstudio.render.RenderException {
        return render(gi, gi, s, nodes);
    }

    /**
     * {@code gi} rendered at the ray epsilon of {@code epsilonOf}: a linear BVH's shape is bounded by its
     * root box's sphere, not its sphere tree's root (LinearBvhShapes), so its scene radius and epsilon are
     * a quarter to a third smaller than the binned build's, which moves a few shadow-terminator pixels of the bumpy
     * sphere; the trees are compared at one epsilon.
     */
    private static Frame render(GeometryImage gi, GeometryImage epsilonOf, Scene s, NodeKind nodes) throws org.drtstudio.render.RenderException {
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), epsilonOf, PixelFilter.BOX);
        return new CpuRenderer(2, nodes).render(gi, p, Set.of(Aov.RADIANCE), ProgressListener.NONE);
    }

    /** The same closest hits make the same picture up to float rounding. */
    static void assertSamePicture(Frame a, Frame b, String what) {
        long lit = 0;
        for (float v : a.radiance()) if (v > 0) lit++;
        assertTrue(lit > a.radiance().length / 4, "the meshes fill the picture: " + lit);
        assertAtMostDiffer(a, b, 0, what);
    }

    /** At most {@code fraction} of the radiance values of {@code b} differ from {@code a}'s beyond float rounding. */
    static void assertAtMostDiffer(Frame a, Frame b, double fraction, String what) {
        int differ = 0;
        double worst = 0;
        for (int i = 0; i < a.radiance().length; i++) {
            double d = Math.abs(a.radiance()[i] - b.radiance()[i]);
            worst = Math.max(worst, d);
            if (d > 1e-4 * Math.max(1, Math.abs(a.radiance()[i]))) differ++;
        }
        assertTrue(differ <= fraction * a.radiance().length, what + ": " + differ + " of " + a.radiance().length
                + " values beyond rounding (worst " + worst + ")");
    }
}
