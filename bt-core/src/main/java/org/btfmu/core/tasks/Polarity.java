package org.btfmu.core.tasks;

import org.btfmu.core.Status;

/**
 * Which child result lets a composite move on and which decides it: the one difference between
 * a sequence and a selector, reactive ({@link ReactiveComposite}) or with memory
 * ({@link MemoryComposite}).
 */
enum Polarity {
    /** A success passes on, a failure decides: the composite fails. */
    SEQUENCE(false),
    /** A failure passes on, a success decides: the composite succeeds. */
    SELECTOR(true);

    private final boolean stoppedResult;

    Polarity(boolean stoppedResult) {
        this.stoppedResult = stoppedResult;
    }

    /** True if a child with this status decides the composite. */
    boolean stops(Status child) {
        return stoppedResult ? child.isSucceeded() : child.isFailed();
    }

    /** True if a child with this status lets the composite move on. */
    boolean passes(Status child) {
        return stoppedResult ? child.isFailed() : child.isSucceeded();
    }

    /** The composite's success flag when a child stopped it. */
    boolean stoppedResult() {
        return stoppedResult;
    }
}
