package org.drtstudio.render.gl;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Base of the GL object wrappers: holds the GL name (handle) so that nothing outside the wrapper
 * sees it, ties the object to the {@link GlThread} that created it, and frees it exactly once.
 *
 * <p>{@link #close()} may be called from any thread: off the GL thread it queues the deletion there.
 * Objects still open when the GL thread closes are freed by it.
 *
 * <p>Subclasses call {@link #glName()} before any GL call in every public method: a GL call on a
 * thread with no current context is not an exception in LWJGL, it aborts the JVM
 * ("FATAL ERROR in native method: No context is current").
 */
abstract class GlObject implements AutoCloseable {
    private final GlThread owner;
    private final int name;
    private final String kind;
    private final AtomicBoolean closed = new AtomicBoolean();

    GlObject(GlThread owner, int name, String kind) {
        this.owner = owner;
        this.name = name;
        this.kind = kind;
        owner.track(this);
    }

    /** The GL name, after checking that the caller is on the owning GL thread and the object is open. */
    final int glName() {
        if (!owner.isCurrentThread()) {
            throw new IllegalStateException(kind + " used outside its GL thread");
        }
        if (closed.get()) {
            throw new IllegalStateException(kind + " used after close()");
        }
        return name;
    }

    final GlThread owner() {
        return owner;
    }

    /** Deletes the GL object; called once, on the GL thread. */
    abstract void delete(int name);

    @Override
    public final void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (owner.isCurrentThread()) {
            free();
        } else {
            owner.submitCleanup(this::free);
        }
    }

    /** Deletes now, whether or not close() was called; on the GL thread, for it and its shutdown. */
    final void free() {
        closed.set(true);
        owner.untrack(this);
        delete(name);
    }
}
