package org.drtstudio.studio.viewport;

import javafx.geometry.Point2D;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import org.drtstudio.math.Vec3;
import org.drtstudio.scene.Camera;
import org.drtstudio.scene.authored.AuthoredNode;
import org.drtstudio.scene.authored.GroupNode;
import org.drtstudio.scene.authored.SceneModel;
import org.drtstudio.scene.edit.SetCamera;
import org.drtstudio.studio.edit.EditorSession;
import org.drtstudio.studio.edit.NodeGeometry;
import org.drtstudio.studio.edit.TransformEdits;
import org.drtstudio.studio.measure.FxHeartbeat;
import org.drtstudio.studio.preview.PreviewFrame;
import org.drtstudio.studio.preview.PreviewRegion;
import org.drtstudio.studio.preview.PreviewRenderer;
import org.drtstudio.studio.preview.PreviewRequest;
import org.drtstudio.studio.preview.RenderFrame;


/**
 * The live preview: the {@link FrameScreen}, which each FX pulse gives the newest finished pass
 * (older ones were already dropped by the render loop), plus a canvas on top with the gizmo. Mouse: left-drag orbits, middle- or
 * shift-drag pans, wheel zooms, right-drag looks around (and WASD/QE fly while it is held or the
 * viewport has focus), a click selects, Ctrl+click sets the focus distance, dragging a gizmo
 * handle moves, rotates or scales the selected node.
 */
public final class ViewportPane extends Pane {
    /** A sample target that overrides the document's (tests), or 0 to follow the document's render settings. */
    private int targetOverride;

    private final EditorSession session;
    private final PreviewRenderer preview;
    /** The preview's frames on screen, the render region's over the frozen view around it. */
    private final FrameScreen screen = new FrameScreen(widthProperty(), heightProperty());
    private final OverlayPen overlay = new OverlayPen();
    /** Says why the picture is empty, when it is (see {@link ViewportNotice}). */
    public final javafx.scene.control.Label notice = new javafx.scene.control.Label();
    private final ViewportNotice noticeCheck = new ViewportNotice();
    private final PulseTimer timer = new PulseTimer(this::pulse);
    private PreviewRegion region;
    /** Corners of a render region being dragged (Ctrl+Shift+drag), or null. */
    private int sentWidth, sentHeight;
    private long requestRevision;
    private boolean overlayDirty = true;
    private boolean fullResolution;

    private Gizmo.Mode gizmoMode = Gizmo.Mode.MOVE;
    private final PointerPress press = new PointerPress();
    private final WheelZoom wheel;
    private final FlyKeys fly = new FlyKeys();

    public ViewportPane(EditorSession session, PreviewRenderer preview) {
        this.session = session;
        this.wheel = new WheelZoom(session, this::commitQuietly);
        this.preview = preview;
        setMinSize(64, 36);
        setPrefSize(640, 360);
        setFocusTraversable(true);
        setId("viewport");
        overlay.node().setId("viewportOverlay");
        getChildren().addAll(screen.nodes());
        getChildren().addAll(overlay.node(), notice);
        notice.setId("viewportNotice");
        notice.setMouseTransparent(true);
        notice.setWrapText(true);
        notice.setVisible(false);
        notice.setStyle("-fx-text-fill: white; -fx-background-color: rgba(0,0,0,0.55); -fx-padding: 8 12; -fx-background-radius: 4;");
        notice.maxWidthProperty().bind(widthProperty().multiply(0.8));
        session.addListener(this::updateNotice);
        setStyle("-fx-background-color: #202228;");
        // A new size is a new projection: the gizmo is drawn again for it (it vanished or stayed where
        // it was, ~90 px from its model, until the next selection: issue 39, item 4).
        widthProperty().addListener((o, a, b) -> {
            requestPreview();
            updateNotice();
            markOverlayDirty();
        });
        heightProperty().addListener((o, a, b) -> {
            requestPreview();
            updateNotice();
            markOverlayDirty();
        });
        session.addViewListener(() -> {
            requestPreview();
            markOverlayDirty();
        });
        addEventHandler(MouseEvent.MOUSE_PRESSED, this::pressed);
        addEventHandler(MouseEvent.MOUSE_DRAGGED, this::dragged);
        addEventHandler(MouseEvent.MOUSE_RELEASED, this::released);
        addEventHandler(ScrollEvent.SCROLL, this::scrolled);
        addEventHandler(KeyEvent.KEY_PRESSED, this::keyPressed);
        addEventHandler(KeyEvent.KEY_RELEASED, this::keyReleased);
        // The pulse timer runs only while frames arrive or something moves; a finished or paused
        // preview leaves the FX thread asleep.
        preview.onFrame(this::wake);
        wake();
    }

