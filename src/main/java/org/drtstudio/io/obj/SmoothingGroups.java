package org.drtstudio.io.obj;

import java.util.HashMap;
import java.util.Map;

/**
 * Numbers the smoothing groups of {@code s} statements in the order the file first names them, so
 * that both OBJ parsers (the validating {@link ObjStatementReader} and the fast {@link PlainObjParser})
 * give a face the same group id.
 */
final class SmoothingGroups {
    private final Map<String, Integer> ids = new HashMap<>();

    /**
     * The group of the faces after an {@code s} statement.
     *
     * @param argument what follows the keyword, trimmed, tabs already spaces
     * @return {@link ObjStatementReader#FLAT} for {@code off}, {@code 0} or nothing; else an id
     *         above {@link ObjStatementReader#DEFAULT_SMOOTH} shared by every statement naming the group
     */
    int id(String argument) {
        String name = argument.isEmpty() ? "off" : argument.split(" ", 2)[0].toLowerCase();
        try {
            name = Long.toString(Long.parseLong(name)); // "01" and "1" are the same group
        } catch (NumberFormatException notANumber) {
            // a named group such as "on"; kept as written
        }
        if (name.equals("off") || name.equals("0")) return ObjStatementReader.FLAT;
        return ids.computeIfAbsent(name, key -> ObjStatementReader.DEFAULT_SMOOTH + 1 + ids.size());
    }
}
