package org.drtstudio.render.gl;

import static org.lwjgl.opengl.GL11C.glFinish;
import static org.lwjgl.opengl.GL42C.GL_SHADER_IMAGE_ACCESS_BARRIER_BIT;
import static org.lwjgl.opengl.GL42C.glMemoryBarrier;

/** The few synchronisation calls the tracer makes between its passes. */
final class GlSync {
    private GlSync() {
    }

    /** Waits for all queued GL work; used between tiles so progress reflects finished work. */
    static void finish() {
        GlThread.requireCurrent("glFinish");
        glFinish();
    }

    /** Makes image and shader-storage writes of earlier dispatches visible to later ones. */
    static void imageAndStorageBarrier() {
        GlThread.requireCurrent("glMemoryBarrier");
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | org.lwjgl.opengl.GL43C.GL_SHADER_STORAGE_BARRIER_BIT);
    }

    /** Makes image stores of earlier dispatches visible to image loads of later ones. */
    static void imageBarrier() {
        GlThread.requireCurrent("glMemoryBarrier");
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    }
}
