package org.drtstudio.io.ply;

import org.drtstudio.io.Excerpt;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.support.WarningLog;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a PLY body into a {@link PlyMesh}: the {@code vertex} element's positions (x, y, z), and,
 * when present, normals (nx, ny, nz), texture coordinates (u/v, s/t, texture_u/texture_v,
 * texture_s/texture_t) and colours (red/green/blue, diffuse_red/…); the {@code face} element's
 * {@code vertex_indices} (or {@code vertex_index}), colour, and MeshLab's per-corner {@code texcoord}
 * list (u, v for each corner). Other elements and properties are
 * passed over, with one warning per element.
 *
 * <p><b>Hostile files.</b> Before anything is allocated the header's counts are checked against the
 * body's size: each entry takes at least {@link PlyElement#minimumBytes} bytes, so a header claiming
 * two billion vertices over a few bytes is refused at once, and the arrays a file can make are
 * bounded by a small multiple of its size. A list's length is checked against what is left of the
 * file before its items are read, and a face has at most {@link #MAX_CORNERS} corners (ear clipping
 * is quadratic in them). Indices are checked against the vertex count, coordinates must be finite,
 * and the end of the file where a value should be is "ends after N of M vertices".
 */
final class PlyBodyReader {
    /** Corners of one face at most: the triangulator's work grows with their square. */
    static final int MAX_CORNERS = 1 << 12;
    /** Vertices at most: three floats each must fit one Java array. */
    static final long MAX_VERTICES = (Integer.MAX_VALUE - 8) / 3;
    /** Corners in all at most: the triangles they make must fit one Java array of indices. */
    static final long MAX_TOTAL_CORNERS = (Integer.MAX_VALUE - 8) / 3;
    /** Bytes of binary vertices read at once: whole vertices, about a megabyte. */
    private static final int VERTEX_BLOCK_BYTES = 1 << 20;
    /** Bytes of binary faces read ahead at once: a megabyte, far more than the largest face allowed (4 + 4096 × 8). */
    private static final int FACE_BLOCK_BYTES = 1 << 20;

    private final Path file;
    private final PlyHeader header;
    private final PlyValues values;
    private final long bodyBytes;
    private final WarningLog warnings;

    private float[] positions, normals, texCoords, colours;
    private long vertexCount = -1;
    private int[] corners = new int[1 << 10];
    private int cornerCount;
    private int[] faceStart = new int[1 << 8];
    private int faceCount;
    private float[] faceColours;
    /** u,v per corner from a face's {@code texcoord} list (MeshLab), grown beside the corners; null without one. */
    private float[] cornerUv;
    private int skippedSmallFaces;

    PlyBodyReader(Path file, PlyHeader header, PlyValues values, long bodyBytes, WarningLog warnings) {
        this.file = file;
        this.header = header;
        this.values = values;
        this.bodyBytes = bodyBytes;
        this.warnings = warnings;
    }

    PlyMesh read() throws SceneFormatException, IOException {
        PlyElement vertex = header.element("vertex");
        if (vertex == null) throw new SceneFormatException(file, 0, "has no 'element vertex' in its header");
        checkCounts();
        if (vertex.count() > MAX_VERTICES)
            throw new SceneFormatException(file, vertex.line(), vertex.count() + " vertices; at most " + MAX_VERTICES + " are read");
        vertexCount = vertex.count();
        for (PlyElement element : header.elements()) {
            if (element == vertex) readVertices(element);
            else if (element.name().equals("face") && element.list("vertex_indices", "vertex_index") >= 0) readFaces(element);
            else skipElement(element);
        }
        if (skippedSmallFaces > 0)
            warnings.add("small faces", 0, skippedSmallFaces + " face(s) with fewer than 3 corners were skipped");
        float[] perCorner = cornerUv == null ? null : Arrays.copyOf(cornerUv, 2 * cornerCount);
        return new PlyMesh(positions, normals, perCorner != null ? null : texCoords, colours, Arrays.copyOf(corners, cornerCount),
                Arrays.copyOf(faceStart, faceCount + 1), faceColours == null ? null : Arrays.copyOf(faceColours, 3 * faceCount), perCorner);
    }

