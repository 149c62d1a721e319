package org.btfmu.cosim;

/** An output of one FMU feeding an input of another, checked when it is made. */
public record Connection(VariableReference from, VariableReference to) {

    public Connection {
        if (!from.variable().isOutput()) {
            throw new IllegalArgumentException("'" + from + "' is not an output (causality "
                    + from.variable().causality() + ")");
        }
        if (!to.variable().isInput()) {
            throw new IllegalArgumentException("'" + to + "' is not an input (causality "
                    + to.variable().causality() + ")");
        }
        if (from.variable().type() != to.variable().type()) {
            throw new IllegalArgumentException("type mismatch: '" + from + "' is " + from.variable().typeName()
                    + ", '" + to + "' is " + to.variable().typeName());
        }
    }
}
