package org.drtstudio.render.multigpu;

import java.util.List;
import org.drtstudio.render.Frame;
import org.drtstudio.render.PixelWindow;
import org.drtstudio.render.DiffuseSplit;

/**
 * One frame put together from several tracers' frames: each traced some tiles of the same frame
 * into a frame-sized image (its other pixels are not its work), and every tile is copied from the
 * tracer that traced it, except where every part holds one shared sRGB array that each tracer read
 * its own tiles into (GPUs tracing bands of whole rows). Every picture and AOV the first part holds is assembled; traversal errors
 * and uploaded bytes are summed over the parts.
 */
public final class FrameMosaic {
    /** A tracer's frame-sized result and the tiles of it that it traced. */
    public record Part(Frame frame, List<PixelWindow> tiles) {
    }

    private FrameMosaic() {
    }

    public static Frame assemble(List<Part> parts) {
        if (parts.isEmpty()) throw new IllegalArgumentException("no parts to assemble");
        Frame first = parts.get(0).frame();
        int w = first.width(), h = first.height();
        for (Part part : parts) {
            if (part.frame().width() != w || part.frame().height() != h) {
                throw new IllegalArgumentException("parts of " + w + "x" + h + " and " + part.frame().width() + "x"
                        + part.frame().height() + " do not make one frame");
            }
        }
        boolean sharedPicture = parts.stream().allMatch(part -> part.frame().srgb() == first.srgb());
        byte[] srgb = first.srgb() == null ? null : sharedPicture ? first.srgb() : new byte[first.srgb().length];
        float[] radiance = like(first.radiance()), depth = like(first.depth()), normals = like(first.normals()),
                albedo = like(first.albedo()), variance = like(first.variance()), samples = like(first.samples());
        DiffuseSplit split = first.split() == null ? null : new DiffuseSplit(like(first.split().diffuse()),
                like(first.split().diffuseVariance()), like(first.split().otherVariance()), like(first.split().ownAlbedo()));
        long errors = 0, uploaded = 0;
        for (Part part : parts) {
            Frame f = part.frame();
            errors += f.errors();
            uploaded += f.uploadedBytes();
            for (PixelWindow tile : part.tiles()) {
                if (!tile.fitsIn(w, h)) throw new IllegalArgumentException("tile " + tile + " does not fit in " + w + "x" + h);
                copy(f.srgb(), srgb, tile, w, 4);
                copy(f.radiance(), radiance, tile, w, 3);
                copy(f.depth(), depth, tile, w, 1);
                copy(f.normals(), normals, tile, w, 3);
                copy(f.albedo(), albedo, tile, w, 3);
                copy(f.variance(), variance, tile, w, 1);
                copy(f.samples(), samples, tile, w, 1);
                if (split != null) {
                    // Every part of one render sums the split alike; one that did not would leave zeros.
                    if (f.split() == null) throw new IllegalArgumentException("a part lacks the denoiser's split");
                    copy(f.split().diffuse(), split.diffuse(), tile, w, 3);
                    copy(f.split().diffuseVariance(), split.diffuseVariance(), tile, w, 1);
                    copy(f.split().otherVariance(), split.otherVariance(), tile, w, 1);
                    copy(f.split().ownAlbedo(), split.ownAlbedo(), tile, w, 3);
                }
            }
        }
        return new Frame(w, h, srgb, radiance, depth, normals, albedo, variance, samples, split, errors, uploaded);
    }

    /**
     * One frame-sized array of {@code channels} floats per pixel from several frame-sized arrays, each
     * tile taken from the array of the part that traced it ({@code tiles.get(i)} of {@code data.get(i)}).
     */
    public static float[] assemble(List<float[]> data, List<List<PixelWindow>> tiles, int frameWidth, int channels) {
        if (data.isEmpty() || data.size() != tiles.size()) throw new IllegalArgumentException("each part needs its data and its tiles");
        float[] out = new float[data.get(0).length];
        for (int i = 0; i < data.size(); i++) {
            for (PixelWindow tile : tiles.get(i)) copy(data.get(i), out, tile, frameWidth, channels);
        }
        return out;
    }

    private static float[] like(float[] data) {
        return data == null ? null : new float[data.length];
    }

    /** Copies a tile's rows between two frame-sized arrays of the same kind (byte[] or float[]); nothing when {@code to} is null. */
    private static void copy(Object from, Object to, PixelWindow tile, int frameWidth, int channels) {
        if (to == null) return;
        if (from == null) throw new IllegalArgumentException("a part lacks a picture or AOV the first part holds");
        if (from == to) return; // the part's tracer read its tiles into the frame's own array
        for (int row = tile.y(); row < tile.y() + tile.height(); row++) {
            int at = (row * frameWidth + tile.x()) * channels;
            System.arraycopy(from, at, to, at, tile.width() * channels);
        }
    }
}
