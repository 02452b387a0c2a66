package org.drtstudio.studio.timeline;

import javafx.animation.AnimationTimer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import org.drtstudio.scene.authored.AnimationSettings;
import org.drtstudio.scene.authored.Channel;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.Interpolation;
import org.drtstudio.scene.authored.Key;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.authored.Track;
import org.drtstudio.scene.edit.KeyTransform;
import org.drtstudio.scene.edit.SetAnimationSettings;
import org.drtstudio.scene.edit.SetCameraKey;
import org.drtstudio.studio.edit.EditorSession;

import java.util.Locale;
import java.util.TreeSet;

/**
 * The timeline: a scrubber over the animation's range ({@link TimelineRange}) with a marker per key
 * of the selection and the camera, previous/next-key buttons, play/pause and loop, the duration and
 * frame-rate fields (one undoable step each), buttons that key the selected group's transform or
 * the camera at the current time, and the motion-blur toggle for the preview and exports.
 */
public final class TimelinePane extends HBox {
    public final Slider time = new Slider(0, TimelineRange.DEFAULT_SECONDS, 0);
    final TextField duration = new TextField(), fps = new TextField();
    final Button previousKey = new Button("◀◆"), nextKey = new Button("◆▶");
    /** One marker per key time, over the slider's track. */
    final Pane markers = new Pane();
    public final ToggleButton play = new ToggleButton("Play", playGlyph());
    final CheckBox loop = new CheckBox("Loop");
    final CheckBox motionBlur = new CheckBox("Motion blur");
    private final Label timeLabel = new Label();
    /** The scrubber's tooltip: the times of the keys its markers show. */
    private final Tooltip keysTip = new Tooltip();
    private final EditorSession session;
    private final AnimationTimer player;
    private long lastNanos;
    private boolean updating;

    public TimelinePane(EditorSession session) {
        this.session = session;
        time.setId("timeSlider");
        play.setId("playButton");
        motionBlur.setId("motionBlurToggle");
        loop.setSelected(true);
        StackPane track = new StackPane(time, markers);
        markers.setMouseTransparent(true);
        markers.setId("keyMarkers");
        HBox.setHgrow(track, Priority.ALWAYS);
        previousKey.setId("previousKeyButton");
        nextKey.setId("nextKeyButton");
        previousKey.setTooltip(new Tooltip("Go to the previous key"));
        nextKey.setTooltip(new Tooltip("Go to the next key"));
        // The play button is its glyph (the text stays for what it says, e.g. to screen readers): a
        // 1366-pixel-wide laptop's window has no room for every label of this row (issue 39, item 3).
        play.setContentDisplay(javafx.scene.control.ContentDisplay.GRAPHIC_ONLY);
        play.setTooltip(new Tooltip("Play / pause the animation (Space)"));
        loop.setTooltip(new Tooltip("Start again at the end"));
        previousKey.setOnAction(e -> TimelineRange.previous(keyTimes(), session.time()).ifPresent(session::setTime));
        nextKey.setOnAction(e -> TimelineRange.next(keyTimes(), session.time()).ifPresent(session::setTime));
        setUpRangeFields();
        time.widthProperty().addListener((o, a, b) -> placeMarkers());
        Button keyNode = keyButton("Key", "keyNodeButton", this::keySelection,
                "Key the selected object's position, rotation and scale at the current time (I)");
        Button keyCamera = keyButton("Key camera", "keyCameraButton", this::keyCamera, "Key the camera at the current time");
        motionBlur.setTooltip(new Tooltip("Blur what moves while the shutter is open (preview and exports)"));
        setSpacing(6);
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(3, 8, 3, 8));
        timeLabel.setMinWidth(56);
        // The key times are the markers on the track, listed in its tooltip: as a label of their own they
        // took 200 px of a laptop's row, empty most of the time.
        keysTip.setShowDelay(javafx.util.Duration.millis(300));
        time.setTooltip(keysTip);
        track.setMinWidth(80);
        Label length = new Label("Length"), seconds = new Label("s"), perSecond = new Label("fps");
        length.setTooltip(new Tooltip("Length of the animation in seconds (the export's frame range)"));
        perSecond.setTooltip(new Tooltip("Frames per second"));
        getChildren().addAll(play, loop, previousKey, track, nextKey, timeLabel, keyNode, keyCamera,
                length, duration, seconds, fps, perSecond, motionBlur);
        // Everything but the scrubber keeps its whole label and its field's width at every window size
        // down to the minimum; the scrubber gives way.
        for (javafx.scene.Node n : getChildren()) {
            if (n != track && n instanceof javafx.scene.layout.Region r) r.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        }
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

    /** The duration and frame-rate fields: each applies its value as one step on Enter or when it loses focus. */
    private void setUpRangeFields() {
        duration.setId("durationField");
        fps.setId("fpsField");
        duration.setPrefColumnCount(4);
        fps.setPrefColumnCount(3);
        duration.setTooltip(new Tooltip("Length of the animation in seconds (the export's frame range)"));
        fps.setTooltip(new Tooltip("Frames per second"));
        duration.setOnAction(e -> commitDuration());
        fps.setOnAction(e -> commitFps());
        duration.focusedProperty().addListener((o, a, on) -> { if (!on) commitDuration(); });
        fps.focusedProperty().addListener((o, a, on) -> { if (!on) commitFps(); });
    }

    private static Button keyButton(String text, String id, Runnable action, String tip) {
        Button b = new Button(text, keyGlyph());
        b.setId(id);
        b.setOnAction(e -> action.run());
        b.setTooltip(new Tooltip(tip));
        return b;
    }

