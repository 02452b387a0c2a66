package org.drtstudio.render;

/** A render could not be done (device limits exceeded, GPU lost); the message is for the user. */
public class RenderException extends Exception {
    public RenderException(String message) {
        super(message);
    }

    public RenderException(String message, Throwable cause) {
        super(message, cause);
    }
}
