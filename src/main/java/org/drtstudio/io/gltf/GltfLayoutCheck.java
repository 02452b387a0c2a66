package org.drtstudio.io.gltf;

import de.javagl.jgltf.impl.v2.Accessor;
import de.javagl.jgltf.impl.v2.AccessorSparse;
import de.javagl.jgltf.impl.v2.Buffer;
import de.javagl.jgltf.impl.v2.BufferView;
import de.javagl.jgltf.impl.v2.GlTF;
import de.javagl.jgltf.model.io.GltfAsset;
import org.drtstudio.io.SceneFormatException;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks, before jgltf-model makes its model, that every buffer view lies inside its buffer's data
 * and every accessor inside its view, so that no accessor reads past the bytes that are there and
 * nothing is allocated from a count alone: an accessor without a view is zeros the library
 * allocates, so all such accessors together are bounded by {@link #MAX_ZERO_BYTES} or eight times
 * the file's size.
 * Counts are in 64-bit arithmetic; a problem names the object by its index.
 */
final class GltfLayoutCheck {
    static final long MAX_ZERO_BYTES = 16L << 20;

    private GltfLayoutCheck() {
    }

    static void check(Path file, GlTF gltf, GltfAsset asset) throws SceneFormatException {
        List<Buffer> buffers = orEmpty(gltf.getBuffers());
        long[] available = new long[buffers.size()];
        // jgltf-model makes a .glb's binary chunk buffer 0 whenever the chunk holds bytes, whatever buffer 0 says
        ByteBuffer binary = asset.getBinaryData() != null && asset.getBinaryData().capacity() > 0 ? asset.getBinaryData() : null;
        for (int i = 0; i < buffers.size(); i++) {
            String uri = buffers.get(i).getUri();
            if (i == 0 && binary != null && uri != null)
                throw new SceneFormatException(file, 0, "buffer 0 names a uri, but in a .glb with a binary chunk buffer 0 is that chunk (glTF: no uri)");
            // jgltf-model decodes data URIs itself when it makes the model; their length is checked on a copy here
            ByteBuffer data = uri == null ? (i == 0 ? binary : null)
                    : uri.startsWith("data:") ? ByteBuffer.wrap(GltfSource.dataUri(file, "buffer " + i, uri)) : asset.getReferenceData(uri);
            if (data == null) throw new SceneFormatException(file, 0, "buffer " + i + " has no data (no uri, and not the .glb's binary chunk)");
            available[i] = data.capacity();
            Integer declared = buffers.get(i).getByteLength();
            if (declared == null || declared < 0 || declared > available[i])
                throw new SceneFormatException(file, 0, "buffer " + i + " declares " + declared + " bytes; " + available[i] + " are there");
            available[i] = declared;
        }
        List<BufferView> views = orEmpty(gltf.getBufferViews());
        for (int i = 0; i < views.size(); i++) {
            BufferView v = views.get(i);
            Integer buffer = v.getBuffer();
            if (buffer == null || buffer < 0 || buffer >= buffers.size())
                throw new SceneFormatException(file, 0, "bufferView " + i + " names buffer " + buffer + ", which is not there");
            long offset = orZero(v.getByteOffset()), length = v.getByteLength() == null ? -1 : v.getByteLength();
            if (offset < 0 || length < 0 || offset + length > available[buffer])
                throw new SceneFormatException(file, 0, "bufferView " + i + " (bytes " + offset + " + " + length + ") lies outside buffer "
                        + buffer + " of " + available[buffer] + " bytes");
            if (v.getByteStride() != null && (v.getByteStride() < 4 || v.getByteStride() > 252))
                throw new SceneFormatException(file, 0, "bufferView " + i + " has byteStride " + v.getByteStride() + "; glTF allows 4 to 252");
        }
        List<Accessor> accessors = orEmpty(gltf.getAccessors());
        long fileBound = Math.max(MAX_ZERO_BYTES, 8 * totalBytes(available)), zeroBytes = 0;
        for (int i = 0; i < accessors.size(); i++) {
            Accessor a = accessors.get(i);
            String where = "accessor " + i;
            int componentBytes = componentBytes(a.getComponentType());
            int components = components(a.getType());
            if (componentBytes == 0) throw new SceneFormatException(file, 0, where + " has an unknown componentType " + a.getComponentType());
            if (components == 0) throw new SceneFormatException(file, 0, where + " has an unknown type");
            long count = a.getCount() == null ? -1 : a.getCount();
            if (count < 0) throw new SceneFormatException(file, 0, where + " has no count or a negative one");
            long element = (long) componentBytes * components;
            if (a.getBufferView() == null) {
                zeroBytes += count * element;
                if (zeroBytes > fileBound)
                    throw new SceneFormatException(file, 0, where + " has no bufferView and " + count + " elements: with the accessors "
                            + "before it, " + zeroBytes + " bytes of zeros are more than this file may ask for");
            } else {
                checkRange(file, where, views, available, a.getBufferView(), orZero(a.getByteOffset()), count, element, false);
            }
            AccessorSparse sparse = a.getSparse();
            if (sparse != null) {
                long n = sparse.getCount() == null ? -1 : sparse.getCount();
                if (n < 0 || n > count) throw new SceneFormatException(file, 0, where + " has a sparse count of " + n + " for " + count + " elements");
                if (sparse.getIndices() == null || sparse.getValues() == null)
                    throw new SceneFormatException(file, 0, where + " is sparse without indices or values");
                int indexBytes = componentBytes(sparse.getIndices().getComponentType());
                if (indexBytes == 0 || indexBytes == 4 && sparse.getIndices().getComponentType() == 5126)
                    throw new SceneFormatException(file, 0, where + " has sparse indices of an unknown type");
                checkRange(file, where + " (sparse indices)", views, available, sparse.getIndices().getBufferView(),
                        orZero(sparse.getIndices().getByteOffset()), n, indexBytes, true);
                checkRange(file, where + " (sparse values)", views, available, sparse.getValues().getBufferView(),
                        orZero(sparse.getValues().getByteOffset()), n, element, true);
            }
        }
    }

    /**
     * Whether {@code count} elements of {@code element} bytes from {@code offset} in the view lie inside it, at the view's
     * stride or, {@code packed} (a sparse accessor's indices and values, which glTF stores tightly and GltfAccessors
     * reads so), back to back.
     */
    private static void checkRange(Path file, String where, List<BufferView> views, long[] available, Integer view, long offset,
                                   long count, long element, boolean packed) throws SceneFormatException {
        if (view == null || view < 0 || view >= views.size())
            throw new SceneFormatException(file, 0, where + " names bufferView " + view + ", which is not there");
        BufferView v = views.get(view);
        long stride = v.getByteStride() != null && !packed ? v.getByteStride() : element;
        long length = v.getByteLength();
        if (offset < 0) throw new SceneFormatException(file, 0, where + " has a negative byteOffset");
        long end = count == 0 ? offset : offset + stride * (count - 1) + element;
        if (end > length)
            throw new SceneFormatException(file, 0, where + " reads " + count + " elements to byte " + end + " of bufferView " + view
                    + ", which has " + length);
    }

    static int componentBytes(Integer type) {
        if (type == null) return 0;
        return switch (type) {
            case 5120, 5121 -> 1;
            case 5122, 5123 -> 2;
            case 5125, 5126 -> 4;
            default -> 0;
        };
    }

    static int components(String type) {
        if (type == null) return 0;
        return switch (type) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            case "VEC4", "MAT2" -> 4;
            case "MAT3" -> 9;
            case "MAT4" -> 16;
            default -> 0;
        };
    }

    private static long totalBytes(long[] sizes) {
        long sum = 0;
        for (long s : sizes) sum += s;
        return sum;
    }

    private static long orZero(Integer value) {
        return value == null ? 0 : value;
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }
}
