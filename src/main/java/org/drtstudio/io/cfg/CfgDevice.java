package org.drtstudio.io.cfg;

import java.util.List;

/**
 * The report's choice of processors, read from {@code ARCH}, {@code CUDA_DEVICE} and
 * {@code NUM_CPU_THREADS}; the renderer here is OpenGL (or its CPU twin), so the command line maps
 * them to {@code --backend}, {@code --gpus} and {@code --threads} and says so in a note.
 *
 * @param arch        CPU or GPU, or null when neither the file nor the command line says
 * @param cudaDevices the GPUs' indices in the order given ({@code CUDA_DEVICE=0/1/2/3}; 0 = the first), empty when not given
 * @param cpuThreads  the CPU tracer's threads ({@code NUM_CPU_THREADS}), or null when not given
 */
public record CfgDevice(Arch arch, List<Integer> cudaDevices, Integer cpuThreads) {
    public static final CfgDevice UNSPECIFIED = new CfgDevice(null, List.of(), null);

    /** The report's architectures: its CPU tracer, or its CUDA tracer ({@code GPU} and {@code CUDA} both name it). */
    public enum Arch { CPU, GPU }

    public CfgDevice {
        cudaDevices = List.copyOf(cudaDevices);
    }

    /** One GPU (or none, when {@code cudaDevice} is null) and no thread count. */
    public CfgDevice(Arch arch, Integer cudaDevice) {
        this(arch, cudaDevice == null ? List.of() : List.of(cudaDevice), null);
    }
}
