package org.btfmu.scenario;

/**
 * A scenario that cannot be run as written: a configuration error (unknown
 * FMU, variable or task, a malformed expectation), not a failed expectation.
 */
public final class ScenarioException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ScenarioException(String message) {
        super(message);
    }
}
