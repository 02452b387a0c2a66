package org.drtstudio.accel;

import java.util.function.Supplier;

/**
 * A shape level's sphere-tree nodes ({@link GeometryImageLayout#NODE_TEXELS} texels each), packed
 * already or packed the first time someone asks. The box walk, the tracers' default, never reads
 * them: a mesh whose tree a {@link LinearBvhBuilder} made defers its sphere tree, which for
 * bunny_18m is 1.1 GB and most of a second of the import (docs/BENCHMARKS.md), to the first
 * sphere walk, validation or layout made from it. Safe to share between threads: the nodes are
 * made once, and whoever asks meanwhile waits for them.
 */
public final class SphereNodes {
    private volatile float[] nodes;
    private Supplier<float[]> maker;

    private SphereNodes(float[] nodes, Supplier<float[]> maker) {
        this.nodes = nodes;
        this.maker = maker;
    }

    /** Nodes packed already. */
    public static SphereNodes of(float[] nodes) {
        if (nodes == null) throw new IllegalArgumentException("sphere nodes must not be null");
        return new SphereNodes(nodes, null);
    }

    /** Nodes {@code maker} packs when first asked for (once; it is let go afterwards). */
    static SphereNodes deferred(Supplier<float[]> maker) {
        return new SphereNodes(null, maker);
    }

    /** The nodes, packed now if they were not yet. */
    public float[] get() {
        float[] n = nodes;
        if (n != null) return n;
        synchronized (this) {
            if (nodes == null) {
                nodes = maker.get();
                maker = null;
            }
            return nodes;
        }
    }

    /** Whether the nodes exist yet (asking {@link #get} would not pack them). */
    public boolean packed() {
        return nodes != null;
    }
}