    /** Starts the pulse timer if it sleeps. Any thread. */
    public void wake() {
        timer.wake();
    }

    /** Whether the pulse timer runs (tests: it stops once the preview is finished). */
    public boolean pulsing() {
        return timer.running();
    }

/** Shows or hides the notice after a document change (not on drag steps: a drag shows what it moves). */
    private void updateNotice() {
        String text = getWidth() < 1 || getHeight() < 1 ? null
                : noticeCheck.check(session.document.model(), session.shownModel(), session.time(), projection());
        notice.setVisible(text != null);
        if (text != null && !text.equals(notice.getText())) notice.setText(text);
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        overlay.node().resizeRelocate(0, 0, getWidth(), getHeight());
        notice.autosize();
        notice.relocate(Math.round((getWidth() - notice.getWidth()) / 2), Math.round((getHeight() - notice.getHeight()) / 2));
    }

    // ---- preview in and out ----

    /** Sends the current view to the render loop; cheap, called on every change. */
    void requestPreview() {
        int w = (int) Math.round(getWidth()), h = (int) Math.round(getHeight());
        if (w < 1 || h < 1) return;
        if (region != null && (w != sentWidth || h != sentHeight) && sentWidth > 0) {
            region = region.rescaled(sentWidth, sentHeight, w, h);
            if (region == null) screen.hideRegion();
        }
        sentWidth = w;
        sentHeight = h;
        SceneModel shown = session.shownModel();
        preview.show(new PreviewRequest(shown, session.takeShownChanges(), session.time(), session.motionBlur(), session.filter(),
                w, h, region, targetSamples(shown), fullResolution, ++requestRevision, System.nanoTime(), renderFrame().widening()));
        wake();
    }

    /** The sample target: the document's render setting unless a test overrides it. */
    private int targetSamples(SceneModel shown) {
        return targetOverride > 0 ? targetOverride : shown.settings().previewSamples();
    }

    private void pulse(long now) {
        long t0 = System.nanoTime();
        boolean busy = false;
        if (fly.flying()) {
            session.preview(new SetCamera(fly.step(now)));
            busy = true;
        }
        if (paceScreen && screenChanged) {
            screenChanged = false; // the render thread may still be painting the last change
            busy |= overlayDirty || preview.hasFrame();
        } else {
            boolean changed = false;
            PreviewFrame f = preview.takeFrame();
            if (f != null) {
                present(f);
                changed = true;
                if (!whenShown.isEmpty()) runWhenShown(f);
            }
            if (overlayDirty) {
                drawOverlay();
                changed = true;
            }
            screenChanged = changed;
            busy |= changed;
        }
        if (heartbeat != null) heartbeat.handlerRan(System.nanoTime() - t0);
        // A frame published between takeFrame and here found the timer running and did not wake it.
        if (timer.pulsed(busy) && preview.hasFrame()) wake();
    }

    private FxHeartbeat heartbeat;

    /**
     * With JavaFX's software pipeline (no 3D: no GPU behind it), the screen changes at most every
     * other pulse. That pipeline's render thread took about 20 ms to paint a maximised viewport's
     * frame, longer than a pulse, and a pulse that changes the scene first waits for the last
     * painting to finish: with a new frame or gizmo at every pulse the FX thread waited at nearly
     * every one (2-core machine, docs/STUDIO.md). A GPU pipeline paints in time and is not paced.
     */
    private final boolean paceScreen = !javafx.application.Platform.isSupported(javafx.application.ConditionalFeature.SCENE3D);
    /** Whether the last pulse changed the screen (a frame or the overlay); FX thread only. */
    private boolean screenChanged;

    /** Reports the time of each pulse's work to {@code monitor}. */
    public void monitor(FxHeartbeat monitor) {
        heartbeat = monitor;
    }

