package org.drtstudio.render.gl;

import static org.lwjgl.opengl.GL15C.*;
import static org.lwjgl.opengl.GL33C.GL_TIME_ELAPSED;
import static org.lwjgl.opengl.GL33C.glGetQueryObjectui64;

/**
 * GPU time of the GL commands between {@link #begin} and {@link #end}, from a
 * {@code GL_TIME_ELAPSED} query: the time the device spent on them, free of the CPU-side costs
 * (driver calls, {@code glFinish} round trips) that wall-clock timing would add. One query object
 * is reused; queries of the same target cannot nest, so time one span at a time.
 */
public final class GpuTimer extends GlObject {
    private boolean running;

    private GpuTimer(GlThread owner, int name) {
        super(owner, name, "GpuTimer");
    }

    /** A timer on the current GL thread. */
    public static GpuTimer create() {
        GlThread owner = GlThread.requireCurrent("GpuTimer.create");
        return new GpuTimer(owner, glGenQueries());
    }

    public void begin() {
        int q = glName();
        if (running) throw new IllegalStateException("GpuTimer.begin while already running");
        glBeginQuery(GL_TIME_ELAPSED, q);
        running = true;
    }

    public void end() {
        glName();
        if (!running) throw new IllegalStateException("GpuTimer.end without begin");
        glEndQuery(GL_TIME_ELAPSED);
        running = false;
    }

    /** Nanoseconds of the last finished span; waits for the GPU to finish it. */
    public long elapsedNanos() {
        int q = glName();
        if (running) throw new IllegalStateException("GpuTimer.elapsedNanos while running");
        return glGetQueryObjectui64(q, GL_QUERY_RESULT);
    }

    /** Times one span of GL work: begin, the work, end, and the elapsed nanoseconds. */
    public long time(Runnable work) {
        begin();
        try {
            work.run();
        } finally {
            end();
        }
        return elapsedNanos();
    }

    /**
     * Least wall time of back-to-back work that precedes every timed dispatch (the GPU-busy time and
     * the settling {@link #warmUp} adds come on top). An idle NVIDIA GPU drops its SM clock to 345 MHz
     * (H100; 1,980 MHz under load) and raises it only under sustained load, after 60 to over 300 ms
     * of it; five short dispatches with a {@code glFinish} after each never raise it. Measured
     * on the H100 (git history of docs/BENCHMARKS.md, "The measurement question, settled"): bunny_1m's primary rays
     * took 2.73 ms a dispatch at 345–390 MHz and 0.49 ms after 0.6 s of load. The driver's own
     * ray-tracing peer (vk-rt-bench) warms up for 200 ms for the same reason.
     */
    public static final double CLOCK_WARM_UP_MS = 250;

    /** A median dispatch time, whether it came from the timer queries (else the wall clock), every timed run, and the warm-up before it. */
    public record Median(double millis, boolean timerQuery, WarmUp warmUp, double[] runs) {
    }

    /**
     * Dispatches of the warm-up and the wall time they took; {@code busyMillis} is the GPU time the
     * timer queries gave the dispatches (0 where they read 0), {@code firstDispatchMillis} the first
     * dispatch's and {@code lastDispatchMillis} the mean of the last batch's (GPU time where the
     * queries work, else wall time): a warm-up that ends with the clock still low shows a last
     * dispatch as slow as the first.
     */
    public record WarmUp(int dispatches, double millis, double busyMillis, double firstDispatchMillis, double lastDispatchMillis) {
    }

    /**
     * Dispatches {@code program} back to back until the GPU has spent at least twice {@code minMillis}
     * on them and their time has {@linkplain SettledTimings settled} over the last {@code minMillis}, so
     * it reaches its working clock before anything is timed: batches of dispatches between
     * {@code glFinish}es, each batch timed by a query, the batch doubling while it takes under 20 ms
     * (so a fast kernel keeps the GPU busy without gaps, and one slow dispatch, as on llvmpipe, is
     * enough). A fixed warm-up did not always suffice: after a second of CPU-only work (bunny_1m's
     * build and upload) the first dispatches ran at the idle clock (H100: 2.78 ms, against 0.50 ms at
     * 1,980 MHz, the clocks' ratio), and the clock rose after 100 ms of load in some runs and after
     * more than 300 ms in others, holding the idle clock flat for all of 270 ms once (docs/BENCHMARKS.md,
     * "The first timing and the upload"): flat is not proof, so the busy time is doubled too. Where the
     * queries read (next to) 0, as on llvmpipe (no clock to raise), wall time counts and nothing waits
     * to settle; in every case at least {@code minMillis} of wall time pass, and at most 20 times that.
     */
    public static WarmUp warmUp(ComputeProgram program, int width, int height, double minMillis) {
        GlThread.requireCurrent("GpuTimer.warmUp");
        try (GpuTimer timer = create()) {
            return timer.warmUpTimed(program, width, height, minMillis);
        }
    }