    /** The header's claims against the body's size, before anything is allocated. */
    private void checkCounts() throws SceneFormatException {
        long needed = 0;
        for (PlyElement e : header.elements()) {
            long each = e.minimumBytes(header.format());
            if (each > 0 && e.count() > (bodyBytes - needed) / each) {
                throw new SceneFormatException(file, e.line(), "element " + Excerpt.quote(e.name()) + " claims " + e.count()
                        + " entries of at least " + each + " bytes each, but the file has only " + bodyBytes
                        + " bytes after its header");
            }
            needed += e.count() * each;
        }
    }

    private void readVertices(PlyElement element) throws SceneFormatException, IOException {
        int x = element.scalar("x"), y = element.scalar("y"), z = element.scalar("z");
        if (x < 0 || y < 0 || z < 0)
            throw new SceneFormatException(file, element.line(), "the vertex element has no x, y and z properties");
        int nx = element.scalar("nx"), ny = element.scalar("ny"), nz = element.scalar("nz");
        boolean hasNormals = nx >= 0 && ny >= 0 && nz >= 0;
        int u = element.scalar("u", "s", "texture_u", "texture_s"), v = element.scalar("v", "t", "texture_v", "texture_t");
        boolean hasUv = u >= 0 && v >= 0;
        int r = element.scalar("red", "diffuse_red", "r"), g = element.scalar("green", "diffuse_green", "g"),
                b = element.scalar("blue", "diffuse_blue", "b");
        boolean hasColour = r >= 0 && g >= 0 && b >= 0;
        int n = (int) element.count();
        positions = new float[3 * n];
        normals = hasNormals ? new float[3 * n] : null;
        texCoords = hasUv ? new float[2 * n] : null;
        colours = hasColour ? new float[3 * n] : null;
        int propertyCount = element.properties().size();
        int[] role = new int[propertyCount];
        Arrays.fill(role, -1);
        int[] roles = {x, y, z, nx, ny, nz, u, v, r, g, b};
        for (int k = 0; k < roles.length; k++) if (roles[k] >= 0) role[roles[k]] = k;
        if (!hasNormals) for (int k = 3; k < 6; k++) if (roles[k] >= 0) role[roles[k]] = -1;
        if (!hasUv) for (int k = 6; k < 8; k++) if (roles[k] >= 0) role[roles[k]] = -1;
        if (!hasColour) for (int k = 8; k < 11; k++) if (roles[k] >= 0) role[roles[k]] = -1;
        if (values instanceof BinaryPlyValues binary && element.properties().stream().noneMatch(PlyProperty::isList)) {
            readVertexBlocks(binary, element, role);
        } else {
            for (int i = 0; i < n; i++) {
                for (int p = 0; p < propertyCount; p++) {
                    PlyProperty property = element.properties().get(p);
                    double value;
                    try {
                        if (property.isList()) {
                            skipList(property, element, i);
                            continue;
                        }
                        value = values.scalar(property.type());
                    } catch (EOFException e) {
                        throw endedEarly(element, i);
                    }
                    if (role[p] >= 0) storeVertexValue(element, i, property, role[p], value);
                }
            }
        }
        // A normal with a non-finite part says nothing: zero makes the mesh builder use the face's own.
        if (normals != null) {
            for (int i = 0; i < normals.length; i += 3) {
                if (!Float.isFinite(normals[i] * normals[i] + normals[i + 1] * normals[i + 1] + normals[i + 2] * normals[i + 2]))
                    normals[i] = normals[i + 1] = normals[i + 2] = 0f;
            }
        }
    }

    /**
     * Binary vertices of scalar properties only (what scanners write): read in blocks of whole
     * vertices and decoded from a {@link ByteBuffer} at fixed offsets, instead of one call per value
     * through the stream's buffer. Values, checks and messages as the general loop's.
     */
    private void readVertexBlocks(BinaryPlyValues binary, PlyElement element, int[] role) throws SceneFormatException, IOException {
        List<PlyProperty> properties = element.properties();
        int[] offset = new int[properties.size()];
        int stride = 0;
        for (int p = 0; p < properties.size(); p++) {
            offset[p] = stride;
            stride += properties.get(p).type().bytes;
        }
        int n = (int) element.count(), perBlock = Math.max(1, VERTEX_BLOCK_BYTES / stride);
        byte[] bytes = new byte[Math.min(n, perBlock) * stride];
        ByteBuffer block = ByteBuffer.wrap(bytes).order(binary.order());
        for (int first = 0; first < n; first += perBlock) {
            int wanted = Math.min(perBlock, n - first), got = binary.readBlock(bytes, wanted * stride), whole = got / stride;
            // The whole vertices before a short block's end are checked first, as the general loop would.
            for (int i = 0; i < whole; i++) {
                for (int p = 0; p < offset.length; p++) {
                    if (role[p] >= 0) {
                        PlyProperty property = properties.get(p);
                        storeVertexValue(element, first + i, property, role[p], value(block, i * stride + offset[p], property.type()));
                    }
                }
            }
            if (whole < wanted) throw endedEarly(element, first + whole);
        }
    }

