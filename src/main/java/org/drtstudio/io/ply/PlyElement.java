package org.drtstudio.io.ply;

import java.util.List;

/**
 * One element of a PLY header ({@code element vertex 8} and its properties): {@code count} entries
 * follow in the body, each with every property in order.
 *
 * @param line the header line that declares it, for messages
 */
record PlyElement(String name, long count, List<PlyProperty> properties, int line) {
    PlyElement {
        properties = List.copyOf(properties);
    }

    /** The index of the scalar property called {@code propertyName}, or -1. */
    int scalar(String propertyName) {
        for (int i = 0; i < properties.size(); i++) {
            PlyProperty p = properties.get(i);
            if (!p.isList() && p.name().equals(propertyName)) return i;
        }
        return -1;
    }

    /** The index of the first scalar property with one of these names, or -1. */
    int scalar(String... names) {
        for (String n : names) {
            int i = scalar(n);
            if (i >= 0) return i;
        }
        return -1;
    }

    /** The index of the list property called {@code propertyName}, or -1. */
    int list(String... names) {
        for (String n : names) {
            for (int i = 0; i < properties.size(); i++) {
                PlyProperty p = properties.get(i);
                if (p.isList() && p.name().equals(n)) return i;
            }
        }
        return -1;
    }

    /**
     * The fewest bytes one entry can take in the body: in binary each scalar's size and each list's
     * count (the list may be empty); in ASCII two characters per value (a digit and a separator).
     * With the count, it bounds what a header may claim before anything is allocated.
     */
    long minimumBytes(PlyFormat format) {
        long sum = 0;
        for (PlyProperty p : properties) {
            if (format == PlyFormat.ASCII) sum += 2;
            else sum += p.isList() ? p.countType().bytes : p.type().bytes;
        }
        return sum;
    }
}
