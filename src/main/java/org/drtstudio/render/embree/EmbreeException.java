package org.drtstudio.render.embree;

/** Embree reported an error building a scene; the message is one line for the user. */
final class EmbreeException extends RuntimeException {
    private EmbreeException(String message) {
        super(message);
    }

    /** The device's pending error (reading it clears it) as an exception. */
    static EmbreeException of(EmbreeLibrary lib, EmbreeDevice device) {
        return of(lib.deviceError(device.handle));
    }

    private static EmbreeException of(int code) {
        return new EmbreeException(code == EmbreeLibrary.ERROR_OUT_OF_MEMORY ? "Embree out of memory"
                : "Embree error " + code);
    }

    /** Throws the device's pending error, if there is one. */
    static void check(EmbreeLibrary lib, EmbreeDevice device) {
        int code = lib.deviceError(device.handle);
        if (code != EmbreeLibrary.ERROR_NONE) throw of(code);
    }
}