    private static double value(ByteBuffer block, int at, PlyType type) {
        return switch (type) {
            case INT8 -> block.get(at);
            case UINT8 -> block.get(at) & 0xff;
            case INT16 -> block.getShort(at);
            case UINT16 -> block.getShort(at) & 0xffff;
            case INT32 -> block.getInt(at);
            case UINT32 -> block.getInt(at) & 0xffffffffL;
            case FLOAT32 -> block.getFloat(at);
            case FLOAT64 -> block.getDouble(at);
        };
    }

    /** Stores vertex i's value of the property in role k (x, y, z, nx, ny, nz, u, v, r, g, b). */
    private void storeVertexValue(PlyElement element, int i, PlyProperty property, int k, double value) throws SceneFormatException {
        if (k < 3) {
            if (!Double.isFinite(value) || !Float.isFinite((float) value))
                throw entryProblem(element, i, "coordinate " + property.name() + " is not a finite single-precision number");
            positions[3 * i + k] = (float) value;
        } else if (k < 6) {
            normals[3 * i + k - 3] = Double.isFinite(value) ? (float) value : 0f;
        } else if (k < 8) {
            texCoords[2 * i + k - 6] = Double.isFinite(value) ? (float) value : 0f;
        } else {
            colours[3 * i + k - 8] = colour(value, property.type());
        }
    }

    private void readFaces(PlyElement element) throws SceneFormatException, IOException {
        int indexList = element.list("vertex_indices", "vertex_index");
        int r = element.scalar("red", "diffuse_red", "r"), g = element.scalar("green", "diffuse_green", "g"),
                b = element.scalar("blue", "diffuse_blue", "b");
        boolean hasColour = r >= 0 && g >= 0 && b >= 0;
        if (hasColour && faceColours == null) {
            // A face element before this one had no colour: its faces keep the material's (NaN), and the array holds them.
            faceColours = new float[3 * Math.max(256, faceCount + 1)];
            Arrays.fill(faceColours, 0, 3 * faceCount, Float.NaN);
        }
        PlyProperty indices = element.properties().get(indexList);
        int uvList = element.list("texcoord");
        if (uvList >= 0 && cornerUv == null) cornerUv = new float[2 * corners.length];
        if (values instanceof BinaryPlyValues binary && element.properties().size() == 1 && indices.type().integer
                && header.elements().get(header.elements().size() - 1) == element) {
            readFaceBlocks(binary, element, indices);
            return;
        }
        boolean warnedOtherLists = false, warnedUv = false;
        float[] colour = new float[3];
        for (long i = 0; i < element.count(); i++) {
            int start = cornerCount;
            boolean kept = false;
            for (int p = 0; p < element.properties().size(); p++) {
                PlyProperty property = element.properties().get(p);
                try {
                    if (p == indexList) {
                        kept = readCorners(property, element, i);
                    } else if (p == uvList) {
                        if (!readCornerUvs(property, element, i, start) && !warnedUv) {
                            warnings.add("texcoord", element.line(), "a face's texcoord list does not give two numbers per corner;"
                                    + " its corners get (0, 0)");
                            warnedUv = true;
                        }
                    } else if (property.isList()) {
                        if (!warnedOtherLists) {
                            warnings.add("face list", element.line(), "the face property " + Excerpt.quote(property.name())
                                    + " is not read");
                            warnedOtherLists = true;
                        }
                        skipList(property, element, i);
                    } else {
                        double value = values.scalar(property.type());
                        if (hasColour && (p == r || p == g || p == b)) colour[p == r ? 0 : p == g ? 1 : 2] = colour(value, property.type());
                    }
                } catch (EOFException e) {
                    throw endedEarly(element, i);
                }
            }
            if (!kept) {
                cornerCount = start;
                continue;
            }
            if (faceCount + 2 > faceStart.length) faceStart = Arrays.copyOf(faceStart, grow(faceStart.length));
            faceStart[faceCount] = start;
            if (faceColours != null) {
                if (3 * faceCount + 3 > faceColours.length) faceColours = Arrays.copyOf(faceColours, grow(faceColours.length));
                if (hasColour) System.arraycopy(colour, 0, faceColours, 3 * faceCount, 3);
                else Arrays.fill(faceColours, 3 * faceCount, 3 * faceCount + 3, Float.NaN);
            }
            faceCount++;
            faceStart[faceCount] = cornerCount;
        }
    }

