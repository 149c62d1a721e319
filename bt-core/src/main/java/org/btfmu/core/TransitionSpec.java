package org.btfmu.core;

import java.util.Objects;
import org.btfmu.core.expr.Expression;

/**
 * A state machine transition. It fires when its source state is current, {@code guard}
 * holds and the state has been current for at least {@code delay} seconds of simulated
 * time (Modelica StateGraph's wait time; 0 fires in the instant the guard holds).
 */
public record TransitionSpec(String from, String to, Expression guard, double delay) {
    public TransitionSpec {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(guard, "guard");
        if (!(delay >= 0) || Double.isInfinite(delay)) {
            throw new IllegalArgumentException("transition " + from + " -> " + to
                    + ": delay must be finite and >= 0, got " + delay);
        }
    }
}
