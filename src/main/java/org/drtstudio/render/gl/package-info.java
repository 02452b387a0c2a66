/**
 * Offscreen OpenGL for the GPU tracer: the only package that imports {@code org.lwjgl}.
 *
 * <ul>
 *   <li>{@link org.drtstudio.render.gl.GlThread} owns the one {@link org.drtstudio.render.gl.EglContext}
 *       of the application; all GL work is submitted to it as tasks.</li>
 *   <li>{@link org.drtstudio.render.gl.ShaderLoader} assembles GLSL from the {@code shaders/}
 *       resources ({@code #include}, {@code #define}s, {@code #line} mapping) and
 *       {@link org.drtstudio.render.gl.ComputeProgram} compiles it, reporting errors by file and line.</li>
 *   <li>{@link org.drtstudio.render.gl.Texture2D}, {@link org.drtstudio.render.gl.PixelPackBuffer} and
 *       {@link org.drtstudio.render.gl.ShaderStorageBuffer} wrap GL objects; nothing outside them
 *       holds a GL handle.</li>
 * </ul>
 *
 * <p>Verified on Mesa 22.3.6 llvmpipe (EGL, no X): the device platform lists only Mesa's software
 * device, {@code eglGetDisplay(EGL_DEFAULT_DISPLAY)} fails in {@code eglInitialize} without an X
 * display, and the surfaceless platform gives a 4.5 core context (4.6 is refused with
 * {@code EGL_BAD_MATCH}); a first context takes ~200 ms in a fresh JVM, later ones ~20 ms.
 * Verified on an NVIDIA H100 (driver 580, GLVND libEGL from shared/gpu/prepare-carry.sh): the
 * device platform's NVIDIA device gives a 4.6 core context, ~600 ms for the first in a fresh
 * machine, ~280 ms after.
 */
package org.drtstudio.render.gl;
