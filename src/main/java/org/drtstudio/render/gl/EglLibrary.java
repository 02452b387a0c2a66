package org.drtstudio.render.gl;

import org.lwjgl.egl.EGL;
import org.lwjgl.opengl.GL;
import org.lwjgl.system.Configuration;
import org.lwjgl.system.Platform;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import static org.lwjgl.egl.EGL10.*;

/**
 * Loads the system's libEGL once per process and points LWJGL's OpenGL function loading at it.
 *
 * <p>Why this is done by hand: lwjgl-egl ships no natives, it binds to the system's
 * {@code libEGL.so.1} (GLVND or Mesa's own). With default settings LWJGL would initialise EGL in a
 * static initialiser (an {@code UnsatisfiedLinkError} there poisons the class for the rest of the
 * run) and would load OpenGL through {@code libGL.so.1} + {@code glXGetProcAddress}, which drags
 * in GLX and needs libGL even though no X server is involved. So both are switched to explicit
 * initialisation, and {@link GL#create(org.lwjgl.system.FunctionProvider)} gets a provider that
 * asks {@code eglGetProcAddress} for every GL function. EGL 1.5 (and
 * {@code EGL_KHR_get_all_proc_addresses}) lets {@code eglGetProcAddress} return core functions as
 * well as extensions; Mesa 22 (llvmpipe) and NVIDIA's driver both do. The alternative
 * {@code Configuration.OPENGL_CONTEXT_API = "EGL"} does the same through a second dlopen of libEGL;
 * the explicit provider keeps the one library handle and says what it does.
 */
final class EglLibrary {
    private static boolean loaded;
    private static String failure;

    private EglLibrary() {
    }

    /**
     * Loads libEGL and registers the GL function provider, once; later calls return at once or
     * repeat the first failure.
     */
    static synchronized void load() throws GlUnavailableException {
        if (loaded) {
            return;
        }
        if (failure != null) {
            throw new GlUnavailableException(failure);
        }
        try {
            Configuration.EGL_EXPLICIT_INIT.set(true);
            Configuration.OPENGL_EXPLICIT_INIT.set(true);
            if (Platform.get() == Platform.LINUX && Configuration.EGL_LIBRARY_NAME.get() == null) {
                // the versioned name: the unversioned libEGL.so only exists with -dev packages
                Configuration.EGL_LIBRARY_NAME.set("libEGL.so.1");
            }
            EGL.create();
        } catch (LinkageError | RuntimeException e) {
            failure = "no OpenGL: libEGL could not be loaded (" + oneLine(e) + ")";
            throw new GlUnavailableException(failure, e);
        }
        try {
            GL.create(name -> eglGetProcAddress(name));
        } catch (LinkageError | RuntimeException e) {
            failure = "no OpenGL: GL functions could not be loaded through eglGetProcAddress (" + oneLine(e) + ")";
            throw new GlUnavailableException(failure, e);
        }
        loaded = true;
    }

    /**
     * EGL client extensions (those of {@code EGL_NO_DISPLAY}). Read from the string because LWJGL
     * 3.3.6's {@code EGLCapabilities} does not report client extensions.
     */
    static Set<String> clientExtensions() {
        return split(eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS));
    }

    /** Splits a space-separated EGL extension string; null (EGL error) gives an empty set. */
    static Set<String> split(String extensions) {
        Set<String> set = new TreeSet<>();
        if (extensions != null) {
            set.addAll(Arrays.asList(extensions.trim().split("\\s+")));
            set.remove("");
        }
        return set;
    }

    /** The symbolic name of the current thread's last EGL error, e.g. {@code "EGL_BAD_MATCH"}. */
    static String lastError() {
        return errorName(eglGetError());
    }

    static String errorName(int code) {
        return switch (code) {
            case EGL_SUCCESS -> "EGL_SUCCESS";
            case EGL_NOT_INITIALIZED -> "EGL_NOT_INITIALIZED";
            case EGL_BAD_ACCESS -> "EGL_BAD_ACCESS";
            case EGL_BAD_ALLOC -> "EGL_BAD_ALLOC";
            case EGL_BAD_ATTRIBUTE -> "EGL_BAD_ATTRIBUTE";
            case EGL_BAD_CONFIG -> "EGL_BAD_CONFIG";
            case EGL_BAD_CONTEXT -> "EGL_BAD_CONTEXT";
            case EGL_BAD_CURRENT_SURFACE -> "EGL_BAD_CURRENT_SURFACE";
            case EGL_BAD_DISPLAY -> "EGL_BAD_DISPLAY";
            case EGL_BAD_MATCH -> "EGL_BAD_MATCH";
            case EGL_BAD_NATIVE_PIXMAP -> "EGL_BAD_NATIVE_PIXMAP";
            case EGL_BAD_NATIVE_WINDOW -> "EGL_BAD_NATIVE_WINDOW";
            case EGL_BAD_PARAMETER -> "EGL_BAD_PARAMETER";
            case EGL_BAD_SURFACE -> "EGL_BAD_SURFACE";
            default -> String.format("EGL error 0x%04X", code);
        };
    }

    static String oneLine(Throwable t) {
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return message.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
