package org.drtstudio.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * {@code drt -V}: the version and commit the build wrote into the jar ({@code drt-build.properties},
 * filled from the POM's version; {@code drt-commit.properties}, git's commit at build time, "modified"
 * when the work tree had changes), and the Java that runs it. A jar built without git says
 * "commit unknown"; nothing here is a literal of the source.
 */
final class BuildVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        Properties build = read("/drt-build.properties"), commit = read("/drt-commit.properties");
        String version = build.getProperty("version", "unknown");
        String id = commit.getProperty("commit", "unknown");
        boolean dirty = Boolean.parseBoolean(commit.getProperty("dirty", "false"));
        return new String[] {
                "DRT Studio " + version + " (commit " + id + (dirty ? ", modified" : "") + ")",
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }

    private static Properties read(String resource) {
        Properties p = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream(resource)) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            // an unreadable resource reads as unknown
        }
        return p;
    }
}
