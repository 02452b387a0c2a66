// The denoiser's guides of one camera ray: those of the surface that ends its guide chain (the
// first hit, or through a perfect mirror or glass the surface seen along its heavier ray,
// whitted.glsl's chainBranch), as the shading records them (ChainGuide). The separate guide pass
// (aov.comp) walks the chain here without shading; the trace passes record it while they shade.
// Twin of WhittedIntegrator.firstHit.
#include "whitted.glsl"

// The guides of the camera ray (origin, d) whose first hit is `hit`: the chain's last surface's
// shading normal, and its diffuse colour times texture times the chain's throughput. Each surface
// sends its rays on through spawnedRay, as the shading does, so the chain goes on exactly where the
// shading would push its ray (depth, throughput cut-off, the stack's room), and stops where that
// ray misses, keeping the last surface's guides.
void chainGuide(vec3 origin, vec3 d, float time, Hit hit, out vec3 normal, out vec3 albedo) {
    vec3 throughput = vec3(1.0);
    // The rays the shading's stack would hold below this surface's: a refracted ray left waiting
    // whenever the chain went on along its reflected sibling (pushed last, popped first).
    int waiting = 0;
    bool onward = true;
    for (int depth = 0; onward; depth++) {
        Surface sf;
        vec3 ambient = beginSurface(origin, d, hit, time, sf, throughput);
        ChainGuide guide = chainSurface(sf, throughput, ambient);
        normal = guide.normal;
        albedo = guide.albedo;
        // The rays the shading would push, counted, and where among them the chain's goes on. The
        // chain never goes on along a lobe, so the sample numbers that would draw one do not matter.
        int count = 0, chained = -1;
        PendingRay next;
        if (depth + 1 < uMaxDepth) {
            Spawn spawn = beginSpawn(sf, throughput, depth, true);
            for (int k = 0; k < SPAWN_CANDIDATES && count < STACK_SIZE - waiting; k++) {
                PendingRay r;
                if (!spawnedRay(sf, spawn, throughput, depth, 0u, 0u, depth, k, r)) continue;
                if (r.chain) {
                    chained = count;
                    next = r;
                }
                count++;
            }
        }
        onward = chained >= 0;
        if (onward) {
            // The rays pushed below the chain's wait while it goes on.
            waiting += chained;
            origin = next.origin;
            d = next.direction;
            throughput = next.throughput;
            hit = newHit(INFINITY);
            onward = traverse(origin, d, time, hit, false);
        }
    }
}
