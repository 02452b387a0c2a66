package org.drtstudio.render.multigpu;

import java.util.List;

/**
 * A tracer that splits each frame across several devices and times each one: what {@code drt render
 * -v} prints as the per-GPU times of the CUDA octree report's console report.
 */
public interface DeviceTimes {
    /** The devices as opened (EGL hardware device numbers; a number twice: two contexts on one GPU), in the order of {@link #lastDeviceMillis}. */
    List<Integer> deviceNumbers();

    /** Wall time from the last pass's start until each device had traced and read back its part of the frame. */
    double[] lastDeviceMillis();
}
