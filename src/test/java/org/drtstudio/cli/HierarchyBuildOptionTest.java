package org.drtstudio.cli;

import org.drtstudio.scene.MeshNode;
import org.drtstudio.scene.SceneNode;
import org.drtstudio.scene.TransformNode;
import org.drtstudio.scene.TriangleMesh;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** {@code --build}: who builds the hierarchies, said by drt info, checked by --check; bad choices get one line. */
class HierarchyBuildOptionTest {
    @TempDir
    Path dir;

    private Path grid() throws Exception {
        StringBuilder obj = new StringBuilder();
        int n = 30;
        for (int i = 0; i <= n; i++) for (int j = 0; j <= n; j++) obj.append("v ").append(i).append(' ').append(j).append(' ').append((i * j) % 7 * 0.1).append('\n');
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
            int a = i * (n + 1) + j + 1, b = a + 1, c = a + n + 1, d = c + 1;
            obj.append("f ").append(a).append(' ').append(b).append(' ').append(d).append('\n');
            obj.append("f ").append(a).append(' ').append(d).append(' ').append(c).append('\n');
        }
        Path file = dir.resolve("grid.obj");
        Files.writeString(file, obj);
        return file;
    }

    @Test
    void theTwinsTreeIsReportedAndPassesTheChecks() throws Exception {
        CliHarness cli = new CliHarness();
        assertEquals(0, cli.drt("info", grid().toString(), "--build", "twin", "--check"), cli.err());
        String out = cli.out.toString();
        assertTrue(out.contains("built by     CPU LBVH"), out);
        assertTrue(out.matches("(?s).*; 1,800 triangles, then height limit [\\d,]+ ms, shape packing [\\d,]+ ms, boxes [\\d,]+ ms \\(the sphere tree and the boxes' primitives made where first needed\\).*"),
                "the steps after the tree, each timed:\n" + out);
        assertTrue(out.contains("box layout   1,799 inner nodes"), "one inner node per triangle but one:\n" + out);
        assertTrue(out.contains("check        all invariants hold"), out);
    }

    @Test
    void theDefaultAndAutoWithoutAGpuBuildBinned() throws Exception {
        CliHarness cli = new CliHarness();
        for (String[] args : new String[][]{{"info", grid().toString()}, {"info", grid().toString(), "--build", "auto"}}) {
            assertEquals(0, cli.drt(args), cli.err());
            assertTrue(cli.out.toString().contains("built by     CPU, binned SAH"), cli.out.toString());
        }
    }

    @Test
    void renderDefaultsToAutoAndTheOtherCommandsToCpu() {
        assertTrue(new HierarchyBuildOption("auto").isAuto());
        assertFalse(new HierarchyBuildOption().isAuto(), "drt info and drt bench build binned unless asked");
        assertTrue(new RenderCommand(null).hierarchyBuild.isAuto(), "drt render chooses after the load");
    }

    @Test
    void autoAsksForTheGpuOnlyForALargeMeshThatMayBeTracedOnAGpu() {
        int[] asked = {0};
        RendererFactory factory = new RendererFactory() {
            @Override
            public org.drtstudio.render.Renderer create(Backend backend, java.util.function.Consumer<String> notices) {
                throw new UnsupportedOperationException();
            }

            @Override
            public org.drtstudio.accel.LinearBvhBuilder gpuHierarchyBuilder(boolean hardwareOnly) {
                asked[0]++;
                assertTrue(hardwareOnly, "auto takes no software GPU");
                return null; // as on a machine without one: the binned build
            }
        };
        HierarchyBuildOption auto = new HierarchyBuildOption("auto");
        org.drtstudio.accel.GeometryImageBuilder builder = new org.drtstudio.accel.GeometryImageBuilder();
        SceneNode small = mesh(HierarchyBuildOption.AUTO_MIN_TRIANGLES - 1);
        SceneNode large = TransformNode.group("scene", List.of(small, TransformNode.group("inner", List.of(mesh(HierarchyBuildOption.AUTO_MIN_TRIANGLES)))));
        assertEquals(HierarchyBuildOption.AUTO_MIN_TRIANGLES, HierarchyBuildOption.largestMesh(large));
        assertFalse(auto.opensGlFor(small, false));
        assertFalse(auto.opensGlFor(large, true));
        assertTrue(auto.opensGlFor(large, false), "drt render waits for its tracer's GL start before this one");
        assertFalse(new HierarchyBuildOption("cpu").opensGlFor(large, false));
        assertNull(auto.applyAutoTo(builder, factory, small, false));
        assertNull(auto.applyAutoTo(builder, factory, large, true), "a render on the CPU");
        assertEquals(0, asked[0], "no GL context opened for a small scene or a CPU render");
        assertNull(auto.applyAutoTo(builder, factory, large, false));
        assertEquals(1, asked[0], "a large mesh that may be traced on a GPU");
        assertNull(new HierarchyBuildOption().applyAutoTo(builder, factory, large, false), "cpu is not auto");
        assertEquals(1, asked[0]);
    }

    /** A mesh of {@code triangles} triangles over three vertices (only its size matters here). */
    private static MeshNode mesh(int triangles) {
        int[] idx = new int[3 * triangles];
        for (int t = 0; t < triangles; t++) {
            idx[3 * t + 1] = 1;
            idx[3 * t + 2] = 2;
        }
        return new MeshNode("m", new TriangleMesh("m", new float[]{0, 0, 0, 1, 0, 0, 0, 1, 0}, new float[9], null, idx, new int[triangles]));
    }

    @Test
    void gpuWithoutOpenGlAndAnUnknownChoiceAreOneLineEach() throws Exception {
        CliHarness cli = new CliHarness(); // its factory has no GL
        assertEquals(2, cli.drt("info", grid().toString(), "--build", "gpu"));
        assertEquals("drt: --build gpu: no OpenGL 4.3 context opens here; use --build cpu", cli.err().strip());
        assertEquals(2, cli.drt("render", grid().toString(), "--build", "fast", "-o", dir.resolve("x.png").toString()));
        assertEquals("drt: --build must be cpu, gpu, auto or twin, got 'fast'", cli.err().strip());
    }
}
