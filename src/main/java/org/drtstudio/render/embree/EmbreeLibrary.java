package org.drtstudio.render.embree;

import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.linux.DynamicLinkLoader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Intel Embree 3 (Debian's libembree3-3), loaded at run time and called through LWJGL's generic
 * JNI invokers: no C of ours, nothing to compile, and where the library is missing the CPU tracer
 * falls back to the Java walk without a word on the terminal (dlopen is asked directly, so LWJGL's
 * loader prints no advice). The tarball carries the library in {@code lib/native} beside its
 * libtbb, which is opened first so the dynamic linker finds it there.
 *
 * <p>Each entry point is called through an LWJGL invoker whose arguments have the C function's
 * register classes and widths (System V AMD64: pointers and {@code size_t} as {@code long}, enums
 * and {@code unsigned int} as {@code int}). Where LWJGL has no invoker with exactly those types,
 * a 32-bit argument is passed as a 64-bit one ({@link #newBuffer}): the callee reads only the low
 * half of its register, so the value is the same. The struct layouts are those of Embree 3's
 * headers with {@code RTC_MAX_INSTANCE_LEVEL_COUNT} 1 (Debian's build): {@link EmbreeRays}.
 */
final class EmbreeLibrary {
    static final String SONAME = "libembree3.so.3";
    static final int GEOMETRY_TRIANGLE = 0, GEOMETRY_SPHERE_POINT = 50, GEOMETRY_INSTANCE = 121;
    static final int BUFFER_INDEX = 0, BUFFER_VERTEX = 1;
    static final int FORMAT_UINT3 = 0x5003, FORMAT_FLOAT3 = 0x9003, FORMAT_FLOAT4 = 0x9004, FORMAT_FLOAT3X4_ROW_MAJOR = 0x9134;
    static final int BUILD_QUALITY_MEDIUM = 1;
    static final int SCENE_FLAG_COMPACT = 1 << 1;
    static final int ERROR_NONE = 0, ERROR_OUT_OF_MEMORY = 4, ERROR_UNSUPPORTED_CPU = 5;
    static final int DEVICE_PROPERTY_VERSION = 0;
    /** {@code RTC_INVALID_GEOMETRY_ID}. */
    static final int INVALID_ID = -1;

    private final long newDevice, getDeviceProperty, getDeviceError, newScene, releaseScene, attachGeometry, commitScene,
            setSceneBuildQuality, setSceneFlags, intersect1, occluded1, newGeometry, releaseGeometry, commitGeometry,
            setGeometryTimeStepCount, setNewGeometryBuffer, setGeometryInstancedScene, setGeometryTransform;
    final String path;

    private EmbreeLibrary(long handle, String path) {
        this.path = path;
        newDevice = symbol(handle, "rtcNewDevice");
        getDeviceProperty = symbol(handle, "rtcGetDeviceProperty");
        getDeviceError = symbol(handle, "rtcGetDeviceError");
        newScene = symbol(handle, "rtcNewScene");
        releaseScene = symbol(handle, "rtcReleaseScene");
        attachGeometry = symbol(handle, "rtcAttachGeometry");
        commitScene = symbol(handle, "rtcCommitScene");
        setSceneBuildQuality = symbol(handle, "rtcSetSceneBuildQuality");
        setSceneFlags = symbol(handle, "rtcSetSceneFlags");
        intersect1 = symbol(handle, "rtcIntersect1");
        occluded1 = symbol(handle, "rtcOccluded1");
        newGeometry = symbol(handle, "rtcNewGeometry");
        releaseGeometry = symbol(handle, "rtcReleaseGeometry");
        commitGeometry = symbol(handle, "rtcCommitGeometry");
        setGeometryTimeStepCount = symbol(handle, "rtcSetGeometryTimeStepCount");
        setNewGeometryBuffer = symbol(handle, "rtcSetNewGeometryBuffer");
        setGeometryInstancedScene = symbol(handle, "rtcSetGeometryInstancedScene");
        setGeometryTransform = symbol(handle, "rtcSetGeometryTransform");
    }

    /** What loading found: the library, or why there is none (one line). */
    record Loaded(Optional<EmbreeLibrary> library, String problem) {
    }

    private static Loaded loaded;

    /** The library, loaded once per process: the bundled copy first, then the system's. */
    static synchronized Loaded load() {
        if (loaded == null) loaded = tryLoad();
        return loaded;
    }

    private static Loaded tryLoad() {
        if (Boolean.getBoolean("drt.noEmbree")) return new Loaded(Optional.empty(), "switched off by -Ddrt.noEmbree");
        try {
            long handle = 0;
            String where = SONAME;
            Path bundled = bundledFolder();
            if (bundled != null && Files.isRegularFile(bundled.resolve(SONAME))) {
                // Its libtbb first, globally, so the linker resolves libembree3's dependency to it.
                Path tbb = bundled.resolve("libtbb.so.12");
                if (Files.isRegularFile(tbb)) DynamicLinkLoader.dlopen(tbb.toString(), DynamicLinkLoader.RTLD_NOW | DynamicLinkLoader.RTLD_GLOBAL);
                where = bundled.resolve(SONAME).toString();
                handle = DynamicLinkLoader.dlopen(where, DynamicLinkLoader.RTLD_NOW | DynamicLinkLoader.RTLD_LOCAL);
            }
            if (handle == 0) {
                where = SONAME;
                handle = DynamicLinkLoader.dlopen(SONAME, DynamicLinkLoader.RTLD_NOW | DynamicLinkLoader.RTLD_LOCAL);
            }
            if (handle == 0) return new Loaded(Optional.empty(), "Embree 3 (" + SONAME + ") is not installed");
            return new Loaded(Optional.of(new EmbreeLibrary(handle, where)), "");
        } catch (UnsatisfiedLinkError | RuntimeException e) {
            return new Loaded(Optional.empty(), "Embree 3 could not be loaded (" + e.getMessage() + ")");
        }
    }

    /** {@code DRT_HOME/lib/native} of an installed copy ({@code -Ddrt.home}), where the tarball keeps its libraries. */
    private static Path bundledFolder() {
        String home = System.getProperty("drt.home");
        return home == null ? null : Path.of(home, "lib", "native");
    }

    private static long symbol(long handle, String name) {
        long address = DynamicLinkLoader.dlsym(handle, name);
        if (address == 0) throw new UnsatisfiedLinkError(name + " is missing from " + SONAME);
        return address;
    }

    long newDevice(String config) {
        try (MemoryStack stack = MemoryStack.stackPush()) {
            return JNI.invokePP(org.lwjgl.system.MemoryUtil.memAddress(stack.UTF8(config)), newDevice);
        }
    }

    /** {@code rtcGetDeviceProperty} (returns ssize_t; the version fits an int). */
    long deviceProperty(long device, int property) {
        return JNI.invokePP(device, property, getDeviceProperty);
    }

    int deviceError(long device) { return JNI.invokePI(device, getDeviceError); }

    long newScene(long device) { return JNI.invokePP(device, newScene); }

    void releaseScene(long scene) { JNI.invokePV(scene, releaseScene); }

    int attach(long scene, long geometry) { return JNI.invokePPI(scene, geometry, attachGeometry); }

    void commitScene(long scene) { JNI.invokePV(scene, commitScene); }

    void setBuildQuality(long scene, int quality) { JNI.invokePV(scene, quality, setSceneBuildQuality); }

    void setSceneFlags(long scene, int flags) { JNI.invokePV(scene, flags, setSceneFlags); }

    long newGeometry(long device, int type) { return JNI.invokePP(device, type, newGeometry); }

    void releaseGeometry(long geometry) { JNI.invokePV(geometry, releaseGeometry); }

    void commitGeometry(long geometry) { JNI.invokePV(geometry, commitGeometry); }

    void setTimeStepCount(long geometry, int steps) { JNI.invokePV(geometry, steps, setGeometryTimeStepCount); }

    /**
     * {@code rtcSetNewGeometryBuffer(geometry, type, slot, format, byteStride, itemCount)}: the three
     * 32-bit arguments go as 64-bit ones (see the class comment). Returns the buffer, 0 on failure.
     */
    long newBuffer(long geometry, int type, int slot, int format, long byteStride, long itemCount) {
        return JNI.invokePPPPPPP(geometry, type, slot, format, byteStride, itemCount, setNewGeometryBuffer);
    }

    void setInstancedScene(long geometry, long scene) { JNI.invokePPV(geometry, scene, setGeometryInstancedScene); }

    void setTransform(long geometry, int timeStep, int format, long matrix) {
        JNI.invokePPV(geometry, timeStep, format, matrix, setGeometryTransform);
    }

    void intersect1(long scene, long context, long rayHit) { JNI.invokePPPV(scene, context, rayHit, intersect1); }

    void occluded1(long scene, long context, long ray) { JNI.invokePPPV(scene, context, ray, occluded1); }
}
