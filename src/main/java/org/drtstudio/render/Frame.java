package org.drtstudio.render;

/**
 * A finished render. Rows run top to bottom, pixels left to right.
 *
 * @param srgb     4 bytes per pixel: sRGB-encoded, tone-mapped R, G, B and A = 255
 * @param radiance 3 floats per pixel, linear mean radiance, or null when not requested
 * @param depth    1 float per pixel, see {@link Aov#DEPTH}, or null when not requested
 * @param normals  3 floats per pixel, see {@link Aov#NORMAL}, or null when not requested
 * @param albedo   3 floats per pixel, see {@link Aov#ALBEDO}, or null when not requested
 * @param errors   pixels whose traversal exceeded its bound (a corrupt hierarchy); should be 0
 * @param uploadedBytes geometry-image bytes sent to the device for this frame (0 for the CPU tracer,
 *                      0 on the GPU when nothing changed since the previous frame)
 */
public record Frame(int width, int height, byte[] srgb, float[] radiance, float[] depth, float[] normals, float[] albedo,
                    long errors, long uploadedBytes) {
}
