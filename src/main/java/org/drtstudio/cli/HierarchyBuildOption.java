package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.LinearBvhBuilder;
import org.drtstudio.accel.LinearBvhTwin;
import picocli.CommandLine.Option;

import java.util.Locale;

/**
 * {@code --build cpu|gpu|auto|twin}: who builds the meshes' hierarchies, for {@code drt render},
 * {@code drt info} and {@code drt bench --suite rays}. cpu: the binned SAH build (the default: its
 * trees trace fastest); gpu: a linear BVH in compute shaders for every mesh (any OpenGL 4.3 context,
 * llvmpipe too); auto: the GPU build for meshes of at least {@link #AUTO_MIN_TRIANGLES} triangles
 * when a hardware GPU is present, else cpu; twin: the GPU build's Java twin (the same trees, to
 * measure them without a GPU).
 */
final class HierarchyBuildOption {
    /** Meshes from this size on are built on the GPU by {@code --build auto}: where the binned build takes seconds. */
    static final int AUTO_MIN_TRIANGLES = 1_000_000;

    @Option(names = "--build", paramLabel = "cpu|gpu|auto|twin", defaultValue = "cpu",
            description = "who builds the meshes' hierarchies: cpu (binned SAH, the default), gpu (a linear BVH in compute "
                    + "shaders), auto (gpu for meshes of 1M triangles or more where a hardware GPU is present), twin (the GPU "
                    + "build's Java twin); drt bench: the rays suite")
    String build = "cpu";

    /**
     * Sets {@code builder} up as asked; returns the hierarchy builder it now uses, for the caller to
     * close after its last build (null for cpu, and for auto without a hardware GPU).
     *
     * @param factory where a GPU builder comes from; null: none here
     * @throws IllegalArgumentException with a one-line message: an unknown choice, or gpu without OpenGL
     */
    LinearBvhBuilder applyTo(GeometryImageBuilder builder, RendererFactory factory) {
        LinearBvhBuilder chosen;
        int from = 1;
        switch (build.toLowerCase(Locale.ROOT)) {
            case "cpu" -> chosen = null;
            case "twin" -> chosen = new LinearBvhTwin();
            case "gpu" -> {
                chosen = factory == null ? null : factory.gpuHierarchyBuilder(false);
                if (chosen == null) throw new IllegalArgumentException("--build gpu: no OpenGL 4.3 context opens here; use --build cpu");
            }
            case "auto" -> {
                chosen = factory == null ? null : factory.gpuHierarchyBuilder(true);
                from = AUTO_MIN_TRIANGLES;
            }
            default -> throw new IllegalArgumentException("--build must be cpu, gpu, auto or twin, got '" + build + "'");
        }
        if (chosen != null) builder.useLinearBvh(chosen, from);
        return chosen;
    }
}
