package org.drtstudio.studio.timeline;

import org.drtstudio.math.Vec3;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Trs;
import org.drtstudio.scene.edit.AddNode;
import org.drtstudio.scene.edit.KeyTransform;
import org.drtstudio.studio.StudioWindow;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The timeline's length, the export's default range and stepping through keys. */
class TimelineRangeTest {
    private static SceneModel keyed(double... times) {
        SceneModel m = StudioWindow.emptyModel();
        m = AddNode.append(0, GroupNode.of(1, "g", List.of())).apply(m).model();
        for (double t : times) m = new KeyTransform(1, t, Trs.translation(new Vec3((float) t, 0, 0))).apply(m).model();
        return m;
    }

    @Test
    void aNewSceneLastsFiveSecondsAndSavesThatRange() {
        SceneModel m = StudioWindow.emptyModel();
        assertEquals(new AnimationSettings(24, 0, 120, 0, 0.5), m.animation(), "endFrame 120, not 0");
        assertEquals(5, TimelineRange.endSeconds(m), 1e-12);
        assertEquals(120, TimelineRange.lastFrame(m));
    }

    @Test
    void aKeyPastTheEndExtendsTheTimelineAndTheExportRange() {
        SceneModel m = keyed(1, 7.5);
        assertEquals(7.5, TimelineRange.endSeconds(m), 1e-12);
        assertEquals(180, TimelineRange.lastFrame(m));
    }

    @Test
    void aSingleFrameProjectGetsTheRangeItsKeysNeed() {
        SceneModel m = keyed(0, 9).withAnimation(AnimationSettings.DEFAULT);
        assertEquals(0, m.animation().endFrame());
        assertEquals(216, TimelineRange.withTimelineRange(m).animation().endFrame());
        SceneModel set = m.withAnimation(AnimationSettings.DEFAULT.withFrames(0, 48));
        assertEquals(set, TimelineRange.withTimelineRange(set), "a range the user set is kept");
    }

    @Test
    void previousAndNextStepThroughTheSelectionsAndTheCamerasKeys() {
        SceneModel m = keyed(0.5, 2);
        TreeSet<Double> keys = new TreeSet<>(TimelineRange.keyTimes(m, 1));
        assertEquals(List.of(0.5, 2.0), List.copyOf(keys));
        assertEquals(OptionalDouble.of(2), TimelineRange.next(keys, 0.5));
        assertEquals(OptionalDouble.of(0.5), TimelineRange.previous(keys, 2));
        assertEquals(OptionalDouble.of(0.5), TimelineRange.previous(keys, 1));
        assertEquals(OptionalDouble.empty(), TimelineRange.previous(keys, 0.5));
        assertEquals(OptionalDouble.empty(), TimelineRange.next(keys, 2));
        assertEquals(List.of(), List.copyOf(TimelineRange.keyTimes(m, -1)), "nothing selected, no camera keys");
    }
}