    private void present(PreviewFrame f) {
        if (f.region() == null) {
            screen.show(f, (int) Math.ceil(getWidth()), (int) Math.ceil(getHeight()));
            return;
        }
        if (region == null || !region.equals(f.region())) return; // the region changed since: a newer frame follows
        // Viewport pixels may differ from the size the region was set in only until the next request.
        screen.showRegion(f, getWidth() / Math.max(1, sentWidth), getHeight() / Math.max(1, sentHeight));
    }

    /** The render region, or null when the whole view is refined. */
    public PreviewRegion region() {
        return region;
    }

    /** Refines only {@code r} (null: the whole view again). */
    public void setRegion(PreviewRegion r) {
        region = r;
        if (r == null) screen.hideRegion();
        overlayDirty = true;
        requestPreview();
    }

    /** The image on screen (its pixels are the preview's, without the gizmo). */
    public WritableImage image() {
        return screen.image();
    }

    /** The last frame put on screen, or null before the first. */
    public PreviewFrame shownFrame() {
        return screen.shownFrame();
    }

    /** Actions waiting for a frame newer than a request revision to be shown (FX thread only). */
    private final java.util.List<java.util.Map.Entry<Long, Runnable>> whenShown = new java.util.ArrayList<>();

    /** Runs {@code action} once, on the FX thread, when a frame of a request newer than {@code revision} is shown. */
    public void whenShownAfter(long revision, Runnable action) {
        whenShown.add(java.util.Map.entry(revision, action));
    }

    private void runWhenShown(PreviewFrame f) {
        for (var it = whenShown.iterator(); it.hasNext(); ) {
            var e = it.next();
            if (f.revision() > e.getKey()) {
                it.remove();
                e.getValue().run();
            }
        }
    }

    /** The renderer's timings of its newest geometry image (see {@link PreviewRenderer.PackTimings}). */
    public PreviewRenderer.PackTimings packTimings() {
        return preview.packTimings();
    }

    /** Milliseconds the preview's last refinement of a coarse hierarchy took; 0 before any. */
    public double refineMillis() {
        return preview.refineMillis();
    }

    /** The newest request's revision; a shown frame with this revision shows the current state. */
    public long requestRevision() {
        return requestRevision;
    }

    public double framesPerSecond() {
        return screen.framesPerSecond();
    }

    /** Time from the request behind the last shown frame to its presentation. */
    long lastLatencyNanos() {
        return screen.lastLatencyNanos();
    }

    /** Refine at full resolution even when that gives fewer than 10 frames a second. */
    public void setFullResolution(boolean on) {
        fullResolution = on;
        requestPreview();
    }

    /** Samples per pixel the preview stops at (tests use a few, to compare finished images). */
    public void setTargetSamples(int samples) {
        targetOverride = samples;
        requestPreview();
    }

    /** Whether young views are shown denoised (the status bar's Denoise toggle). */
    public boolean denoise() {
        return preview.denoise();
    }

    /** Shows young views denoised (true, the default) or as accumulated; the samples gathered so far are kept. */
    public void setDenoise(boolean on) {
        preview.setDenoise(on);
        wake();
    }

    /** Walks {@code accel} in the preview's tracer; the view starts again (same picture, another speed). */
    public void setAccel(org.drtstudio.accel.AccelStructure accel) {
        preview.setAccel(accel);
        requestPreview();
    }

    /** Pauses (true) or resumes the preview; the samples gathered so far are kept. */
    public void setPaused(boolean on) {
        preview.setPaused(on);
        wake();
    }

    public boolean paused() {
        return preview.paused();
    }

    /** The render loop behind this viewport (tests read its pass counter and whether it sleeps). */
    public PreviewRenderer renderer() {
        return preview;
    }

    public PreviewRenderer.State previewState() {
        return preview.state();
    }

    Gizmo.Mode gizmoMode() {
        return gizmoMode;
    }

    public void setGizmoMode(Gizmo.Mode mode) {
        gizmoMode = mode;
        markOverlayDirty();
    }

    private void markOverlayDirty() {
        overlayDirty = true;
        wake();
    }

    public void stop() {
        timer.halt();
        preview.onFrame(() -> { });
    }

    // ---- geometry helpers ----

    /** The view through the camera, widened where needed so the export's frame fits ({@link RenderFrame}). */
    public ViewProjection projection() {
        SceneModel m = session.shownModel();
        return ViewProjection.of(renderFrame().widen(m.cameraAt(session.time())), getWidth(), getHeight());
    }

