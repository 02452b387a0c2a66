package org.drtstudio.cli;

import picocli.CommandLine;

/** A count of samples as an integer or in scientific notation ({@code 2e11}); positive and whole. */
final class SampleCountConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        double d;
        try {
            d = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a number of samples (e.g. 1e11)");
        }
        if (!(d >= 1) || d > 9.2e18 || d != Math.rint(d))
            throw new CommandLine.TypeConversionException("'" + value + "' must be a whole number of samples from 1 to 9.2e18");
        return (long) d;
    }
}
