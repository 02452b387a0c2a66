package org.drtstudio.studio;

import javafx.animation.AnimationTimer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.drtstudio.scene.anim.AnimationSettings;
import org.drtstudio.scene.anim.GroupNode;
import org.drtstudio.scene.anim.Interpolation;
import org.drtstudio.scene.anim.Key;
import org.drtstudio.scene.anim.SceneModel;
import org.drtstudio.scene.anim.Track;
import org.drtstudio.scene.edit.SetCameraKey;
import org.drtstudio.scene.edit.KeyTransform;
import org.drtstudio.scene.anim.Channel;

import java.util.Locale;
import java.util.TreeSet;

/**
 * The timeline: a scrubber over the animation's frame range (at least 5 s), play/pause and loop,
 * buttons that key the selected group's transform or the camera at the current time, the key
 * times of the selection, and the motion-blur toggle for the preview and exports.
 */
final class TimelinePane extends HBox {
    private static final double MIN_SECONDS = 5;
    final Slider time = new Slider(0, MIN_SECONDS, 0);
    final ToggleButton play = new ToggleButton("Play", playGlyph());
    final CheckBox loop = new CheckBox("Loop");
    final CheckBox motionBlur = new CheckBox("Motion blur");
    private final Label timeLabel = new Label(), keys = new Label();
    private final EditorSession session;
    private final AnimationTimer player;
    private long lastNanos;
    private boolean updating;

    TimelinePane(EditorSession session) {
        this.session = session;
        time.setId("timeSlider");
        play.setId("playButton");
        motionBlur.setId("motionBlurToggle");
        loop.setSelected(true);
        HBox.setHgrow(time, Priority.ALWAYS);
        Button keyNode = new Button("Key selection");
        keyNode.setId("keyNodeButton");
        keyNode.setOnAction(e -> keySelection());
        Button keyCamera = new Button("Key camera");
        keyCamera.setId("keyCameraButton");
        keyCamera.setOnAction(e -> keyCamera());
        setSpacing(8);
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(3, 8, 3, 8));
        timeLabel.setMinWidth(70);
        getChildren().addAll(play, loop, time, timeLabel, keyNode, keyCamera, keys, motionBlur);
        time.valueProperty().addListener((o, a, v) -> {
            if (!updating) session.setTime(v.doubleValue());
        });
        motionBlur.selectedProperty().addListener((o, a, v) -> session.setMotionBlur(v));
        player = new AnimationTimer() {
            @Override
            public void handle(long now) {
                advance(now);
            }
        };
        play.selectedProperty().addListener((o, a, on) -> {
            // Drawn glyphs: the pause sign is missing from common fonts (a box was shown).
            play.setText(on ? "Pause" : "Play");
            play.setGraphic(on ? pauseGlyph() : playGlyph());
            lastNanos = System.nanoTime();
            if (on) player.start();
            else player.stop();
        });
        session.addListener(this::refresh);
        refresh();
    }

    private static javafx.scene.Node playGlyph() {
        javafx.scene.shape.Polygon p = new javafx.scene.shape.Polygon(0, 0, 9, 5, 0, 10);
        p.setFill(javafx.scene.paint.Color.web("#333"));
        return p;
    }

    private static javafx.scene.Node pauseGlyph() {
        javafx.scene.shape.Rectangle a = new javafx.scene.shape.Rectangle(3, 10), b = new javafx.scene.shape.Rectangle(3, 10);
        a.setFill(javafx.scene.paint.Color.web("#333"));
        b.setFill(javafx.scene.paint.Color.web("#333"));
        return new HBox(3, a, b);
    }

    private double endSeconds() {
        AnimationSettings a = session.document.model().animation();
        return Math.max(MIN_SECONDS, a.frameTime(a.endFrame()));
    }

    private void advance(long now) {
        double t = session.time() + (now - lastNanos) / 1e9;
        lastNanos = now;
        if (t > endSeconds()) {
            if (loop.isSelected()) t = 0;
            else {
                t = endSeconds();
                play.setSelected(false);
            }
        }
        session.setTime(t);
    }

    private void keySelection() {
        SceneModel m = session.document.model();
        int id = session.selected();
        if (!(m.node(id).orElse(null) instanceof GroupNode g) || id == m.root().id()) return;
        double t = session.time();
        var trs = g.transformAt(t);
        session.commit(new KeyTransform(id, t, trs));
    }

    private void keyCamera() {
        SceneModel m = session.document.model();
        session.commit(new SetCameraKey(new Key<>(session.time(), m.cameraAt(session.time()), Interpolation.LINEAR)));
    }

    private void refresh() {
        updating = true;
        try {
            time.setMax(endSeconds());
            time.setValue(session.time());
        } finally {
            updating = false;
        }
        timeLabel.setText(String.format(Locale.ROOT, "%.2f s", session.time()));
        SceneModel m = session.document.model();
        TreeSet<Double> times = new TreeSet<>();
        if (m.node(session.selected()).orElse(null) instanceof GroupNode g) {
            for (Channel c : Channel.values()) for (Key<?> k : g.tracks().track(c).keys()) times.add(k.time());
        }
        Track<?> cam = m.cameraTrack();
        StringBuilder sb = new StringBuilder();
        if (!times.isEmpty()) sb.append("keys ").append(times.stream().map(d -> String.format(Locale.ROOT, "%.2f", d)).toList());
        if (!cam.isEmpty()) sb.append(sb.length() > 0 ? " · " : "").append("camera keys ").append(cam.keys().size());
        keys.setText(sb.toString());
    }

    void stop() {
        player.stop();
    }
}
