package org.btfmu.checker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The FMU's binaries/win64, checked without Windows: for each {@code <ModelExchange>} and
 * {@code <CoSimulation>} model identifier, {@code binaries/win64/<id>.dll} is an x86-64 DLL
 * exporting the FMI 2.0 functions of that interface (§2.1, §3.2, §4.2), read with
 * {@link PeFile}. A DLL that needs more than the Windows system DLLs gets a note: it may
 * still load when its dependencies sit beside it.
 */
public final class Win64Binaries {

    /** FMI 2.0 §2.1: the functions of both interfaces (25). */
    public static final List<String> COMMON = List.of("fmi2GetTypesPlatform", "fmi2GetVersion",
            "fmi2SetDebugLogging", "fmi2Instantiate", "fmi2FreeInstance", "fmi2SetupExperiment",
            "fmi2EnterInitializationMode", "fmi2ExitInitializationMode", "fmi2Terminate", "fmi2Reset",
            "fmi2GetReal", "fmi2GetInteger", "fmi2GetBoolean", "fmi2GetString",
            "fmi2SetReal", "fmi2SetInteger", "fmi2SetBoolean", "fmi2SetString",
            "fmi2GetFMUstate", "fmi2SetFMUstate", "fmi2FreeFMUstate", "fmi2SerializedFMUstateSize",
            "fmi2SerializeFMUstate", "fmi2DeSerializeFMUstate", "fmi2GetDirectionalDerivative");

    /** FMI 2.0 §3.2: Model Exchange (10). */
    public static final List<String> MODEL_EXCHANGE = List.of("fmi2EnterEventMode", "fmi2NewDiscreteStates",
            "fmi2EnterContinuousTimeMode", "fmi2CompletedIntegratorStep", "fmi2SetTime",
            "fmi2SetContinuousStates", "fmi2GetDerivatives", "fmi2GetEventIndicators",
            "fmi2GetContinuousStates", "fmi2GetNominalsOfContinuousStates");

    /** FMI 2.0 §4.2: Co-Simulation (9). */
    public static final List<String> CO_SIMULATION = List.of("fmi2SetRealInputDerivatives",
            "fmi2GetRealOutputDerivatives", "fmi2DoStep", "fmi2CancelStep", "fmi2GetStatus",
            "fmi2GetRealStatus", "fmi2GetIntegerStatus", "fmi2GetBooleanStatus", "fmi2GetStringStatus");

    /** DLLs every Windows x64 has (lower case); api-ms-win-* are the API sets of the universal CRT. */
    private static final Set<String> SYSTEM = Set.of("kernel32.dll", "advapi32.dll", "msvcrt.dll",
            "ucrtbase.dll", "user32.dll", "shell32.dll", "ole32.dll", "ws2_32.dll", "ntdll.dll");

    private Win64Binaries() {
    }

    public static boolean isSystemDll(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return SYSTEM.contains(lower) || lower.startsWith("api-ms-win-");
    }

    static List<Finding> check(Path root, Description d) {
        List<Finding> findings = new ArrayList<>();
        if (!Files.isDirectory(root.resolve("binaries/win64"))) {
            return findings; // a Linux-only FMU is a valid FMU: nothing to check, nothing to say
        }
        if (d.coSimulationIdentifier != null) {
            checkDll(root, d.coSimulationIdentifier, "<CoSimulation>", CO_SIMULATION, findings);
        }
        if (d.modelExchangeIdentifier != null) {
            checkDll(root, d.modelExchangeIdentifier, "<ModelExchange>", MODEL_EXCHANGE, findings);
        }
        return findings;
    }

    private static void checkDll(Path root, String identifier, String element, List<String> interfaceFunctions,
            List<Finding> findings) {
        String where = "binaries/win64/" + identifier + ".dll";
        Path file = root.resolve(where);
        if (!Files.isRegularFile(file)) {
            findings.add(Finding.error(where, "missing: the modelIdentifier of " + element
                    + " has no DLL in binaries/win64"));
            return;
        }
        PeFile pe;
        try {
            pe = PeFile.read(Files.readAllBytes(file));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            findings.add(Finding.error(where, "not a Windows DLL: " + e.getMessage()));
            return;
        } catch (IOException e) {
            findings.add(Finding.error(where, "cannot be read: " + e.getMessage()));
            return;
        }
        if (pe.machine() != PeFile.MACHINE_AMD64 || !pe.dll()) {
            findings.add(Finding.error(where, "not an x86-64 DLL (machine 0x" + Integer.toHexString(pe.machine())
                    + (pe.dll() ? "" : ", not a DLL") + ")"));
            return;
        }
        Set<String> missing = new TreeSet<>(COMMON);
        missing.addAll(interfaceFunctions);
        missing.removeAll(pe.exports());
        if (!missing.isEmpty()) {
            findings.add(Finding.error(where, "does not export " + String.join(", ", missing)
                    + " (needed by " + element + ")"));
        }
        List<String> foreign = pe.imports().stream().filter(dll -> !isSystemDll(dll)).toList();
        if (!foreign.isEmpty()) {
            findings.add(Finding.note(where, "imports " + String.join(", ", foreign)
                    + ", which Windows does not provide: they must be beside it or on PATH"));
        }
    }
}
