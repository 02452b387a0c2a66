package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.accel.GeometryImagePacker;
import org.drtstudio.io.vox.VoxelScenes;
import org.drtstudio.math.Vec3;
import org.drtstudio.render.Aov;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.Scene;
import org.drtstudio.scene.voxel.VoxelGenerators;
import org.drtstudio.scene.voxel.VoxelModel;
import org.drtstudio.scene.VoxelSpace;

import java.util.EnumSet;

/**
 * What the portal walks ({@code PortalTraversalTest}, {@code GlPortalTraversalTest}) are checked
 * against: a voxel space's face mesh seen from {@code eye} (60° field, one sample a pixel), packed,
 * with its trace parameters and the CPU tracer's depth AOV over the faces (the {@code --accel bvh}
 * reference; infinite where a ray misses).
 */
public record FacesReference(GeometryImage image, TraceParameters parameters, float[] depth) {
    public static FacesReference of(VoxelSpace space, Vec3 eye, Vec3 look, int width, int height) {
        Scene scene = VoxelScenes.of("v", new VoxelModel("v", space, VoxelGenerators.palette()));
        Camera camera = new Camera(eye, look, new Vec3(0, 1, 0), 60f, 0f, 0f);
        scene = scene.withCamera(camera).withSettings(scene.settings().withSize(width, height).withSampling(1, 1, 0));
        GeometryImage image = GeometryImagePacker.pack(scene);
        TraceParameters p = TraceParameters.of(camera, scene.settings(), image);
        try (CpuRenderer r = new CpuRenderer(1)) {
            return new FacesReference(image, p, r.render(image, p, EnumSet.of(Aov.DEPTH), ProgressListener.NONE).depth());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
