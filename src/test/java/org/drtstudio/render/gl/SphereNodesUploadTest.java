package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImageBuilder;
import org.drtstudio.io.nff.NffReader;
import org.drtstudio.render.NodeKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sphere tree's nodes go to the GPU only where a walk reads them: the box walk, portals and
 * the grid and octree walks do not, the sphere walk does; an update that asks for them later sends
 * them and nothing else, and a rewrite sends what the last update sent.
 */
@Timeout(120)
class SphereNodesUploadTest {
    @RegisterExtension
    static final SharedGl<GlThread> GL = SharedGl.thread();

    @Test
    void onlyAWalkThatReadsTheSphereTreeGetsIt() throws Exception {
        GeometryImage image = new GeometryImageBuilder().build(NffReader.read(Path.of("scenes/default.nff")).scene());
        long nodeBytes = 4L * image.nodes().length;
        GL.get().call(() -> {
            GlInfo info = GL.get().info();
            try (GeometryImageTextures boxes = new GeometryImageTextures(info, NodeKind.BOXES);
                 GeometryImageTextures spheres = new GeometryImageTextures(info, NodeKind.SPHERES);
                 GeometryImageTextures grid = new GeometryImageTextures(info, NodeKind.BOXES, AccelStructure.GRID, BoxStorage.TEXTURES)) {
                assertFalse(boxes.walksSphereNodes());
                assertFalse(grid.walksSphereNodes());
                assertTrue(spheres.walksSphereNodes());
                long withoutNodes = boxes.update(image, false);
                assertEquals(withoutNodes, boxes.rewrite(image), "a rewrite sends what the update sent");
                assertEquals(nodeBytes, boxes.update(image, true), "asked for later, the nodes alone are sent");
                assertEquals(withoutNodes + nodeBytes, boxes.rewrite(image));
                long all = spheres.update(image);
                assertTrue(all > nodeBytes, "the sphere walk's textures: " + all + " bytes");
            }
            return null;
        });
    }
}
