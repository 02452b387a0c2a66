package org.drtstudio.cli;

import org.drtstudio.math.Vec3;
import picocli.CommandLine;

/** Parses "x,y,z" into a vector, naming the bad value on failure. */
final class Vec3Converter implements CommandLine.ITypeConverter<Vec3> {
    @Override
    public Vec3 convert(String value) {
        String[] parts = value.split(",");
        if (parts.length != 3) throw new CommandLine.TypeConversionException("expected x,y,z but got '" + value + "'");
        try {
            Vec3 v = Vec3.of(Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim()), Double.parseDouble(parts[2].trim()));
            if (!v.isFinite()) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not three finite numbers x,y,z");
        }
    }
}
