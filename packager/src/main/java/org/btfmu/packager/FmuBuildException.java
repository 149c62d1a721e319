package org.btfmu.packager;

/**
 * A build that cannot succeed with the given input (model identifier, variable
 * names, no Java tools for --bundle-jre …); the message names the problem and
 * what to change.
 */
public final class FmuBuildException extends Exception {

    private static final long serialVersionUID = 1L;

    public FmuBuildException(String message) {
        super(message);
    }

    public FmuBuildException(String message, Throwable cause) {
        super(message, cause);
    }
}
