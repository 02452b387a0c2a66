package org.drtstudio.scene.authored;

import org.drtstudio.scene.Scene;

/**
 * The scene at shutter open and at shutter close of one frame, for motion blur. Both come from the
 * same graph, so they have the same structure and node order, node for node: only transforms and
 * the camera differ, and meshes are the same objects.
 */
public record ShutterScenes(double openTime, Scene open, double closeTime, Scene close) {
}
