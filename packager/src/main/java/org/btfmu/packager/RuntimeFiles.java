package org.btfmu.packager;

import java.net.URL;

/**
 * The prebuilt files every FMU carries: the generic C shim (built by
 * {@code native/}, a resource of the bt-fmu-native jar), its Windows x64 build
 * ({@code null} when the build had no MinGW-w64: then the FMU is linux64 only) and the
 * runtime jar (fmu-wrapper's shaded {@code runtime} jar, copied into the packager's
 * resources by its Maven build).
 */
record RuntimeFiles(FmuArchive.Source shim, FmuArchive.Source runtimeJar, FmuArchive.Source win64Shim) {

    static final String SHIM_RESOURCE = "org/btfmu/native/linux64/libbtfmu.so";
    static final String FMI3_SHIM_RESOURCE = "org/btfmu/native/linux64/libbtfmu3.so";
    static final String WIN64_SHIM_RESOURCE = "org/btfmu/native/win64/btfmu.dll";
    static final String FMI3_WIN64_SHIM_RESOURCE = "org/btfmu/native/win64/btfmu3.dll";
    static final String RUNTIME_JAR_RESOURCE = "org/btfmu/packager/runtime/bt-fmu-runtime.jar";

    /** With the win64 shim of the class path, if it has one. */
    RuntimeFiles(FmuArchive.Source shim, FmuArchive.Source runtimeJar) {
        this(shim, runtimeJar, optionalResource(WIN64_SHIM_RESOURCE));
    }

    /** The files on the class path; fails at once, naming the missing one, if either is absent. */
    static RuntimeFiles fromClasspath() {
        return new RuntimeFiles(resource(SHIM_RESOURCE), resource(RUNTIME_JAR_RESOURCE));
    }

    /** The FMI 3.0 shim (native/src/main/fmi3), from the class path; only FMI 3.0 builds need it. */
    static FmuArchive.Source fmi3Shim() {
        return resource(FMI3_SHIM_RESOURCE);
    }

    /** The FMI 3.0 shim's Windows x64 build, from the class path; null when the build had no MinGW-w64. */
    static FmuArchive.Source fmi3Win64Shim() {
        return optionalResource(FMI3_WIN64_SHIM_RESOURCE);
    }

    private static FmuArchive.Source optionalResource(String name) {
        URL url = RuntimeFiles.class.getClassLoader().getResource(name);
        return url == null ? null : url::openStream;
    }

    private static FmuArchive.Source resource(String name) {
        URL url = RuntimeFiles.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("the packager's class path lacks " + name
                    + "; build the project with 'mvn verify' (not just compile) so that the shim"
                    + " and the runtime jar are packaged");
        }
        return url::openStream;
    }
}
