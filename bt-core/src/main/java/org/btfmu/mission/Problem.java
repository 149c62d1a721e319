package org.btfmu.mission;

/**
 * One thing wrong with a mission file.
 *
 * @param pointer JSON pointer (RFC 6901) of the offending element; "" for the whole document
 * @param line    1-based line of that element in the file, 0 if unknown
 * @param column  1-based column of that element in the file, 0 if unknown
 */
public record Problem(String pointer, String message, int line, int column) {

    /** {@code line:column: pointer: message}, the form editors and the CLI print. */
    @Override
    public String toString() {
        String where = line > 0 ? line + ":" + column + ": " : "";
        return where + (pointer.isEmpty() ? "" : pointer + ": ") + message;
    }
}
