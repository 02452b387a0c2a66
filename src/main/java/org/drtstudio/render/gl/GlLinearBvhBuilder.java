package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.accel.LinearBvh;
import org.drtstudio.accel.LinearBvhBuilder;
import org.drtstudio.accel.LinearBvhTwin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.lwjgl.opengl.GL11C.glFinish;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;
import static org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT;

/**
 * Builds meshes' linear BVHs in compute shaders on its own GL context: centroid bounds
 * ({@code lbvh_bounds.comp}), Morton codes ({@code lbvh_codes.comp}), a stable LSD radix sort of
 * 2-bit digits ({@link GlRadixSort}), Karras's radix tree ({@code lbvh_tree.comp}) and boxes
 * bottom-up ({@code lbvh_boxes.comp}), written in the box layout's node format and read back with
 * the triangles' order and each inner node's subtree sizes ({@link LinearBvh.SubtreeSizes}: the
 * tree kernel knows each node's range of slots, the boxes' pass its height). The same tree as {@link LinearBvhTwin}, bit for bit. Timings of the last
 * build: {@link #lastGpuMillis()} (the kernels, to a glFinish) and {@link #lastReadMillis()}.
 */
public final class GlLinearBvhBuilder implements LinearBvhBuilder, AutoCloseable {
    private static final int GROUP = 256;
    private final GlThread gl;
    private Programs programs;
    private double lastGpuMillis, lastReadMillis;
    /** The last build's kernels by step, each to a glFinish: codes (bounds and Morton codes), sort, tree, boxes. */
    private final double[] lastSteps = new double[4];
    /** The last build's working memory made and mesh sent, to a glFinish. */
    private double lastUploadMillis;
    /** How the mesh goes up and the tree comes back (bunny_18m's tree alone is 570 MB). */
    private final ArrayTransfers transfers = new ArrayTransfers();

    /** A builder on {@code gl} (the tests share one context); {@link #close} closes it. */
    GlLinearBvhBuilder(GlThread gl) {
        this.gl = gl;
    }

    /** A builder on a GL context of its own ({@link GlThread#start()}), its programs compiled (not part of a build's time). */
    public static GlLinearBvhBuilder start() throws GlUnavailableException {
        return start(false);
    }

