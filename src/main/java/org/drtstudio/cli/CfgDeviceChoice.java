package org.drtstudio.cli;

import org.drtstudio.io.cfg.CfgDevice;
import org.drtstudio.render.GpuSelection;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Maps a .cfg scene's {@code ARCH}, {@code CUDA_DEVICE} and {@code NUM_CPU_THREADS} (the report's
 * choice between its CPU and CUDA tracers, of the GPUs, and of its CPU threads) onto this program's
 * {@code --backend}, {@code --gpus} and {@code --threads}, with one note for each, so a listing from
 * the report renders where it asks to and the user sees what was done with its keys. An option
 * given on the command line wins over the key.
 */
final class CfgDeviceChoice {
    private CfgDeviceChoice() {
    }

    /**
     * What a render uses.
     *
     * @param backend    the back end to render with
     * @param gpus       the GPUs a frame is split across
     * @param cpuThreads the CPU tracer's threads, 0 for one per core
     */
    record Choice(RendererFactory.Backend backend, GpuSelection gpus, int cpuThreads) {
    }

    /**
     * @param given        the --backend the user typed, or null when none was given
     * @param givenGpus    the --gpus the user typed, or null when none was given
     * @param givenThreads the --threads the user typed, or null when none was given
     */
    static Choice apply(CfgDevice device, Path scene, RendererFactory.Backend given, GpuSelection givenGpus, Integer givenThreads,
                        Consumer<String> notes) {
        RendererFactory.Backend chosen = given != null ? given : RendererFactory.Backend.AUTO;
        String name = scene.getFileName() == null ? scene.toString() : scene.getFileName().toString();
        if (device.arch() != null) {
            RendererFactory.Backend asked = device.arch() == CfgDevice.Arch.CPU ? RendererFactory.Backend.CPU : RendererFactory.Backend.GPU;
            String what = "ARCH=" + device.arch() + " means --backend " + lower(asked)
                    + (asked == RendererFactory.Backend.CPU ? " (the CPU tracer)" : " (the OpenGL compute tracer stands in for the report's CUDA one)");
            if (given != null && given != asked) {
                notes.accept("note: " + name + ": " + what + "; --backend " + lower(given) + " given on the command line wins");
            } else {
                notes.accept("note: " + name + ": " + what);
                chosen = asked;
            }
        }
        GpuSelection gpus = givenGpus != null ? givenGpus : GpuSelection.ALL;
        if (!device.cudaDevices().isEmpty()) {
            String key = "CUDA_DEVICE=" + device.cudaDevices().stream().map(String::valueOf).collect(Collectors.joining("/"));
            String list = device.cudaDevices().stream().map(String::valueOf).collect(Collectors.joining(","));
            if (chosen == RendererFactory.Backend.CPU) {
                notes.accept("note: " + name + ": " + key + " not used: rendering on the CPU");
            } else if (givenGpus != null) {
                notes.accept("note: " + name + ": " + key + " means --gpus " + list + "; --gpus " + givenGpus + " given on the command line wins");
            } else {
                // A list, even of one: exactly the GPUs the key names, as the report's tracer used exactly those devices.
                gpus = new GpuSelection(GpuSelection.Kind.LIST, device.cudaDevices().size(), device.cudaDevices());
                notes.accept("note: " + name + ": " + key + " means --gpus " + list
                        + (device.cudaDevices().size() == 1 ? " (that GPU alone)" : " (each frame split across them)"));
            }
        }
        int threads = givenThreads != null ? givenThreads : 0;
        if (device.cpuThreads() != null) {
            String key = "NUM_CPU_THREADS=" + device.cpuThreads();
            if (givenThreads != null && !givenThreads.equals(device.cpuThreads())) {
                notes.accept("note: " + name + ": " + key + " means --threads " + device.cpuThreads() + "; --threads " + givenThreads
                        + " given on the command line wins");
            } else {
                threads = device.cpuThreads();
                if (chosen == RendererFactory.Backend.GPU) notes.accept("note: " + name + ": " + key + " not used: rendering on the GPU");
                else notes.accept("note: " + name + ": " + key + " means --threads " + threads + " (the CPU tracer's threads)");
            }
        }
        return new Choice(chosen, gpus, threads);
    }

    private static String lower(RendererFactory.Backend b) {
        return b.name().toLowerCase(Locale.ROOT);
    }
}
