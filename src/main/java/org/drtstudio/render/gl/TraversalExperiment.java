package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxLayout;
import org.drtstudio.accel.BoxNodeVariants;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.render.TraceParameters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Measures traversal variants on the same rays ({@code shaders/traversal_bench.comp}): the sphere
 * hierarchy walked one ray after the other (the renderer's way), two rays of a pixel walked
 * together (the DRT paper's parallel traversal, {@code traverse_pair.glsl}), and the same tree with
 * axis-aligned-box nodes in fixed order and ordered near-first per ray octant
 * ({@code traverse_octant.glsl}, {@link BoxNodeVariants}), 4-wide box nodes walked with a short stack
 * ({@link BoxNodeVariants.Wide}), and the tracers' own {@link org.drtstudio.accel.BoxLayout}
 * ({@code traverse_box.glsl}); on coherent (primary) or incoherent (random)
 * rays. Every variant must find the hits of the first.
 */
public final class TraversalExperiment {
    private TraversalExperiment() {
    }

    /** The variants, in the order of their VARIANT define. */
    public enum Variant {
        SPHERES("spheres"), SPHERES_PAIRED("spheres_paired"), BOXES("boxes"), BOXES_ORDERED("boxes_ordered"),
        BOXES_WIDE("boxes_wide4"), BOX_LAYOUT("box_layout");

        public final String key;

        Variant(String key) {
            this.key = key;
        }
    }

    /** Rays per second of each variant, and whether each found the same hits as {@link Variant#SPHERES}. */
    public record Result(Map<Variant, Double> mraysPerSecond, Map<Variant, Boolean> sameHits) {
        public double separateMraysPerSecond() { return mraysPerSecond.get(Variant.SPHERES); }
        public double pairedMraysPerSecond() { return mraysPerSecond.get(Variant.SPHERES_PAIRED); }
        public boolean allSameHits() { return !sameHits.containsValue(false); }
    }

    public static Result run(GlRenderer renderer, GeometryImage image, TraceParameters p, boolean coherent, int repeats) {
        float[] boxes = BoxNodeVariants.boxNodes(image), ordered = BoxNodeVariants.octantOrderedBoxNodes(image);
        BoxNodeVariants.Wide wide = BoxNodeVariants.wideBoxNodes(image);
        BoxLayout layout = BoxLayout.of(image);
        float[] layoutRoots = layout.instanceRoots(image.instances(), image.instanceCount());
        // the box-layout variant reads the layout where the renderer keeps it
        boolean buffers = renderer.boxStorage() == BoxStorage.BUFFERS;
        return renderer.glThread().call(() -> {
            Map<Variant, Double> mrays = new LinkedHashMap<>();
            Map<Variant, Boolean> same = new LinkedHashMap<>();
            float[] reference = null;
            try (Texture2D out = Texture2D.create(TextureFormat.R32F, p.width(), p.height());
                 Texture2D boxNodes = dataTexture(boxes);
                 Texture2D orderedNodes = dataTexture(ordered);
                 Texture2D wideNodes = dataTexture(wide.nodes());
                 Texture2D wideRoots = dataTexture(wide.roots());
                 // the tracers' layout, uploaded here too: the renderer may be walking spheres
                 Texture2D layoutNodes = dataTexture(layout.nodes());
                 Texture2D layoutPrimitives = dataTexture(layout.primitives());
                 Texture2D layoutRootTexels = dataTexture(layoutRoots);
                 ShaderStorageBuffer layoutNodeBuffer = buffers ? ShaderStorageBuffer.ofFloats(layout.nodes()) : null;
                 ShaderStorageBuffer layoutPrimitiveBuffer = buffers ? ShaderStorageBuffer.ofFloats(layout.primitives()) : null;
                 GpuTimer timer = GpuTimer.create()) {
                GeometryImageTextures scene = renderer.sceneTextures(image);
                for (Variant v : Variant.values()) {
                    Map<String, String> defines = new LinkedHashMap<>(GeometryImageLayout.glslDefines());
                    defines.putAll(BoxNodeVariants.glslDefines());
                    defines.put("BL_BUFFERS", buffers ? "1" : "0");
                    defines.put("VARIANT", Integer.toString(v.ordinal()));
                    try (ComputeProgram program = ComputeProgram.load("traversal_bench.comp", defines)) {
                        GlRenderer.setCommonUniforms(program, image, p);
                        program.setUInt("uSeed", 12345);
                        program.setInt("uCoherent", coherent ? 1 : 0);
                        scene.bind();
                        (v == Variant.BOXES_ORDERED ? orderedNodes : boxNodes).bindSampler(BoxNodeVariants.OCTANT_BOXES_UNIT);
                        wideNodes.bindSampler(BoxNodeVariants.WIDE_NODES_UNIT);
                        wideRoots.bindSampler(BoxNodeVariants.WIDE_ROOTS_UNIT);
                        layoutNodes.bindSampler(BoxLayout.NODES_UNIT);
                        layoutPrimitives.bindSampler(BoxLayout.PRIMITIVES_UNIT);
                        layoutRootTexels.bindSampler(BoxLayout.ROOTS_UNIT);
                        if (layoutNodeBuffer != null) {
                            layoutNodeBuffer.bindBase(BoxLayout.NODES_BINDING);
                            layoutPrimitiveBuffer.bindBase(BoxLayout.PRIMITIVES_BINDING);
                        }
                        out.bindImage(ShaderBinding.BENCH_OUT, ImageAccess.WRITE_ONLY);
                        // medianDispatch warms the GPU's clock up first (GpuTimer.CLOCK_WARM_UP_MS)
                        double seconds = timer.medianDispatch(program, p.width(), p.height(), repeats).millis() / 1e3;
                        mrays.put(v, 2.0 * p.width() * p.height() / seconds / 1e6);
                        float[] sums = read(out, p.width() * p.height());
                        if (reference == null) reference = sums;
                        same.put(v, Arrays.equals(reference, sums));
                    }
                }
            }
            return new Result(mrays, same);
        });
    }

    private static Texture2D dataTexture(float[] data) {
        int texels = data.length / 4, width = GeometryImageLayout.TEXTURE_WIDTH;
        int rows = Math.max(1, GeometryImageLayout.rowsFor(texels));
        float[] padded = Arrays.copyOf(data, rows * width * 4);
        return Texture2D.create(TextureFormat.RGBA32F, width, rows, padded);
    }

    private static float[] read(Texture2D out, int count) {
        ByteBuffer buf = ByteBuffer.allocateDirect((int) out.sizeBytes()).order(ByteOrder.nativeOrder());
        try (PixelPackBuffer pbo = PixelPackBuffer.create(out.sizeBytes())) {
            pbo.read(out, buf);
        }
        buf.flip();
        float[] values = new float[count];
        buf.asFloatBuffer().get(values);
        return values;
    }
}
