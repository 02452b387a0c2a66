package org.drtstudio.farm;

/** A farm request that cannot be carried out, or a cluster that did not do what was asked: one line for the user. */
public final class FarmException extends Exception {
    public FarmException(String message) {
        super(message);
    }

    public FarmException(String message, Throwable cause) {
        super(message, cause);
    }
}
