package org.drtstudio.render.gl;

import org.drtstudio.accel.AccelStructure;
import org.drtstudio.accel.GeometryImage;
import org.drtstudio.render.AccelChoice;
import org.drtstudio.render.AdaptiveSampling;
import org.drtstudio.render.Aov;
import org.drtstudio.render.multigpu.BandBalance;
import org.drtstudio.render.adaptive.ConvergenceMask;
import org.drtstudio.render.DenoiseInput;
import org.drtstudio.render.Denoiser;
import org.drtstudio.render.Frame;
import org.drtstudio.render.multigpu.FrameMosaic;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.render.ProgressListener;
import org.drtstudio.render.RenderException;
import org.drtstudio.render.Renderer;
import org.drtstudio.render.multigpu.TileQueue;
import org.drtstudio.render.TraceParameters;
import org.drtstudio.render.TracerOptions;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

/**
 * The GPU tracer on several GPUs at once: one {@link GlRenderer} (context, GL thread, scene
 * textures) per device, each frame cut into tiles and the tiles put together on the CPU
 * ({@link FrameMosaic}). By default ({@link #DEFAULT_TILING}) a frame's first pass gives each device
 * one band of rows of its own, whose edges {@link BandBalance} moves after every whole-frame pass;
 * with {@code drt.multiGpuTiling} set to more bands or square tiles, and for a window of a frame (a
 * farm's tile), the devices take tiles from one shared {@link TileQueue}, so a GPU that finishes
 * early takes more. Every tile is traced with the whole frame's camera and per-pixel seeds, so
 * the image is the one-GPU image bit for bit (on GPUs of one model and driver).
 *
 * <p>Each device uploads the scene on its first render and keeps it, bringing it up to date as one
 * GPU does (an edit of transforms only re-uploads the top level). Progressive passes after the first
 * trace on each device the tiles it took in the first, adding to its own sums; adaptive sampling's
 * convergence test, which reads pixels across tile edges, runs on the CPU over the assembled sums
 * ({@link #converge}). Denoising runs on the first GPU, over the assembled frame.
 */
public final class MultiGpuRenderer implements AccelChoice, org.drtstudio.render.sampling.ShadowLightsChoice, Renderer, org.drtstudio.render.multigpu.DeviceTimes {
    /**
     * The default tiling: one band of whole rows per GPU, its edges moved after every whole-frame pass
     * so the GPUs finish together ({@link BandBalance}). Measured on two H100s (docs/BENCHMARKS.md,
     * "Several GPUs"): every dispatch ends in a tail where the slowest pixels of its last wave run
     * alone, tens of milliseconds for a 16-spp frame, so each extra tile a GPU takes from a shared
     * queue costs more than the balance it buys; square tiles of 128 to 1024 and 2 to 4 bands per GPU
     * were all slower. {@code drt.multiGpuTiling} ("b3": bands per GPU from a shared queue, "512":
     * square tiles) overrides it.
     */
    static final String DEFAULT_TILING = "b1";

    private final List<GlRenderer> devices;
    private final List<Integer> deviceNumbers;
    /** Square tiles of this many pixels a side, or, when {@link #bandsPerDevice} is positive, unused. */
    private volatile int tile;
    /** Whole-row bands, this many per device, instead of square tiles (0: squares). */
    private volatile int bandsPerDevice;
    /** The tiles each device took in the first pass of the running sum, or null when there is none. */
    private List<List<PixelWindow>> owned;
    private int sumWidth, sumHeight;
    private volatile int[] lastTileCounts = new int[0];
    /** Wall time from the last pass's start until each device had traced and read back its tiles. */
    private volatile double[] lastDeviceMillis = new double[0];
    private volatile List<Map<String, Double>> lastDeviceStages = List.of();
    /** The band edges of the default tiling, moved by each whole-frame pass's times. */
    private final BandBalance balance;

    private MultiGpuRenderer(List<GlRenderer> devices, List<Integer> deviceNumbers, int tile) {
        this.devices = List.copyOf(devices);
        this.deviceNumbers = List.copyOf(deviceNumbers);
        this.tile = tile;
        this.balance = new BandBalance(devices.size());
    }

