package org.btfmu.campaign;

/** A run worker could not be started: the message says why (its exit, its output). */
final class WorkerException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    WorkerException(String message) {
        super(message);
    }
}
