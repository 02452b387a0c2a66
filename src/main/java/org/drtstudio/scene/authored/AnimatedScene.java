package org.drtstudio.scene.authored;

import org.drtstudio.scene.Scene;

import java.util.function.UnaryOperator;

/**
 * A scene that can be evaluated at any time, in seconds. A static file is a constant one; a
 * project evaluates its keyframes. What renderers and the command line consume.
 */
public interface AnimatedScene {
    /** The static scene at {@code time} seconds. */
    Scene at(double time);

    /** Frame rate, frame range and shutter; {@link AnimationSettings#DEFAULT} for static scenes. */
    AnimationSettings animation();

    /** True when {@link #at} gives the same scene at every time, so it can be built once. */
    boolean isStatic();

    /** The scene of frame {@code frame}, at time {@code frame / fps}. */
    default Scene frame(int frame) {
        return at(animation().frameTime(frame));
    }

    /** The scenes at shutter open and close for a frame shown at {@code time}, for motion blur. */
    default ShutterScenes shutter(double time) {
        AnimationSettings a = animation();
        double open = a.shutterOpenTime(time), close = a.shutterCloseTime(time);
        return new ShutterScenes(open, at(open), close, at(close));
    }

    /** This scene with {@code change} applied to every evaluated scene (e.g. command-line overrides). */
    default AnimatedScene map(UnaryOperator<Scene> change) {
        AnimatedScene base = this;
        return new AnimatedScene() {
            @Override
            public Scene at(double time) {
                return change.apply(base.at(time));
            }

            @Override
            public AnimationSettings animation() {
                return base.animation();
            }

            @Override
            public boolean isStatic() {
                return base.isStatic();
            }
        };
    }

    /** This scene with other timing (e.g. a shutter chosen on the command line). */
    default AnimatedScene withAnimation(AnimationSettings settings) {
        AnimatedScene base = this;
        return new AnimatedScene() {
            @Override
            public Scene at(double time) {
                return base.at(time);
            }

            @Override
            public AnimationSettings animation() {
                return settings;
            }

            @Override
            public boolean isStatic() {
                return base.isStatic();
            }
        };
    }

    /** The same scene at every time, at 24 fps. */
    static AnimatedScene constant(Scene scene) {
        return new AnimatedScene() {
            @Override
            public Scene at(double time) {
                return scene;
            }

            @Override
            public AnimationSettings animation() {
                return AnimationSettings.DEFAULT;
            }

            @Override
            public boolean isStatic() {
                return true;
            }
        };
    }
}