    /** Tests only: each device's tracer, to set as a test asks (its frame schedule, its wavefront's windows). */
    List<GlRenderer> devices() {
        return devices;
    }

    /**
     * Opens one tracer on each of {@code deviceNumbers} (a number twice: two contexts on that GPU).
     *
     * @throws GlUnavailableException naming the device that could not be opened (those already open are closed)
     */
    public static MultiGpuRenderer start(TracerOptions options, List<Integer> deviceNumbers) throws GlUnavailableException {
        String tiling = System.getProperty("drt.multiGpuTiling", DEFAULT_TILING);
        parseTiling(tiling); // a bad value is refused before any GPU is opened
        MultiGpuRenderer r = start(options, deviceNumbers, 256);
        r.useTiling(tiling);
        return r;
    }

    /** As {@link #start(TracerOptions, List)} with tiles of {@code tile} pixels a side. */
    public static MultiGpuRenderer start(TracerOptions options, List<Integer> deviceNumbers, int tile) throws GlUnavailableException {
        if (deviceNumbers.isEmpty()) throw new IllegalArgumentException("no GPU to render on");
        if (tile < 1) throw new IllegalArgumentException("tile size must be at least 1, got " + tile);
        List<GlRenderer> opened = new ArrayList<>();
        try {
            for (int d : deviceNumbers) {
                try {
                    opened.add(GlRenderer.start(options.pairedPrimary(), options.nodes(), options.accel(), d));
                } catch (GlUnavailableException e) {
                    throw new GlUnavailableException("GPU " + d + ": " + e.getMessage(), e);
                }
            }
        } catch (GlUnavailableException | RuntimeException e) {
            for (GlRenderer r : opened) r.close();
            throw e;
        }
        return new MultiGpuRenderer(opened, deviceNumbers, tile);
    }

    /** Tiles of {@code size} pixels a side from the next whole pass on (benchmarks choose the size by measuring). */
    public void useTileSize(int size) {
        if (size < 1) throw new IllegalArgumentException("tile size must be at least 1, got " + size);
        tile = size;
        bandsPerDevice = 0;
    }

    /** Bands of whole rows, {@code perDevice} for each GPU, from the next whole pass on. */
    public void useBands(int perDevice) {
        if (perDevice < 1) throw new IllegalArgumentException("bands per GPU must be at least 1, got " + perDevice);
        bandsPerDevice = perDevice;
    }

    /** "bN": N bands of whole rows per GPU; "N": square tiles of N pixels a side. */
    public void useTiling(String spec) {
        int[] t = parseTiling(spec);
        if (t[0] == 1) useBands(t[1]);
        else useTileSize(t[1]);
    }

    /**
     * A tiling as {kind, n}: {1, bands per GPU} for "bN" (1 to 64), {0, pixels a side} for "N" (8 to 8192).
     *
     * @throws IllegalArgumentException naming the value when it is neither
     */
    public static int[] parseTiling(String spec) {
        String t = spec == null ? "" : spec.trim().toLowerCase(java.util.Locale.ROOT);
        try {
            boolean bands = t.startsWith("b");
            int n = Integer.parseInt(bands ? t.substring(1) : t);
            if (bands ? n >= 1 && n <= 64 : n >= 8 && n <= 8192) return new int[]{bands ? 1 : 0, n};
        } catch (NumberFormatException ignored) {
            // refused below
        }
        throw new IllegalArgumentException("a multi-GPU tiling is bands per GPU as b1 to b64 or square tiles of 8 to 8192 pixels, got '" + spec + "'");
    }

    /** The queue of a whole pass over {@code window}. */
    private TileQueue queueOf(PixelWindow window) {
        int bands = bandsPerDevice;
        return bands > 0 ? TileQueue.bands(window, bands * devices.size()) : TileQueue.of(window, tile);
    }

    /** The tiles' shape in words: "tiles of 256" or "3 bands per GPU". */
    public String tiling() {
        int bands = bandsPerDevice;
        return bands == 1 ? "a band per GPU, balanced by the last frame's times" : bands > 0 ? bands + " bands per GPU" : "tiles of " + tile;
    }

    /** How many GPU contexts the frames are split across. */
    public int deviceCount() {
        return devices.size();
    }

