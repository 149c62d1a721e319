package org.btfmu.cosim;

/**
 * A co-simulation that cannot be set up or cannot go on: a bad FMU, a bad
 * connection or input file, or an FMU that reported an error. The message names
 * the file, FMU, variable, FMI function and time where they are known.
 */
public final class CoSimulationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CoSimulationException(String message) {
        super(message);
    }

    public CoSimulationException(String message, Throwable cause) {
        super(message, cause);
    }
}
