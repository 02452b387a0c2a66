package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.project.SceneLoader;
import org.drtstudio.render.Aov;
import org.drtstudio.render.Frame;
import org.drtstudio.render.NodeKind;
import org.drtstudio.scene.PixelFilter;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Scene;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A scene sent through the staging buffer ({@code drt.stagedUpload=all}: every array, however
 * small) renders bit for bit as the same scene sent directly ({@code false}), with the box layout in
 * buffers and in textures, and with the textures unpacked by the driver or written by a compute pass
 * from a staging buffer warmed up beforehand ({@code drt.textureUpload=shader}, as on a GPU for a
 * large scene): every array of the geometry image arrives whole, in place.
 */
@Timeout(600)
class GlStagedSceneTest {
    private static final Set<Aov> AOVS = EnumSet.of(Aov.RADIANCE, Aov.DEPTH, Aov.NORMAL, Aov.ALBEDO);

    @ParameterizedTest
    @EnumSource(BoxStorage.class)
    void aSceneSentThroughTheStagingBufferRendersAsOneSentDirectly(BoxStorage storage) throws Exception {
        Scene cow = SceneLoader.load(Path.of("scenes/spot.json")).scene(); // a texture atlas beside the meshes
        Scene s = cow.withSettings(cow.settings().withSize(40, 30).withSampling(2, 3, 5));
        GeometryImage image = GeometryImagePacker.pack(s);
        TraceParameters p = TraceParameters.of(s.camera(), s.camera(), s.settings(), image, PixelFilter.GAUSSIAN);
        Frame direct = render("false", "unpack", storage, image, p);
        for (String textures : new String[]{"unpack", "shader"}) {
            Frame staged = render("all", textures, storage, image, p);
            assertEquals(0, staged.errors());
            String what = storage + ", textures " + textures;
            assertArrayEquals(direct.radiance(), staged.radiance(), what + ": radiance");
            assertArrayEquals(direct.depth(), staged.depth(), what + ": depth");
            assertArrayEquals(direct.normals(), staged.normals(), what + ": normals");
            assertArrayEquals(direct.albedo(), staged.albedo(), what + ": albedo");
        }
        double mean = 0;
        for (float v : direct.radiance()) mean += v;
        assertTrue(mean / direct.radiance().length > 0.01, "the picture is nearly black, the comparison would say little");
    }

    private static Frame render(String staging, String textures, BoxStorage storage, GeometryImage image, TraceParameters p) throws Exception {
        System.setProperty("drt.stagedUpload", staging);
        System.setProperty("drt.textureUpload", textures);
        try (GlRenderer r = GlRenderer.start(false, NodeKind.DEFAULT, AccelStructure.DEFAULT, -1, storage)) {
            r.prepareLargeUploads(); // warms the staging buffer up where textures go by shader, as drt render does for a large scene
            return r.render(image, p, AOVS, ProgressListener.NONE);
        } finally {
            System.clearProperty("drt.stagedUpload");
            System.clearProperty("drt.textureUpload");
        }
    }
}
