package org.drtstudio.io.image;

import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

import javax.imageio.ImageReader;
import javax.imageio.metadata.IIOMetadata;
import java.io.IOException;
import java.util.Locale;

/**
 * The memory a texture's decoder takes while it decodes, from the picture's header alone, so that
 * {@link TextureLoader} can refuse a file before its decoder takes it. Subsampling bounds what the
 * decoded picture keeps, not what the decoder needs on the way:
 * <ul>
 *   <li>A <b>progressive JPEG</b> is decoded by libjpeg, outside the Java heap, and its decoder
 *       keeps every DCT coefficient of the whole picture until the last scan: 2 bytes per sample,
 *       whatever the subsampling (a 556-byte file claiming 32768x32768 took 6.6 GB). A baseline
 *       JPEG is decoded a band of 16 rows at a time.</li>
 *   <li>A <b>PNG</b> is decoded in Java a row at a time, the row and the one before it (at most
 *       8 bytes a texel: 16-bit RGBA).</li>
 * </ul>
 * <ul>
 *   <li><b>TGA</b>, <b>BMP</b> and <b>Radiance HDR</b> (TwelveMonkeys' plug-ins; the JDK's BMP
 *       reader too) decode a row at a time into the subsampled picture: a row buffer.</li>
 * </ul>
 * OpenEXR is budgeted apart ({@code ExrTextures}: tinyexr decodes it whole). Other formats ImageIO
 * knows (GIF, TIFF, WBMP) are not read as textures: their decoders' memory does not follow from the
 * header this simply (a TIFF tile or strip may be the whole picture).
 */
final class DecoderMemory {
    private DecoderMemory() {
    }

    /** What a decoder needs beyond the decoded picture, and the words for it. */
    record Need(long bytes, String what) {
    }

    /**
     * The memory {@code reader} (its input set, header readable) will take to decode a
     * {@code width}×{@code height} picture.
     *
     * @throws IOException for a format textures are not read in
     */
    static Need of(ImageReader reader, int width, int height) throws IOException {
        String format = reader.getFormatName().toLowerCase(Locale.ROOT);
        long w = Math.max(0, width), h = Math.max(0, height);
        if (format.equals("png")) {
            return new Need(2 * (8 * w + 1), "PNG of " + width + "x" + height + ": its decoder's rows");
        }
        if (format.equals("jpeg") || format.equals("jpg")) {
            long components = 3;
            boolean progressive = false;
            Node sof = frameHeader(reader.getImageMetadata(0));
            if (sof != null) {
                progressive = "2".equals(attribute(sof, "process"));
                String n = attribute(sof, "numFrameComponents");
                if (n != null) components = Math.max(1, Long.parseLong(n));
            }
            long paddedW = (w + 15) / 16 * 16, paddedH = (h + 15) / 16 * 16;
            if (progressive) {
                return new Need(paddedW * paddedH * components * 2, "progressive JPEG of " + width + "x" + height
                        + ": its decoder keeps every coefficient, outside the Java heap");
            }
            return new Need(paddedW * components * 16 * 4, "JPEG of " + width + "x" + height + ": its decoder's rows, outside the Java heap");
        }
        if (format.equals("tga") || format.equals("bmp") || format.equals("hdr") || format.equals("rgbe")) {
            // TwelveMonkeys' TGA and HDR readers (and the BMP readers) decode a row at a time into the (subsampled)
            // picture: a row of at most 4 bytes a texel (HDR's RGBE), and one more for run-length decoding
            return new Need(2 * (4 * w + 64), format.toUpperCase(Locale.ROOT) + " of " + width + "x" + height + ": its decoder's rows");
        }
        throw new IOException("is a " + reader.getFormatName() + " picture; textures are read from PNG, JPEG, TGA, BMP, Radiance HDR and OpenEXR files");
    }

    /** The {@code sof} (start of frame) node of a JPEG's native metadata, or null. */
    private static Node frameHeader(IIOMetadata metadata) {
        if (metadata == null) return null;
        Node root;
        try {
            root = metadata.getAsTree("javax_imageio_jpeg_image_1.0");
        } catch (IllegalArgumentException e) {
            return null;
        }
        for (Node n = root.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!n.getNodeName().equals("markerSequence")) continue;
            for (Node m = n.getFirstChild(); m != null; m = m.getNextSibling()) {
                if (m.getNodeName().equals("sof")) return m;
            }
        }
        return null;
    }

    private static String attribute(Node node, String name) {
        NamedNodeMap attributes = node.getAttributes();
        Node a = attributes == null ? null : attributes.getNamedItem(name);
        return a == null ? null : a.getNodeValue();
    }
}
