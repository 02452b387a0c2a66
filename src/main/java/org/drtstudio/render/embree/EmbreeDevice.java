package org.drtstudio.render.embree;

import java.util.Optional;

/**
 * The process's Embree device: one for every scene (its thread pool builds them), made on first use.
 * Embree builds on as many threads as the machine has cores; tracing runs on the caller's threads.
 */
final class EmbreeDevice {
    final EmbreeLibrary library;
    final long handle;
    /** "Embree 3.13.5" from the device's version property. */
    final String name;

    private EmbreeDevice(EmbreeLibrary library, long handle) {
        this.library = library;
        this.handle = handle;
        long v = library.deviceProperty(handle, EmbreeLibrary.DEVICE_PROPERTY_VERSION);
        this.name = v > 0 ? "Embree " + v / 10000 + "." + v / 100 % 100 + "." + v % 100 : "Embree 3";
    }

    /** What opening found: the device, or why there is none (one line). */
    record Opened(Optional<EmbreeDevice> device, String problem) {
    }

    private static Opened opened;

    static synchronized Opened open() {
        if (opened != null) return opened;
        EmbreeLibrary.Loaded loaded = EmbreeLibrary.load();
        if (loaded.library().isEmpty()) return opened = new Opened(Optional.empty(), loaded.problem());
        EmbreeLibrary library = loaded.library().get();
        int threads = Runtime.getRuntime().availableProcessors();
        long device = library.newDevice("threads=" + threads + ",verbose=0");
        if (device == 0) {
            return opened = new Opened(Optional.empty(), "Embree could not start on this processor (rtcNewDevice failed)");
        }
        int error = library.deviceError(device);
        if (error != EmbreeLibrary.ERROR_NONE) {
            return opened = new Opened(Optional.empty(), "Embree could not start (error " + error + ")");
        }
        return opened = new Opened(Optional.of(new EmbreeDevice(library, device)), "");
    }
}