    private boolean showRenderFrame = true;

    /** What an export of the project frames, in viewport pixels (the whole viewport with the frame turned off). */
    public RenderFrame renderFrame() {
        if (!showRenderFrame) return RenderFrame.none(getWidth(), getHeight());
        var s = session.shownModel().settings();
        return RenderFrame.of(getWidth(), getHeight(), s.width(), s.height());
    }

    /** Shows the export's frame (on by default) or the camera's view at the viewport's shape. */
    public void setShowRenderFrame(boolean on) {
        if (on == showRenderFrame) return;
        showRenderFrame = on;
        requestPreview();
        updateNotice();
        markOverlayDirty();
    }

    public boolean showsRenderFrame() {
        return showRenderFrame;
    }

    /** The selected node when it is a transform group (what the gizmo acts on), else null. */
    GroupNode selectedGroup() {
        int id = session.selected();
        if (id < 0) return null;
        AuthoredNode n = session.shownModel().node(id).orElse(null);
        return n instanceof GroupNode g && g.id() != session.shownModel().root().id() ? g : null;
    }

    /** Viewport point of the selected group's gizmo centre, or null. */
    public Point2D gizmoCenter() {
        GroupNode g = selectedGroup();
        if (g == null) return null;
        double[] p = projection().project(NodeGeometry.pivotWorld(session.shownModel(), g, session.time()));
        return p == null ? null : new Point2D(p[0], p[1]);
    }

    /** Viewport point of the end of axis handle {@code h} of the selected group, or null. */
    public Point2D gizmoAxisEnd(Gizmo.Handle h) {
        GroupNode g = selectedGroup();
        if (g == null) return null;
        double[] p = Gizmo.axisEnd(projection(), NodeGeometry.pivotWorld(session.shownModel(), g, session.time()), h);
        return p == null ? null : new Point2D(p[0], p[1]);
    }

    private void drawOverlay() {
        overlayDirty = false;
        overlay.clear();
        drawOverlay(overlay);
        overlay.show();
    }

    private void drawOverlay(OverlayPen gc) {
        drawPassepartout(gc);
        drawRegion(gc);
        ViewProjection v = projection();
        drawLights(gc, v);
        FocusPlane.draw(gc, shownCamera(), v, frameAspect(), session.cameraSelected());
        int light = selectedLightIndex();
        if (light >= 0) {
            drawGizmo(gc, v, session.shownModel().lights().get(light).position(), Gizmo.Mode.MOVE);
            return;
        }
        GroupNode g = selectedGroup();
        if (g == null) return;
        drawGizmo(gc, v, NodeGeometry.pivotWorld(session.shownModel(), g, session.time()), gizmoMode);
    }

    /** The move, rotate or scale handles around {@code pivot}. */
    private static void drawGizmo(OverlayPen gc, ViewProjection v, Vec3 pivot, Gizmo.Mode gizmoMode) {
        double[] c = v.project(pivot);
        if (c == null) return;
        Color[] colors = {Color.web("#ff4040"), Color.web("#40e040"), Color.web("#4080ff")};
        Gizmo.Handle[] axes = {Gizmo.Handle.X, Gizmo.Handle.Y, Gizmo.Handle.Z};
        if (gizmoMode == Gizmo.Mode.MOVE) {
            Gizmo.Handle[] planes = {Gizmo.Handle.YZ, Gizmo.Handle.ZX, Gizmo.Handle.XY};
            for (int i = 0; i < 3; i++) {
                double[][] q = Gizmo.planeCorners(v, pivot, planes[i]);
                if (q == null) continue;
                gc.setFill(colors[i].deriveColor(0, 1, 1, 0.35));
                gc.fillPolygon(new double[]{q[0][0], q[1][0], q[2][0], q[3][0]}, new double[]{q[0][1], q[1][1], q[2][1], q[3][1]}, 4);
            }
        }
        gc.setLineWidth(3);
        for (int i = 0; i < 3; i++) {
            double[] e = Gizmo.axisEnd(v, pivot, axes[i]);
            if (e == null) continue;
            gc.setStroke(colors[i]);
            gc.strokeLine(c[0], c[1], e[0], e[1]);
            gc.setFill(colors[i]);
            if (gizmoMode == Gizmo.Mode.ROTATE) gc.strokeOval(e[0] - 6, e[1] - 6, 12, 12);
            else if (gizmoMode == Gizmo.Mode.SCALE) gc.fillRect(e[0] - 5, e[1] - 5, 10, 10);
            else gc.fillOval(e[0] - 5, e[1] - 5, 10, 10);
        }
        gc.setFill(Color.WHITE);
        gc.fillOval(c[0] - 5, c[1] - 5, 10, 10);
    }

