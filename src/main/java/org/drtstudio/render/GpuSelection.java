package org.drtstudio.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which GPUs a render uses ({@code --gpus}): the first one (the usual choice, with the usual
 * fallbacks), all of them, the first N, or listed device numbers. Numbers are EGL hardware devices
 * in the order the driver lists them; a machine without one (Mesa's software GL) has the one
 * default device, number 0. A number listed twice opens two contexts on that GPU: the same code
 * path as two GPUs, which is how the tests check several devices on a machine with none.
 */
public record GpuSelection(Kind kind, int count, List<Integer> devices) {
    public enum Kind { FIRST, ALL, COUNT, LIST }

    /** The prefix of listed device numbers, as Docker's {@code --gpus device=1,2}. */
    private static final String DEVICE = "device=";

    /** The most device numbers {@code --gpus} may list. */
    public static final int MAX_CONTEXTS = 16;

    /** One GPU, chosen as a single-GPU render always chose it. */
    public static final GpuSelection FIRST = new GpuSelection(Kind.FIRST, 1, List.of());
    /** Every GPU of the machine. */
    public static final GpuSelection ALL = new GpuSelection(Kind.ALL, 0, List.of());

    public GpuSelection {
        devices = List.copyOf(devices);
    }

    /**
     * {@code all}, a count {@code N} (at least 1), device numbers {@code 0,2}, or {@code device=1}
     * (Docker's spelling, also {@code device=0,2}): the one way to name a single GPU, as a lone number
     * is a count.
     *
     * @throws IllegalArgumentException with a one-line message naming the value
     */
    public static GpuSelection parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("all")) return ALL;
        boolean named = t.startsWith(DEVICE);
        if (named || t.contains(",")) {
            String[] parts = (named ? t.substring(DEVICE.length()) : t).split(",", -1);
            // Each number opens a context with its own copy of the scene: a list longer than any machine's GPUs is a mistake.
            if (parts.length > MAX_CONTEXTS) {
                throw new IllegalArgumentException("--gpus lists " + parts.length + " devices; at most " + MAX_CONTEXTS + " contexts are opened");
            }
            List<Integer> list = new ArrayList<>();
            for (String part : parts) list.add(number(part.trim(), text));
            return new GpuSelection(Kind.LIST, list.size(), list);
        }
        int n = number(t, text);
        if (n < 1) throw new IllegalArgumentException("--gpus must be all, a count of at least 1, or device numbers like 0,2 or device=1; got '" + text + "'");
        return new GpuSelection(Kind.COUNT, n, List.of());
    }

    private static int number(String part, String whole) {
        try {
            int n = Integer.parseInt(part);
            if (n < 0 || n > 1024) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--gpus must be all, a count of at least 1, or device numbers like 0,2 or device=1; got '" + whole + "'");
        }
    }

    /**
     * The device numbers to open, one context each, on a machine listing {@code hardwareDevices}
     * hardware GPUs (0: the default device counts as one).
     *
     * @throws IllegalArgumentException naming the GPUs the machine has when the selection asks for more
     */
    public List<Integer> resolve(int hardwareDevices) {
        int available = Math.max(1, hardwareDevices);
        String has = hardwareDevices == 0 ? "this machine has no GPU but its default OpenGL device (number 0)"
                : "this machine has " + hardwareDevices + (hardwareDevices == 1 ? " GPU (number 0)" : " GPUs (numbers 0 to " + (hardwareDevices - 1) + ")");
        return switch (kind) {
            case FIRST -> List.of(0);
            case ALL -> range(available);
            case COUNT -> {
                if (count > available) throw new IllegalArgumentException("--gpus " + count + ": " + has);
                yield range(count);
            }
            case LIST -> {
                for (int d : devices) if (d >= available) throw new IllegalArgumentException("--gpus " + listText() + ": no GPU " + d + "; " + has);
                yield devices;
            }
        };
    }

    private static List<Integer> range(int n) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < n; i++) list.add(i);
        return list;
    }

    /** The list as --gpus takes it back: device=N for one device (a lone number is a count), else 0,2. */
    private String listText() {
        String numbers = String.join(",", devices.stream().map(String::valueOf).toList());
        return devices.size() == 1 ? DEVICE + numbers : numbers;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case FIRST -> "first";
            case ALL -> "all";
            case COUNT -> Integer.toString(count);
            case LIST -> listText();
        };
    }
}
