package org.drtstudio.render.embree;

import org.drtstudio.render.cpu.Hit;
import org.drtstudio.render.cpu.RayCaster;
import org.lwjgl.system.MemoryUtil;

/**
 * One thread's rays through an {@link EmbreeScene}: {@code rtcIntersect1} and {@code rtcOccluded1}
 * on a ray kept in native memory, written and read field by field. The layouts are Embree 3's
 * {@code RTCIntersectContext} (flags, filter pointer, one instance id: 24 bytes) and
 * {@code RTCRayHit} (the ray's 48 bytes, then the hit's 32: normal, u, v, primID, geomID, instID),
 * 16-byte aligned as Embree requires.
 *
 * <p>A ray Embree must not be given (a coordinate that is not finite: its traversal would be
 * undefined) misses here; tnear is the smallest positive float, so only hits at t &gt; 0 count, as
 * in the twin.
 */
final class EmbreeRays implements RayCaster {
    private static final int CONTEXT_BYTES = 32, RAY_HIT_BYTES = 80;
    private static final long ORG = 0, TNEAR = 12, DIR = 16, TIME = 28, TFAR = 32, MASK = 36, ID = 40, FLAGS = 44;
    private static final long HIT = 48, U = HIT + 12, V = HIT + 16, PRIM_ID = HIT + 20, GEOM_ID = HIT + 24, INST_ID = HIT + 28;

    private final EmbreeScene scene;
    private final EmbreeLibrary lib;
    private final long block, context, rayHit;
    private final int[] decoded = new int[2];
    private boolean closed;

    EmbreeRays(EmbreeScene scene, EmbreeLibrary lib) {
        this.scene = scene.retain();
        this.lib = lib;
        block = MemoryUtil.nmemAlignedAllocChecked(64, CONTEXT_BYTES + RAY_HIT_BYTES);
        MemoryUtil.memSet(block, 0, CONTEXT_BYTES + RAY_HIT_BYTES);
        context = block;
        // rtcInitIntersectContext: incoherent rays, no filter, no instance on the stack.
        MemoryUtil.memPutInt(context + 16, EmbreeLibrary.INVALID_ID);
        rayHit = block + CONTEXT_BYTES;
    }

    private boolean setRay(float ox, float oy, float oz, float dx, float dy, float dz, float time, float tfar) {
        if (!(Float.isFinite(ox) && Float.isFinite(oy) && Float.isFinite(oz) && Float.isFinite(dx) && Float.isFinite(dy)
                && Float.isFinite(dz) && tfar > 0f)) {
            return false;
        }
        long r = rayHit;
        MemoryUtil.memPutFloat(r + ORG, ox);
        MemoryUtil.memPutFloat(r + ORG + 4, oy);
        MemoryUtil.memPutFloat(r + ORG + 8, oz);
        MemoryUtil.memPutFloat(r + TNEAR, Float.MIN_VALUE);
        MemoryUtil.memPutFloat(r + DIR, dx);
        MemoryUtil.memPutFloat(r + DIR + 4, dy);
        MemoryUtil.memPutFloat(r + DIR + 8, dz);
        MemoryUtil.memPutFloat(r + TIME, time >= 0f && time <= 1f ? time : 0f);
        MemoryUtil.memPutFloat(r + TFAR, tfar);
        MemoryUtil.memPutInt(r + MASK, -1);
        MemoryUtil.memPutInt(r + ID, 0);
        MemoryUtil.memPutInt(r + FLAGS, 0);
        return true;
    }

    @Override
    public boolean walk(float ox, float oy, float oz, float dx, float dy, float dz, float time, Hit hit, boolean anyHit) {
        if (!setRay(ox, oy, oz, dx, dy, dz, time, hit.t)) return false;
        if (anyHit) {
            lib.occluded1(scene.traced, context, rayHit);
            // Embree marks an occluded ray by setting tfar to -inf.
            return MemoryUtil.memGetFloat(rayHit + TFAR) < 0f;
        }
        long r = rayHit;
        MemoryUtil.memPutInt(r + GEOM_ID, EmbreeLibrary.INVALID_ID);
        MemoryUtil.memPutInt(r + INST_ID, EmbreeLibrary.INVALID_ID);
        lib.intersect1(scene.traced, context, r);
        int geometry = MemoryUtil.memGetInt(r + GEOM_ID);
        if (geometry == EmbreeLibrary.INVALID_ID) return false;
        scene.decode(MemoryUtil.memGetInt(r + INST_ID), geometry, MemoryUtil.memGetInt(r + PRIM_ID), decoded);
        hit.t = MemoryUtil.memGetFloat(r + TFAR);
        hit.u = MemoryUtil.memGetFloat(r + U);
        hit.v = MemoryUtil.memGetFloat(r + V);
        hit.primitive = decoded[0];
        hit.instance = decoded[1];
        return true;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        MemoryUtil.nmemAlignedFree(block);
        scene.release();
    }
}