    /** The camera as shown at the current time (a live lens edit included). */
    private Camera shownCamera() {
        return session.shownModel().cameraAt(session.time());
    }

    /** Width over height of the export's frame: the focus plane's shape. */
    private double frameAspect() {
        var s = session.shownModel().settings();
        return (double) s.width() / Math.max(1, s.height());
    }

    /** Whether viewport point (x, y) is on the focus plane's outline (shown only while the lens is open). */
    public boolean onFocusPlane(double x, double y) {
        return FocusPlane.hit(shownCamera(), projection(), frameAspect(), x, y);
    }

    /** The focus plane's rectangle {centre x, centre y, half width, half height} in viewport pixels. */
    public double[] focusPlaneRectangle() {
        return FocusPlane.rectangle(shownCamera(), projection(), frameAspect());
    }

    /** Pixels from a light's icon within which a click selects the light. */
    static final double LIGHT_PICK_PIXELS = 10;

    /** The selected light's index while it exists in the shown model, else -1. */
    private int selectedLightIndex() {
        int i = session.selectedLight();
        return i >= 0 && i < session.shownModel().lights().size() ? i : -1;
    }

    /** Viewport point of light {@code index}'s icon, or null when it is behind the eye or does not exist. */
    public Point2D lightPoint(int index) {
        var lights = session.shownModel().lights();
        if (index < 0 || index >= lights.size()) return null;
        double[] p = projection().project(lights.get(index).position());
        return p == null ? null : new Point2D(p[0], p[1]);
    }

    /** The light whose icon is nearest (x, y) within {@link #LIGHT_PICK_PIXELS}, or -1. */
    int lightAt(double x, double y) {
        int best = -1;
        double bestDistance = LIGHT_PICK_PIXELS;
        for (int i = 0; i < session.shownModel().lights().size(); i++) {
            Point2D p = lightPoint(i);
            if (p != null && p.distance(x, y) <= bestDistance) {
                best = i;
                bestDistance = p.distance(x, y);
            }
        }
        return best;
    }

    /**
     * Each light as an icon where it is (a sun: a disc with rays), a spherical light's sphere as a
     * circle of its size, a rectangle's outline; the selected one in orange. Lights were not drawn at
     * all, so their positions could only be typed (issue 39, item 9).
     */
    private void drawLights(OverlayPen gc, ViewProjection v) {
        var lights = session.shownModel().lights();
        int selectedLight = selectedLightIndex();
        for (int i = 0; i < lights.size(); i++) {
            org.drtstudio.scene.Light l = lights.get(i);
            double[] c = v.project(l.position());
            if (c == null) continue;
            Color colour = i == selectedLight ? Color.web("#ff9a20") : Color.web("#ffe060");
            gc.setStroke(Color.rgb(0, 0, 0, 0.8));
            gc.setLineWidth(3);
            drawSun(gc, c, Color.rgb(0, 0, 0, 0.8));
            gc.setLineWidth(1.5);
            drawSun(gc, c, colour);
            gc.setStroke(colour);
            gc.setLineWidth(1);
            if (l instanceof org.drtstudio.scene.SphereLight s) {
                double r = s.radius() / v.unitsPerPixel(v.depth(l.position()));
                if (r > 7) gc.strokeOval(c[0] - r, c[1] - r, 2 * r, 2 * r);
            } else if (l instanceof org.drtstudio.scene.RectLight r) {
                Vec3 hu = r.edgeU().times(0.5f), hv = r.edgeV().times(0.5f);
                Vec3[] corners = {r.position().minus(hu).minus(hv), r.position().plus(hu).minus(hv), r.position().plus(hu).plus(hv),
                        r.position().minus(hu).plus(hv)};
                double[] xs = new double[4], ys = new double[4];
                boolean all = true;
                for (int k = 0; k < 4; k++) {
                    double[] q = v.project(corners[k]);
                    if (q == null) all = false;
                    else {
                        xs[k] = q[0];
                        ys[k] = q[1];
                    }
                }
                if (all) gc.strokePolygon(xs, ys, 4);
            }
        }
    }

