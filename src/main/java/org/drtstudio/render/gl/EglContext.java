package org.drtstudio.render.gl;

import org.lwjgl.PointerBuffer;
import org.lwjgl.opengl.GL;
import org.lwjgl.opengl.GLCapabilities;
import org.lwjgl.system.MemoryStack;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.lwjgl.egl.EGL10.*;
import static org.lwjgl.egl.EGL12.EGL_CLIENT_APIS;
import static org.lwjgl.egl.EGL12.EGL_RENDERABLE_TYPE;
import static org.lwjgl.egl.EGL12.eglBindAPI;
import static org.lwjgl.egl.EGL12.eglReleaseThread;
import static org.lwjgl.egl.EGL14.EGL_OPENGL_API;
import static org.lwjgl.egl.EGL14.EGL_OPENGL_BIT;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_MAJOR_VERSION;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_MINOR_VERSION;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT;
import static org.lwjgl.egl.EGL15.EGL_CONTEXT_OPENGL_PROFILE_MASK;
import static org.lwjgl.opengl.GL11C.*;
import static org.lwjgl.opengl.GL30C.GL_MAJOR_VERSION;
import static org.lwjgl.opengl.GL30C.GL_MINOR_VERSION;
import static org.lwjgl.opengl.GL43C.GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS;

/**
 * An offscreen OpenGL 4.3+ core context made with EGL, current on the thread that created it.
 *
 * <p>Use it through {@link GlThread}, which owns one for its whole life: a GL context is current on
 * one thread, and every GL call of the application must come from that thread.
 *
 * <p>Creation tries the displays of {@link EglDisplayCandidates} in order; on each it binds the
 * OpenGL API, picks a config that can render OpenGL, asks for a core context of 4.6, then 4.5,
 * 4.4, 4.3 (drivers refuse versions they lack, e.g. llvmpipe 4.6 with {@code EGL_BAD_MATCH}) and
 * makes it current without a surface ({@code EGL_KHR_surfaceless_context}), or with a 1x1 pbuffer
 * where that extension is missing. All rendering goes to textures, so the surface is never drawn.
 */
public final class EglContext implements AutoCloseable {
    private static final int[][] VERSIONS = {{4, 6}, {4, 5}, {4, 4}, {4, 3}};

    private final long display;
    private final long context;
    private final long surface;
    private final GlInfo info;
    private boolean closed;

    private EglContext(long display, long context, long surface, GlInfo info) {
        this.display = display;
        this.context = context;
        this.surface = surface;
        this.info = info;
    }

    /**
     * Creates a context and makes it current on the calling thread, with LWJGL's GL capabilities set.
     *
     * @throws GlUnavailableException when no way worked; its one-line message says what was tried
     *                                and why each failed
     */
    public static EglContext create() throws GlUnavailableException {
        return create(-1);
    }

    /**
     * As {@link #create()} on GPU {@code device} (see {@link EglDisplayCandidates#forDevice}), or with
     * the usual candidates and fallbacks when {@code device} is negative.
     */
    public static EglContext create(int device) throws GlUnavailableException {
        long start = System.nanoTime();
        EglLibrary.load();
        List<String> failures = new ArrayList<>();
        List<EglDisplayCandidates.Candidate> candidates;
        try {
            candidates = device < 0 ? EglDisplayCandidates.list(EglLibrary.clientExtensions(), failures)
                    : EglDisplayCandidates.forDevice(device, EglLibrary.clientExtensions(), failures);
        } catch (RuntimeException e) {
            throw new GlUnavailableException("no OpenGL 4.3 context: listing EGL displays failed ("
                    + EglLibrary.oneLine(e) + ")", e);
        }
        for (EglDisplayCandidates.Candidate candidate : candidates) {
            try {
                return createOn(candidate, start, failures);
            } catch (AttemptFailed | RuntimeException e) {
                failures.add(candidate.label() + ": " + EglLibrary.oneLine(e));
            }
        }
        throw new GlUnavailableException("no OpenGL 4.3 context: " + String.join("; ", failures));
    }

    /** What this context is: path, driver strings, limits, creation time. */
    public GlInfo info() {
        return info;
    }

    /** Releases the context from this thread and destroys it. Must run on the creating thread. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        GL.setCapabilities(null);
        eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(display, context);
        if (surface != EGL_NO_SURFACE) {
            eglDestroySurface(display, surface);
        }
        EglDisplayRegistry.release(display);
        eglReleaseThread();
    }

    /** One way failed; the message is the reason, the candidate's label is added by the caller. */
    private static final class AttemptFailed extends Exception {
        AttemptFailed(String reason) {
            super(reason);
        }
    }