    /**
     * Binary faces that are nothing but an integer index list, the file's last element (what scanners
     * write): decoded from large blocks ({@link PlyBlocks}) instead of one call per value through
     * the stream's buffer. Every check and message is the general path's: a negative or too long
     * list, too many corners, an index out of range, a file that ends early; small faces skipped.
     */
    private void readFaceBlocks(BinaryPlyValues binary, PlyElement element, PlyProperty indices) throws SceneFormatException, IOException {
        PlyBlocks blocks = new PlyBlocks(binary, FACE_BLOCK_BYTES);
        PlyType countType = indices.countType(), type = indices.type();
        for (long i = 0; i < element.count(); i++) {
            if (!blocks.ensure(countType.bytes)) throw endedEarly(element, i);
            long n = blocks.integer(countType);
            if (n < 0) throw entryProblem(element, i, indices.name() + " has a negative length " + n);
            long left = bodyBytes - blocks.consumed();
            if (n > left || n * type.bytes > left)
                throw entryProblem(element, i, indices.name() + " claims " + n + " items, more than the rest of the file holds");
            if (n > MAX_CORNERS) throw entryProblem(element, i, "has " + n + " corners; faces of more than " + MAX_CORNERS + " are refused");
            if (cornerCount + n > MAX_TOTAL_CORNERS) throw entryProblem(element, i, "more than " + MAX_TOTAL_CORNERS + " face corners in all");
            if (!blocks.ensure((int) n * type.bytes)) throw endedEarly(element, i);
            if (cornerCount + n > corners.length) corners = Arrays.copyOf(corners, (int) Math.max(cornerCount + n, grow(corners.length)));
            int start = cornerCount;
            for (long c = 0; c < n; c++) {
                long index = blocks.integer(type);
                if (index < 0 || index >= vertexCount) throw entryProblem(element, i, "vertex index " + index + " is out of range 0.." + (vertexCount - 1));
                corners[cornerCount++] = (int) index;
            }
            if (n < 3) {
                skippedSmallFaces++;
                cornerCount = start;
                continue;
            }
            addFace(start, null);
        }
    }

    /**
     * Ends a face whose corners run from {@code start} to the corners read so far, with its colour
     * (three values 0…1), or null for none (NaN: the material's colour).
     */
    private void addFace(int start, float[] colour) {
        if (faceCount + 2 > faceStart.length) faceStart = Arrays.copyOf(faceStart, grow(faceStart.length));
        faceStart[faceCount] = start;
        if (faceColours != null) {
            if (3 * faceCount + 3 > faceColours.length) faceColours = Arrays.copyOf(faceColours, grow(faceColours.length));
            if (colour != null) System.arraycopy(colour, 0, faceColours, 3 * faceCount, 3);
            else Arrays.fill(faceColours, 3 * faceCount, 3 * faceCount + 3, Float.NaN);
        }
        faceCount++;
        faceStart[faceCount] = cornerCount;
    }

