package org.drtstudio.io.cfg;

/**
 * The report's choice of processor, read from {@code ARCH} and {@code CUDA_DEVICE}; the renderer
 * here is OpenGL (or its CPU twin), so the command line maps it to {@code --backend} and the GL
 * device and says so in a note.
 *
 * @param arch       CPU or GPU, or null when the file does not say
 * @param cudaDevice the GPU's index (0 = the first), or null when the file does not say
 */
public record CfgDevice(Arch arch, Integer cudaDevice) {
    public static final CfgDevice UNSPECIFIED = new CfgDevice(null, null);

    /** The report's architectures: its CPU tracer, or its CUDA tracer ({@code GPU} and {@code CUDA} both name it). */
    public enum Arch { CPU, GPU }

    public boolean specified() {
        return arch != null || cudaDevice != null;
    }
}
