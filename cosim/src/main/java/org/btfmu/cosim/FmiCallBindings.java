package org.btfmu.cosim;

import com.sun.jna.NativeLibrary;

/**
 * Where the master's per-step FMI calls of one FMU library go: our JNI library ({@link
 * JniFmiLibrary}, one class for every FMU library) when it is loaded, else JNA's direct
 * mapping ({@link DirectBinding}, a class copy per library). The system property
 * {@code btfmu.fmiCalls=jna} chooses JNA's direct mapping (benchmarks, tests). Each method throws
 * UnsatisfiedLinkError when the library lacks one of the functions.
 */
final class FmiCallBindings {

    private FmiCallBindings() {
    }

    /** Whether the next binding goes through JNI. */
    static boolean jni() {
        String choice = System.getProperty("btfmu.fmiCalls", "jni");
        if (!choice.equals("jni") && !choice.equals("jna")) {
            throw new CoSimulationException("btfmu.fmiCalls: '" + choice + "' is neither jni nor jna");
        }
        return choice.equals("jni") && JniFmiLibrary.loaded();
    }

    static Fmi2Calls fmi2(NativeLibrary library) {
        return jni() ? new JniFmi2Calls(library) : DirectBinding.bind(library);
    }

    static Fmi2Step fmi2Step(NativeLibrary library) {
        return jni() ? new JniFmi2Step(library) : DirectBinding.bindStep(library);
    }

    static DirectModelExchange fmi2ModelExchange(NativeLibrary library) {
        return jni() ? new JniFmi2ModelExchange(library) : DirectBinding.bindModelExchange(library);
    }

    static Fmi3Calls fmi3(NativeLibrary library) {
        return jni() ? new JniFmi3Calls(library) : DirectBinding.bindFmi3(library);
    }

    static Fmi3Step fmi3Step(NativeLibrary library) {
        return jni() ? new JniFmi3Step(library) : DirectBinding.bindFmi3Step(library);
    }

    static DirectModelExchange fmi3ModelExchange(NativeLibrary library) {
        return jni() ? new JniFmi3ModelExchange(library) : DirectBinding.bindFmi3ModelExchange(library);
    }
}
