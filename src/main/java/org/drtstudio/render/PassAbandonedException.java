package org.drtstudio.render;

/**
 * A pass stopped before its end because its {@link ProgressListener#abandoned()} said so. Its
 * samples were added to some pixels and not others, so the renderer's running sum is discarded: the
 * next progressive pass must start again at sample 0.
 */
public final class PassAbandonedException extends RenderException {
    public PassAbandonedException() {
        super("pass abandoned");
    }
}