    private static void drawSun(OverlayPen gc, double[] c, Color colour) {
        gc.setStroke(colour);
        gc.strokeOval(c[0] - 5, c[1] - 5, 10, 10);
        for (int k = 0; k < 8; k++) {
            double a = k * Math.PI / 4, cos = Math.cos(a), sin = Math.sin(a);
            gc.strokeLine(c[0] + 7 * cos, c[1] + 7 * sin, c[0] + 11 * cos, c[1] + 11 * sin);
        }
        gc.setFill(colour);
        gc.fillOval(c[0] - 3, c[1] - 3, 6, 6);
    }

    /** Darkens what no export shows and outlines the export's frame. */
    private void drawPassepartout(OverlayPen gc) {
        if (!showRenderFrame) return;
        RenderFrame f = renderFrame();
        double w = getWidth(), h = getHeight();
        gc.setFill(Color.rgb(0, 0, 0, PASSEPARTOUT_ALPHA));
        gc.fillRect(0, 0, w, f.y());
        gc.fillRect(0, f.y() + f.height(), w, h - f.y() - f.height());
        gc.fillRect(0, f.y(), f.x(), f.height());
        gc.fillRect(f.x() + f.width(), f.y(), w - f.x() - f.width(), f.height());
        gc.setLineWidth(1);
        gc.setStroke(Color.rgb(255, 255, 255, 0.6));
        gc.strokeRect(Math.round(f.x()) + 0.5, Math.round(f.y()) + 0.5, Math.max(0, Math.round(f.width()) - 1), Math.max(0, Math.round(f.height()) - 1));
    }

    /** How much of the picture outside the export's frame shows through (Blender's passepartout). */
    static final double PASSEPARTOUT_ALPHA = 0.5;

    /** The render region's outline (dashed), or the one being dragged. */
    private void drawRegion(OverlayPen gc) {
        double x, y, w, h;
        if (press.regionStart != null && press.regionEnd != null) {
            x = Math.min(press.regionStart.getX(), press.regionEnd.getX());
            y = Math.min(press.regionStart.getY(), press.regionEnd.getY());
            w = Math.abs(press.regionEnd.getX() - press.regionStart.getX());
            h = Math.abs(press.regionEnd.getY() - press.regionStart.getY());
        } else if (region != null) {
            double kx = getWidth() / Math.max(1, sentWidth), ky = getHeight() / Math.max(1, sentHeight);
            x = region.x() * kx;
            y = region.y() * ky;
            w = region.width() * kx;
            h = region.height() * ky;
        } else {
            return;
        }
        gc.setLineWidth(1);
        gc.setLineDashes(6, 4);
        gc.setStroke(Color.web("#ffcc33"));
        gc.strokeRect(x + 0.5, y + 0.5, w, h);
        gc.setLineDashes((double[]) null);
    }

    // ---- mouse ----