    /** Every device's bytes, in the slowest device's time: the frame waits for all of them. */
    @Override
    public Upload lastUpload() {
        long bytes = 0;
        double millis = 0;
        for (GlRenderer r : devices) {
            bytes += r.lastUpload().bytes();
            millis = Math.max(millis, r.lastUpload().millis());
        }
        return new Upload(bytes, millis);
    }

    @Override
    public String description() {
        StringBuilder text = new StringBuilder("GPU x" + devices.size() + " (devices " + deviceNumbers + ", " + tiling() + "): ");
        List<String> names = new ArrayList<>();
        for (GlRenderer r : devices) {
            String name = r.info().renderer();
            if (!names.contains(name)) names.add(name);
        }
        return text.append(String.join("; ", names)).toString();
    }

    @Override
    public Frame accumulate(GeometryImage image, TraceParameters p, int firstSample, int sampleCount, Set<Aov> aovs,
                            ProgressListener progress) throws RenderException {
        List<TileQueue> queues = new ArrayList<>();
        boolean balanced = bandsPerDevice == 1;
        if (firstSample == 0 && balanced) {
            for (PixelWindow band : balance.bands(p.width(), p.height())) {
                queues.add(band == null ? TileQueue.empty() : TileQueue.of(List.of(band)));
            }
        } else if (firstSample == 0) {
            TileQueue shared = queueOf(PixelWindow.whole(p.width(), p.height()));
            for (int i = 0; i < devices.size(); i++) queues.add(shared);
        } else {
            if (owned == null || sumWidth != p.width() || sumHeight != p.height()) {
                throw new IllegalStateException("no " + p.width() + "x" + p.height() + " accumulation to add samples to; start at sample 0");
            }
            for (List<PixelWindow> mine : owned) queues.add(TileQueue.of(mine));
        }
        owned = null;
        // Each GPU traces its bands with the denoiser's inputs; the assembled frame is filtered on the first.
        Set<Aov> traced = EnumSet.noneOf(Aov.class);
        traced.addAll(DenoiseInput.inputsFor(aovs));
        traced.remove(Aov.DENOISED);
        List<FrameMosaic.Part> parts = trace(image, p, firstSample, sampleCount, traced, queues, PixelWindow.whole(p.width(), p.height()), progress);
        owned = new ArrayList<>();
        for (FrameMosaic.Part part : parts) owned.add(part.tiles());
        if (balanced) balance.measured(lastDeviceMillis, sampleCount);
        sumWidth = p.width();
        sumHeight = p.height();
        return Denoiser.asAsked(denoiser(), FrameMosaic.assemble(parts), aovs);
    }

