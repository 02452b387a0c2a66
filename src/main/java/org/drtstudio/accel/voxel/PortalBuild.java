package org.drtstudio.accel.voxel;

import java.util.Locale;

/**
 * How the renderer builds a voxel model's portals ({@code drt render --portal-build},
 * {@code --portal-candidates}): the {@link PortalChoice} and how many of the divs covering a
 * portal texel's cell it looks at. The picture is the same with each; the build time and the
 * steps a ray takes differ (docs/VOXELS.md measures them).
 *
 * @param candidates at least 1; {@link PortalBuilder#ALL_CANDIDATES} for every covering div
 */
public record PortalBuild(PortalChoice choice, int candidates) {
    /** The heuristic over the first {@link PortalBuilder#DEFAULT_CANDIDATES} covering divs. */
    public static final PortalBuild DEFAULT = new PortalBuild(PortalChoice.LONGEST_EXPECTED_RAY, PortalBuilder.DEFAULT_CANDIDATES);

    public PortalBuild {
        if (choice == null) throw new IllegalArgumentException("a portal choice must be given");
        if (candidates < 1) throw new IllegalArgumentException("--portal-candidates must be at least 1 (or all), got " + candidates);
    }

    /** {@code heuristic}, {@code wall-term} or {@code first-cover}: the choice's word on the command line. */
    public static PortalChoice parseChoice(String word) {
        return switch (word.trim().toLowerCase(Locale.ROOT)) {
            case "heuristic" -> PortalChoice.LONGEST_EXPECTED_RAY;
            case "wall-term" -> PortalChoice.LENGTH_OVER_EXIT_CHANCE;
            case "first-cover" -> PortalChoice.FIRST_COVER;
            default -> throw new IllegalArgumentException("--portal-build must be heuristic, wall-term or first-cover, got '" + word + "'");
        };
    }

    /** A whole number from 1, or {@code all}. */
    public static int parseCandidates(String word) {
        String w = word.trim().toLowerCase(Locale.ROOT);
        if (w.equals("all")) return PortalBuilder.ALL_CANDIDATES;
        try {
            int n = Integer.parseInt(w);
            if (n >= 1) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--portal-candidates must be a whole number from 1, or all, got '" + word + "'");
    }
}
