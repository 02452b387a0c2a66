package org.drtstudio.accel.voxel;

/**
 * A voxel space cut into divs (empty integer cuboids, each maximal: no face can move out over
 * empty cells) with portal texels on their faces, packed as {@link PortalLayout} describes; the
 * Reanimator "div" structure (Edwards 2014). A ray walks it div to div: one exit-face test and one
 * portal texel per step.
 *
 * @param divs    {@link PortalLayout#DIV_INTS} ints per div
 * @param portals the portal texels of every div's faces
 * @param entry   per cell of the grid ({@code i + sizeX * (j + sizeY * k)}): the div holding it, or {@code −palette} when solid
 */
public record PortalSpace(int sizeX, int sizeY, int sizeZ, int originX, int originY, int originZ,
                          int[] divs, int[] portals, int[] entry, PortalChoice choice) {
    public int divCount() {
        return divs.length / PortalLayout.DIV_INTS;
    }

    /** Bytes of the packed arrays (4 per int): what the GPU holds. */
    public long bytes() {
        return 4L * (divs.length + portals.length + entry.length);
    }
}
