package org.drtstudio.cli;

import org.drtstudio.accel.voxel.PortalShapes;
import org.drtstudio.accel.voxel.PortalChoice;
import java.util.Locale;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.accel.GeometryImageValidator;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.TimedPhase;
import org.drtstudio.io.support.SceneFraming;
import org.drtstudio.math.Aabb;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.authored.AnimatedScene;
import org.drtstudio.scene.authored.AnimationSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code drt info SCENE}: what the scene holds (at time 0, for an animated project) and what its geometry image costs. */
@Command(name = "info", description = "Print counts, bounds and geometry-image statistics of a scene.")
final class InfoCommand implements Callable<Integer> {
    @Mixin
    SceneOptions options;
    @CommandLine.Option(names = "--check", description = "also verify the geometry image's structural invariants")
    boolean check;
    @CommandLine.Option(names = "--accel", paramLabel = "bvh|grid|octree|octree-report|brute|portals",
            description = "also build this structure and print it: with octree or octree-report the box count, the most "
                    + "triangles in one box and the depth (what the CUDA octree report's tracer prints)")
    String accel;
    @CommandLine.Option(names = "--throw-back", paramLabel = "RATIO",
            description = "build the DRT paper's non-binary sphere tree (child spheres of at least RATIO times their parent's "
                    + "radius thrown back into the parent, 0 < RATIO <= 1) and print its nodes and children per node")
    Float throwBack;
    @CommandLine.Option(names = "--walk-counts", description = "also count the sphere walk's work (--nodes spheres) per camera "
            + "ray through the scene's camera at 160 pixels wide: bounding spheres and primitives tested (CPU twin; exact, "
            + "so independent of the machine's load)")
    boolean walkCounts;
    @Mixin
    HierarchyBuildOption hierarchyBuild;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;
    /** Where a GPU hierarchy builder comes from ({@code --build gpu|auto}); null: none. */
    private final RendererFactory renderers;

    InfoCommand() {
        this(null);
    }

