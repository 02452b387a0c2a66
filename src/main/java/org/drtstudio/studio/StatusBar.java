package org.drtstudio.studio;

import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.drtstudio.io.Excerpt;
import org.drtstudio.studio.export.JobProgress;
import org.drtstudio.studio.preview.PreviewDenoiser;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.drtstudio.studio.preview.PreviewStatus;
import org.drtstudio.studio.viewport.ViewportNotice;
import org.drtstudio.studio.viewport.ViewportPane;
import org.drtstudio.studio.window.AccelControl;
import org.drtstudio.studio.window.StatusMessages;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The main window's status bar: the preview's pause and denoise toggles and its Accel choice, the
 * renderer's line, the preview's figures ({@link PreviewStatus}), the message slot
 * ({@link StatusMessages}, its tooltip the history) and a background job's bar, share done, time
 * left and Cancel button. It refreshes itself 4 times a second from a scheduled task rather than an
 * FX animation, which would keep the FX pulse running.
 */
final class StatusBar {
    /** The widest the job's line is kept whole while the preview's figures give way (a long file name is still cut). */
    private static final double JOB_LINE_WIDTH = 420;
    /** The widest the renderer's line gets; its tooltip says it whole. */
    private static final double RENDERER_LINE_WIDTH = 360;

    private final ViewportPane viewport;
    private final PreviewRenderer preview;
    private final Label rendererLabel = new Label(), statsLabel = new Label(), messageLabel = new Label();
    private final ProgressBar progress = new ProgressBar();
    /** The job's share done and time left, beside its bar ({@link JobProgress}). */
    private final Label progressText = new Label();
    private JobProgress jobProgress;
    private final Button cancel = new Button("Cancel");
    private Runnable cancelAction;
    private final ToggleButton pausePreview = new ToggleButton("Pause preview");
    /** Shows the young preview denoised (on by default); off shows the accumulated, noisy picture. */
    private final CheckBox denoisePreview = new CheckBox("Denoise");
    /** What the renderer source said about its choice (no GPU, a fallback), after the renderer's name. */
    private final List<String> notices = new ArrayList<>();
    private final StatusMessages messages = new StatusMessages();
    private final Tooltip messageTip = new Tooltip();
    /** The frame on screen at the last refresh, and when the last rendered one came (a problem goes stale then). */
    private PreviewFrame lastFrameSeen;
    private long renderedFrameNanos = -1;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "drt-status");
        t.setDaemon(true);
        return t;
    });
    private final HBox node;

    StatusBar(ViewportPane viewport, PreviewRenderer preview, AccelControl accelChoice) {
        this.viewport = viewport;
        this.preview = preview;
        this.node = build(accelChoice);
    }

    HBox node() {
        return node;
    }

    /** Starts the refreshes; {@link #stop()} ends them. */
    void start() {
        timer.scheduleWithFixedDelay(() -> Platform.runLater(this::update), 250, 250, TimeUnit.MILLISECONDS);
    }

    void stop() {
        timer.shutdownNow();
    }

    /** A note from the renderer source about the renderer it chose; FX thread. */
    void notice(String text) {
        notices.add(text);
        rendererLabel.setText(rendererText());
    }

    /** Pressed while the preview is paused (the View menu's item follows it). */
    BooleanProperty pausedProperty() {
        return pausePreview.selectedProperty();
    }

    private HBox build(AccelControl accelChoice) {
        // Hidden between jobs, the job's bar, figures and Cancel take no room from the renderer's line and the message.
        for (javafx.scene.Node n : List.of(progress, progressText, cancel)) n.managedProperty().bind(n.visibleProperty());
        progress.setVisible(false);
        progress.setPrefWidth(160);
        progress.setMinWidth(60); // gives way before the Cancel beside it, which keeps its label
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.setVisible(false);
        progressText.setId("jobProgressText");
        progressText.setMinWidth(Region.USE_PREF_SIZE);
        progressText.setVisible(false);
        cancel.setId("cancelJob");
        cancel.setOnAction(e -> {
            if (cancelAction != null) cancelAction.run();
        });
        pausePreview.setId("pausePreview");
        pausePreview.setFocusTraversable(false);
        pausePreview.setMinWidth(Region.USE_PREF_SIZE); // a long message must not squeeze the button to "..."
        pausePreview.setTooltip(new Tooltip("Stop refining the preview and free the CPU (P); again to go on"));
        pausePreview.selectedProperty().addListener((o, was, on) -> {
            viewport.setPaused(on); // the button stays pressed while paused; its text stays, so nothing beside it moves
            update();
        });
        denoisePreview.setId("denoisePreview");
        denoisePreview.setSelected(true);
        denoisePreview.setFocusTraversable(false);
        denoisePreview.setMinWidth(Region.USE_PREF_SIZE);
        denoisePreview.setTooltip(new Tooltip(
                "Show the preview denoised while it has few samples (5 to " + PreviewDenoiser.DENOISE_UP_TO_SAMPLES
                        + " per pixel); off shows the noisy picture as rendered"));
        denoisePreview.selectedProperty().addListener((o, was, on) -> viewport.setDenoise(on));
        rendererLabel.setId("rendererLabel");
        statsLabel.setId("statsLabel");
        messageLabel.setId("messageLabel");
        // Every message is readable: the slot takes the room left (cut with "…" where it must be) and its
        // tooltip shows the whole line and the ones before it. The renderer's line gives way first (RendererLineLast).
        rendererLabel.setMinWidth(0);
        rendererLabel.setMaxWidth(RENDERER_LINE_WIDTH);
        Tooltip rendererTip = new Tooltip();
        rendererTip.textProperty().bind(rendererLabel.textProperty());
        rendererTip.setWrapText(true);
        rendererTip.setMaxWidth(600);
        rendererLabel.setTooltip(rendererTip);
        statsLabel.setMinWidth(Region.USE_PREF_SIZE);
        // While a job runs the figures may be cut (giveJobLineRoom): the tooltip says them whole.
        Tooltip statsTip = new Tooltip();
        statsTip.textProperty().bind(statsLabel.textProperty());
        statsLabel.setTooltip(statsTip);
        messageLabel.setMinWidth(0);
        messageLabel.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(messageLabel, Priority.ALWAYS);
        messageLabel.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        messageTip.setWrapText(true);
        messageTip.setMaxWidth(600);
        messageTip.setShowDelay(javafx.util.Duration.millis(300));
        messageLabel.setTooltip(messageTip);
        accelChoice.onChange(viewport::setAccel);
        HBox bar = new RendererLineLast(12, pausePreview, denoisePreview, accelChoice.node(), rendererLabel, statsLabel, messageLabel, progress,
                progressText, cancel);
        bar.setPadding(new Insets(3, 8, 3, 8));
        // The bar never widens the window's content: a longer status ("… spp denoised · 0% converged") made
        // the root wider than the scene, the viewport wider with it, and the preview restarted for the new
        // size, dropping back to the shorter text, and so on (the preview never got past 5 samples at 900 px).
        // What does not fit is cut at the bar's right edge instead.
        bar.setMinWidth(0);
        javafx.scene.shape.Rectangle barClip = new javafx.scene.shape.Rectangle();
        barClip.widthProperty().bind(bar.widthProperty());
        barClip.heightProperty().bind(bar.heightProperty());
        bar.setClip(barClip);
        bar.setStyle("-fx-background-color: derive(-fx-base, -8%);");
        rendererLabel.setText(rendererText());
        return bar;
    }

    /**
     * The bar's row. An HBox shrinks every child that may shrink, so at 1366 px the message was cut
     * ("exported sp…") while the renderer's line, which says the same all session and has a tooltip,
     * kept 330 px. Before each layout the renderer's line is narrowed to the room the others leave at
     * their preferred widths: a message is cut only once that line is gone.
     */
    private final class RendererLineLast extends HBox {
        RendererLineLast(double spacing, javafx.scene.Node... children) {
            super(spacing, children);
        }

        @Override
        protected void layoutChildren() {
            List<javafx.scene.Node> managed = getManagedChildren();
            double room = getWidth() - snappedLeftInset() - snappedRightInset() - getSpacing() * (managed.size() - 1);
            for (javafx.scene.Node c : managed) if (c != rendererLabel) room -= c.prefWidth(-1);
            double width = Math.max(0, Math.min(RENDERER_LINE_WIDTH, Math.floor(room)));
            if (rendererLabel.getMaxWidth() != width) rendererLabel.setMaxWidth(width);
            super.layoutChildren();
        }
    }

    /** The renderer's line: what traces the preview, and the notices about why (no GPU, …). */
    String rendererText() {
        String text = preview.description();
        if (!notices.isEmpty()) text += " — " + String.join("; ", notices);
        return text;
    }

    /** Refreshes the figures, the message and the job's time left (4 times a second, and on a pause). */
    void update() {
        showMessage();
        // The time left (or so far) moves on between the job's reports: a pass of a large still takes minutes.
        if (jobProgress != null) {
            String p = jobProgress.describe(progress.getProgress(), System.nanoTime());
            if (!p.equals(progressText.getText())) progressText.setText(p);
        }
        String r = rendererText();
        if (!r.equals(rendererLabel.getText())) rendererLabel.setText(r);
        String stats = PreviewStatus.text(viewport.shownFrame(), viewport.framesPerSecond(), viewport.previewState(),
                viewport.region() != null);
        if (!stats.equals(statsLabel.getText())) statsLabel.setText(stats);
    }

    /** The status bar's preview figures as shown now (tests). */
    String previewStatusText() {
        return statsLabel.getText();
    }

    /** The message the status bar shows now. */
    String statusMessage() {
        return messageLabel.getText();
    }

    /** Shows a one-line note in the status bar (it goes after a while; the tooltip keeps it). */
    void message(String text) {
        if (Boolean.getBoolean("drt.studio.echo")) System.err.println("studio: " + Excerpt.message(text));
        messages.show(text, StatusMessages.Kind.NOTE, System.nanoTime());
        showMessage();
    }

    /**
     * A problem the preview met: shown until a rendered frame follows it. (An empty scene is not
     * reported as one: the viewport shows its background and how to add something, {@link ViewportNotice}.)
     */
    void previewProblem(String text) {
        if (Boolean.getBoolean("drt.studio.echo")) System.err.println("studio: " + Excerpt.message(text));
        messages.show(text, StatusMessages.Kind.PREVIEW_PROBLEM, System.nanoTime());
        showMessage();
    }

    private void showMessage() {
        PreviewFrame f = viewport.shownFrame();
        if (f != lastFrameSeen) {
            lastFrameSeen = f;
            if (f != null && f.samples() > 0) renderedFrameNanos = System.nanoTime();
        }
        String text = messages.current(System.nanoTime(), renderedFrameNanos);
        if (!text.equals(messageLabel.getText())) messageLabel.setText(text);
        List<String> history = new ArrayList<>(messages.history());
        java.util.Collections.reverse(history); // newest first
        String tip = history.isEmpty() ? "No messages yet" : String.join("\n", history);
        if (!tip.equals(messageTip.getText())) messageTip.setText(tip);
    }

    /** Shows a background job's progress (0..1, or negative for unknown) with a Cancel button when it can be cancelled. */
    void jobStarted(String text, Runnable onCancel) {
        messages.show(text, StatusMessages.Kind.JOB, System.nanoTime());
        showMessage();
        giveJobLineRoom(true);
        progress.setProgress(-1);
        progress.setVisible(true);
        jobProgress = new JobProgress(System.nanoTime());
        progressText.setText("");
        progressText.setVisible(true);
        cancelAction = onCancel;
        cancel.setVisible(onCancel != null);
    }

    void jobProgress(double fraction) {
        progress.setProgress(fraction);
        if (jobProgress != null) progressText.setText(jobProgress.describe(fraction, System.nanoTime()));
    }

    /** The job's share done and time left as the status bar shows it ("" when none runs). */
    String jobProgressText() {
        return progressText.isVisible() ? progressText.getText() : "";
    }

    void jobFinished(String text) {
        giveJobLineRoom(false);
        message(text);
        progress.setVisible(false);
        progressText.setVisible(false);
        jobProgress = null;
        cancel.setVisible(false);
        cancelAction = null;
    }

    /**
     * While an import or export runs, its line ("importing NAME (27.6 MB)…") is what the user needs
     * to read, so the preview's figures give way to it instead of the other way round: in the default
     * window on a 1366x768 screen the bar showed "… · paused while importing" and "i…" (issue 39,
     * item 6). Afterwards the figures keep their room again and messages take what is left.
     */
    private void giveJobLineRoom(boolean job) {
        statsLabel.setMinWidth(job ? 0 : Region.USE_PREF_SIZE);
        messageLabel.setMinWidth(job ? Math.min(JOB_LINE_WIDTH, messageLabel.prefWidth(-1)) : 0);
    }

    boolean jobRunning() {
        return progress.isVisible();
    }
}
