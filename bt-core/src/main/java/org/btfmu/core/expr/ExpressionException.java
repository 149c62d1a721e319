package org.btfmu.core.expr;

/**
 * An expression that cannot be compiled: a syntax error, an unknown name or a
 * type mismatch. {@link #column()} is the 1-based column inside the
 * expression text where the problem starts.
 */
public final class ExpressionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int column;
    private final String problem;

    public ExpressionException(int column, String problem) {
        super("column " + column + ": " + problem);
        this.column = column;
        this.problem = problem;
    }

    /** 1-based column inside the expression text. */
    public int column() {
        return column;
    }

    /** The problem without the column prefix. */
    public String problem() {
        return problem;
    }
}
