package org.drtstudio.render.gl;

import org.lwjgl.PointerBuffer;
import org.lwjgl.egl.EGL;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;

import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

import static org.lwjgl.egl.EGL10.*;
import static org.lwjgl.egl.EGL14.EGL_DEFAULT_DISPLAY;
import static org.lwjgl.egl.EXTDeviceDRM.EGL_DRM_DEVICE_FILE_EXT;
import static org.lwjgl.egl.EXTDeviceEnumeration.eglQueryDevicesEXT;
import static org.lwjgl.egl.EXTDeviceQuery.eglQueryDeviceStringEXT;
import static org.lwjgl.egl.EXTPlatformDevice.EGL_PLATFORM_DEVICE_EXT;

/**
 * The EGL displays to try, in the order of DESIGN.md "Offscreen GL":
 * <ol>
 *   <li>hardware devices of {@code EGL_EXT_platform_device} (NVIDIA without X, DRM render nodes),</li>
 *   <li>{@code eglGetDisplay(EGL_DEFAULT_DISPLAY)},</li>
 *   <li>{@code EGL_PLATFORM_SURFACELESS_MESA},</li>
 *   <li>software devices of the device platform (Mesa's llvmpipe device), as a last resort.</li>
 * </ol>
 * Opening a display is cheap and does not initialise it; a candidate that cannot even be opened
 * yields {@code EGL_NO_DISPLAY} and the caller records why.
 */
final class EglDisplayCandidates {
    /** From EGL_MESA_platform_surfaceless; LWJGL 3.3.6 has no class for it. */
    static final int EGL_PLATFORM_SURFACELESS_MESA = 0x31DD;
    /** EGL_DEFAULT_DISPLAY as a native display handle: what the surfaceless platform expects. */
    private static final long NULL_DISPLAY = 0L;

    /** A display that can be opened, and the words {@link GlInfo#eglPath()} will use for it. */
    record Candidate(String label, LongSupplier open) {
    }

    /** System property naming the hardware device to try first (0 = the first listed); a .cfg's CUDA_DEVICE sets it. */
    public static final String GPU_PROPERTY = "drt.gpu";

    private EglDisplayCandidates() {
    }

    /**
     * The hardware devices with device {@code index} moved to the front (the others keep their order,
     * so a failing choice still falls back to them); unchanged when {@code index} is negative or past the list.
     */
    static <T> List<T> preferred(List<T> hardware, int index) {
        if (index <= 0 || index >= hardware.size()) return hardware;
        List<T> ordered = new ArrayList<>(hardware);
        ordered.add(0, ordered.remove(index));
        return ordered;
    }

    /**
     * Lists the candidates. {@code skipped} receives one line for each way that could not even be
     * listed (missing client extension, no device of a kind).
     */
    static List<Candidate> list(Set<String> clientExtensions, List<String> skipped) {
        List<Candidate> hardware = new ArrayList<>();
        List<Candidate> software = new ArrayList<>();
        listDevices(clientExtensions, hardware, software, skipped);

        List<Candidate> all = new ArrayList<>(preferred(hardware, Integer.getInteger(GPU_PROPERTY, -1)));
        all.add(new Candidate("EGL default display", () -> eglGetDisplay(EGL_DEFAULT_DISPLAY)));
        if (clientExtensions.contains("EGL_MESA_platform_surfaceless")) {
            all.add(new Candidate("EGL surfaceless platform",
                    () -> platformDisplay(EGL_PLATFORM_SURFACELESS_MESA, NULL_DISPLAY)));
        } else {
            skipped.add("EGL surfaceless platform: client extension EGL_MESA_platform_surfaceless missing");
        }
        all.addAll(software);
        return all;
    }

