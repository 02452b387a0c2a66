package org.drtstudio.render.gl;

import org.drtstudio.accel.BoxNodes;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.render.TraceParameters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Measures sphere nodes against axis-aligned-box nodes in the same next/skip layout
 * ({@link BoxNodes}, {@code shaders/traverse_boxes.glsl}), and box nodes walked near child first,
 * on coherent (primary) or incoherent (random) rays, one ray per pixel, with
 * {@code shaders/node_variants_bench.comp} compiled once per variant. All must find the closest
 * hits the sphere walk finds; the result says for how many rays they did.
 */
public final class NodeVariantExperiment {
    /** The sampler unit of the box nodes: one after the geometry image's eight. */
    private static final int BOX_UNIT = 8;

    private NodeVariantExperiment() {
    }

    /** The variants, in the order of NODE_VARIANT in the kernel. */
    public static final String[] VARIANTS = {"spheres", "boxes", "boxes ordered"};

    /**
     * @param mraysPerSecond per variant ({@link #VARIANTS}), median over the repeats
     * @param matchingHits   per variant, rays whose hit distance was the same (within 1e-5 relative) as with spheres
     */
    public record Result(double[] mraysPerSecond, long[] matchingHits, long rays) {
    }

    public static Result run(GlRenderer renderer, GeometryImage image, TraceParameters p, boolean coherent, int repeats) {
        float[] boxNodes = BoxNodes.of(image);
        return renderer.glThread().call(() -> {
            int width = GeometryImageLayout.TEXTURE_WIDTH, rows = GeometryImageLayout.rowsFor(boxNodes.length / 4);
            float[] padded = Arrays.copyOf(boxNodes, 4 * width * rows);
            try (Texture2D boxes = Texture2D.create(TextureFormat.RGBA32F, width, rows, padded);
                 Texture2D out = Texture2D.create(TextureFormat.R32F, p.width(), p.height())) {
                GeometryImageTextures scene = renderer.sceneTextures(image);
                int n = VARIANTS.length;
                double[] mrays = new double[n];
                float[][] hits = new float[n][];
                for (int variant = 0; variant < n; variant++) {
                    Map<String, String> defines = new LinkedHashMap<>(GeometryImageLayout.glslDefines());
                    defines.put("NODE_VARIANT", Integer.toString(variant));
                    defines.put("BOX_LEAF_COUNT_SHIFT", Integer.toString(BoxNodes.LEAF_COUNT_SHIFT));
                    try (ComputeProgram program = ComputeProgram.load("node_variants_bench.comp", defines)) {
                        GlRenderer.setCommonUniforms(program, image, p);
                        program.setUInt("uSeed", 12345);
                        program.setInt("uCoherent", coherent ? 1 : 0);
                        scene.bind();
                        boxes.bindSampler(BOX_UNIT);
                        out.bindImage(2, ImageAccess.WRITE_ONLY);
                        program.dispatchCovering(p.width(), p.height()); // warm-up
                        GlSync.finish();
                        double[] seconds = new double[repeats];
                        for (int r = 0; r < repeats; r++) {
                            long t0 = System.nanoTime();
                            program.dispatchCovering(p.width(), p.height());
                            GlSync.finish();
                            seconds[r] = (System.nanoTime() - t0) / 1e9;
                        }
                        Arrays.sort(seconds);
                        mrays[variant] = (double) p.width() * p.height() / seconds[repeats / 2] / 1e6;
                        hits[variant] = read(out, p.width() * p.height());
                    }
                }
                long[] same = new long[n];
                for (int v = 0; v < n; v++) {
                    for (int i = 0; i < hits[0].length; i++) {
                        float a = hits[0][i], b = hits[v][i];
                        if (a == b || Math.abs(a - b) <= 1e-5f * Math.max(Math.abs(a), Math.abs(b))) same[v]++;
                    }
                }
                return new Result(mrays, same, hits[0].length);
            }
        });
    }

    private static float[] read(Texture2D out, int count) {
        ByteBuffer buf = ByteBuffer.allocateDirect((int) out.sizeBytes()).order(ByteOrder.nativeOrder());
        try (PixelPackBuffer pbo = PixelPackBuffer.create(out.sizeBytes())) {
            pbo.read(out, buf);
        }
        buf.flip();
        float[] r = new float[count];
        buf.asFloatBuffer().get(r);
        return r;
    }
}