    private void pressed(MouseEvent e) {
        endWheelGesture();
        requestFocus();
        press.start(e.getX(), e.getY(), e.getButton());
        if (e.getButton() == MouseButton.PRIMARY && e.isControlDown() && e.isShiftDown()) {
            // Ctrl+Shift+drag draws a render region; a Ctrl+Shift+click clears it.
            press.regionStart = new Point2D(e.getX(), e.getY());
            press.regionEnd = press.regionStart;
            e.consume();
            return;
        }
        if (e.getButton() == MouseButton.PRIMARY && session.cameraSelected() && !e.isShiftDown() && !e.isControlDown() && !e.isAltDown()
                && onFocusPlane(e.getX(), e.getY())) {
            // The selected focus plane's outline: a drag moves the plane nearer or farther.
            press.focusStart = session.document.model().camera();
            press.focusView = projection();
            e.consume();
            return;
        }
        int light = selectedLightIndex();
        if (e.getButton() == MouseButton.PRIMARY && light >= 0 && !e.isShiftDown() && !e.isControlDown() && !e.isAltDown()) {
            // The selected light's move handles: a drag moves the light, like a model's.
            ViewProjection v = projection();
            Vec3 at = session.shownModel().lights().get(light).position();
            Gizmo.Handle h = Gizmo.hit(v, at, Gizmo.Mode.MOVE, e.getX(), e.getY());
            if (h != null) {
                press.lightDrag = new Gizmo.Drag(null, Gizmo.Mode.MOVE, h, org.drtstudio.scene.authored.Trs.translation(at), at, new org.joml.Matrix4f(),
                        v, e.getX(), e.getY());
                press.lightIndex = light;
                e.consume();
                return;
            }
        }
        GroupNode g = selectedGroup();
        // Shift pans and Ctrl/Alt+click focuses, even over a gizmo handle.
        if (e.getButton() == MouseButton.PRIMARY && g != null && !e.isShiftDown() && !e.isControlDown() && !e.isAltDown()) {
            ViewProjection v = projection();
            Vec3 pivot = NodeGeometry.pivotWorld(session.shownModel(), g, session.time());
            Gizmo.Handle h = Gizmo.hit(v, pivot, gizmoMode, e.getX(), e.getY());
            if (h != null) {
                press.gizmoDrag = new Gizmo.Drag(g, gizmoMode, h, g.transformAt(session.time()), pivot,
                        NodeGeometry.parentWorld(session.shownModel(), g.id(), session.time()), v, e.getX(), e.getY());
                e.consume();
                return;
            }
        }
        press.navStart = session.document.model().camera();
        press.panning = e.getButton() == MouseButton.MIDDLE || (e.getButton() == MouseButton.PRIMARY && e.isShiftDown());
        e.consume();
    }

    /** The camera when a drag of the focus plane began, or null; the view it began in. */

    /** The focus plane dragged to where the cursor at (x, y) puts its outline: a lens edit (undo says "Set focus distance"). */
    private SetCamera focusMovedTo(double x, double y) {
        float d = FocusPlane.dragged(press.focusStart, press.focusView, frameAspect(), press.x, press.y, x, y);
        return new SetCamera(press.focusStart.withLens(press.focusStart.aperture(), d));
    }

    /** A drag of the selected light's handles in progress, or null. */

    /** The dragged light moved to where the cursor at (x, y) puts it. */
    private org.drtstudio.scene.edit.Edit lightMovedTo(double x, double y) {
        org.drtstudio.scene.Light l = session.document.model().lights().get(press.lightIndex);
        return new org.drtstudio.scene.edit.SetLight(press.lightIndex, l.at(Gizmo.drag(press.lightDrag, x, y).translation()));
    }

    private void dragged(MouseEvent e) {
        press.track(e.getX(), e.getY());
        if (press.regionStart != null) {
            press.regionEnd = new Point2D(e.getX(), e.getY());
            markOverlayDirty();
        } else if (press.focusStart != null) {
            session.preview(focusMovedTo(e.getX(), e.getY()));
        } else if (press.lightDrag != null) {
            session.preview(lightMovedTo(e.getX(), e.getY()));
        } else if (press.gizmoDrag != null) {
            session.preview(TransformEdits.set(press.gizmoDrag.node(), Gizmo.drag(press.gizmoDrag, e.getX(), e.getY()), session.time()));
        } else if (press.navStart != null && press.moved) {
            double dx = e.getX() - press.x, dy = e.getY() - press.y;
            Camera c;
            // The view may be wider than the camera's own (the export's frame): a pixel spans more of the scene.
            if (press.panning) c = CameraNavigator.pan(press.navStart, dx, dy, getHeight() / renderFrame().widening());
            else if (press.button == MouseButton.SECONDARY) c = CameraNavigator.look(press.navStart, dx, dy);
            else c = CameraNavigator.orbit(press.navStart, dx, dy);
            session.preview(new SetCamera(c));
        }
        e.consume();
    }

