package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.GlossySplit;
import org.drtstudio.render.GuideSums;
import org.drtstudio.render.RayStack;
import org.drtstudio.render.TraceParameters;

import static org.drtstudio.accel.GeometryImageLayout.*;

/**
 * Whitted-style shading over the geometry image, the Java twin of {@code shaders/whitted.glsl}.
 *
 * <p>At each hit: ambient light × ambient colour, plus for every light not blocked by a shadow ray
 * (towards a sampled point of a sphere or rectangle light: soft shadows) Phong diffuse and specular
 * over the attenuation 1/(c1 + c2 r + c3 r²). Mirror and glass surfaces
 * spawn a reflected ray (weight = reflectivity + transparency × Fresnel; drawn from a Phong lobe on
 * a glossy material) and a refracted one
 * (transparency × (1 − Fresnel), Snell's law, Schlick's approximation, total internal reflection
 * sends everything to the mirror ray). Light travelling inside a transparent body is absorbed by
 * Beer's law over the distance travelled. A diffuse texture multiplies the ambient and diffuse
 * colours; a bump map tilts the shading normal ({@link TextureSampler}). The ray tree is walked
 * with a small explicit stack, never recursion, bounded by the maximum depth and by the throughput
 * cut-off.
 *
 * <p>One instance per thread: it owns scratch state.
 */
final class WhittedIntegrator implements AutoCloseable {
    /** Pending rays at most; deeper branches beyond it are dropped (the GLSL twin has the same bound). */
    static final int STACK_SIZE = RayStack.CAPACITY;
    /** A waiting ray's floats in {@link #stack} and {@link #walk}: origin, direction, throughput (xyz each), depth, chain (1: on it). */
    private static final int RAY_ORIGIN = 0, RAY_DIRECTION = 3, RAY_THROUGHPUT = 6, RAY_DEPTH = 9, RAY_CHAIN = 10, RAY_FLOATS = 11;

    private final Primitives prims;
    private final float[] vertices, materials, lights;
    /** The light whose first-hit point takes the lens's sample dimensions ({@link org.drtstudio.render.LensLight}). */
    private final int lensLight;
    private final int lightCount;
    private final TraceParameters p;
    private final RayCaster traversal;
    /** The sampler's per-pixel hashes, kept between a pixel's samples. */
    private final SampleSeeds seeds;
    private final InstanceRows instanceRows;
    private final Hit hit = new Hit(), shadowHit = new Hit();
    private final float[] stack = new float[STACK_SIZE * RAY_FLOATS];
    /** The rays {@link #firstHit}'s walk lets {@link #spawnRays} push, laid out as {@link #stack}. */
    private final float[] walk = new float[STACK_SIZE * RAY_FLOATS];
    /** The rays a rough lobe sends at the camera ray's first hit ({@link GlossySplit}); tests compare it with 1. */
    int glossySplit = GlossySplit.RAYS;
    private final TextureSampler textures;
    /** The atlas holds at least one image: the GL tracer then runs its variant compiled with TEXTURED true. */
    private final boolean textured;
    private final float[] rows = new float[12], disk = new float[2], pairValues = new float[2];
    /** Outputs of {@link #samplePointOnLight} and {@link #glossy} (read by the ray benchmark too). */
    final float[] lightPoint = new float[3], lobeDir = new float[3];
    private final float[] texColor = new float[3], uv = new float[2], corners = new float[6], frame = new float[6],
            scratch = new float[3], bumped = new float[3], triangle = new float[9];
    /** Output of {@link #surfaceNormals}: geometric normal xyz, shading normal xyz, texture coordinates uv. */
    final float[] surface = new float[8];
    /** The environment light, null for none: rays leaving the scene then see the background colour. */
    private final EnvironmentSampler environment;
    /** Outputs of {@link #environmentRay}: its direction, and the light it brings, weighted, before the diffuse colour. */
    private final float[] environmentRay = new float[3], environmentLight = new float[3];
    /** Set when any traversal of the last {@link #radiance} call overflowed its bound. */
    boolean overflow;
    /** Shadow rays only to the light nearest the shaded point ({@code ShadowLights.NEAREST}; nearestLight in whitted.glsl). */
    boolean nearestLightOnly;

    WhittedIntegrator(GeometryImage image, TraceParameters parameters) {
        this(image, parameters, NodeKind.DEFAULT);
    }

    WhittedIntegrator(GeometryImage image, TraceParameters parameters, NodeKind nodes) {
        this(image, parameters, nodes, org.drtstudio.accel.AccelStructure.BVH);
    }

    WhittedIntegrator(GeometryImage image, TraceParameters parameters, NodeKind nodes, org.drtstudio.accel.AccelStructure accel) {
        this(image, parameters, new Traversal(image, nodes, accel));
    }

    /** Shading over the hits {@code walk} finds (the twin's {@link Traversal} or a production walk); the integrator closes it. */
    WhittedIntegrator(GeometryImage image, TraceParameters parameters, RayCaster walk) {
        this.prims = new Primitives(image);
        this.vertices = image.vertices();
        this.materials = image.materials();
        this.lights = image.lights();
        this.lightCount = image.lightCount();
        this.p = parameters;
        this.lensLight = org.drtstudio.render.LensLight.of(image, parameters);
        this.traversal = GroundPlaneCaster.around(image, walk); // the ground plane is asked outside the tree
        this.seeds = new SampleSeeds(parameters.seed());
        this.instanceRows = new InstanceRows(image);
        this.textures = new TextureSampler(image);
        this.textured = image.textureCount() > 0;
        this.environment = image.environment() == null ? null : new EnvironmentSampler(image.environment());
    }

