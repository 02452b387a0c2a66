package org.drtstudio.render.gl;

import java.util.List;

/**
 * What an OpenGL context turned out to be: the EGL path that made it, the driver's strings and the
 * limits the tracer must respect. Immutable; read once when the context is created.
 *
 * @param eglPath                         how the display was obtained, e.g. {@code "EGL default display"}
 * @param renderer                        {@code GL_RENDERER}, e.g. {@code "llvmpipe (LLVM 15.0.6, 256 bits)"}
 * @param version                         {@code GL_VERSION}, e.g. {@code "4.5 (Core Profile) Mesa 22.3.6"}
 * @param vendor                          {@code GL_VENDOR}, e.g. {@code "Mesa"}
 * @param majorVersion                    {@code GL_MAJOR_VERSION}
 * @param minorVersion                    {@code GL_MINOR_VERSION}
 * @param maxTextureSize                  {@code GL_MAX_TEXTURE_SIZE}: the largest width or height of a 2D texture
 * @param maxComputeWorkGroupInvocations  {@code GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS}: the largest local size x*y*z
 * @param creationMillis                  wall time from the first EGL call to a current context with capabilities
 * @param passedOver                      the ways tried or skipped before this one, each with its reason,
 *                                        e.g. {@code "EGL device platform: no hardware device among 1"}:
 *                                        tells a user why the GPU was not picked
 */
public record GlInfo(String eglPath, String renderer, String version, String vendor,
                     int majorVersion, int minorVersion, int maxTextureSize,
                     int maxComputeWorkGroupInvocations, long creationMillis, List<String> passedOver) {

    public GlInfo {
        passedOver = List.copyOf(passedOver);
    }

    /** True when the context offers at least OpenGL {@code major.minor}. */
    public boolean atLeast(int major, int minor) {
        return majorVersion > major || (majorVersion == major && minorVersion >= minor);
    }

    /** Whether this is a software OpenGL (Mesa llvmpipe/softpipe, SwiftShader): the CPU runs its shaders. */
    public boolean software() {
        return isSoftwareRenderer(renderer);
    }

    /** Whether a {@code GL_RENDERER} string names a software OpenGL. */
    public static boolean isSoftwareRenderer(String glRenderer) {
        String s = glRenderer == null ? "" : glRenderer.toLowerCase(java.util.Locale.ROOT);
        return s.contains("llvmpipe") || s.contains("softpipe") || s.contains("swiftshader") || s.contains("software");
    }

    /**
     * One line for logs and the UI:
     * {@code "llvmpipe (LLVM 15.0.6, 256 bits), OpenGL 4.5 (Core Profile) Mesa 22.3.6, via EGL default display"}.
     */
    public String describe() {
        return renderer + ", OpenGL " + version + ", via " + eglPath;
    }
}
