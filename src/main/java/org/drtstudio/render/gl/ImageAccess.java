package org.drtstudio.render.gl;

import static org.lwjgl.opengl.GL15C.GL_READ_ONLY;
import static org.lwjgl.opengl.GL15C.GL_READ_WRITE;
import static org.lwjgl.opengl.GL15C.GL_WRITE_ONLY;

/** How a shader may use a texture bound as an image ({@code imageLoad}, {@code imageStore}). */
public enum ImageAccess {
    READ_ONLY(GL_READ_ONLY),
    WRITE_ONLY(GL_WRITE_ONLY),
    READ_WRITE(GL_READ_WRITE);

    final int glAccess;

    ImageAccess(int glAccess) {
        this.glAccess = glAccess;
    }
}
