package org.btfmu.checker;

/**
 * One result of {@code bt-fmu check}: an error (the FMU breaks FMI 2.0 or 3.0 or its own
 * declarations) or a note (allowed, but worth knowing), located by {@code where}: a file
 * position, a variable, a function and mode.
 */
public record Finding(Severity severity, String where, String message) {

    public enum Severity { ERROR, NOTE }

    static Finding error(String where, String message) {
        return new Finding(Severity.ERROR, where, message);
    }

    static Finding note(String where, String message) {
        return new Finding(Severity.NOTE, where, message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    @Override
    public String toString() {
        return severity.name().toLowerCase() + ": " + where + ": " + message;
    }
}