    /**
     * Reads a face's {@code texcoord} list (MeshLab: u, v for each corner, in the order of its
     * vertex indices) into the per-corner array; false, with the corners at (0, 0), when it does not
     * give two per corner (read before the indices, or of another length).
     */
    private boolean readCornerUvs(PlyProperty property, PlyElement element, long face, int start) throws SceneFormatException, IOException {
        long n = listLength(property, element, face);
        int faceCorners = cornerCount - start;
        if (cornerUv.length < 2 * corners.length) cornerUv = Arrays.copyOf(cornerUv, 2 * corners.length);
        if (n != 2L * faceCorners || faceCorners == 0) {
            values.skip(property.type(), n);
            return false;
        }
        for (int c = 0; c < faceCorners; c++) {
            double u = values.scalar(property.type()), v = values.scalar(property.type());
            cornerUv[2 * (start + c)] = Double.isFinite(u) ? (float) u : 0f;
            cornerUv[2 * (start + c) + 1] = Double.isFinite(v) ? (float) v : 0f;
        }
        return true;
    }

    /** Reads one face's corners onto the corner list; false for a face of fewer than 3, which is dropped. */
    private boolean readCorners(PlyProperty property, PlyElement element, long face) throws SceneFormatException, IOException {
        long n = listLength(property, element, face);
        if (n > MAX_CORNERS) throw entryProblem(element, face, "has " + n + " corners; faces of more than " + MAX_CORNERS + " are refused");
        if (cornerCount + n > MAX_TOTAL_CORNERS)
            throw entryProblem(element, face, "more than " + MAX_TOTAL_CORNERS + " face corners in all");
        if (cornerCount + n > corners.length) corners = Arrays.copyOf(corners, (int) Math.max(cornerCount + n, grow(corners.length)));
        if (cornerUv != null && cornerUv.length < 2 * corners.length) cornerUv = Arrays.copyOf(cornerUv, 2 * corners.length);
        for (long c = 0; c < n; c++) {
            double index = property.type().integer ? values.integer(property.type()) : values.scalar(property.type());
            if (!(index >= 0 && index < vertexCount) || index != Math.floor(index)) {
                throw entryProblem(element, face, "vertex index " + (index == Math.floor(index) ? String.valueOf((long) index) : String.valueOf(index))
                        + " is out of range 0.." + (vertexCount - 1));
            }
            corners[cornerCount++] = (int) index;
        }
        if (n < 3) {
            skippedSmallFaces++;
            return false;
        }
        return true;
    }

    private void skipElement(PlyElement element) throws SceneFormatException, IOException {
        if (element.count() > 0)
            warnings.add("element", element.line(), "element " + Excerpt.quote(element.name()) + " (" + element.count() + " entries) is not read");
        // Entries without properties take no bytes, so the size check lets any count through: there is nothing to skip,
        // and counting to it would not end (element junk 9000000000000000000 was a hang).
        if (element.properties().isEmpty()) return;
        for (long i = 0; i < element.count(); i++) {
            for (PlyProperty property : element.properties()) {
                try {
                    if (property.isList()) skipList(property, element, i);
                    else values.scalar(property.type());
                } catch (EOFException e) {
                    throw endedEarly(element, i);
                }
            }
        }
    }

    private void skipList(PlyProperty property, PlyElement element, long entry) throws SceneFormatException, IOException {
        values.skip(property.type(), listLength(property, element, entry));
    }

    /** A list's count, checked against what is left of the body before any item is read. */
    private long listLength(PlyProperty property, PlyElement element, long entry) throws SceneFormatException, IOException {
        long n = values.integer(property.countType());
        if (n < 0) throw entryProblem(element, entry, property.name() + " has a negative length " + n);
        long left = bodyBytes - values.consumed();
        if (n > left || values.minimumBytes(property.type(), n) > left)
            throw entryProblem(element, entry, property.name() + " claims " + n + " items, more than the rest of the file holds");
        return n;
    }

    private static float colour(double value, PlyType type) {
        double c = value / type.maxValue();
        return (float) (c >= 0 ? Math.min(c, 1) : 0); // NaN and negatives: 0
    }

    private static int grow(int length) {
        return (int) Math.min(Integer.MAX_VALUE - 8, 2L * length);
    }

    private SceneFormatException endedEarly(PlyElement element, long entry) {
        return new SceneFormatException(file, values.line(), "ends after " + entry + " of the " + element.count() + " "
                + Excerpt.sanitize(element.name(), 40) + " entries the header declares");
    }

    private SceneFormatException entryProblem(PlyElement element, long entry, String problem) {
        return new SceneFormatException(file, values.line(), Excerpt.sanitize(element.name(), 40) + " " + entry + ": " + problem);
    }
}
