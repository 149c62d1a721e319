package org.btfmu.maven;

/**
 * A scenario that cannot be run as written: a configuration error (unknown
 * FMU, variable or task, a malformed expectation), not a failed expectation.
 */
final class ScenarioException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    ScenarioException(String message) {
        super(message);
    }
}