    @Override
    public Frame renderWindow(GeometryImage image, TraceParameters p, PixelWindow window, Set<Aov> aovs,
                              ProgressListener progress) throws RenderException {
        if (!window.fitsIn(p.width(), p.height())) {
            throw new IllegalArgumentException("window " + window + " does not fit in " + p.width() + "x" + p.height());
        }
        DenoiseInput.refuseInWindow(aovs);
        owned = null; // the window's sums are not a whole frame's: no pass may add to them
        TileQueue shared = queueOf(window);
        List<TileQueue> queues = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) queues.add(shared);
        return window.crop(FrameMosaic.assemble(trace(image, p, 0, p.samplesPerPixel(), aovs, queues, window, progress)));
    }

    /**
     * The sRGB array the devices of a pass over {@code area} share (being made), or null: when the
     * tiles are bands of whole rows, each device reads its bands' rows straight into one array.
     * Why: on two H200s (bunny_1m, 1080p, 16 spp) each GPU had read its band into a frame-sized array
     * of its own, which the CPU then copied into a third, 5-7 ms of a 54 ms frame.
     */
    private CompletableFuture<byte[]> sharedPicture(TraceParameters p, PixelWindow area) {
        boolean wholeRows = bandsPerDevice > 0 && area.x() == 0 && area.width() == p.width();
        return wholeRows ? FrameArrays.rgba8(p.width(), p.height()) : null;
    }

    /** Runs the pass on every device at once, device i taking its tiles from {@code queues.get(i)}. */
    private List<FrameMosaic.Part> trace(GeometryImage image, TraceParameters p, int firstSample, int sampleCount, Set<Aov> aovs,
                                         List<TileQueue> queues, PixelWindow area, ProgressListener progress) throws RenderException {
        CompletableFuture<byte[]> picture = sharedPicture(p, area);
        double[] fractions = new double[devices.size()];
        double[] millis = new double[devices.size()];
        long start = System.nanoTime();
        List<CompletableFuture<GlRenderer.TracedTiles>> passes = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            int device = i;
            // Each device reports its share of the queue's tiles; the shares add up to the pass.
            ProgressListener share = fraction -> {
                double sum = 0;
                synchronized (fractions) {
                    fractions[device] = fraction;
                    for (double f : fractions) sum += f;
                }
                progress.progress(Math.min(1, sum));
            };
            passes.add(devices.get(i).accumulateTiles(image, p, firstSample, sampleCount, aovs, queues.get(i), picture, share)
                    .whenComplete((done, failure) -> {
                        millis[device] = (System.nanoTime() - start) / 1e6;
                        if (failure != null) queues.get(device).abandon();
                    }));
        }
        List<FrameMosaic.Part> parts = new ArrayList<>();
        RenderException first = null;
        for (int i = 0; i < passes.size(); i++) {
            try {
                GlRenderer.TracedTiles traced = passes.get(i).join();
                parts.add(new FrameMosaic.Part(traced.frame(), traced.tiles()));
            } catch (CompletionException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                if (first == null) {
                    first = new RenderException("GPU " + deviceNumbers.get(i) + ": " + GlRenderer.rootMessage(cause), cause);
                }
            }
        }
        if (first != null) {
            owned = null;
            throw first;
        }
        int[] counts = new int[parts.size()];
        for (int i = 0; i < counts.length; i++) counts[i] = parts.get(i).tiles().size();
        lastTileCounts = counts;
        lastDeviceMillis = millis;
        lastDeviceStages = stagesOf(start, millis);
        return parts;
    }

    /**
     * Adaptive sampling over every GPU's tiles: the test reads each pixel's neighbours, which may lie
     * in another GPU's tiles, so the sums are read back, put together and tested on the CPU by
     * {@link ConvergenceMask} (the bit-for-bit twin of one GPU's {@code converge.comp}); each GPU then
     * gets the frame's sample states and the list of its own pixels still active.
     */
    @Override
    public int converge(AdaptiveSampling adaptive) throws RenderException {
        if (owned == null) throw new IllegalStateException("no accumulation to converge; render a pass first");
        int w = sumWidth, h = sumHeight, n = w * h;
        List<CompletableFuture<float[][]>> reads = new ArrayList<>();
        for (GlRenderer r : devices) reads.add(r.readSums());
        List<float[]> sums = new ArrayList<>(), states = new ArrayList<>();
        for (int i = 0; i < reads.size(); i++) {
            float[][] read = join(reads.get(i), i);
            sums.add(read[0]);
            states.add(read[1]);
        }
        float[] rgba = FrameMosaic.assemble(sums, owned, w, 4);
        float[] state = FrameMosaic.assemble(states, owned, w, 1);
        float[] rgb = new float[3 * n], squares = new float[n];
        for (int i = 0; i < n; i++) {
            rgb[3 * i] = rgba[4 * i];
            rgb[3 * i + 1] = rgba[4 * i + 1];
            rgb[3 * i + 2] = rgba[4 * i + 2];
            squares[i] = rgba[4 * i + 3];
        }
        int active = ConvergenceMask.update(w, h, rgb, squares, state, adaptive);
        List<CompletableFuture<Void>> applied = new ArrayList<>();
        for (int d = 0; d < devices.size(); d++) {
            List<Integer> mine = new ArrayList<>();
            for (PixelWindow t : owned.get(d)) {
                for (int y = t.y(); y < t.y() + t.height(); y++) {
                    for (int x = t.x(); x < t.x() + t.width(); x++) {
                        if (state[y * w + x] >= 0) mine.add(y * w + x);
                    }
                }
            }
            applied.add(devices.get(d).applyConvergence(state, mine.stream().mapToInt(Integer::intValue).toArray()));
        }
        for (int d = 0; d < applied.size(); d++) join(applied.get(d), d);
        return active;
    }

    private <T> T join(CompletableFuture<T> future, int device) throws RenderException {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new RenderException("GPU " + deviceNumbers.get(device) + ": " + GlRenderer.rootMessage(cause), cause);
        }
    }

    /** The first GPU's denoiser, over the assembled frame. */
    @Override
    public Denoiser denoiser() {
        return devices.get(0).denoiser();
    }

    /** Every GPU's lines; the first's denoiser filters the assembled frame. */
    @Override
    public void noticesTo(Consumer<String> notices) {
        for (GlRenderer r : devices) r.noticesTo(notices);
    }

    @Override
    public AccelStructure accel() {
        return devices.get(0).accel();
    }

    @Override
    public void useAccel(AccelStructure accel) {
        for (GlRenderer r : devices) r.useAccel(accel);
    }

    @Override
    public org.drtstudio.render.sampling.ShadowLights shadowLights() {
        return devices.get(0).shadowLights();
    }

    @Override
    public void useShadowLights(org.drtstudio.render.sampling.ShadowLights lights) {
        for (GlRenderer r : devices) r.useShadowLights(lights);
    }

    /**
     * Readies every device's upload ({@link GlRenderer#prepareLargeUploads}), each on its own GL thread at
     * once; the first failure is thrown once all have ended.
     */
    @Override
    public void prepareLargeUploads() {
        List<CompletableFuture<Void>> each = new ArrayList<>();
        for (GlRenderer r : devices) each.add(r.prepareLargeUploadsLater());
        RuntimeException first = null;
        for (CompletableFuture<Void> f : each) {
            try {
                f.join();
            } catch (CompletionException e) {
                if (first == null) first = e.getCause() instanceof RuntimeException re ? re : e;
            }
        }
        if (first != null) throw first;
    }

    /** Whether every device's upload was readied ({@link GlRenderer#uploadsPrepared}); for tests. */
    boolean uploadsPrepared() {
        for (GlRenderer r : devices) if (!r.uploadsPrepared()) return false;
        return true;
    }

    @Override
    public List<Integer> deviceNumbers() {
        return deviceNumbers;
    }

    /** Wall time from the last pass's start until each device had its tiles traced and read back. */
    @Override
    public double[] lastDeviceMillis() {
        return lastDeviceMillis.clone();
    }

    /**
     * Per GPU, the last pass's wall milliseconds by stage: queued (from the pass's start to its GL
     * thread taking it), the GL thread's stages and notes ({@link GlRenderer#lastStageReport}), and
     * handoff (from the GL thread's end to this renderer seeing the pass done). For benchmarks.
     */
    public List<Map<String, Double>> lastDeviceStages() {
        return lastDeviceStages;
    }

    private List<Map<String, Double>> stagesOf(long start, double[] millis) {
        List<Map<String, Double>> all = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            GlRenderer device = devices.get(i);
            Map<String, Double> stages = new LinkedHashMap<>();
            double queued = (device.lastPassStartNanos() - start) / 1e6;
            double onThread = device.lastStageMillis().values().stream().mapToDouble(Double::doubleValue).sum();
            stages.put("queued", queued);
            stages.putAll(device.lastStageReport());
            stages.put("handoff", millis[i] - queued - onThread);
            all.add(stages);
        }
        return all;
    }

    /** Each device's GPU time tracing its tiles in the last pass (its timer queries), in the order of {@link #lastDeviceMillis}. */
    public double[] lastDeviceTraceMillis() {
        double[] out = new double[devices.size()];
        for (int i = 0; i < out.length; i++) out[i] = devices.get(i).lastTraceGpuMillis();
        return out;
    }

    /** The rows of each GPU's band in the default tiling, as the last measurement left them. */
    public int[] bandRows() {
        return balance.rows();
    }

    /** How many tiles each device traced in the last pass (all of them after a convergence test: each its own). */
    public int[] lastTileCounts() {
        return lastTileCounts.clone();
    }

    @Override
    public void close() {
        for (GlRenderer r : devices) r.close();
    }
}
