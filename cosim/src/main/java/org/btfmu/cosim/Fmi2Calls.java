package org.btfmu.cosim;

/**
 * The FMI 2.0 get/set functions a master calls at every step (fmi2DoStep: {@link Fmi2Step}), on one FMU's instance
 * ({@code component} is the fmi2Component as an address). Each returns the fmi2Status.
 * Public only because {@link DirectBinding} defines its copies of {@link DirectFmi2} in
 * class loaders of their own. {@link JniFmi2Calls} implements them through our JNI library, {@link
 * DirectFmi2} with JNA's direct mapping (the fallback: {@link FmiCallBindings}).
 */
public interface Fmi2Calls {

    int getReal(long component, int[] vr, double[] values);

    int getInteger(long component, int[] vr, int[] values);

    /** fmi2Boolean is a C int: 0 false, anything else true. */
    int getBoolean(long component, int[] vr, int[] values);

    int setReal(long component, int[] vr, double[] values);

    int setInteger(long component, int[] vr, int[] values);

    int setBoolean(long component, int[] vr, int[] values);
}
