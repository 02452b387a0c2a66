package org.drtstudio.render.gl;

/**
 * Prints what OpenGL this machine offers, for checking a new machine (the lent GPU, a user's box):
 * {@code scripts/lab.sh org.drtstudio.render.gl.GlProbe}. Exit code 0 when a 4.3+ context works,
 * 1 with the one-line reason otherwise.
 */
public final class GlProbe {
    private GlProbe() {
    }

    /**
     * Creates a context on a fresh GL thread, reads its {@link GlInfo} and closes it again.
     *
     * @throws GlUnavailableException when no OpenGL 4.3+ context can be made
     */
    public static GlInfo probe() throws GlUnavailableException {
        try (GlThread gl = GlThread.start()) {
            return gl.info();
        }
    }

    public static void main(String[] args) {
        try (GlThread gl = GlThread.start()) {
            GlInfo info = gl.info();
            System.out.println(info.describe());
            System.out.println("context created in " + info.creationMillis() + " ms");
            info.passedOver().forEach(way -> System.out.println("passed over: " + way));
            System.out.println("GL_VENDOR " + info.vendor()
                    + ", GL_MAX_TEXTURE_SIZE " + info.maxTextureSize()
                    + ", GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS " + info.maxComputeWorkGroupInvocations());
            System.out.println(gl.call(FloatBitsRoundTrip::check).describe());
        } catch (GlUnavailableException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }
}