    /**
     * As {@link #start()}, or null where {@code hardwareOnly} and the context is software (llvmpipe), closed before
     * its programs are compiled: {@code --build auto} asks on every large load, on machines without a GPU too.
     */
    public static GlLinearBvhBuilder start(boolean hardwareOnly) throws GlUnavailableException {
        GlLinearBvhBuilder b = new GlLinearBvhBuilder(GlThread.start());
        if (hardwareOnly && b.software()) {
            b.close();
            return null;
        }
        try {
            b.gl.run(b::programs);
        } catch (RuntimeException e) {
            b.close();
            throw new GlUnavailableException("the GPU hierarchy build's shaders do not compile here: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
        return b;
    }

    private Programs programs() {
        if (programs == null) programs = new Programs();
        return programs;
    }

    /** Whether the context is a software rasterizer (llvmpipe): the build is then slower than the CPU's. */
    public boolean software() {
        return gl.info().software();
    }

    @Override
    public String describe() {
        String last = lastGpuMillis > 0 ? String.format(java.util.Locale.ROOT, ": memory and upload %.1f ms, kernels %.1f ms (codes %.1f, sort %.1f, tree %.1f, boxes %.1f), read back %.1f ms",
                lastUploadMillis, lastGpuMillis, lastSteps[0], lastSteps[1], lastSteps[2], lastSteps[3], lastReadMillis) : "";
        return "GPU LBVH (" + gl.info().renderer() + ")" + last;
    }

    public double lastGpuMillis() {
        return lastGpuMillis;
    }

    public double lastReadMillis() {
        return lastReadMillis;
    }

    @Override
    public LinearBvh build(float[] positions, int[] indices) {
        int n = indices.length / 3;
        if (n < 2) return new LinearBvhTwin().build(positions, indices); // one inner node over one leaf: nothing to sort
        try {
            CompletableFuture<TreeArrays> arrays = TreeArrays.makeMeanwhile(n);
            return gl.call(() -> buildOnGl(positions, indices, n, arrays));
        } catch (CompletionException e) {
            if (e.getCause() instanceof GpuMemoryException m)
                throw new org.drtstudio.accel.LinearBvhFallback.NoRoom("the GPU has no room to build the hierarchy of " + n + " triangles ("
                        + m.getMessage() + "): try --build cpu", m);
            throw e;
        }
    }

    /** The read-back tree's nodes (box layout format), its triangles' order and its subtrees' sizes. */
    private record TreeArrays(float[] nodes, int[] order, LinearBvh.SubtreeSizes sizes) {
        TreeArrays(int triangles) {
            this(new float[4 * BoxLayout.NODE_TEXELS * (triangles - 1)], new int[triangles],
                    new LinearBvh.SubtreeSizes(new int[triangles - 1], new int[triangles - 1], new int[triangles - 1]));
        }

        /**
         * The arrays for a tree of {@code triangles}, made on a thread of their own (the common pool's workers
         * fill the mesh's upload meanwhile) while the GL thread sends the mesh and runs the kernels. Made after
         * the kernels, their allocation (bunny_18m's 640 MB: the heap grown and pre-touched, once a 343 ms pause
         * in a profile) sat in the read back: 171–558 ms against 73–80 ms so (H200, docs/BENCHMARKS.md).
         */
        static CompletableFuture<TreeArrays> makeMeanwhile(int triangles) {
            return CompletableFuture.supplyAsync(() -> new TreeArrays(triangles), task -> {
                Thread t = new Thread(task, "drt-lbvh-arrays");
                t.setDaemon(true);
                t.start();
            });
        }
    }

    private LinearBvh buildOnGl(float[] positions, int[] indices, int n, CompletableFuture<TreeArrays> arrays) throws GpuMemoryException {
        programs();
        long t0 = System.nanoTime();
        try (Buffers b = new Buffers(n)) {
            b.upload(positions, indices);
            glFinish(); // the upload is not the kernels'
            long t1 = System.nanoTime();
            lastUploadMillis = (t1 - t0) / 1e6;
            programs.bounds.setUInt("uCount", n);
            programs.bounds.dispatch(groups(n), 1, 1);
            float[] bounds = readBounds(b.bounds);
            float[] scale = LinearBvhTwin.mortonScale(bounds);
            programs.codes.setUInt("uCount", n);
            programs.codes.setVec3("uMin", bounds[0], bounds[1], bounds[2]);
            programs.codes.setVec3("uScale", scale[0], scale[1], scale[2]);
            programs.codes.dispatch(groups(n), 1, 1);
            barrier();
            long s1 = step(0, t1);
            GlRadixSort.Sorted sorted = programs.sort.sort(b.keys, b.values, b.keysOut, b.valuesOut, n, 3 * LinearBvhTwin.BITS);
            long s2 = step(1, s1);
            sorted.keys().bindBase(ShaderBinding.LBVH_KEYS);
            b.nodes.bindBase(ShaderBinding.LBVH_NODES);
            b.parents.bindBase(ShaderBinding.LBVH_PARENTS);
            b.leaves.bindBase(ShaderBinding.LBVH_LEAVES);
            b.firstSlots.bindBase(ShaderBinding.LBVH_FIRST_SLOTS);
            programs.tree.setInt("uCount", n);
            programs.tree.dispatch(groups(n - 1), 1, 1);
            barrier();
            long s3 = step(2, s2);
            sorted.values().bindBase(ShaderBinding.LBVH_VALUES);
            b.visits.bindBase(ShaderBinding.LBVH_VISITS);
            b.heights.bindBase(ShaderBinding.LBVH_HEIGHTS);
            programs.boxes.setInt("uCount", n);
            programs.boxes.dispatch(groups(n), 1, 1);
            barrier();
            step(3, s3);
            long t2 = System.nanoTime();
            TreeArrays tree;
            try {
                tree = arrays.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof Error error) throw error; // out of memory: as if made here
                throw e;
            }
            float[] nodes = tree.nodes();
            int[] order = tree.order();
            transfers.read(b.nodes, nodes);
            transfers.read(sorted.values(), order);
            LinearBvh.SubtreeSizes sizes = tree.sizes();
            transfers.read(b.heights, sizes.height());
            transfers.read(b.leaves, sizes.leaves());
            transfers.read(b.firstSlots, sizes.firstSlot());
            long t3 = System.nanoTime();
            lastGpuMillis = (t2 - t1) / 1e6;
            lastReadMillis = (t3 - t2) / 1e6;
            return new LinearBvh(order, nodes, n - 1, sizes.height()[0], sizes);
        }
    }

    /** Ends step {@code k} begun at {@code since} (a glFinish: the steps' times add up to the kernels'); returns now. */
    private long step(int k, long since) {
        glFinish();
        long now = System.nanoTime();
        lastSteps[k] = (now - since) / 1e6;
        return now;
    }

    private static float[] readBounds(ShaderStorageBuffer bounds) {
        int[] ordered = new int[6];
        bounds.read(ordered);
        float[] out = new float[6];
        for (int k = 0; k < 6; k++) {
            int u = ordered[k];
            out[k] = Float.intBitsToFloat(u < 0 ? u & 0x7FFFFFFF : ~u); // undoes lbvh_bounds.comp's ordered()
        }
        return out;
    }

    static void barrier() {
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }

    static int groups(long invocations) {
        return Math.toIntExact(Math.max(1, (invocations + GROUP - 1) / GROUP));
    }

    @Override
    public void close() {
        gl.close();
    }

    /** The build's programs, compiled once per builder on its GL thread. */
    private static final class Programs {
        final ComputeProgram bounds, codes, tree, boxes;
        final GlRadixSort sort;

        Programs() {
            Map<String, String> defines = defines();
            bounds = ComputeProgram.load("lbvh_bounds.comp", defines);
            codes = ComputeProgram.load("lbvh_codes.comp", defines);
            tree = ComputeProgram.load("lbvh_tree.comp", defines);
            boxes = ComputeProgram.load("lbvh_boxes.comp", defines);
            sort = new GlRadixSort(defines);
        }
    }

    static Map<String, String> defines() {
        Map<String, String> d = new LinkedHashMap<>(GeometryImageLayout.glslDefines());
        d.put("LBVH_BITS", Integer.toString(LinearBvhTwin.BITS));
        d.put("LBVH_SCAN_BLOCK", Integer.toString(GlRadixSort.SCAN_BLOCK));
        return d;
    }

    /** The build's GPU memory, bound where the first kernels read it; freed when the build ends. */
    private final class Buffers implements AutoCloseable {
        ShaderStorageBuffer positions, indices, bounds, keys, values, keysOut, valuesOut, nodes, parents, visits, heights, leaves, firstSlots;

        /** The working memory for {@code n} triangles; what was made is freed again when the GPU runs out. */
        Buffers(int n) throws GpuMemoryException {
            try {
                allocate(n);
            } catch (GpuMemoryException | RuntimeException e) {
                close();
                throw e;
            }
        }

        private void allocate(int n) throws GpuMemoryException {
            bounds = ShaderStorageBuffer.ofInts(new int[]{-1, -1, -1, 0, 0, 0});
            keys = ShaderStorageBuffer.allocate(4L * n);
            values = ShaderStorageBuffer.allocate(4L * n);
            keysOut = ShaderStorageBuffer.allocate(4L * n);
            valuesOut = ShaderStorageBuffer.allocate(4L * n);
            nodes = ShaderStorageBuffer.allocate(4L * 4 * BoxLayout.NODE_TEXELS * (n - 1));
            parents = ShaderStorageBuffer.allocate(4L * (2L * n - 1));
            visits = ShaderStorageBuffer.allocate(4L * (n - 1));
            visits.clear(0, visits.size());
            heights = ShaderStorageBuffer.allocate(4L * (n - 1));
            heights.clear(0, heights.size());
            leaves = ShaderStorageBuffer.allocate(4L * (n - 1));
            firstSlots = ShaderStorageBuffer.allocate(4L * (n - 1));
            bounds.bindBase(ShaderBinding.LBVH_BOUNDS);
            keys.bindBase(ShaderBinding.LBVH_KEYS);
            values.bindBase(ShaderBinding.LBVH_VALUES);
        }

        /** The mesh, sent and bound where the first kernels read it. */
        void upload(float[] pos, int[] idx) throws GpuMemoryException {
            positions = transfers.buffer(pos);
            indices = transfers.buffer(idx);
            positions.bindBase(ShaderBinding.LBVH_POSITIONS);
            indices.bindBase(ShaderBinding.LBVH_INDICES);
        }

        @Override
        public void close() {
            for (ShaderStorageBuffer b : new ShaderStorageBuffer[]{positions, indices, bounds, keys, values, keysOut, valuesOut, nodes, parents, visits, heights, leaves, firstSlots})
                if (b != null) b.close();
        }
    }
}
