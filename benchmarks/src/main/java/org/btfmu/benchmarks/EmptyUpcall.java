package org.btfmu.benchmarks;

/**
 * The floor of the native call-path benchmark (src/main/c/native_bench.c): a static
 * method with the shape of the shim's fmi2DoStep up-call that does nothing. The driver
 * defines this class from its class file in the JVM the FMU's shim started.
 */
public final class EmptyUpcall {

    private EmptyUpcall() {
    }

    /** Same parameters as FmiEntry's doStep (handle, time, step, no-rollback flag). */
    public static int doStep(long handle, double time, double step, boolean noSetFmuStatePriorToCurrentPoint) {
        return 0;
    }
}
