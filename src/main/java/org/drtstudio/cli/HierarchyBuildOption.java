package org.drtstudio.cli;

import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.LinearBvhBuilder;
import org.drtstudio.accel.LinearBvhTwin;
import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import picocli.CommandLine.Option;

import java.util.Locale;

/**
 * {@code --build cpu|gpu|auto|twin}: who builds the meshes' hierarchies, for {@code drt render},
 * {@code drt info} and {@code drt bench --suite rays}. cpu: the binned SAH build (the default of
 * {@code drt info} and {@code drt bench}: its trees trace fastest, a few percent); gpu: a linear BVH
 * in compute shaders for every mesh (any OpenGL 4.3 context, llvmpipe too); auto: the GPU build for
 * meshes of at least {@link #AUTO_MIN_TRIANGLES} triangles when a hardware GPU is present, else cpu
 * (the default of {@code drt render}, which decides after the load: bunny_18m's first 16-spp frame
 * 11.2 → 6.0 s from the file on the H200, docs/BENCHMARKS.md); twin: the GPU build's Java twin (the
 * same trees, to measure them without a GPU).
 */
final class HierarchyBuildOption {
    /** Meshes from this size on are built on the GPU by {@code --build auto}: where the binned build takes seconds. */
    static final int AUTO_MIN_TRIANGLES = 1_000_000;

    @Option(names = "--build", paramLabel = "cpu|gpu|auto|twin",
            description = "who builds the meshes' hierarchies: cpu (binned SAH), gpu (a linear BVH in compute shaders), auto "
                    + "(gpu for meshes of 1M triangles or more where a hardware GPU is present), twin (the GPU build's Java twin); "
                    + "drt bench: the rays suite. Default: ${DEFAULT-VALUE}")
    String build;

    /** The option with {@code cpu} as its default ({@code drt info}, {@code drt bench}). */
    HierarchyBuildOption() {
        this("cpu");
    }

    /** The option with {@code defaultChoice} as its default. */
    HierarchyBuildOption(String defaultChoice) {
        build = defaultChoice;
    }

    /** Whether the choice is {@code auto}: worth asking for a GPU only once a mesh of {@link #AUTO_MIN_TRIANGLES} is loaded. */
    boolean isAuto() {
        return "auto".equalsIgnoreCase(build);
    }

    /**
     * For {@code auto} once the scene is loaded: the GPU builder, set up on {@code builder}, where
     * {@code scene} holds a mesh of at least {@link #AUTO_MIN_TRIANGLES} triangles and its frames may
     * be traced on a GPU; else null (the binned build). A scene of small meshes, or a render on the
     * CPU, so opens no GL context for it.
     */
    LinearBvhBuilder applyAutoTo(GeometryImageBuilder builder, RendererFactory factory, SceneNode scene, boolean cpuRender) {
        if (!opensGlFor(scene, cpuRender)) return null;
        return applyTo(builder, factory);
    }

    /** Whether {@link #applyAutoTo} asks for a GPU builder (and so opens a GL context) for {@code scene}. */
    boolean opensGlFor(SceneNode scene, boolean cpuRender) {
        return isAuto() && !cpuRender && largestMesh(scene) >= AUTO_MIN_TRIANGLES;
    }

    /** Triangles of the largest mesh under {@code node}. */
    static int largestMesh(SceneNode node) {
        if (node instanceof MeshNode m) return m.mesh().triangleCount();
        int most = 0;
        if (node instanceof TransformNode t) for (SceneNode child : t.children()) most = Math.max(most, largestMesh(child));
        return most;
    }

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