    private static EglContext createOn(EglDisplayCandidates.Candidate candidate, long start, List<String> passedOver)
            throws AttemptFailed {
        long display = candidate.open().getAsLong();
        if (display == EGL_NO_DISPLAY) {
            throw new AttemptFailed("no display (" + EglLibrary.lastError() + ")");
        }
        if (!EglDisplayRegistry.acquire(display)) {
            throw new AttemptFailed("eglInitialize failed (" + EglLibrary.lastError() + ")");
        }
        long context = EGL_NO_CONTEXT;
        long surface = EGL_NO_SURFACE;
        try {
            Set<String> extensions = EglLibrary.split(eglQueryString(display, EGL_EXTENSIONS));
            String eglVersion = eglQueryString(display, EGL_VERSION);
            boolean egl15 = eglVersion != null && !eglVersion.startsWith("1.4") && !eglVersion.startsWith("1.3");
            if (!egl15 && !extensions.contains("EGL_KHR_create_context")) {
                throw new AttemptFailed("EGL " + eglVersion + " without EGL_KHR_create_context cannot ask for a core profile");
            }
            if (!eglBindAPI(EGL_OPENGL_API)) {
                throw new AttemptFailed("eglBindAPI(EGL_OPENGL_API) failed (" + EglLibrary.lastError()
                        + "); client APIs: " + eglQueryString(display, EGL_CLIENT_APIS));
            }
            boolean surfaceless = extensions.contains("EGL_KHR_surfaceless_context");
            long config = chooseConfig(display, surfaceless);
            context = createCoreContext(display, config);
            if (!surfaceless) {
                surface = eglCreatePbufferSurface(display, config, new int[]{EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE});
                if (surface == EGL_NO_SURFACE) {
                    throw new AttemptFailed("no EGL_KHR_surfaceless_context and eglCreatePbufferSurface failed ("
                            + EglLibrary.lastError() + ")");
                }
            }
            if (!eglMakeCurrent(display, surface, surface, context)) {
                throw new AttemptFailed("eglMakeCurrent failed (" + EglLibrary.lastError() + ")");
            }
            GlInfo info = readInfo(candidate.label(), start, passedOver);
            if (!info.atLeast(4, 3)) {
                throw new AttemptFailed("OpenGL " + info.version() + " is older than 4.3 (no compute shaders)");
            }
            return new EglContext(display, context, surface, info);
        } catch (AttemptFailed | RuntimeException e) {
            GL.setCapabilities(null);
            eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            if (context != EGL_NO_CONTEXT) {
                eglDestroyContext(display, context);
            }
            if (surface != EGL_NO_SURFACE) {
                eglDestroySurface(display, surface);
            }
            EglDisplayRegistry.release(display);
            throw e;
        }
    }

    private static long chooseConfig(long display, boolean surfaceless) throws AttemptFailed {
        // EGL_SURFACE_TYPE 0 matches every config (it is a mask that must be contained); without
        // surfaceless contexts a pbuffer-capable config is needed for the 1x1 dummy surface.
        int[] surfaceTypes = surfaceless ? new int[]{0, EGL_PBUFFER_BIT} : new int[]{EGL_PBUFFER_BIT};
        try (MemoryStack stack = MemoryStack.stackPush()) {
            PointerBuffer configs = stack.mallocPointer(1);
            int[] count = new int[1];
            for (int surfaceType : surfaceTypes) {
                int[] attributes = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, surfaceType, EGL_NONE};
                if (eglChooseConfig(display, attributes, configs, count) && count[0] > 0) {
                    return configs.get(0);
                }
            }
        }
        throw new AttemptFailed("no EGL config renders OpenGL (" + EglLibrary.lastError() + ")");
    }

    private static long createCoreContext(long display, long config) throws AttemptFailed {
        List<String> refusals = new ArrayList<>();
        for (int[] version : VERSIONS) {
            int[] attributes = {
                    EGL_CONTEXT_MAJOR_VERSION, version[0],
                    EGL_CONTEXT_MINOR_VERSION, version[1],
                    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                    EGL_NONE};
            long context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
            if (context != EGL_NO_CONTEXT) {
                return context;
            }
            refusals.add(version[0] + "." + version[1] + " " + EglLibrary.lastError());
        }
        throw new AttemptFailed("no core context (" + String.join(", ", refusals) + ")");
    }

    private static GlInfo readInfo(String eglPath, long start, List<String> passedOver) throws AttemptFailed {
        GLCapabilities capabilities;
        try {
            capabilities = GL.createCapabilities();
        } catch (RuntimeException e) {
            throw new AttemptFailed("GL.createCapabilities failed (" + EglLibrary.oneLine(e) + ")");
        }
        if (!capabilities.OpenGL43) {
            throw new AttemptFailed("OpenGL " + glGetString(GL_VERSION) + " is older than 4.3 (no compute shaders)");
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new GlInfo(eglPath, glGetString(GL_RENDERER), glGetString(GL_VERSION), glGetString(GL_VENDOR),
                glGetInteger(GL_MAJOR_VERSION), glGetInteger(GL_MINOR_VERSION),
                glGetInteger(GL_MAX_TEXTURE_SIZE), glGetInteger(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS), millis,
                passedOver);
    }
}
