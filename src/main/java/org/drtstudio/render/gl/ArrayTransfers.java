package org.drtstudio.render.gl;

/**
 * Java arrays to buffers and back for one owner on its GL thread: large ones through mapped host
 * memory ({@link StagedUpload}, {@link StagedReadback}, made on first use and kept), small ones, or
 * all where the GL lacks buffer storage, by the driver's own copies ({@link StagedUpload#minStagedBytes}
 * decides). The driver's copies from and into Java arrays ran at about 0.5 GB/s on the H200
 * machine, on the GL thread alone.
 */
final class ArrayTransfers implements AutoCloseable {
    private StagedUpload staging;
    private StagedReadback readback;

    /** A buffer holding {@code data}. */
    ShaderStorageBuffer buffer(float[] data) throws GpuMemoryException {
        if (!staged(data.length)) return ShaderStorageBuffer.ofFloats(data);
        ShaderStorageBuffer b = ShaderStorageBuffer.deviceLocal(4L * data.length);
        staging().toBuffer(b, data);
        return b;
    }

    ShaderStorageBuffer buffer(int[] data) throws GpuMemoryException {
        if (!staged(data.length)) return ShaderStorageBuffer.ofInts(data);
        ShaderStorageBuffer b = ShaderStorageBuffer.deviceLocal(4L * data.length);
        staging().toBuffer(b, data);
        return b;
    }

    /** Fills {@code dest} with the first floats of {@code source}, after the shaders' writes to it. */
    void read(ShaderStorageBuffer source, float[] dest) {
        if (staged(dest.length)) readback().read(source, dest);
        else source.read(dest);
    }

    void read(ShaderStorageBuffer source, int[] dest) {
        if (staged(dest.length)) readback().read(source, dest);
        else source.read(dest);
    }

    private static boolean staged(int elements) {
        return 4L * elements >= StagedUpload.minStagedBytes() && StagedUpload.supported();
    }

    private StagedUpload staging() {
        if (staging == null) staging = StagedUpload.create();
        return staging;
    }

    private StagedReadback readback() {
        if (readback == null) readback = StagedReadback.create(StagedUpload.HALF_BYTES);
        return readback;
    }

    /** Frees the mapped memory (GL thread). */
    @Override
    public void close() {
        if (staging != null) staging.close();
        if (readback != null) readback.close();
        staging = null;
        readback = null;
    }
}
