package org.drtstudio.scene;

/**
 * A clear sky made from a formula, as an equirectangular {@link TextureImage} (the layout
 * {@link Environment} documents): blue overhead fading to a pale horizon, a dim ground below, and a
 * small sun far brighter than the rest. DRT Studio's shipped sky ({@code assets/sky/sunny-sky.hdr},
 * our own CC0 work) is {@link #SHIPPED}; the tests make skies with other suns from it.
 *
 * @param width              texels around; the height is half of it
 * @param sunElevationDegrees the sun's height above the horizon
 * @param sunAzimuthDegrees  where the sun stands, turned from +z toward +x
 * @param sunRadiusDegrees   the sun's angular radius (the real one is 0.27°; a few texels reads better)
 * @param sunRadiance        the sun disk's radiance (the sky's zenith is about 0.3)
 */
public record ProceduralSky(int width, float sunElevationDegrees, float sunAzimuthDegrees, float sunRadiusDegrees,
                            float sunRadiance) {
    /**
     * The shipped sky: 512 × 256 texels (30 KB as run-length coded Radiance RGBE), a sun of 2°
     * radius 35° high whose light on the ground is about four times the rest of the sky's.
     */
    public static final ProceduralSky SHIPPED = new ProceduralSky(512, 35f, 40f, 2f, 2000f);

    public ProceduralSky {
        if (width < 2 || width % 2 != 0) throw new IllegalArgumentException("sky width must be even and at least 2, got " + width);
    }

    public TextureImage image() {
        int w = width, h = width / 2;
        float[] rgb = new float[3 * w * h];
        double elevation = Math.toRadians(sunElevationDegrees), azimuth = Math.toRadians(sunAzimuthDegrees);
        double sx = Math.cos(elevation) * Math.sin(azimuth), sy = Math.sin(elevation), sz = Math.cos(elevation) * Math.cos(azimuth);
        double cosSun = Math.cos(Math.toRadians(sunRadiusDegrees));
        for (int row = 0; row < h; row++) {
            // Rows bottom-up (TextureImage), so θ from the zenith is π(1 − (row + ½)/h).
            double theta = Math.PI * (1 - (row + 0.5) / h);
            for (int col = 0; col < w; col++) {
                double phi = 2 * Math.PI * ((col + 0.5) / w - 0.5);
                double dx = Math.sin(theta) * Math.sin(phi), dy = Math.cos(theta), dz = Math.sin(theta) * Math.cos(phi);
                double r, g, b;
                if (dy >= 0) {
                    // Overhead blue to a pale horizon; a glow around the sun.
                    double t = Math.pow(1 - dy, 3);
                    double glow = 0.4 * Math.pow(Math.max(0, dx * sx + dy * sy + dz * sz), 32);
                    r = 0.08 + 0.5 * t + glow;
                    g = 0.16 + 0.45 * t + 0.8 * glow;
                    b = 0.35 + 0.3 * t + 0.5 * glow;
                } else {
                    r = 0.12;
                    g = 0.11;
                    b = 0.1;
                }
                if (dx * sx + dy * sy + dz * sz >= cosSun) {
                    r = sunRadiance;
                    g = 0.95 * sunRadiance;
                    b = 0.85 * sunRadiance;
                }
                int i = 3 * (row * w + col);
                rgb[i] = (float) r;
                rgb[i + 1] = (float) g;
                rgb[i + 2] = (float) b;
            }
        }
        return new TextureImage(w, h, rgb);
    }
}