    /**
     * The candidates of one GPU: hardware device {@code device} alone (no fallback: a render split
     * across GPUs needs that one), or, where the machine lists no hardware device, every candidate
     * of {@link #list} for device 0 (the default device, e.g. Mesa's llvmpipe).
     *
     * @throws IllegalArgumentException when the machine has no such device
     */
    static List<Candidate> forDevice(int device, Set<String> clientExtensions, List<String> skipped) {
        List<Candidate> hardware = new ArrayList<>();
        listDevices(clientExtensions, hardware, new ArrayList<>(), new ArrayList<>());
        if (hardware.isEmpty() && device == 0) return list(clientExtensions, skipped);
        if (device < 0 || device >= hardware.size()) {
            throw new IllegalArgumentException("no GPU " + device + ": the machine lists " + hardware.size() + " hardware EGL devices");
        }
        return List.of(hardware.get(device));
    }

    /** How many hardware GPUs the EGL device platform lists (0 where it lists none or is missing). */
    static int hardwareCount(Set<String> clientExtensions) {
        List<Candidate> hardware = new ArrayList<>();
        listDevices(clientExtensions, hardware, new ArrayList<>(), new ArrayList<>());
        return hardware.size();
    }

    private static void listDevices(Set<String> ext, List<Candidate> hardware, List<Candidate> software,
                                    List<String> skipped) {
        // NVIDIA lists only EGL_EXT_device_base, which includes enumeration (see shared/gpu/README.md)
        boolean enumerate = ext.contains("EGL_EXT_device_base") || ext.contains("EGL_EXT_device_enumeration");
        if (!enumerate || !ext.contains("EGL_EXT_platform_device")) {
            skipped.add("EGL device platform: client extensions EGL_EXT_device_base/enumeration "
                    + "and EGL_EXT_platform_device missing");
            return;
        }
        long[] devices = queryDevices();
        for (int i = 0; i < devices.length; i++) {
            long device = devices[i];
            Set<String> deviceExt = EglLibrary.split(eglQueryDeviceStringEXT(device, EGL_EXTENSIONS));
            String drmFile = deviceExt.contains("EGL_EXT_device_drm")
                    ? eglQueryDeviceStringEXT(device, EGL_DRM_DEVICE_FILE_EXT) : null;
            boolean isSoftware = deviceExt.contains("EGL_MESA_device_software");
            // A DRM device whose node is absent (a container without /dev/dri) cannot be opened.
            boolean usableDrm = drmFile != null && Files.exists(Path.of(drmFile));
            boolean isHardware = !isSoftware && (deviceExt.contains("EGL_NV_device_cuda") || usableDrm);
            LongSupplier open = () -> platformDisplay(EGL_PLATFORM_DEVICE_EXT, device);
            if (isHardware) {
                String what = deviceExt.contains("EGL_NV_device_cuda") ? "NVIDIA" : drmFile;
                hardware.add(new Candidate("EGL device " + i + " (" + what + ")", open));
            } else if (isSoftware) {
                software.add(new Candidate("EGL software device " + i, open));
            }
        }
        if (hardware.isEmpty()) {
            skipped.add("EGL device platform: no hardware device among " + devices.length);
        }
    }

    private static long[] queryDevices() {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            IntBuffer count = stack.mallocInt(1);
            if (!eglQueryDevicesEXT(null, count) || count.get(0) == 0) {
                return new long[0];
            }
            PointerBuffer list = stack.mallocPointer(count.get(0));
            if (!eglQueryDevicesEXT(list, count)) {
                return new long[0];
            }
            long[] devices = new long[count.get(0)];
            list.get(devices);
            return devices;
        }
    }

    /**
     * {@code eglGetPlatformDisplayEXT(platform, nativeDisplay, NULL)} called through its function
     * pointer. LWJGL 3.3.6's wrappers ({@code EXTPlatformBase.eglGetPlatformDisplayEXT} and even
     * its {@code ngl} variant) reject a null native display, which the surfaceless platform
     * requires. EGL 1.5's core {@code eglGetPlatformDisplay} is used when the EXT entry is absent.
     */
    static long platformDisplay(int platform, long nativeDisplay) {
        long function = EGL.getCapabilities().eglGetPlatformDisplayEXT;
        if (function == 0L) {
            function = EGL.getCapabilities().eglGetPlatformDisplay;
        }
        if (function == 0L) {
            return EGL_NO_DISPLAY;
        }
        return JNI.callPPP(platform, nativeDisplay, 0L, function);
    }
}
