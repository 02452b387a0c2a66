package org.drtstudio.farm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The files one {@code drt render} writes for one picture: the picture, then the AOVs asked for
 * beside it ({@code OUT.depth.pfm}, …; {@code samples} also writes the heat map {@code OUT.samples.png}).
 * The names follow {@code drt render --aov}'s; an EXR picture is one file, its AOVs layers inside it.
 */
public record OutputSet(Path picture, List<Path> files) {

    public OutputSet {
        files = List.copyOf(files);
    }

    /** @param aovs the names given to {@code --aov}: depth, normal, albedo, noisy, variance, samples */
    public static OutputSet of(Path picture, List<String> aovs) {
        Path abs = picture.toAbsolutePath();
        String name = abs.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        List<Path> files = new ArrayList<>();
        files.add(abs);
        // an EXR holds its AOVs as layers: drt render writes no file beside it
        if (name.toLowerCase(Locale.ROOT).endsWith(".exr")) return new OutputSet(abs, files);
        for (String aov : aovs) {
            String a = aov.trim().toLowerCase(Locale.ROOT);
            files.add(abs.resolveSibling(base + "." + a + ".pfm"));
            if (a.equals("samples")) files.add(abs.resolveSibling(base + ".samples.png"));
        }
        return new OutputSet(abs, files);
    }
}
