package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.math.RayTriangle;

import static org.drtstudio.accel.GeometryImageLayout.GroundField;

/**
 * The DRT paper's ground plane, tested outside the tree: every query asks the plane first; a hit
 * on it ends a shadow ray's query and clips the tree walk's distance limit, so the walk culls
 * whatever lies beyond the ground. Wraps any walk (the twin's, the Java four-wide one, Embree's),
 * at the level where the shading asks for hits; twin of {@code traverse} in {@code shaders/traverse.glsl}.
 *
 * <p>Debt: rays leave a surface offset by the scene's epsilon ({@code TraceParameters.rayEpsilon}),
 * sized by the tree's bounds, which the plane is not in. For a plane along the axes the test's
 * distance depends on the one coordinate across the plane, so far points do not shadow themselves;
 * a tilted plane's far points (hundreds of units out, in a small scene) may.
 */
final class GroundPlaneCaster implements RayCaster {
    private final RayCaster tree;
    private final float ox0, oy0, oz0, ux, uy, uz, vx, vy, vz;
    private final int primitive, instance;
    private final float[] uv = new float[2];

    private GroundPlaneCaster(RayCaster tree, float[] ground) {
        this.tree = tree;
        ox0 = ground[GroundField.ORIGIN];
        oy0 = ground[GroundField.ORIGIN + 1];
        oz0 = ground[GroundField.ORIGIN + 2];
        ux = ground[GroundField.EDGE_U];
        uy = ground[GroundField.EDGE_U + 1];
        uz = ground[GroundField.EDGE_U + 2];
        vx = ground[GroundField.EDGE_V];
        vy = ground[GroundField.EDGE_V + 1];
        vz = ground[GroundField.EDGE_V + 2];
        primitive = Float.floatToRawIntBits(ground[GroundField.PRIMITIVE]);
        instance = Float.floatToRawIntBits(ground[GroundField.INSTANCE]);
    }

    /** {@code tree} with {@code image}'s ground plane in front of it, or {@code tree} itself where the image has none. */
    static RayCaster around(GeometryImage image, RayCaster tree) {
        return image.hasGround() ? new GroundPlaneCaster(tree, image.ground()) : tree;
    }

    @Override
    public boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit) {
        boolean ground = hitsGround(ox, oy, oz, dx, dy, dz, hit);
        if (ground && anyHit) return true;
        return tree.walk(ox, oy, oz, dx, dy, dz, time, hit, anyHit) || ground;
    }

    /** The plane's hit with 0 &lt; t &lt; hit.t into {@code hit}; whether there is one. */
    private boolean hitsGround(float ox, float oy, float oz, float dx, float dy, float dz, Hit hit) {
        float t = RayTriangle.intersectPlane(ox0, oy0, oz0, ux, uy, uz, vx, vy, vz, ox, oy, oz, dx, dy, dz, uv);
        if (!(t > 0f && t < hit.t)) return false;
        hit.t = t;
        hit.primitive = primitive;
        hit.instance = instance;
        hit.u = uv[0];
        hit.v = uv[1];
        return true;
    }

    @Override
    public void close() {
        tree.close();
    }
}
