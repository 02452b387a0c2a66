package org.drtstudio.cli;

import org.drtstudio.io.cfg.CfgDevice;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Maps a .cfg scene's {@code ARCH} and {@code CUDA_DEVICE} (the report's choice between its CPU and
 * CUDA tracers, and of the GPU) onto this program's {@code --backend} and GL device, with one note
 * for each, so a listing from the report renders where it asks to and the user sees what was done
 * with its keys. An explicit {@code --backend} wins over {@code ARCH}.
 */
final class CfgDeviceChoice {
    /** System property the GL tracer reads for the hardware device to try first (EglDisplayCandidates.GPU_PROPERTY). */
    static final String GPU_PROPERTY = "drt.gpu";

    private CfgDeviceChoice() {
    }

    /**
     * @param given the --backend the user typed, or null when none was given
     * @return the backend to render with
     */
    static RendererFactory.Backend apply(CfgDevice device, Path scene, RendererFactory.Backend given, Consumer<String> notes) {
        RendererFactory.Backend chosen = given != null ? given : RendererFactory.Backend.AUTO;
        String name = scene.getFileName() == null ? scene.toString() : scene.getFileName().toString();
        if (device.arch() != null) {
            RendererFactory.Backend asked = device.arch() == CfgDevice.Arch.CPU ? RendererFactory.Backend.CPU : RendererFactory.Backend.GPU;
            String what = "ARCH=" + device.arch() + " means --backend " + asked.name().toLowerCase(java.util.Locale.ROOT)
                    + (asked == RendererFactory.Backend.CPU ? " (the CPU reference tracer)" : " (the OpenGL compute tracer stands in for the report's CUDA one)");
            if (given != null && given != asked) {
                notes.accept("note: " + name + ": " + what + "; --backend " + given.name().toLowerCase(java.util.Locale.ROOT) + " given on the command line wins");
            } else {
                notes.accept("note: " + name + ": " + what);
                chosen = asked;
            }
        }
        if (device.cudaDevice() != null) {
            int n = device.cudaDevice();
            if (chosen == RendererFactory.Backend.CPU) {
                notes.accept("note: " + name + ": CUDA_DEVICE=" + n + " not used: rendering on the CPU");
            } else if (System.getProperty(GPU_PROPERTY) != null) {
                notes.accept("note: " + name + ": CUDA_DEVICE=" + n + " not used: -D" + GPU_PROPERTY + "=" + System.getProperty(GPU_PROPERTY) + " given");
            } else {
                System.setProperty(GPU_PROPERTY, Integer.toString(n));
                notes.accept("note: " + name + ": CUDA_DEVICE=" + n + " means hardware GL device " + n
                        + " is tried first (as EGL lists them; the others remain fallbacks)");
            }
        }
        return chosen;
    }
}
