package org.drtstudio.io.project;

/** Identity of the project file format. */
public final class ProjectFormat {
    /** The value of the {@code "format"} key every project file starts with. */
    public static final String NAME = "drt-project";
    /** The newest format version this build reads and the one it writes. */
    public static final int VERSION = 1;
    /** File name extension of project files. */
    public static final String EXTENSION = ".json";

    private ProjectFormat() {
    }
}