    private static javafx.scene.Node playGlyph() {
        javafx.scene.shape.Polygon p = new javafx.scene.shape.Polygon(0, 0, 9, 5, 0, 10);
        p.setFill(javafx.scene.paint.Color.web("#333"));
        return p;
    }

    /** A keyframe's diamond, as the markers on the track. */
    private static javafx.scene.Node keyGlyph() {
        javafx.scene.shape.Polygon p = new javafx.scene.shape.Polygon(5, 0, 10, 5, 5, 10, 0, 5);
        p.setFill(Color.web("#f0b020"));
        p.setStroke(Color.web("#705010"));
        return p;
    }

    private static javafx.scene.Node pauseGlyph() {
        javafx.scene.shape.Rectangle a = new javafx.scene.shape.Rectangle(3, 10), b = new javafx.scene.shape.Rectangle(3, 10);
        a.setFill(javafx.scene.paint.Color.web("#333"));
        b.setFill(javafx.scene.paint.Color.web("#333"));
        return new HBox(3, a, b);
    }

    private double endSeconds() {
        return TimelineRange.endSeconds(session.document.model());
    }

    public java.util.NavigableSet<Double> keyTimes() {
        return TimelineRange.keyTimes(session.document.model(), session.selected());
    }

    /** The length field: the end frame becomes start + length × fps. */
    private void commitDuration() {
        AnimationSettings a = session.document.model().animation();
        Double seconds = parse(duration, 1.0 / a.fps(), 36_000, "length");
        if (seconds == null) return;
        int end = a.startFrame() + (int) Math.round(seconds * a.fps());
        if (end != a.endFrame()) commit(new SetAnimationSettings(a.withFrames(a.startFrame(), end)));
    }

    /** The fps field keeps the length in seconds: the end frame is rescaled. */
    private void commitFps() {
        AnimationSettings a = session.document.model().animation();
        Double rate = parse(fps, 0.01, 1000, "frame rate");
        if (rate == null || rate == a.fps()) return;
        int end = a.startFrame() + (int) Math.round((a.endFrame() - a.startFrame()) / a.fps() * rate);
        commit(new SetAnimationSettings(new AnimationSettings(rate, a.startFrame(), end, a.shutterOpen(), a.shutterClose())));
    }

    /** The field's number when it lies in [min, max]; else null, with the reason on the field. */
    private Double parse(TextField field, double min, double max, String what) {
        String text = field.getText().strip();
        String problem = null;
        double v = Double.NaN;
        try {
            v = Double.parseDouble(text);
            if (!(v >= min && v <= max)) problem = what + " must be between " + fmt(min) + " and " + fmt(max) + ", got " + text;
        } catch (NumberFormatException e) {
            problem = what + ": \"" + text + "\" is not a number";
        }
        field.setStyle(problem == null ? "" : "-fx-border-color: #d03030;");
        field.setTooltip(new Tooltip(problem == null ? (field == fps ? "Frames per second" : "Length of the animation in seconds") : problem));
        return problem == null ? v : null;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3g", v);
    }

    private void commit(org.drtstudio.scene.edit.Edit e) {
        try {
            session.commit(e);
        } catch (IllegalArgumentException ex) {
            refresh();
        }
    }

    /** Puts a marker at each key time, over the slider's track (the thumb's centre at that time). */
    private void placeMarkers() {
        java.util.NavigableSet<Double> times = keyTimes();
        double max = time.getMax();
        javafx.scene.Node thumb = time.lookup(".thumb");
        double inset = thumb != null ? thumb.getLayoutBounds().getWidth() / 2 : 7;
        double width = time.getWidth() - 2 * inset;
        // refresh runs on every time step while playing: rebuild only when something they depend on changed
        java.util.List<Object> shape = java.util.List.of(java.util.List.copyOf(times), max, width, time.getHeight());
        if (shape.equals(markerShape)) return;
        markerShape = shape;
        markers.getChildren().clear();
        for (double t : times) {
            Rectangle r = new Rectangle(3, 10, Color.web("#f0b020"));
            r.getStyleClass().add("key-marker");
            r.setManaged(false);
            r.setLayoutX(inset + width * (max > 0 ? t / max : 0) - 1.5);
            r.setLayoutY(time.getHeight() / 2 - 5);
            markers.getChildren().add(r);
        }
    }

    private java.util.List<Object> markerShape;

    /** The markers' centres, in the slider's coordinates (tests). */
    public java.util.List<Double> markerCentres() {
        return markers.getChildren().stream().map(n -> n.getLayoutX() + 1.5).toList();
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

    /** I: keys the selected group, or the camera when no group is selected. */
    public void keySelectionOrCamera() {
        SceneModel m = session.document.model();
        int id = session.selected();
        if (m.node(id).orElse(null) instanceof GroupNode && id != m.root().id()) keySelection();
        else keyCamera();
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
        String keyList = sb.length() == 0 ? "Drag to scrub; the yellow markers are keys (none here yet)" : sb.toString();
        if (!keyList.equals(keysTip.getText())) keysTip.setText(keyList);
        AnimationSettings a = m.animation();
        if (!duration.isFocused()) show(duration, fmt((a.endFrame() - a.startFrame()) / a.fps()));
        if (!fps.isFocused()) show(fps, fmt(a.fps()));
        placeMarkers();
    }

    /** Sets a field's text only when it differs: a text field lays out its text and caret again on every set, same text or not. */
    private static void show(TextField field, String text) {
        if (!text.equals(field.getText())) field.setText(text);
    }

    public void stop() {
        player.stop();
    }
}