    InfoCommand(RendererFactory renderers) {
        this.renderers = renderers;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        Scene scene;
        AnimatedScene animated;
        org.drtstudio.accel.AccelStructure structure;
        try {
            structure = accel == null ? org.drtstudio.accel.AccelStructure.BVH : org.drtstudio.accel.AccelStructure.parse(accel);
        } catch (IllegalArgumentException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        try {
            animated = options.load(err);
            scene = animated.at(0);
        } catch (SceneFormatException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        GeometryImage gi;
        GeometryImageBuilder builder = new GeometryImageBuilder(new org.drtstudio.io.image.TextureLoader(w -> err.println("warning: " + w)));
        org.drtstudio.accel.LinearBvhBuilder linear;
        try {
            linear = hierarchyBuild.applyTo(builder, renderers);
        } catch (IllegalArgumentException e) {
            err.println("drt: " + e.getMessage());
            return 2;
        }
        long t0 = System.nanoTime();
        try (linear) {
            if (throwBack != null) builder.throwBack(throwBack);
            gi = builder.build(scene);
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("drt: " + options.scene + ": " + e.getMessage());
            return 2;
        }
        long t1 = System.nanoTime();
        Aabb b = SceneFraming.bounds(scene.root());
        out.printf("scene        %s%n", options.scene);
        out.printf("triangles    %,d%n", gi.triangleCount());
        out.printf("spheres      %,d%n", gi.sphereCount());
        out.printf("instances    %,d (%,d primitives placed)%n", gi.instanceCount(), gi.instancedPrimitiveCount());
        out.printf("materials    %,d%n", scene.materials().size());
        out.printf("lights       %,d%n", scene.lights().size());
        out.printf("bounds       min (%s)  max (%s)%n", b.min(), b.max());
        out.printf("camera       eye (%s) look (%s) up (%s) fov %.3f°%n", scene.camera().eye(), scene.camera().look(),
                scene.camera().up(), scene.camera().fovY());
        AnimationSettings a = animated.animation();
        out.printf("animation    %s%n", animated.isStatic() ? "none (static scene)" : String.format("%s fps, frames %d..%d, shutter %s..%s of a frame",
                a.fps(), a.startFrame(), a.endFrame(), a.shutterOpen(), a.shutterClose()));
        out.printf("image        %dx%d, %d spp, max depth %d%n", scene.settings().width(), scene.settings().height(),
                scene.settings().samplesPerPixel(), scene.settings().maxDepth());
        out.printf("hierarchy    %,d shape nodes + %,d top nodes, depth %d%n", gi.nodeCount(), gi.topNodeCount(), gi.hierarchyDepth());
        int[] arity = org.drtstudio.accel.SphereThrowBack.arity(gi.nodes(), gi.nodeCount());
        out.printf(Locale.ROOT, "sphere tree  %s: %,d inner nodes, %.2f children a node, at most %d%n",
                throwBack == null ? "binary" : "thrown back at " + throwBack, arity[0], (double) arity[2] / Math.max(1, arity[0]), arity[1]);
        if (walkCounts) {
            int w = 160, h = Math.max(1, Math.round(160f * scene.settings().height() / scene.settings().width()));
            var counts = org.drtstudio.render.cpu.SphereWalkCounts.perCameraRay(gi,
                    org.drtstudio.render.TraceParameters.of(scene.camera(), scene.settings().withSize(w, h), gi));
            out.printf(Locale.ROOT, "sphere walk  %.2f spheres and %.2f primitives tested a camera ray (%dx%d pixel centres)%n",
                    counts.sphereTests(), counts.primitiveTests(), w, h);
        }
        out.printf("geometry img %,d bytes of data (%.1f per primitive), %,d bytes as GPU textures%n", gi.dataBytes(),
                (double) gi.dataBytes() / Math.max(1, gi.primitiveCount()), gi.gpuBytes());
        // Where a large import's time goes, from the file to the packed image (the GPU upload is not part of info).
        out.printf("import time  %s%n", options.importPhases.isEmpty()
                ? String.format(Locale.ROOT, "%,.1f ms", options.importMillis) : TimedPhase.summary(options.importPhases));
        GeometryImageBuilder.Timings bt = builder.lastTimings();
        out.printf("build time   %s%n", TimedPhase.summary(List.of(new TimedPhase("hierarchy", bt.hierarchyMillis()),
                new TimedPhase("packing", bt.packMillis()), new TimedPhase("box layout", bt.boxLayoutMillis()))));
        out.printf("built by     %s%n", bt.linearBvh() != null ? bt.linearBvh() + ", box layout as built" : "CPU, binned SAH");
        if (gi.boxLayout() != null) out.printf("box layout   %,d inner nodes, height %d (the walk's stack: %d)%n", gi.boxLayout().nodeCount(),
                gi.boxLayout().height(), org.drtstudio.accel.BoxLayout.STACK_SIZE);
        out.printf("total        %,.1f ms from the file to the geometry image%n", options.importMillis + (t1 - t0) / 1e6);
        if (!gi.voxelShapes().isEmpty()) printVoxels(gi, out);
        if (structure.spatial()) {
            try {
                out.println(RenderReport.structureLine(gi, structure));
            } catch (IllegalArgumentException e) {
                err.println("drt: " + options.scene + ": " + e.getMessage());
                return 2;
            }
        }
        if (check) {
            List<String> problems = GeometryImageValidator.validate(gi);
            out.println(problems.isEmpty() ? "check        all invariants hold" : "check        " + problems.size() + " problems:");
            problems.forEach(p -> out.println("  " + p));
            return problems.isEmpty() ? 0 : 1;
        }
        return 0;
    }

    /** The voxel models and what {@code --accel portals} builds for them (the build is timed here: it is paid on first use). */
    private static void printVoxels(GeometryImage gi, java.io.PrintWriter out) {
        StringBuilder models = new StringBuilder();
        for (var v : gi.voxelShapes()) {
            var s = v.space();
            models.append(models.length() == 0 ? "" : ", ").append(String.format("%d×%d×%d (%,d solid)", s.sizeX(), s.sizeY(),
                    s.sizeZ(), s.solidCount()));
        }
        out.printf("voxels       %d model%s: %s%n", gi.voxelShapes().size(), gi.voxelShapes().size() == 1 ? "" : "s", models);
        long t0 = System.nanoTime();
        var portals = PortalShapes.build(gi, PortalChoice.LONGEST_EXPECTED_RAY);
        int divs = 0;
        for (var s : portals.shapes()) divs += s.space().divCount();
        out.printf(Locale.ROOT, "portals      %,d divs, %,d bytes, built in %.1f ms (--accel portals)%s%n", divs, portals.bytes(),
                (System.nanoTime() - t0) / 1e6, portals.refused().isEmpty() ? "" : "; walked as faces: " + String.join("; ", portals.refused()));
    }
}