    /** Lets go of the walk's resources (a native walk's ray buffers). */
    @Override
    public void close() {
        traversal.close();
    }

    /**
     * The guides of a camera ray (a unit ray at shutter time {@code time}), twin of
     * {@code chainGuide} in {@code shaders/guide.glsl}: returns the first hit's distance (+Inf on a
     * miss) and writes the guides of the surface that ends the ray's guide chain (see
     * {@link #radiance}) to out: its shading normal turned toward the arriving ray to out[0..2], its
     * diffuse colour times the diffuse texture times the chain's throughput to out[3..5]; zeros on a
     * miss. Each surface sends its rays on through {@link #spawnRays}, as the shading does, so the
     * chain goes on along a perfect mirror or glass's heavier ray ({@link #chainBranch}) exactly where
     * the shading would push it (depth, throughput cut-off, the ray stack's room), and stops where
     * that ray misses (keeping the last surface's guides).
     */
    float firstHit(float ox, float oy, float oz, float dx, float dy, float dz, float time, float[] out) {
        hit.reset(Float.POSITIVE_INFINITY);
        boolean found = traversal.closest(ox, oy, oz, dx, dy, dz, time, hit);
        overflow |= hit.overflow;
        java.util.Arrays.fill(out, 0, 6, 0f);
        if (!found) return Float.POSITIVE_INFINITY;
        float firstDistance = hit.t;
        float tr = 1f, tg = 1f, tb = 1f;
        // The rays the shading's stack would hold below this surface's: refracted rays left waiting by
        // chain surfaces that reflected (a refracted chain ray is popped after its reflected sibling's tree).
        int waiting = 0;
        for (int depth = 0; ; depth++) {
            float px = ox + hit.t * dx, py = oy + hit.t * dy, pz = oz + hit.t * dz;
            surfaceNormals(hit, px, py, pz, time);
            int material = prims.material(hit.primitive), mat = 4 * MATERIAL_TEXELS * material;
            boolean entering = surface[0] * dx + surface[1] * dy + surface[2] * dz < 0f;
            if (!entering && materials[mat + MaterialField.TRANSPARENCY] > 0f) {
                tr *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION] * hit.t);
                tg *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION + 1] * hit.t);
                tb *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION + 2] * hit.t);
            }
            surfaceGuide(dx, dy, dz, material, out);
            out[3] *= tr;
            out[4] *= tg;
            out[5] *= tb;
            if (depth + 1 >= p.maxDepth()) break;
            // The chain goes on only along a lobe-less branch of weight CHAIN_WEIGHT or more (chainBranch),
            // and no branch outweighs reflectivity + transparency: the floors and walls of a scene stop here
            // without spawning their rays (the guide pass's camera samples cost a third less).
            if (materials[mat + MaterialField.LOBE_EXPONENT] > 0f || materials[mat + MaterialField.REFLECTIVITY] + materials[mat + MaterialField.TRANSPARENCY] < GuideSums.CHAIN_WEIGHT) break;
            float side = entering ? 1f : -1f;
            // The rays the shading would push, above the ones it would hold below this surface's. The
            // chain never goes on along a lobe, so the sample numbers that would draw one do not matter.
            int top = spawnRays(walk, waiting, mat, entering, px, py, pz, side * surface[0], side * surface[1],
                    side * surface[2], out[0], out[1], out[2], dx, dy, dz, tr, tg, tb, depth, 0, 0, depth, true);
            int chained = -1;
            for (int k = waiting; k < top; k++) if (walk[k * RAY_FLOATS + RAY_CHAIN] != 0f) chained = k;
            if (chained < 0) break;
            // A refracted ray pushed below the chain's reflected one waits while the chain goes on.
            waiting = chained;
            int w = chained * RAY_FLOATS;
            ox = walk[w + RAY_ORIGIN]; oy = walk[w + RAY_ORIGIN + 1]; oz = walk[w + RAY_ORIGIN + 2];
            dx = walk[w + RAY_DIRECTION]; dy = walk[w + RAY_DIRECTION + 1]; dz = walk[w + RAY_DIRECTION + 2];
            tr = walk[w + RAY_THROUGHPUT]; tg = walk[w + RAY_THROUGHPUT + 1]; tb = walk[w + RAY_THROUGHPUT + 2];
            hit.reset(Float.POSITIVE_INFINITY);
            boolean next = traversal.closest(ox, oy, oz, dx, dy, dz, time, hit);
            overflow |= hit.overflow;
            if (!next) break;
        }
        return firstDistance;
    }

    /**
     * The guides at a hit whose {@link #surface} was just computed, twin of {@code chainSurface} in
     * {@code shaders/whitted.glsl}: the shading normal turned toward the ray to out[0..2], the diffuse
     * colour times the diffuse texture to out[3..5].
     */
    private void surfaceGuide(float dx, float dy, float dz, int material, float[] out) {
        float[] n = surface;
        // As the shading turns them: a ray that does not come from the geometric normal's side (n·d ≥ 0) flips it.
        float side = n[0] * dx + n[1] * dy + n[2] * dz >= 0f ? -1f : 1f;
        float ngx = side * n[0], ngy = side * n[1], ngz = side * n[2];
        float flip = n[3] * ngx + n[4] * ngy + n[5] * ngz < 0f ? -1f : 1f;
        out[0] = flip * n[3];
        out[1] = flip * n[4];
        out[2] = flip * n[5];
        int mat = 4 * MATERIAL_TEXELS * material;
        texColor[0] = texColor[1] = texColor[2] = 1f;
        if (textured) textures.diffuseTexture(material, n[6], n[7], texColor);
        out[3] = materials[mat + MaterialField.DIFFUSE] * texColor[0];
        out[4] = materials[mat + MaterialField.DIFFUSE + 1] * texColor[1];
        out[5] = materials[mat + MaterialField.DIFFUSE + 2] * texColor[2];
    }

    /**
     * When set, each {@link #radiance} call records its camera ray's guides and diffuse light, from
     * the hits its shading finds anyway: the guide sums of the trace pass
     * ({@code org.drtstudio.render.GuideSums}), twin of {@code shaders/guide_sums.glsl}. They are
     * those of the surface that ends the ray's <em>guide chain</em>: the first hit, or, through a
     * perfect mirror or glass, the surface seen in it along the heavier ray ({@link #chainBranch}),
     * weighted by the chain's throughput; a chain whose next ray misses ends at the last surface.
     * So a mirror ball's pixels are guided and split by the floor they show (as external denoisers
     * ask of their albedo and normal inputs), not by the ball's own flat, dark surface.
     */
    boolean recordGuide;
    /** The recorded chain's last surface: normal xyz, albedo rgb times the chain's throughput (see {@link #surfaceGuide}). */
    final float[] guide = new float[6];
    /**
     * The recorded chain's diffuse light at its last surface, rgb: the ambient term and the lights'
     * diffuse terms times the chain's throughput ({@code org.drtstudio.render.DiffuseSplit}); 0 on a miss.
     */
    final float[] diffuse = new float[3];
    /** The recorded camera ray's first-hit distance, +Inf on a miss. */
    float guideDistance;

    /**
     * Radiance along a unit primary ray at shutter time {@code time}, written to out[0..2]; pixel and
     * sample index select the random numbers of light and lobe sampling.
     */
    void radiance(float ox, float oy, float oz, float dx, float dy, float dz, float time, int pixel, int sample, float[] out) {
        float r = 0, g = 0, b = 0;
        int sp = 0, segment = 0;
        diffuse[0] = diffuse[1] = diffuse[2] = 0f;
        push(stack, sp++, ox, oy, oz, dx, dy, dz, 1, 1, 1, 0, recordGuide);
        while (sp > 0) {
            int seg = segment++;
            int s = --sp * RAY_FLOATS;
            float rox = stack[s + RAY_ORIGIN], roy = stack[s + RAY_ORIGIN + 1], roz = stack[s + RAY_ORIGIN + 2];
            float rdx = stack[s + RAY_DIRECTION], rdy = stack[s + RAY_DIRECTION + 1], rdz = stack[s + RAY_DIRECTION + 2];
            float tr = stack[s + RAY_THROUGHPUT], tg = stack[s + RAY_THROUGHPUT + 1], tb = stack[s + RAY_THROUGHPUT + 2];
            int depth = (int) stack[s + RAY_DEPTH];
            boolean chain = stack[s + RAY_CHAIN] != 0f;

            hit.reset(Float.POSITIVE_INFINITY);
            boolean found = traversal.closest(rox, roy, roz, rdx, rdy, rdz, time, hit);
            overflow |= hit.overflow;
            if (seg == 0 && recordGuide) guideDistance = found ? hit.t : Float.POSITIVE_INFINITY;
            if (!found) {
                if (environment != null) {
                    environment.lookup(rdx, rdy, rdz);
                    r += tr * environment.radiance[0];
                    g += tg * environment.radiance[1];
                    b += tb * environment.radiance[2];
                } else {
                    r += tr * p.background()[0];
                    g += tg * p.background()[1];
                    b += tb * p.background()[2];
                }
                continue;
            }
            int kind = prims.kind(hit.primitive);
            int material = prims.material(hit.primitive);
            int mat = 4 * MATERIAL_TEXELS * material;
            float t = hit.t;
            float px = rox + t * rdx, py = roy + t * rdy, pz = roz + t * rdz;

            surfaceNormals(hit, px, py, pz, time);
            if (chain) surfaceGuide(rdx, rdy, rdz, material, guide);
            float ngx = surface[0], ngy = surface[1], ngz = surface[2], nx = surface[3], ny = surface[4], nz = surface[5];
            // Two-sided: turn both normals toward the side the ray came from.
            boolean entering = ngx * rdx + ngy * rdy + ngz * rdz < 0f;
            if (!entering) {
                ngx = -ngx; ngy = -ngy; ngz = -ngz;
            }
            if (nx * ngx + ny * ngy + nz * ngz < 0f) {
                nx = -nx; ny = -ny; nz = -nz;
            }
            float transparency = materials[mat + MaterialField.TRANSPARENCY];
            if (!entering && transparency > 0f) {
                // The segment just travelled ran inside this body: Beer absorption.
                tr *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION] * t);
                tg *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION + 1] * t);
                tb *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION + 2] * t);
            }

            // The diffuse texture colours the diffuse and the ambient term alike (MTL's Ka defaults to Kd).
            texColor[0] = texColor[1] = texColor[2] = 1f;
            if (textured) textures.diffuseTexture(material, surface[6], surface[7], texColor);
            float kdr = materials[mat + MaterialField.DIFFUSE] * texColor[0];
            float kdg = materials[mat + MaterialField.DIFFUSE + 1] * texColor[1];
            float kdb = materials[mat + MaterialField.DIFFUSE + 2] * texColor[2];
            float eps = p.rayEpsilon();
            float sox = px + ngx * eps, soy = py + ngy * eps, soz = pz + ngz * eps;
            float lr = p.ambientLight()[0] * (materials[mat + MaterialField.AMBIENT] * texColor[0]);
            float lg = p.ambientLight()[1] * (materials[mat + MaterialField.AMBIENT + 1] * texColor[1]);
            float lb = p.ambientLight()[2] * (materials[mat + MaterialField.AMBIENT + 2] * texColor[2]);
            float exponent = materials[mat + MaterialField.EXPONENT];
            if (chain) {
                guide[3] *= tr;
                guide[4] *= tg;
                guide[5] *= tb;
                diffuse[0] = tr * lr;
                diffuse[1] = tg * lg;
                diffuse[2] = tb * lb;
            }
            int onlyLight = nearestLightOnly ? nearestLight(sox, soy, soz) : -1;
            for (int l = 0; l < lightCount; l++) {
                if (onlyLight >= 0 && l != onlyLight) continue;
                int lo = 4 * LIGHT_TEXELS * l;
                samplePointOnLight(lo, sox, soy, soz, pixel, sample, Sampling.lightDimension(seg, l, lensLight));
                float lx = lightPoint[0] - sox, ly = lightPoint[1] - soy, lz = lightPoint[2] - soz;
                float dist = (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
                if (!(dist > 0f)) continue;
                float invDist = 1f / dist;
                lx *= invDist; ly *= invDist; lz *= invDist;
                float ndotl = nx * lx + ny * ly + nz * lz;
                if (ndotl <= 0f || ngx * lx + ngy * ly + ngz * lz <= 0f) continue;
                if (traversal.occluded(sox, soy, soz, lx, ly, lz, time, dist, shadowHit)) continue;
                overflow |= shadowHit.overflow;
                // Mirror of the light direction about n, dotted with the direction to the viewer.
                float rdotv = -((2f * ndotl * nx - lx) * rdx + (2f * ndotl * ny - ly) * rdy + (2f * ndotl * nz - lz) * rdz);
                float spec = rdotv > 0f ? (float) Math.pow(rdotv, exponent) : 0f;
                float atten = 1f / (p.attenuation()[0] + p.attenuation()[1] * dist + p.attenuation()[2] * dist * dist);
                float er = lights[lo + LightField.COLOR] * atten, eg = lights[lo + LightField.COLOR + 1] * atten, eb = lights[lo + LightField.COLOR + 2] * atten;
                lr += (kdr * ndotl + materials[mat + MaterialField.SPECULAR] * spec) * er;
                lg += (kdg * ndotl + materials[mat + MaterialField.SPECULAR + 1] * spec) * eg;
                lb += (kdb * ndotl + materials[mat + MaterialField.SPECULAR + 2] * spec) * eb;
                if (chain) {
                    diffuse[0] += tr * (kdr * ndotl * er);
                    diffuse[1] += tg * (kdg * ndotl * eg);
                    diffuse[2] += tb * (kdb * ndotl * eb);
                }
            }
            // The environment's two rays after the lights', what each brings added in that order (environmentRay).
            for (int k = 0; environment != null && k < 2 && maxOf(kdr, kdg, kdb) > 0f; k++) {
                if (!environmentRay(k, nx, ny, nz, ngx, ngy, ngz, pixel, sample, seg)) continue;
                if (traversal.occluded(sox, soy, soz, environmentRay[0], environmentRay[1], environmentRay[2], time,
                        Float.POSITIVE_INFINITY, shadowHit)) continue;
                overflow |= shadowHit.overflow;
                float er = kdr * environmentLight[0], eg = kdg * environmentLight[1], eb = kdb * environmentLight[2];
                lr += er;
                lg += eg;
                lb += eb;
                if (chain) {
                    diffuse[0] += tr * er;
                    diffuse[1] += tg * eg;
                    diffuse[2] += tb * eb;
                }
            }
            r += tr * lr;
            g += tg * lg;
            b += tb * lb;

            if (depth + 1 >= p.maxDepth()) continue;
            sp = spawnRays(stack, sp, mat, entering, px, py, pz, ngx, ngy, ngz, nx, ny, nz, rdx, rdy, rdz,
                    tr, tg, tb, depth, pixel, sample, seg, chain);
        }
        out[0] = r;
        out[1] = g;
        out[2] = b;
    }


    /**
     * The rays a surface sends on, as the shading pushes them: onto {@code into} from slot {@code sp},
     * while it holds fewer than {@link #STACK_SIZE}, the refracted rays first, then the reflected ones
     * (one each, or {@link GlossySplit#RAYS} from a weighty rough lobe at the camera ray's first hit);
     * returns the new top. Twin of {@code beginSpawn} and {@code spawnedRay} in
     * {@code shaders/whitted.glsl}. The hit: point
     * p, geometric normal ng and shading normal n turned toward the ray, unit direction rd,
     * throughput t, material offset mat; the caller has checked the depth. A lobe's direction is
     * drawn with the pixel's and sample's numbers at segment seg. chain: the surface is on its
     * sample's guide chain, which goes on with the ray {@link #chainBranch} picks.
     */
    private int spawnRays(float[] into, int sp, int mat, boolean entering, float px, float py, float pz,
                          float ngx, float ngy, float ngz, float nx, float ny, float nz, float rdx, float rdy, float rdz,
                          float tr, float tg, float tb, int depth, int pixel, int sample, int seg, boolean chain) {
        float cosI = -(nx * rdx + ny * rdy + nz * rdz);
        branchWeights(mat, entering, cosI, rdx, rdy, rdz, nx, ny, nz);
        float reflectWeight = this.reflectWeight, refractWeight = this.refractWeight;
        float tx = refracted[0], ty = refracted[1], tz = refracted[2];
        float cutoff = p.throughputCutoff(), eps = p.rayEpsilon();
        float lobe = materials[mat + MaterialField.LOBE_EXPONENT];
        int chainBranch = chain ? chainBranch(mat) : NO_BRANCH;
        if (refractWeight > 0f && maxOf(tr, tg, tb) * refractWeight > cutoff && sp < STACK_SIZE) {
            // Rough refraction: the transmitted ray drawn from the lobe; one that turns back out is absorbed.
            sp = pushBranch(into, sp, tx, ty, tz, lobe, rays(lobe, depth, refractWeight), pixel, sample, Sampling.segmentDimension(seg, Sampling.SLOT_GLOSSY + 2),
                    -ngx, -ngy, -ngz, px - ngx * eps, py - ngy * eps, pz - ngz * eps,
                    tr * refractWeight, tg * refractWeight, tb * refractWeight, depth + 1, chainBranch == REFRACTED);
        }
        if (reflectWeight > 0f && maxOf(tr, tg, tb) * reflectWeight > cutoff && sp < STACK_SIZE) {
            float k = 2f * cosI;
            float mx = rdx + k * nx, my = rdy + k * ny, mz = rdz + k * nz;
            float inv = invLength(mx, my, mz);
            mx *= inv; my *= inv; mz *= inv;
            // Glossy reflection: importance-sampled from the normalised Phong lobe around the mirror
            // direction, so the weight stays the reflectivity; rays that dive under the surface are absorbed.
            sp = pushBranch(into, sp, mx, my, mz, lobe, rays(lobe, depth, reflectWeight), pixel, sample, Sampling.segmentDimension(seg, Sampling.SLOT_GLOSSY),
                    ngx, ngy, ngz, px + ngx * eps, py + ngy * eps, pz + ngz * eps,
                    tr * reflectWeight, tg * reflectWeight, tb * reflectWeight, depth + 1, chainBranch == REFLECTED);
        }
        return sp;
    }

    /**
     * One of the two directions that estimate the environment's light on a diffuse surface,
     * (1/π) ∫ L cos dω over the unblocked directions; twin of {@code envRay} in
     * {@code shaders/whitted.glsl}. k = 0 is drawn from the map by its brightness (a small sun is
     * found every time), k = 1 by cos θ around the shading normal (a large soft sky, where the map's
     * draw scatters); multiple importance sampling with the power heuristic (Veach 1997) weighs each
     * by how likely the other draw was to pick it. Writes the direction to {@link #environmentRay}
     * and what it brings when its shadow ray (without end) comes back unblocked, before the diffuse
     * colour, to {@link #environmentLight}; false when no ray is sent. n, ng: the shading and
     * geometric normals on the ray's side.
     */
    private boolean environmentRay(int k, float nx, float ny, float nz, float ngx, float ngy, float ngz,
                                   int pixel, int sample, int seg) {
        environmentLight[0] = environmentLight[1] = environmentLight[2] = 0f;
        seeds.pair(pixel, sample, Sampling.segmentDimension(seg, Sampling.SLOT_ENVIRONMENT + 2 * k), pairValues);
        if (k == 0) {
            environment.sample(pairValues[0], pairValues[1]);
            float lx = environment.direction[0], ly = environment.direction[1], lz = environment.direction[2];
            environmentRay[0] = lx;
            environmentRay[1] = ly;
            environmentRay[2] = lz;
            float cos = nx * lx + ny * ly + nz * lz;
            if (!(environment.pdf > 0f && cos > 0f && ngx * lx + ngy * ly + ngz * lz > 0f)) return false;
            float ratio = cos * INV_PI / environment.pdf;
            // The power heuristic p²/(p² + q²) written so a huge density (a bright texel near a pole) gives 1, not ∞/∞.
            float f = ratio / (1f + ratio * ratio);
            environmentLight[0] = environment.radiance[0] * f;
            environmentLight[1] = environment.radiance[1] * f;
            environmentLight[2] = environment.radiance[2] * f;
            return true;
        }
        Sampling.concentricDisk(pairValues[0], pairValues[1], disk);
        float up = (float) Math.sqrt(Math.max(0f, 1f - disk[0] * disk[0] - disk[1] * disk[1]));
        float sign = nz >= 0f ? 1f : -1f;
        float a = -1f / (sign + nz), bb = nx * ny * a;
        float t1x = 1f + sign * nx * nx * a, t1y = sign * bb, t1z = -sign * nx;
        float t2x = bb, t2y = sign + ny * ny * a, t2z = -ny;
        float bx = disk[0] * t1x + disk[1] * t2x + up * nx;
        float by = disk[0] * t1y + disk[1] * t2y + up * ny;
        float bz = disk[0] * t1z + disk[1] * t2z + up * nz;
        environmentRay[0] = bx;
        environmentRay[1] = by;
        environmentRay[2] = bz;
        float cos = nx * bx + ny * by + nz * bz;
        if (!(cos > 0f && ngx * bx + ngy * by + ngz * bz > 0f)) return false;
        environment.lookup(bx, by, bz);
        float ratio = environment.pdf / (cos * INV_PI);
        // (1/π) L cos / (cos/π) = L, times the power heuristic's weight.
        float w = 1f / (1f + ratio * ratio);
        environmentLight[0] = environment.radiance[0] * w;
        environmentLight[1] = environment.radiance[1] * w;
        environmentLight[2] = environment.radiance[2] * w;
        return true;
    }

    private static final float INV_PI = 0.318309886f;

    /** The rays a branch of weight {@code weight} sends: {@link GlossySplit} for a rough lobe, else 1. */
    private int rays(float lobe, int depth, float weight) {
        return lobe > 0f ? GlossySplit.raysAt(depth, weight, glossySplit) : 1;
    }

    /**
     * Pushes one branch of a surface (the refracted or the reflected one) from slot {@code sp} while
     * the stack has room; returns the new top. Around axis a, a rough lobe (exponent {@code lobe} > 0)
     * sends {@code rays} rays, ray j drawn with sample number sample · rays + j ({@link GlossySplit}),
     * each with 1 / rays of the weight t, dropping those that leave on the wrong side of s; a sharp
     * surface sends the axis itself. o: the rays' origin.
     */
    private int pushBranch(float[] into, int sp, float ax, float ay, float az, float lobe, int rays, int pixel, int sample,
                           int dimension, float sx, float sy, float sz, float ox, float oy, float oz,
                           float tr, float tg, float tb, int depth, boolean chain) {
        float share = 1f / rays;
        for (int j = 0; j < rays && sp < STACK_SIZE; j++) {
            float dx = ax, dy = ay, dz = az;
            if (lobe > 0f) {
                if (!glossy(ax, ay, az, lobe, pixel, sample * rays + j, dimension, sx, sy, sz)) continue;
                dx = lobeDir[0]; dy = lobeDir[1]; dz = lobeDir[2];
            }
            push(into, sp++, ox, oy, oz, dx, dy, dz, tr * share, tg * share, tb * share, depth, chain);
        }
        return sp;
    }

    /** Outputs of {@link #branchWeights}: the weights of the reflected and refracted rays, the refracted direction. */
    private float reflectWeight, refractWeight;
    private final float[] refracted = new float[3];

    /**
     * The weights of a surface's reflected and refracted rays into {@link #reflectWeight} and
     * {@link #refractWeight} (reflectivity, plus transparency split by Schlick's Fresnel, all of it
     * reflected past the critical angle), and the refracted unit direction into {@link #refracted}
     * (Snell's law); twin of {@code branchWeights} in {@code shaders/whitted.glsl}. n is the shading
     * normal on the ray's side, cosI = −n·d.
     */
    private void branchWeights(int mat, boolean entering, float cosI, float rdx, float rdy, float rdz,
                               float nx, float ny, float nz) {
        float transparency = materials[mat + MaterialField.TRANSPARENCY];
        reflectWeight = materials[mat + MaterialField.REFLECTIVITY];
        refractWeight = 0f;
        refracted[0] = refracted[1] = refracted[2] = 0f;
        if (!(transparency > 0f)) return;
        float ior = materials[mat + MaterialField.IOR];
        float eta = entering ? 1f / ior : ior;
        float sin2T = eta * eta * (1f - cosI * cosI);
        if (sin2T >= 1f) {
            reflectWeight += transparency; // total internal reflection
            return;
        }
        float cosT = (float) Math.sqrt(1f - sin2T);
        float r0 = (1f - ior) / (1f + ior);
        r0 = r0 * r0;
        float c = 1f - (entering ? cosI : cosT);
        float fresnel = r0 + (1f - r0) * c * c * c * c * c;
        reflectWeight += transparency * fresnel;
        refractWeight = transparency * (1f - fresnel);
        float k = eta * cosI - cosT;
        float tx = eta * rdx + k * nx, ty = eta * rdy + k * ny, tz = eta * rdz + k * nz;
        float inv = invLength(tx, ty, tz);
        refracted[0] = tx * inv;
        refracted[1] = ty * inv;
        refracted[2] = tz * inv;
    }

    /** {@link #chainBranch}'s answers: no ray, the refracted ray, the reflected ray. */
    static final int NO_BRANCH = 0, REFRACTED = 1, REFLECTED = 2;

    /**
     * Which of a surface's rays carries the guide chain on ({@link #branchWeights} just computed):
     * on a perfect mirror or glass (no lobe), the heavier of the two when it weighs at least
     * {@link GuideSums#CHAIN_WEIGHT}; twin of {@code chainBranch} in {@code shaders/whitted.glsl}.
     */
    private int chainBranch(int mat) {
        if (materials[mat + MaterialField.LOBE_EXPONENT] > 0f) return NO_BRANCH;
        if (refractWeight >= GuideSums.CHAIN_WEIGHT && refractWeight > reflectWeight) return REFRACTED;
        if (reflectWeight >= GuideSums.CHAIN_WEIGHT && reflectWeight >= refractWeight) return REFLECTED;
        return NO_BRANCH;
    }

    /**
     * A point of light lo, into {@link #lightPoint}: uniform over a rectangle; for a sphere uniform
     * over its disk as seen from the shading point (the light's silhouette); the centre for radius 0.
     */
    /** The light whose position (a sphere's centre, a rectangle's) is nearest (x, y, z); the lower index on a tie. */
    private int nearestLight(float x, float y, float z) {
        int nearest = 0;
        float best = Float.POSITIVE_INFINITY;
        for (int l = 0; l < lightCount; l++) {
            int lo = 4 * LIGHT_TEXELS * l;
            float dx = lights[lo] - x, dy = lights[lo + 1] - y, dz = lights[lo + 2] - z;
            float d2 = dx * dx + dy * dy + dz * dz;
            if (d2 < best) {
                best = d2;
                nearest = l;
            }
        }
        return nearest;
    }

    void samplePointOnLight(int lo, float sx, float sy, float sz, int pixel, int sample, int dimension) {
        float cx = lights[lo + LightField.POSITION], cy = lights[lo + LightField.POSITION + 1], cz = lights[lo + LightField.POSITION + 2];
        float radius = lights[lo + LightField.RADIUS];
        lightPoint[0] = cx;
        lightPoint[1] = cy;
        lightPoint[2] = cz;
        if (Float.floatToRawIntBits(lights[lo + LightField.SHAPE]) == LIGHT_RECTANGLE) {
            seeds.pair(pixel, sample, dimension, pairValues);
            float u = pairValues[0] - 0.5f;
            float v = pairValues[1] - 0.5f;
            lightPoint[0] = cx + u * lights[lo + LightField.EDGE_U] + v * lights[lo + LightField.EDGE_V];
            lightPoint[1] = cy + u * lights[lo + LightField.EDGE_U + 1] + v * lights[lo + LightField.EDGE_V + 1];
            lightPoint[2] = cz + u * lights[lo + LightField.EDGE_U + 2] + v * lights[lo + LightField.EDGE_V + 2];
            return;
        }
        if (!(radius > 0f)) return;
        float ax = cx - sx, ay = cy - sy, az = cz - sz;
        float inv = invLength(ax, ay, az);
        if (!Float.isFinite(inv)) return;
        ax *= inv; ay *= inv; az *= inv;
        // Branchless orthonormal basis around the axis (Duff et al. 2017).
        float sign = az >= 0f ? 1f : -1f;
        float a = -1f / (sign + az), bb = ax * ay * a;
        float t1x = 1f + sign * ax * ax * a, t1y = sign * bb, t1z = -sign * ax;
        float t2x = bb, t2y = sign + ay * ay * a, t2z = -ay;
        seeds.pair(pixel, sample, dimension, pairValues);
        Sampling.concentricDisk(pairValues[0], pairValues[1], disk);
        lightPoint[0] = cx + radius * (disk[0] * t1x + disk[1] * t2x);
        lightPoint[1] = cy + radius * (disk[0] * t1y + disk[1] * t2y);
        lightPoint[2] = cz + radius * (disk[0] * t1z + disk[1] * t2z);
    }

    /**
     * Draws a direction from the Phong lobe cos^n around the unit axis into {@link #lobeDir};
     * returns false when it falls on the wrong side of the surface (normal sx, sy, sz).
     */
    boolean glossy(float ax, float ay, float az, float n, int pixel, int sample, int dimension, float sx, float sy, float sz) {
        seeds.pair(pixel, sample, dimension, pairValues);
        float u = pairValues[0];
        float v = pairValues[1];
        float cosT = (float) Math.pow(u, 1f / (n + 1f));
        float sinT = (float) Math.sqrt(Math.max(0f, 1f - cosT * cosT));
        float phi = 6.283185307f * v;
        float sign = az >= 0f ? 1f : -1f;
        float a = -1f / (sign + az), b = ax * ay * a;
        float t1x = 1f + sign * ax * ax * a, t1y = sign * b, t1z = -sign * ax;
        float t2x = b, t2y = sign + ay * ay * a, t2z = -ay;
        float c = sinT * (float) Math.cos(phi), s = sinT * (float) Math.sin(phi);
        lobeDir[0] = cosT * ax + c * t1x + s * t2x;
        lobeDir[1] = cosT * ay + c * t1y + s * t2y;
        lobeDir[2] = cosT * az + c * t1z + s * t2z;
        return lobeDir[0] * sx + lobeDir[1] * sy + lobeDir[2] * sz > 0f;
    }

    /**
     * World-space unit geometric normal, shading normal (interpolated, then tilted by the material's
     * bump map) and texture coordinates at a hit, into {@link #surface} (ng xyz, n xyz, u v), not yet
     * turned toward the ray; uv stays zero for untextured materials, whose shading never reads it.
     * Twin of {@code shaders/surface.glsl}.
     */
    void surfaceNormals(Hit hit, float px, float py, float pz, float time) {
        int p = hit.primitive;
        int kind = prims.kind(p);
        float ngx, ngy, ngz, nx, ny, nz;
        float[] m = rows;
        instanceRows.rows(hit.instance, time, m);
        if (kind == KIND_TRIANGLE) {
            prims.triangle(p, triangle);
            float e1x = triangle[3], e1y = triangle[4], e1z = triangle[5];
            float e2x = triangle[6], e2y = triangle[7], e2z = triangle[8];
            ngx = e1y * e2z - e1z * e2y;
            ngy = e1z * e2x - e1x * e2z;
            ngz = e1x * e2y - e1y * e2x;
            // Vertex normals: texel 1 of each vertex.
            int n0 = prims.vertex(p, 0) + 4, n1 = prims.vertex(p, 1) + 4, n2 = prims.vertex(p, 2) + 4;
            float w0 = 1f - hit.u - hit.v;
            nx = w0 * vertices[n0] + hit.u * vertices[n1] + hit.v * vertices[n2];
            ny = w0 * vertices[n0 + 1] + hit.u * vertices[n1 + 1] + hit.v * vertices[n2 + 1];
            nz = w0 * vertices[n0 + 2] + hit.u * vertices[n1 + 2] + hit.v * vertices[n2 + 2];
        } else {
            // The object-space hit point, from the world point through the instance's inverse.
            float qx = m[0] * px + m[1] * py + m[2] * pz + m[3];
            float qy = m[4] * px + m[5] * py + m[6] * pz + m[7];
            float qz = m[8] * px + m[9] * py + m[10] * pz + m[11];
            int c = prims.vertex(p, 0);
            ngx = qx - vertices[c];
            ngy = qy - vertices[c + 1];
            ngz = qz - vertices[c + 2];
            nx = ngx; ny = ngy; nz = ngz;
        }
        uv[0] = uv[1] = 0f;
        if (textured) {
            int material = prims.material(p);
            // The lobe texel's z: which texture references are set (HAS_DIFFUSE_MAP | HAS_BUMP_MAP).
            int maps = Float.floatToRawIntBits(materials[4 * MATERIAL_TEXELS * material + MaterialField.MAPS]);
            if (maps != 0) {
                texturedNormal(hit, material, maps, ngx, ngy, ngz, nx, ny, nz);
                nx = bumped[0]; ny = bumped[1]; nz = bumped[2];
            }
        }
        // Normals go to world space by the inverse transpose: a sum of the inverse's rows.
        float wx = ngx * m[0] + ngy * m[4] + ngz * m[8];
        float wy = ngx * m[1] + ngy * m[5] + ngz * m[9];
        float wz = ngx * m[2] + ngy * m[6] + ngz * m[10];
        float lgn = invLength(wx, wy, wz);
        ngx = wx * lgn; ngy = wy * lgn; ngz = wz * lgn;
        wx = nx * m[0] + ny * m[4] + nz * m[8];
        wy = nx * m[1] + ny * m[5] + nz * m[9];
        wz = nx * m[2] + ny * m[6] + nz * m[10];
        float ln = invLength(wx, wy, wz);
        if (ln > 0f && Float.isFinite(ln)) {
            nx = wx * ln; ny = wy * ln; nz = wz * ln;
        } else {
            nx = ngx; ny = ngy; nz = ngz;
        }
        surface[0] = ngx; surface[1] = ngy; surface[2] = ngz;
        surface[3] = nx; surface[4] = ny; surface[5] = nz;
        surface[6] = uv[0]; surface[7] = uv[1];
    }

    /**
     * Texture coordinates at the hit into {@link #uv} and the object-space shading normal n tilted by
     * the bump map into {@link #bumped}, for a material with textures (maps: its HAS_* bits); ng is
     * the object-space geometric normal (for spheres, the hit point minus the centre). Twin of
     * {@code texturedNormal} in {@code shaders/surface.glsl}.
     */
    private void texturedNormal(Hit hit, int material, int maps, float ngx, float ngy, float ngz,
                                float nx, float ny, float nz) {
        boolean bumpy = (maps & HAS_BUMP_MAP) != 0;
        java.util.Arrays.fill(frame, 0f);
        if (prims.kind(hit.primitive) == KIND_TRIANGLE) {
            textures.triangleTexCoords(prims, hit.primitive, hit.u, hit.v, uv, corners);
            // triangle[] still holds this hit's edges from surfaceNormals.
            if (bumpy) TextureSampler.triangleFrame(triangle[3], triangle[4], triangle[5],
                    triangle[6], triangle[7], triangle[8], corners, frame);
        } else {
            float inv = invLength(ngx, ngy, ngz);
            float dx = ngx * inv, dy = ngy * inv, dz = ngz * inv;
            TextureSampler.sphereTexCoords(dx, dy, dz, uv);
            if (bumpy) TextureSampler.sphereFrame(dx, dy, dz, vertices[prims.vertex(hit.primitive, 0) + 3], frame);
        }
        bumped[0] = nx; bumped[1] = ny; bumped[2] = nz;
        if (!bumpy) return;
        float lo = invLength(nx, ny, nz);
        if (!(lo > 0f) || !Float.isFinite(lo)) return;
        textures.bumpNormal(material, uv[0], uv[1], nx * lo, ny * lo, nz * lo, frame, scratch, bumped);
    }

    private static void push(float[] into, int slot, float ox, float oy, float oz, float dx, float dy, float dz,
                             float tr, float tg, float tb, int depth, boolean chain) {
        int s = slot * RAY_FLOATS;
        into[s + RAY_ORIGIN] = ox; into[s + RAY_ORIGIN + 1] = oy; into[s + RAY_ORIGIN + 2] = oz;
        into[s + RAY_DIRECTION] = dx; into[s + RAY_DIRECTION + 1] = dy; into[s + RAY_DIRECTION + 2] = dz;
        into[s + RAY_THROUGHPUT] = tr; into[s + RAY_THROUGHPUT + 1] = tg; into[s + RAY_THROUGHPUT + 2] = tb;
        into[s + RAY_DEPTH] = depth;
        into[s + RAY_CHAIN] = chain ? 1f : 0f;
    }

    private static float invLength(float x, float y, float z) {
        return 1f / (float) Math.sqrt(x * x + y * y + z * z);
    }

    private static float maxOf(float a, float b, float c) {
        return Math.max(a, Math.max(b, c));
    }
}