    private void released(MouseEvent e) {
        if (press.regionStart != null) {
            PreviewRegion r = press.moved ? PreviewRegion.spanning(press.regionStart.getX(), press.regionStart.getY(), e.getX(), e.getY(),
                    (int) Math.round(getWidth()), (int) Math.round(getHeight())) : null;
            press.regionStart = press.regionEnd = null;
            setRegion(r);
        } else if (press.focusStart != null) {
            SetCamera focused = focusMovedTo(e.getX(), e.getY());
            press.focusStart = null;
            if (press.moved) commitQuietly(focused);
            else session.cancelPreview();
        } else if (press.lightDrag != null) {
            org.drtstudio.scene.edit.Edit lightMoved = lightMovedTo(e.getX(), e.getY());
            press.lightDrag = null;
            if (press.moved) commitQuietly(lightMoved);
            else session.cancelPreview();
        } else if (press.gizmoDrag != null) {
            var trs = Gizmo.drag(press.gizmoDrag, e.getX(), e.getY());
            GroupNode node = press.gizmoDrag.node();
            press.gizmoDrag = null;
            if (press.moved) commitQuietly(TransformEdits.set(node, trs, session.time()));
            else session.cancelPreview();
        } else if (press.navStart != null) {
            if (press.moved) {
                commitQuietly(new SetCamera(session.shownModel().camera()));
            } else if (e.getButton() == MouseButton.PRIMARY) {
                if (e.isControlDown() || e.isAltDown()) focusAt(e.getX(), e.getY());
                else selectAt(e.getX(), e.getY());
            }
            press.navStart = null;
        }
        e.consume();
    }

    /** A wheel notch zooms; notches close together are one gesture ({@link WheelZoom}). */
    private void scrolled(ScrollEvent e) {
        if (e.getDeltaY() == 0) return;
        wheel.notch(e.getDeltaY());
        e.consume();
    }

    /** Records a wheel gesture in progress as one step. */
    void endWheelGesture() {
        wheel.end();
    }

    /**
     * Selects the light whose icon is at viewport point (x, y), else the camera when the point is on
     * its focus plane's outline, else the node under it, or clears the selection over empty space.
     */
    void selectAt(double x, double y) {
        int light = lightAt(x, y);
        if (light >= 0) {
            session.selectLight(light);
            return;
        }
        if (onFocusPlane(x, y)) {
            session.selectCamera();
            return;
        }
        ViewProjection v = projection();
        ScenePicker.Hit hit = ScenePicker.pick(session.shownModel(), session.time(), v.eye(), v.ray(x, y));
        session.select(hit == null ? -1 : hit.nodeId());
    }

    /** Sets the camera's focus distance to the depth of the surface under (x, y). */
    void focusAt(double x, double y) {
        ViewProjection v = projection();
        ScenePicker.Hit hit = ScenePicker.pick(session.shownModel(), session.time(), v.eye(), v.ray(x, y));
        if (hit == null) return;
        Camera c = session.document.model().camera();
        float depth = (float) hit.point().minus(c.eye()).dot(v.forward());
        commitQuietly(new SetCamera(new Camera(c.eye(), c.look(), c.up(), c.fovY(), c.aperture(), depth)));
    }

    // ---- keys: fly ----

    private void keyPressed(KeyEvent e) {
        // WASD flies while the right button is held (mouse look), as in common 3D tools; S alone is scale mode.
        if (FlyKeys.flies(e.getCode()) && mouseLookActive()) {
            fly.press(e.getCode(), session.shownModel().camera(), System.nanoTime());
            wake();
            e.consume();
        }
    }

    /** Whether the right button is held for mouse look, when WASD/QE fly instead of being shortcuts. */
    public boolean mouseLookActive() {
        return press.button == MouseButton.SECONDARY && press.navStart != null;
    }

    private void keyReleased(KeyEvent e) {
        Camera end = fly.release(e.getCode());
        if (end != null) {
            commitQuietly(new SetCamera(end));
            if (press.navStart != null) press.navStart = session.document.model().camera();
            e.consume();
        }
    }

    private void commitQuietly(org.drtstudio.scene.edit.Edit edit) {
        try {
            session.commit(edit);
        } catch (IllegalArgumentException ex) {
            session.cancelPreview();
        }
    }

    /** Frames per second of frames put on screen, over the last second. */
    static final class FrameRate {
        private final long[] times = new long[256];
        private int count, next;

        void frame(long now) {
            times[next] = now;
            next = (next + 1) % times.length;
            count = Math.min(count + 1, times.length);
        }

        double perSecond(long now) {
            int n = 0;
            for (int i = 0; i < count; i++) if (now - times[i] <= 1_000_000_000L) n++;
            return n;
        }
    }
}
