package org.drtstudio.render.gl;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageLayout;
import org.drtstudio.render.TraceParameters;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Measures the DRT paper's parallel traversal (two rays of a pixel walking the hierarchy
 * together, {@code shaders/traverse_pair.glsl}) against walking them one after the other, on
 * coherent (primary) and incoherent (random) rays. Both variants must find the same hits.
 */
public final class TraversalExperiment {
    private TraversalExperiment() {
    }

    /** Rays per second of both variants, and whether they found the same hits. */
    public record Result(double separateMraysPerSecond, double pairedMraysPerSecond, boolean sameHits) {
    }

    public static Result run(GlRenderer renderer, GeometryImage image, TraceParameters p, boolean coherent, int repeats) {
        return renderer.glThread().call(() -> {
            try (ComputeProgram program = ComputeProgram.load("traversal_bench.comp", GeometryImageLayout.glslDefines());
                 Texture2D out = Texture2D.create(TextureFormat.R32F, p.width(), p.height())) {
                GeometryImageTextures scene = renderer.sceneTextures(image);
                GlRenderer.setCommonUniforms(program, image, p);
                program.setUInt("uSeed", 12345);
                program.setInt("uCoherent", coherent ? 1 : 0);
                double[] mrays = new double[2];
                float[][] results = new float[2][];
                for (int paired = 0; paired < 2; paired++) {
                    program.setInt("uPaired", paired);
                    scene.bind();
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
                    mrays[paired] = 2.0 * p.width() * p.height() / seconds[repeats / 2] / 1e6;
                    ByteBuffer buf = ByteBuffer.allocateDirect((int) out.sizeBytes()).order(ByteOrder.nativeOrder());
                    try (PixelPackBuffer pbo = PixelPackBuffer.create(out.sizeBytes())) {
                        pbo.read(out, buf);
                    }
                    buf.flip();
                    results[paired] = new float[p.width() * p.height()];
                    buf.asFloatBuffer().get(results[paired]);
                }
                return new Result(mrays[0], mrays[1], Arrays.equals(results[0], results[1]));
            }
        });
    }
}
