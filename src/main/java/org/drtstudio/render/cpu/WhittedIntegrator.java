package org.drtstudio.render.cpu;

import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.NodeKind;
import org.drtstudio.render.sampling.GlossySplit;
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
    private final float[] materials, lights;
    /** The light whose first-hit point takes the lens's sample dimensions ({@link org.drtstudio.render.sampling.LensLight}). */
    private final int lensLight;
    private final TraceParameters p;
    private final RayCaster traversal;
    private final Hit hit = new Hit(), shadowHit = new Hit();
    private final float[] stack = new float[STACK_SIZE * RAY_FLOATS];
    /** The rays {@link #firstHit}'s walk lets {@link #spawnRays} push, laid out as {@link #stack}. */
    private final float[] walk = new float[STACK_SIZE * RAY_FLOATS];
    /** The rays a rough lobe sends at the camera ray's first hit ({@link GlossySplit}); tests compare it with 1. */
    int glossySplit = GlossySplit.RAYS;
    private long segmentsTraced;
    private final TextureSampler textures;
    /** The atlas holds at least one image: the GL tracer then runs its variant compiled with TEXTURED true. */
    private final boolean textured;
    /** Normals and texture coordinates at a hit (read by the ray benchmark too). */
    final HitSurface hitSurface;
    /** The surface being shaded ({@link #beginSurface}), and the light it reflects toward the ray, rgb ({@link #directLight}). */
    private final Surface surface = new Surface();
    private final float[] reflected = new float[3];
    /** Points on the lights for shadow rays (read by the ray benchmark too). */
    final LightPoints lightPoints;
    /** Directions drawn from a glossy lobe (read by the ray benchmark too). */
    final PhongLobe phongLobe;
    /** Russian roulette's draws (the noise lab sets the depth it starts at). */
    final RouletteDraw roulette;
    private final SurfaceBranches branches;
    /** The environment light, null for none: rays leaving the scene then see the background colour. */
    private final EnvironmentLighting environment;
    /** Set when any traversal of the last {@link #radiance} call overflowed its bound. */
    boolean overflow;
    /** Shadow rays only to the light nearest the shaded point ({@code ShadowLights.NEAREST}; nearestLight in whitted.glsl). */
    boolean nearestLightOnly;
    /** What {@link #radiance} records of its camera ray for the trace pass's guide sums, when on. */
    final GuideRecord guides = new GuideRecord();

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
        this.materials = image.materials();
        this.lights = image.lights();
        this.p = parameters;
        this.lensLight = org.drtstudio.render.sampling.LensLight.of(image, parameters);
        this.traversal = GroundPlaneCaster.around(image, walk); // the ground plane is asked outside the tree
        this.textures = new TextureSampler(image);
        this.textured = image.textureCount() > 0;
        this.hitSurface = new HitSurface(image, prims, textures);
        // One sampler for every draw: its per-pixel cache of hashes is kept between a pixel's samples.
        SampleSeeds seeds = new SampleSeeds(parameters.seed());
        this.lightPoints = new LightPoints(lights, image.lightCount(), seeds);
        this.phongLobe = new PhongLobe(seeds);
        this.roulette = new RouletteDraw(seeds, parameters.rouletteWeight());
        this.branches = new SurfaceBranches(materials);
        this.environment = image.environment() == null ? null
                : new EnvironmentLighting(new EnvironmentSampler(image.environment()), seeds);
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
     * chain goes on along a perfect mirror or glass's heavier ray ({@link SurfaceBranches#chainBranch}) exactly where
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
            hitSurface.surfaceNormals(hit, px, py, pz, time);
            float[] surface = hitSurface.surface;
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
            // The chain goes on only along a lobe-less branch of weight CHAIN_WEIGHT or more (SurfaceBranches.chainBranch),
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
        float[] n = hitSurface.surface;
        // As the shading turns them: a ray that does not come from the geometric normal's side (n·d ≥ 0) flips it.
        float side = n[0] * dx + n[1] * dy + n[2] * dz >= 0f ? -1f : 1f;
        float ngx = side * n[0], ngy = side * n[1], ngz = side * n[2];
        float flip = n[3] * ngx + n[4] * ngy + n[5] * ngz < 0f ? -1f : 1f;
        out[0] = flip * n[3];
        out[1] = flip * n[4];
        out[2] = flip * n[5];
        int mat = 4 * MATERIAL_TEXELS * material;
        float[] texColor = surface.texColor;
        texColor[0] = texColor[1] = texColor[2] = 1f;
        if (textured) textures.diffuseTexture(material, n[6], n[7], texColor);
        out[3] = materials[mat + MaterialField.DIFFUSE] * texColor[0];
        out[4] = materials[mat + MaterialField.DIFFUSE + 1] * texColor[1];
        out[5] = materials[mat + MaterialField.DIFFUSE + 2] * texColor[2];
    }

    /**
     * Radiance along a unit primary ray at shutter time {@code time}, written to out[0..2]; pixel and
     * sample index select the random numbers of light and lobe sampling. The ray tree is walked with
     * {@link #stack}: each ray taken off it is one segment ({@link #traceSegment}). When
     * {@link #guides} is on, the camera ray's guides and diffuse light are recorded there.
     */
    void radiance(float ox, float oy, float oz, float dx, float dy, float dz, float time, int pixel, int sample, float[] out) {
        out[0] = out[1] = out[2] = 0f;
        float[] diffuse = guides.diffuse;
        diffuse[0] = diffuse[1] = diffuse[2] = 0f;
        push(stack, 0, ox, oy, oz, dx, dy, dz, 1, 1, 1, 0, guides.on);
        int sp = 1, segment = 0;
        for (; sp > 0; segment++) {
            sp = traceSegment(sp - 1, segment, time, pixel, sample, out);
        }
        segmentsTraced += segment;
    }

    /** The rays {@link #radiance} traced so far (camera rays and the rays surfaces sent on; not shadow rays). */
    long segmentsTraced() {
        return segmentsTraced;
    }

    /**
     * Traces the ray waiting in stack slot {@code slot} (the segment's number {@code seg} picks its
     * random numbers), adds the light it brings times its throughput to out[0..2], and pushes the
     * rays its surface sends on from that slot; returns the new top of the stack.
     */
    private int traceSegment(int slot, int seg, float time, int pixel, int sample, float[] out) {
        int s = slot * RAY_FLOATS;
        float rox = stack[s + RAY_ORIGIN], roy = stack[s + RAY_ORIGIN + 1], roz = stack[s + RAY_ORIGIN + 2];
        float rdx = stack[s + RAY_DIRECTION], rdy = stack[s + RAY_DIRECTION + 1], rdz = stack[s + RAY_DIRECTION + 2];
        hit.reset(Float.POSITIVE_INFINITY);
        boolean found = traversal.closest(rox, roy, roz, rdx, rdy, rdz, time, hit);
        overflow |= hit.overflow;
        if (seg == 0 && guides.on) guides.distance = found ? hit.t : Float.POSITIVE_INFINITY;
        if (!found) {
            addEscaped(rdx, rdy, rdz, stack[s + RAY_THROUGHPUT], stack[s + RAY_THROUGHPUT + 1], stack[s + RAY_THROUGHPUT + 2], out);
            return slot;
        }
        int depth = (int) stack[s + RAY_DEPTH];
        boolean chain = stack[s + RAY_CHAIN] != 0f;
        Surface sf = beginSurface(s, rox, roy, roz, rdx, rdy, rdz, time, chain);
        directLight(sf, chain, time, pixel, sample, seg);
        out[0] += sf.tr * reflected[0];
        out[1] += sf.tg * reflected[1];
        out[2] += sf.tb * reflected[2];
        if (depth + 1 >= p.maxDepth()) return slot;
        return spawnRays(stack, slot, sf.mat, sf.entering, sf.px, sf.py, sf.pz, sf.ngx, sf.ngy, sf.ngz, sf.nx, sf.ny, sf.nz,
                sf.rdx, sf.rdy, sf.rdz, sf.tr, sf.tg, sf.tb, depth, pixel, sample, seg, chain);
    }

    /** What a ray leaving the scene brings, times its throughput t, added to out: the environment, else the background. */
    private void addEscaped(float rdx, float rdy, float rdz, float tr, float tg, float tb, float[] out) {
        if (environment != null) {
            EnvironmentSampler sky = environment.sampler;
            sky.lookup(rdx, rdy, rdz);
            out[0] += tr * sky.radiance[0];
            out[1] += tg * sky.radiance[1];
            out[2] += tb * sky.radiance[2];
        } else {
            out[0] += tr * p.background()[0];
            out[1] += tg * p.background()[1];
            out[2] += tb * p.background()[2];
        }
    }

    /**
     * The surface at the hit of the ray in stack offset s (origin ro, unit direction rd) into
     * {@link #surface}, twin of {@code beginSurface} in {@code shaders/whitted.glsl}: normals turned
     * toward the ray, the medium's absorption applied to the ray's throughput when it leaves a
     * transparent body, the diffuse colour times its texture. On the guide chain, also the guides.
     */
    private Surface beginSurface(int s, float rox, float roy, float roz, float rdx, float rdy, float rdz, float time,
                                 boolean chain) {
        Surface sf = surface;
        int material = prims.material(hit.primitive);
        int mat = 4 * MATERIAL_TEXELS * material;
        float t = hit.t;
        float px = rox + t * rdx, py = roy + t * rdy, pz = roz + t * rdz;
        hitSurface.surfaceNormals(hit, px, py, pz, time);
        if (chain) surfaceGuide(rdx, rdy, rdz, material, guides.guide);
        float[] n = hitSurface.surface;
        float ngx = n[0], ngy = n[1], ngz = n[2], nx = n[3], ny = n[4], nz = n[5];
        // Two-sided: turn both normals toward the side the ray came from.
        boolean entering = ngx * rdx + ngy * rdy + ngz * rdz < 0f;
        if (!entering) {
            ngx = -ngx; ngy = -ngy; ngz = -ngz;
        }
        if (nx * ngx + ny * ngy + nz * ngz < 0f) {
            nx = -nx; ny = -ny; nz = -nz;
        }
        float tr = stack[s + RAY_THROUGHPUT], tg = stack[s + RAY_THROUGHPUT + 1], tb = stack[s + RAY_THROUGHPUT + 2];
        if (!entering && materials[mat + MaterialField.TRANSPARENCY] > 0f) {
            // The segment just travelled ran inside this body: Beer absorption.
            tr *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION] * t);
            tg *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION + 1] * t);
            tb *= (float) Math.exp(-materials[mat + MaterialField.ABSORPTION + 2] * t);
        }
        // The diffuse texture colours the diffuse and the ambient term alike (MTL's Ka defaults to Kd).
        float[] texColor = sf.texColor;
        texColor[0] = texColor[1] = texColor[2] = 1f;
        if (textured) textures.diffuseTexture(material, n[6], n[7], texColor);
        sf.kdr = materials[mat + MaterialField.DIFFUSE] * texColor[0];
        sf.kdg = materials[mat + MaterialField.DIFFUSE + 1] * texColor[1];
        sf.kdb = materials[mat + MaterialField.DIFFUSE + 2] * texColor[2];
        sf.px = px; sf.py = py; sf.pz = pz;
        sf.ngx = ngx; sf.ngy = ngy; sf.ngz = ngz;
        sf.nx = nx; sf.ny = ny; sf.nz = nz;
        sf.rdx = rdx; sf.rdy = rdy; sf.rdz = rdz;
        sf.tr = tr; sf.tg = tg; sf.tb = tb;
        sf.mat = mat;
        sf.entering = entering;
        return sf;
    }

    /**
     * The light the surface reflects toward the ray into {@link #reflected}: the ambient term, every
     * light's Phong term through its shadow ray, and the environment's two rays, added in that order.
     * On the guide chain the guides take the throughput and {@link #guides}' diffuse light is set.
     */
    private void directLight(Surface sf, boolean chain, float time, int pixel, int sample, int seg) {
        float eps = p.rayEpsilon();
        // Where the shadow rays start: just off the surface, on the side the ray came from (shadowOrigin).
        float sox = sf.px + sf.ngx * eps, soy = sf.py + sf.ngy * eps, soz = sf.pz + sf.ngz * eps;
        int mat = sf.mat;
        float[] texColor = sf.texColor;
        reflected[0] = p.ambientLight()[0] * (materials[mat + MaterialField.AMBIENT] * texColor[0]);
        reflected[1] = p.ambientLight()[1] * (materials[mat + MaterialField.AMBIENT + 1] * texColor[1]);
        reflected[2] = p.ambientLight()[2] * (materials[mat + MaterialField.AMBIENT + 2] * texColor[2]);
        if (chain) {
            float[] guide = guides.guide, diffuse = guides.diffuse;
            guide[3] *= sf.tr;
            guide[4] *= sf.tg;
            guide[5] *= sf.tb;
            diffuse[0] = sf.tr * reflected[0];
            diffuse[1] = sf.tg * reflected[1];
            diffuse[2] = sf.tb * reflected[2];
        }
        int onlyLight = nearestLightOnly ? lightPoints.nearest(sox, soy, soz) : -1;
        for (int l = 0; l < lightPoints.count(); l++) {
            if (onlyLight >= 0 && l != onlyLight) continue;
            addLight(sf, l, sox, soy, soz, chain, time, pixel, sample, seg);
        }
        // The environment's two rays after the lights', what each brings added in that order (EnvironmentLighting).
        for (int k = 0; environment != null && k < 2 && maxOf(sf.kdr, sf.kdg, sf.kdb) > 0f; k++) {
            addEnvironmentRay(sf, k, sox, soy, soz, chain, time, pixel, sample, seg);
        }
    }

    /**
     * Light l's Phong term at the surface, added to {@link #reflected} when its shadow ray from
     * (sox, soy, soz) toward a point drawn on it comes back unblocked; twin of {@code lightRay} and
     * {@code lightContribution} in {@code shaders/whitted.glsl}.
     */
    private void addLight(Surface sf, int l, float sox, float soy, float soz, boolean chain, float time,
                          int pixel, int sample, int seg) {
        int lo = 4 * LIGHT_TEXELS * l;
        lightPoints.sample(lo, sox, soy, soz, pixel, sample, Sampling.lightDimension(seg, l, lensLight));
        float[] lightPoint = lightPoints.point;
        float lx = lightPoint[0] - sox, ly = lightPoint[1] - soy, lz = lightPoint[2] - soz;
        float dist = (float) Math.sqrt(lx * lx + ly * ly + lz * lz);
        if (!(dist > 0f)) return;
        float invDist = 1f / dist;
        lx *= invDist; ly *= invDist; lz *= invDist;
        float nx = sf.nx, ny = sf.ny, nz = sf.nz;
        float ndotl = nx * lx + ny * ly + nz * lz;
        if (ndotl <= 0f || sf.ngx * lx + sf.ngy * ly + sf.ngz * lz <= 0f) return;
        if (traversal.occluded(sox, soy, soz, lx, ly, lz, time, dist, shadowHit)) return;
        overflow |= shadowHit.overflow;
        // Mirror of the light direction about n, dotted with the direction to the viewer.
        float rdotv = -((2f * ndotl * nx - lx) * sf.rdx + (2f * ndotl * ny - ly) * sf.rdy + (2f * ndotl * nz - lz) * sf.rdz);
        int mat = sf.mat;
        float spec = rdotv > 0f ? (float) Math.pow(rdotv, materials[mat + MaterialField.EXPONENT]) : 0f;
        float atten = 1f / (p.attenuation()[0] + p.attenuation()[1] * dist + p.attenuation()[2] * dist * dist);
        float er = lights[lo + LightField.COLOR] * atten, eg = lights[lo + LightField.COLOR + 1] * atten, eb = lights[lo + LightField.COLOR + 2] * atten;
        reflected[0] += (sf.kdr * ndotl + materials[mat + MaterialField.SPECULAR] * spec) * er;
        reflected[1] += (sf.kdg * ndotl + materials[mat + MaterialField.SPECULAR + 1] * spec) * eg;
        reflected[2] += (sf.kdb * ndotl + materials[mat + MaterialField.SPECULAR + 2] * spec) * eb;
        if (chain) {
            float[] diffuse = guides.diffuse;
            diffuse[0] += sf.tr * (sf.kdr * ndotl * er);
            diffuse[1] += sf.tg * (sf.kdg * ndotl * eg);
            diffuse[2] += sf.tb * (sf.kdb * ndotl * eb);
        }
    }

    /** What the environment's ray k brings to a diffuse surface, added to {@link #reflected} when its shadow ray is unblocked. */
    private void addEnvironmentRay(Surface sf, int k, float sox, float soy, float soz, boolean chain, float time,
                                   int pixel, int sample, int seg) {
        if (!environment.ray(k, sf.nx, sf.ny, sf.nz, sf.ngx, sf.ngy, sf.ngz, pixel, sample, seg)) return;
        float[] direction = environment.direction, light = environment.light;
        if (traversal.occluded(sox, soy, soz, direction[0], direction[1], direction[2], time,
                Float.POSITIVE_INFINITY, shadowHit)) return;
        overflow |= shadowHit.overflow;
        float er = sf.kdr * light[0], eg = sf.kdg * light[1], eb = sf.kdb * light[2];
        reflected[0] += er;
        reflected[1] += eg;
        reflected[2] += eb;
        if (chain) {
            float[] diffuse = guides.diffuse;
            diffuse[0] += sf.tr * er;
            diffuse[1] += sf.tg * eg;
            diffuse[2] += sf.tb * eb;
        }
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
     * sample's guide chain, which goes on with the ray {@link SurfaceBranches#chainBranch} picks.
     */
    private int spawnRays(float[] into, int sp, int mat, boolean entering, float px, float py, float pz,
                          float ngx, float ngy, float ngz, float nx, float ny, float nz, float rdx, float rdy, float rdz,
                          float tr, float tg, float tb, int depth, int pixel, int sample, int seg, boolean chain) {
        float cosI = -(nx * rdx + ny * rdy + nz * rdz);
        branches.weigh(mat, entering, cosI, rdx, rdy, rdz, nx, ny, nz);
        float reflectWeight = branches.reflectWeight, refractWeight = branches.refractWeight;
        float tx = branches.refracted[0], ty = branches.refracted[1], tz = branches.refracted[2];
        float cutoff = p.throughputCutoff(), eps = p.rayEpsilon();
        float lobe = materials[mat + MaterialField.LOBE_EXPONENT];
        int chainBranch = chain ? branches.chainBranch(mat) : SurfaceBranches.NO_BRANCH;
        boolean plays = lobe > 0f && roulette.plays(depth, chainBranch != SurfaceBranches.NO_BRANCH);
        if (refractWeight > 0f && maxOf(tr, tg, tb) * refractWeight > cutoff && sp < STACK_SIZE) {
            int rays = rays(lobe, depth, refractWeight);
            float share = 1f / rays;
            float boost = plays ? roulette.boost(tr * refractWeight * share, tg * refractWeight * share, tb * refractWeight * share,
                    pixel, sample, seg, 1) : 1f;
            // Rough refraction: the transmitted ray drawn from the lobe; one that turns back out is absorbed.
            if (boost > 0f) sp = pushBranch(into, sp, tx, ty, tz, lobe, rays, boost, pixel, sample,
                    Sampling.segmentDimension(seg, Sampling.SLOT_GLOSSY + 2), -ngx, -ngy, -ngz, px - ngx * eps, py - ngy * eps, pz - ngz * eps,
                    tr * refractWeight, tg * refractWeight, tb * refractWeight, depth + 1, chainBranch == SurfaceBranches.REFRACTED);
        }
        if (reflectWeight > 0f && maxOf(tr, tg, tb) * reflectWeight > cutoff && sp < STACK_SIZE) {
            int rays = rays(lobe, depth, reflectWeight);
            float share = 1f / rays;
            float boost = plays ? roulette.boost(tr * reflectWeight * share, tg * reflectWeight * share, tb * reflectWeight * share,
                    pixel, sample, seg, 0) : 1f;
            if (boost == 0f) return sp;
            float k = 2f * cosI;
            float mx = rdx + k * nx, my = rdy + k * ny, mz = rdz + k * nz;
            float inv = invLength(mx, my, mz);
            mx *= inv; my *= inv; mz *= inv;
            // Glossy reflection: importance-sampled from the normalised Phong lobe around the mirror
            // direction, so the weight stays the reflectivity; rays that dive under the surface are absorbed.
            sp = pushBranch(into, sp, mx, my, mz, lobe, rays, boost, pixel, sample, Sampling.segmentDimension(seg, Sampling.SLOT_GLOSSY),
                    ngx, ngy, ngz, px + ngx * eps, py + ngy * eps, pz + ngz * eps,
                    tr * reflectWeight, tg * reflectWeight, tb * reflectWeight, depth + 1, chainBranch == SurfaceBranches.REFLECTED);
        }
        return sp;
    }

    /** The rays a branch of weight {@code weight} sends: {@link GlossySplit} for a rough lobe, else 1. */
    private int rays(float lobe, int depth, float weight) {
        return lobe > 0f ? GlossySplit.raysAt(depth, weight, glossySplit) : 1;
    }

    /**
     * Pushes one branch of a surface (the refracted or the reflected one) from slot {@code sp} while
     * the stack has room; returns the new top. Around axis a, a rough lobe (exponent {@code lobe} > 0)
     * sends {@code rays} rays, ray j drawn with sample number sample · rays + j ({@link GlossySplit}),
     * each with 1 / rays of the weight t (times the roulette's {@code boost}), dropping those that
     * leave on the wrong side of s; a sharp surface sends the axis itself. o: the rays' origin.
     */
    private int pushBranch(float[] into, int sp, float ax, float ay, float az, float lobe, int rays, float boost, int pixel, int sample,
                           int dimension, float sx, float sy, float sz, float ox, float oy, float oz,
                           float tr, float tg, float tb, int depth, boolean chain) {
        float share = 1f / rays;
        for (int j = 0; j < rays && sp < STACK_SIZE; j++) {
            float dx = ax, dy = ay, dz = az;
            if (lobe > 0f) {
                if (!phongLobe.glossy(ax, ay, az, lobe, pixel, sample * rays + j, dimension, sx, sy, sz)) continue;
                dx = phongLobe.lobeDir[0]; dy = phongLobe.lobeDir[1]; dz = phongLobe.lobeDir[2];
            }
            push(into, sp++, ox, oy, oz, dx, dy, dz, tr * share * boost, tg * share * boost, tb * share * boost, depth, chain);
        }
        return sp;
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
