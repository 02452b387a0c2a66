package org.drtstudio.io.vox;

import org.drtstudio.io.ImportResult;
import org.drtstudio.io.SceneFormatException;
import org.drtstudio.io.Excerpt;
import org.drtstudio.io.vox.VoxBytes.VoxProblem;
import org.drtstudio.scene.Material;
import org.drtstudio.scene.voxel.VoxelModel;
import org.drtstudio.scene.voxel.VoxelPalettes;
import org.drtstudio.scene.VoxelSpace;
import org.joml.Matrix4f;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads MagicaVoxel {@code .vox} files (the format's public description: "VOX " and a version, then
 * a MAIN chunk whose children are SIZE + XYZI pairs, one per model, the palette RGBA, materials
 * MATL and the scene graph nTRN / nGRP / nSHP; every chunk is an id, its content size and its
 * children's size; chunks this reader does not use are skipped).
 *
 * <p>Placement: voxel (x, y, z) of a model fills the unit cube (x, z, −y−1) … (x+1, z+1, −y) of
 * the model's space (MagicaVoxel's z up turned to the renderer's y up, handedness kept). A file of
 * one model puts it there in the scene; a file of several places each by its scene graph
 * ({@link VoxSceneGraph}), or all at that rule when it has no graph.
 *
 * <p>Hostile files: the file's size, every length, count and coordinate are checked before use;
 * a problem is one line naming the file, the chunk and its byte offset.
 */
public final class VoxReader {
    /** Files above this size are refused before reading (the largest MagicaVoxel scenes are tens of MB). */
    public static final long MAX_FILE_BYTES = 512L << 20;
    /** All models together may hold this many cells at most (one byte each). */
    public static final long MAX_TOTAL_CELLS = 1L << 28;
    public static final int MAX_MODELS = 1 << 16;
    /** MagicaVoxel's model sizes stop at 256; later versions go to 2048 (the grid bound of {@link VoxelSpace}). */
    public static final int MAX_MODEL_SIZE = VoxelSpace.MAX_SIZE;

    /** A parsed file: its models in the renderer's orientation, where they go, and what was skipped. */
    public record VoxFile(List<VoxelModel> models, List<VoxelScenes.Placement> placements, List<String> warnings) {
    }

    private VoxReader() {
    }

    /** The file as a scene: one mesh of exposed faces per model, instanced where the graph places a model twice. */
    public static ImportResult read(Path file) throws SceneFormatException {
        VoxFile vox = parse(file);
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try {
            return new ImportResult(VoxelScenes.of(name, vox.placements()), vox.warnings());
        } catch (IllegalArgumentException e) {
            throw new SceneFormatException(file, 0, e.getMessage());
        }
    }

    public static VoxFile parse(Path file) throws SceneFormatException {
        byte[] bytes;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES)
                throw new SceneFormatException(file, 0, "is " + size + " bytes; .vox files above " + MAX_FILE_BYTES + " are refused");
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new SceneFormatException(file, 0, "cannot be read: " + org.drtstudio.io.support.InputFiles.reason(e));
        }
        return parse(file, bytes);
    }

    static VoxFile parse(Path file, byte[] bytes) throws SceneFormatException {
        if (bytes.length < 8 || !"VOX ".equals(new String(bytes, 0, 4, StandardCharsets.ISO_8859_1)))
            throw new SceneFormatException(file, 0, "is not a MagicaVoxel file (it does not begin with \"VOX \")");
        return new Parse(file, bytes).run();
    }

    /** One file's parse: the state between chunks. */
    private static final class Parse {
        private final Path file;
        private final byte[] bytes;
        private final List<int[]> sizes = new ArrayList<>();
        private final List<VoxelSpace> spaces = new ArrayList<>();
        private final Map<Integer, Map<String, String>> materials = new HashMap<>();
        private final VoxSceneGraph graph = new VoxSceneGraph();
        private final List<String> warnings = new ArrayList<>();
        private int[] palette;
        private long cellsSoFar;
        private int zeroColourVoxels;

        Parse(Path file, byte[] bytes) {
            this.file = file;
            this.bytes = bytes;
        }

        VoxFile run() throws SceneFormatException {
            int offset = 8;
            Header main = header(offset, bytes.length);
            if (!main.id.equals("MAIN")) throw problem(offset, main.id, "expected the MAIN chunk here");
            int children = main.contentStart + main.contentSize;
            int end = children + main.childrenSize;
            offset = children;
            while (offset < end) {
                Header h = header(offset, end);
                try {
                    chunk(h, new VoxBytes(bytes, h.contentStart, h.contentSize));
                } catch (VoxProblem e) {
                    throw problem(offset, h.id, e.getMessage());
                }
                offset = h.contentStart + h.contentSize + h.childrenSize;
            }
            if (sizes.size() > spaces.size()) throw problem(end, "SIZE", "the last SIZE chunk has no XYZI chunk after it");
            if (spaces.isEmpty()) throw new SceneFormatException(file, 0, "holds no voxel model (no SIZE and XYZI chunks)");
            if (zeroColourVoxels > 0)
                warnings.add(file.getFileName() + ": " + zeroColourVoxels + " voxels of colour index 0 (empty) skipped");
            List<VoxelModel> models = models();
            return new VoxFile(models, placements(models), List.copyOf(warnings));
        }

        private List<VoxelModel> models() {
            int[] rgb = palette != null ? palette : VoxelPalettes.magicaVoxelDefault();
            List<Material> entries = new ArrayList<>(VoxelModel.PALETTE_SIZE);
            for (int i = 0; i < VoxelModel.PALETTE_SIZE; i++)
                entries.add(VoxMaterials.of(i, rgb[i], materials.get(i), warnings, file.getFileName() + ": MATL " + i));
            String base = file.getFileName() == null ? "vox" : file.getFileName().toString().replaceFirst("(?i)\\.vox$", "");
            List<VoxelModel> out = new ArrayList<>();
            for (int m = 0; m < spaces.size(); m++)
                out.add(new VoxelModel(spaces.size() == 1 ? base : base + " model " + m, spaces.get(m), entries));
            return out;
        }

        private List<VoxelScenes.Placement> placements(List<VoxelModel> models) throws SceneFormatException {
            List<VoxelScenes.Placement> out = new ArrayList<>();
            if (models.size() == 1 || graph.isEmpty()) {
                for (VoxelModel m : models) out.add(new VoxelScenes.Placement(m, null));
                return out;
            }
            try {
                for (VoxSceneGraph.Placement p : graph.placements(models.size())) {
                    int[] size = sizes.get(p.model());
                    out.add(new VoxelScenes.Placement(models.get(p.model()), toRenderer(p.matrix(), size)));
                }
            } catch (VoxProblem e) {
                throw new SceneFormatException(file, 0, "scene graph (nTRN/nGRP/nSHP): " + e.getMessage());
            }
            return out;
        }

        /**
         * C · M · T(−pivot) · C⁻¹, with C = (x, y, z) ↦ (x, z, −y): from the model's renderer-space
         * coordinates (the placement rule) through MagicaVoxel's space to the scene's.
         */
        private static Matrix4f toRenderer(Matrix4f mv, int[] size) {
            Matrix4f c = new Matrix4f(1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1); // column-major: x→x, y→−z, z→y
            Matrix4f cInverse = new Matrix4f(c).invert();
            return new Matrix4f(c).mul(mv).translate(-(size[0] / 2), -(size[1] / 2), -(size[2] / 2)).mul(cInverse);
        }

        private void chunk(Header h, VoxBytes in) throws VoxProblem {
            switch (h.id) {
                case "SIZE" -> size(in);
                case "XYZI" -> voxels(in);
                case "RGBA" -> palette(in);
                case "MATL" -> material(in);
                case "nTRN" -> graph.readTransform(in);
                case "nGRP" -> graph.readGroup(in);
                case "nSHP" -> graph.readShape(in);
                default -> { } // PACK, LAYR, rOBJ, rCAM, NOTE, IMAP, MATT: nothing the renderer uses
            }
        }

        private void size(VoxBytes in) throws VoxProblem {
            if (sizes.size() > spaces.size()) throw new VoxProblem("two SIZE chunks without an XYZI chunk between them");
            if (sizes.size() >= MAX_MODELS) throw new VoxProblem("more than " + MAX_MODELS + " models");
            int x = in.int32("size x"), y = in.int32("size y"), z = in.int32("size z");
            for (int s : new int[]{x, y, z})
                if (s < 1 || s > MAX_MODEL_SIZE)
                    throw new VoxProblem("model size " + x + "×" + y + "×" + z + " is outside 1…" + MAX_MODEL_SIZE + " per axis");
            long cells = (long) x * y * z;
            if (cells > VoxelSpace.MAX_CELLS || cellsSoFar + cells > MAX_TOTAL_CELLS)
                throw new VoxProblem("models of " + (cellsSoFar + cells) + " cells in all, above " + MAX_TOTAL_CELLS);
            cellsSoFar += cells;
            sizes.add(new int[]{x, y, z});
        }

        /** Voxel (x, y, z) → renderer cell (x, z, sy − 1 − y) of a space at origin (0, 0, −sy): the placement rule. */
        private void voxels(VoxBytes in) throws VoxProblem {
            if (sizes.size() != spaces.size() + 1) throw new VoxProblem("an XYZI chunk without a SIZE chunk before it");
            int[] s = sizes.get(sizes.size() - 1);
            int n = in.int32("voxel count");
            if (n < 0 || n > in.remaining() / 4)
                throw new VoxProblem("voxel count " + n + " but the chunk holds " + in.remaining() / 4);
            VoxelSpace space = new VoxelSpace(s[0], s[2], s[1], 0, 0, -s[1], new byte[s[0] * s[1] * s[2]]);
            byte[] cells = space.cells();
            for (int v = 0; v < n; v++) {
                int x = in.unsignedByte("x"), y = in.unsignedByte("y"), z = in.unsignedByte("z"), c = in.unsignedByte("colour");
                if (x >= s[0] || y >= s[1] || z >= s[2])
                    throw new VoxProblem("voxel " + v + " at (" + x + ", " + y + ", " + z + ") lies outside the model's size "
                            + s[0] + "×" + s[1] + "×" + s[2]);
                if (c == 0) {
                    zeroColourVoxels++;
                    continue;
                }
                cells[space.index(x, z, s[1] - 1 - y)] = (byte) c;
            }
            spaces.add(space);
        }

        /** Entry i of the chunk is colour index i + 1 (index 0 is empty; the chunk's last entry is unused). */
        private void palette(VoxBytes in) throws VoxProblem {
            int[] rgb = new int[VoxelModel.PALETTE_SIZE];
            for (int i = 0; i < VoxelModel.PALETTE_SIZE; i++) {
                int r = in.unsignedByte("palette red"), g = in.unsignedByte("palette green"), b = in.unsignedByte("palette blue");
                in.unsignedByte("palette alpha");
                if (i + 1 < VoxelModel.PALETTE_SIZE) rgb[i + 1] = (r << 16) | (g << 8) | b;
            }
            palette = rgb;
        }

        private void material(VoxBytes in) throws VoxProblem {
            int id = in.int32("material id");
            Map<String, String> properties = in.dict("material properties");
            if (id >= 0 && id < VoxelModel.PALETTE_SIZE) materials.put(id, properties);
            else warnings.add(file.getFileName() + ": MATL for palette entry " + id + " (outside 0…255) ignored");
        }

        private record Header(String id, int contentStart, int contentSize, int childrenSize) {
        }

        /** The chunk header at {@code offset}, its content and children checked to end by {@code limit}. */
        private Header header(int offset, int limit) throws SceneFormatException {
            if (limit - offset < 12) throw problem(offset, "chunk header", "ends inside a chunk header");
            String id = new String(bytes, offset, 4, StandardCharsets.ISO_8859_1);
            VoxBytes in = new VoxBytes(bytes, offset + 4, 8);
            int content, children;
            try {
                content = in.int32("content size");
                children = in.int32("children size");
            } catch (VoxProblem e) {
                throw problem(offset, id, e.getMessage());
            }
            long available = (long) limit - offset - 12;
            if (content < 0 || children < 0 || (long) content + children > available)
                throw problem(offset, id, "content of " + content + " and children of " + children + " bytes, but "
                        + available + " remain");
            return new Header(id, offset + 12, content, children);
        }

        private SceneFormatException problem(int offset, String chunk, String message) {
            return new SceneFormatException(file, 0, "chunk " + Excerpt.quote(chunk, 4) + " at byte " + offset + ": " + message);
        }
    }
}
