package org.drtstudio.io.gltf;

import de.javagl.jgltf.impl.v2.BufferView;
import de.javagl.jgltf.impl.v2.GlTF;
import de.javagl.jgltf.impl.v2.Image;
import de.javagl.jgltf.model.io.v2.GltfAssetV2;
import org.drtstudio.io.support.InputFiles;
import org.drtstudio.io.support.SceneFolder;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pictures a glTF file embeds (in a {@code .glb}'s binary chunk through a buffer view, or in a data
 * URI), named as textures {@code FILE.glb#gltf-image-N} (image N of the file): the tracers' materials
 * name textures by path, and this is the path of a picture inside a file. The texture loader asks
 * here when no file of that name exists, and decodes the bytes with the same header budget as any
 * texture. The container is read as {@link GltfSource} reads it (its binary container checked, the
 * library's logging silent); the image's bytes must lie inside its buffer.
 */
public final class GltfEmbeddedImages {
    private static final String PART = "gltf-image-";
    private static final Pattern REFERENCE = Pattern.compile("(?s)(.*\\.(?:glb|gltf))#" + PART + "(\\d{1,9})", Pattern.CASE_INSENSITIVE);

    private GltfEmbeddedImages() {
    }

    /** The texture path of image {@code index} of the glTF at {@code gltf}. */
    static SceneFolder.ConfinedPath reference(SceneFolder.ConfinedPath gltf, int index) {
        return gltf.embedded(PART + index);
    }

    /** Whether {@code path} has the form of an embedded picture's name. */
    public static boolean isReference(String path) {
        return REFERENCE.matcher(path).matches();
    }

    /**
     * The bytes of the picture {@code path} names ({@code FILE.glb#gltf-image-N}).
     *
     * @throws IOException naming what is wrong: the file missing or not a regular file, no image N, an image outside its buffer
     */
    public static byte[] bytes(String path) throws IOException {
        Matcher m = REFERENCE.matcher(path);
        if (!m.matches()) throw new IOException("is not the name of a picture inside a glTF file");
        Path container = Path.of(m.group(1));
        int index = Integer.parseInt(m.group(2));
        InputFiles.requireRegular(container);
        long size = Files.size(container);
        if (size > Integer.MAX_VALUE - 8) throw new IOException("its glTF file is larger than 2 GiB");
        GltfMemory.reserve(container.toString(), 2 * size);
        byte[] bytes = Files.readAllBytes(container);
        GltfAssetV2 asset;
        try {
            GltfBinary glb = GltfBinary.looksBinary(bytes) ? GltfBinary.check(container, bytes) : null;
            GltfSource.silenceLibrary();
            asset = GltfSource.bind(bytes, glb, null);
        } catch (org.drtstudio.io.SceneFormatException | RuntimeException e) {
            throw new IOException("its glTF file cannot be read");
        }
        GlTF gltf = asset.getGltf();
        if (gltf == null) throw new IOException("its file is not glTF 2.0");
        List<Image> images = gltf.getImages() == null ? List.of() : gltf.getImages();
        if (index >= images.size()) throw new IOException("the glTF file has no image " + index);
        Image image = images.get(index);
        if (image.getUri() != null) {
            if (!image.getUri().startsWith("data:")) throw new IOException("image " + index + " is a file of its own, not embedded");
            try {
                return GltfSource.dataUri(container, "image " + index, image.getUri());
            } catch (org.drtstudio.io.SceneFormatException e) {
                throw new IOException(e.problem());
            }
        }
        Integer viewIndex = image.getBufferView();
        List<BufferView> views = gltf.getBufferViews() == null ? List.of() : gltf.getBufferViews();
        if (viewIndex == null || viewIndex < 0 || viewIndex >= views.size()) throw new IOException("image " + index + " names no buffer view");
        BufferView view = views.get(viewIndex);
        ByteBuffer binary = asset.getBinaryData();
        if (view.getBuffer() == null || view.getBuffer() != 0 || binary == null)
            throw new IOException("image " + index + " is not in the file's binary chunk");
        long offset = view.getByteOffset() == null ? 0 : view.getByteOffset(), length = view.getByteLength() == null ? -1 : view.getByteLength();
        if (offset < 0 || length < 0 || offset + length > binary.capacity())
            throw new IOException("image " + index + " lies outside the file's binary chunk");
        byte[] out = new byte[(int) length];
        binary.get((int) offset, out);
        return out;
    }
}