    private WarmUp warmUpTimed(ComputeProgram program, int width, int height, double minMillis) {
        long t0 = System.nanoTime();
        int dispatches = 0, batch = 1;
        double elapsed, busy = 0, first = 0, last = 0;
        boolean queriesWork = false;
        SettledTimings timings = new SettledTimings(minMillis);
        do {
            GlSync.finish();
            long b0 = System.nanoTime();
            begin();
            for (int i = 0; i < batch; i++) program.dispatchCovering(width, height);
            end();
            GlSync.finish();
            double batchWall = (System.nanoTime() - b0) / 1e6, batchGpu = elapsedNanos() / 1e6;
            // A batch the GPU was busy for most of: the queries time compute work here (not llvmpipe).
            queriesWork |= batchGpu >= 0.25 * batchWall;
            busy += batchGpu;
            last = (queriesWork ? batchGpu : batchWall) / batch;
            if (dispatches == 0) first = last;
            dispatches += batch;
            if (batchWall < 20 && batch < 1 << 12) batch *= 2;
            elapsed = (System.nanoTime() - t0) / 1e6;
            timings.add(elapsed, last);
        } while (elapsed < 20 * minMillis
                && (elapsed < minMillis || (queriesWork && (busy < 2 * minMillis || !timings.settled()))));
        return new WarmUp(dispatches, elapsed, queriesWork ? busy : 0, first, last);
    }

    /**
     * Dispatches {@code program} over a width × height grid {@code repeats} times, after a
     * {@linkplain #warmUp warm-up} of {@link #CLOCK_WARM_UP_MS}, and returns the median time. Each
     * run is bracketed by a timer query and by the wall clock from the dispatch to the end of a
     * {@code glFinish}; Mesa's llvmpipe answers the queries around compute work with (next to) 0,
     * and then the wall clock is the figure. Timed runs spread by more than {@link #MAX_SPREAD} (a
     * clock still rising) are warmed up and taken again, at most {@link #RETRIES} times.
     */
    public Median medianDispatch(ComputeProgram program, int width, int height, int repeats) {
        Median m = timedRuns(program, width, height, repeats);
        // A clock that rose during the timed runs shows as a spread no run-to-run noise makes
        // (H100: 1.81, 1.80, 0.74, 0.32 ms): warm up and time again, the GPU is warm now.
        for (int retry = 0; retry < RETRIES && m.timerQuery() && spread(m.runs()) > MAX_SPREAD; retry++) {
            m = timedRuns(program, width, height, repeats);
        }
        return m;
    }

    /** Largest ratio of the slowest to the fastest timed run that counts as one clock. */
    public static final double MAX_SPREAD = 1.1;
    /** Times the runs are warmed up and taken again when their spread is larger. */
    static final int RETRIES = 2;

    /** The slowest run over the fastest. */
    public static double spread(double[] runs) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (double v : runs) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return runs.length == 0 ? 1 : hi / lo;
    }

    private Median timedRuns(ComputeProgram program, int width, int height, int repeats) {
        WarmUp warm = warmUpTimed(program, width, height, CLOCK_WARM_UP_MS);
        double[] gpu = new double[repeats], wall = new double[repeats];
        for (int r = 0; r < repeats; r++) {
            GlSync.finish();
            long t0 = System.nanoTime();
            begin();
            program.dispatchCovering(width, height);
            end();
            GlSync.finish();
            wall[r] = (System.nanoTime() - t0) / 1e6;
            gpu[r] = elapsedNanos() / 1e6;
        }
        double g = median(gpu), w = median(wall);
        boolean timed = queryCounts(g, w);
        return new Median(timed ? g : w, timed, warm, timed ? gpu : wall);
    }

    /**
     * Whether a timer query's reading of work that took {@code wallMs} from dispatch to finish is a
     * time at all: llvmpipe answers queries around compute work with (next to) 0.
     */
    public static boolean queryCounts(double gpuMs, double wallMs) {
        return gpuMs > 0.01 * wallMs;
    }

    public static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }

    @Override
    void delete(int name) {
        glDeleteQueries(name);
    }
}
