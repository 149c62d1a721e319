package org.btfmu.cosim;

import java.util.Map;
import org.javafmi.proxy.v2.Fmu;

/** How {@link FmuInstance} keeps javafmi's cache of loaded FMI 2.0 libraries from harming it. */
final class JavafmiLibraries {

    private JavafmiLibraries() {
    }

    /**
     * javafmi keeps one loaded shared library per GUID and process and hands it to every
     * later FMU with that GUID, even another model's (the Reference FMUs Stair and VanDerPol
     * 0.0.39 share one GUID): then the second FMU's calls run the first one's code. Each
     * instance loads its own extracted library instead, so the entry is dropped first.
     */
    static void forget(String guid) {
        Map<?, ?> libraries = javafmiLibraries();
        if (libraries != null && guid != null) {
            libraries.remove(guid);
            KEPT_LIBRARIES.remove(guid);
        }
    }

    /**
     * Libraries taken out of javafmi's cache, one per GUID as javafmi keeps them (so they stay
     * loaded as long as they did there). javafmi's shutdown hook calls dlclose on every library
     * in its cache: after SIGINT or SIGTERM that ran while the simulating thread was still
     * calling into the FMU, which then jumped into unmapped code (SIGSEGV in JNA, hs_err_pid*.log).
     */
    private static final Map<String, Object> KEPT_LIBRARIES = new java.util.concurrent.ConcurrentHashMap<>();

    /** Moves this FMU's just loaded library out of javafmi's cache, out of reach of its shutdown hook. */
    static void keep(String guid) {
        Map<?, ?> libraries = javafmiLibraries();
        Object library = libraries == null || guid == null ? null : libraries.remove(guid);
        if (library != null) {
            KEPT_LIBRARIES.put(guid, library);
        }
    }

    /** javafmi's cache of loaded libraries by GUID, or null with a javafmi version that has none. */
    private static Map<?, ?> javafmiLibraries() {
        try {
            java.lang.reflect.Field libraries = Fmu.class.getDeclaredField("nativeLibraries");
            libraries.setAccessible(true);
            return (Map<?, ?>) libraries.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
