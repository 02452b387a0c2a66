package org.drtstudio.io.vxt;

import org.drtstudio.scene.VoxelSpace;
import org.drtstudio.scene.voxel.VoxelModel;

import java.nio.charset.StandardCharsets;

/**
 * Writes a voxel model as {@code .vxt} text ({@link VxtReader}): the size, the origin when it is not
 * 0 0 0, a key for each palette entry from 1 to the highest one a cell uses (so the file read back
 * has the same cell indices), and the layers that hold a solid voxel. Keys take the characters
 * {@link #KEY_CHARACTERS} in order. Each entry's material is written as the kind that makes it
 * ({@link VxtKey#describe}); one no kind makes is written as a matte of its diffuse colour. Colours
 * and numbers are written as the shortest decimals that read back as the same floats, so reading
 * the text gives back the cells and, for materials of the .vxt kinds (a .vxt or .vox file's), the
 * same palette. Used by tests.
 */
public final class VxtWriter {
    /**
     * The key characters, entry 1 first: the letters, digits and ASCII punctuation but '.', then
     * visible Latin-1 and Latin Extended-A characters, {@value VxtReader#MAX_KEYS} in all.
     */
    public static final String KEY_CHARACTERS = keyCharacters();

    private VxtWriter() {
    }

    /** The model as .vxt text. */
    public static String text(VoxelModel model) {
        VoxelSpace s = model.space();
        int highest = 0;
        for (byte c : s.cells()) highest = Math.max(highest, c & 0xFF);
        StringBuilder out = new StringBuilder(64 + 48 * highest + (int) Math.min(Integer.MAX_VALUE / 2, s.cellCount() + (long) s.sizeY() * s.sizeZ() * 2));
        out.append("vxt ").append(VxtReader.VERSION).append('\n');
        out.append("size ").append(s.sizeX()).append(' ').append(s.sizeY()).append(' ').append(s.sizeZ()).append('\n');
        if (s.originX() != 0 || s.originY() != 0 || s.originZ() != 0)
            out.append("origin ").append(s.originX()).append(' ').append(s.originY()).append(' ').append(s.originZ()).append('\n');
        for (int entry = 1; entry <= highest; entry++) {
            VxtKey key = VxtKey.describe(KEY_CHARACTERS.charAt(entry - 1), model.palette().get(entry));
            out.append("key ").append(key.character()).append(' ').append(key.colour().x()).append(' ')
                    .append(key.colour().y()).append(' ').append(key.colour().z());
            if (key.kind() != VxtKey.Kind.MATTE) {
                out.append(' ').append(key.kind().word());
                if (key.kind().takesValue) out.append(' ').append(key.value());
            }
            out.append('\n');
        }
        for (int y = 0; y < s.sizeY(); y++) {
            if (emptyLayer(s, y)) continue;
            out.append("layer ").append(y).append('\n');
            for (int z = 0; z < s.sizeZ(); z++) {
                for (int x = 0; x < s.sizeX(); x++) {
                    int c = s.get(x, y, z);
                    out.append(c == 0 ? VxtReader.EMPTY : KEY_CHARACTERS.charAt(c - 1));
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    /** {@link #text} as UTF-8. */
    public static byte[] bytes(VoxelModel model) {
        return text(model).getBytes(StandardCharsets.UTF_8);
    }

    private static boolean emptyLayer(VoxelSpace s, int y) {
        for (int z = 0; z < s.sizeZ(); z++)
            for (int x = 0; x < s.sizeX(); x++)
                if (s.get(x, y, z) != 0) return false;
        return true;
    }

    private static String keyCharacters() {
        StringBuilder sb = new StringBuilder(VxtReader.MAX_KEYS);
        String ascii = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#@%&*+=$!?:;~^|/\\<>()[]{}-_,'\"`";
        for (char c : ascii.toCharArray()) if (VxtKey.isKeyCharacter(c)) sb.append(c);
        for (char c = 0xA1; c < 0x180 && sb.length() < VxtReader.MAX_KEYS; c++) if (VxtKey.isKeyCharacter(c)) sb.append(c);
        if (sb.length() != VxtReader.MAX_KEYS) throw new IllegalStateException("key characters: " + sb.length());
        return sb.toString();
    }
}
