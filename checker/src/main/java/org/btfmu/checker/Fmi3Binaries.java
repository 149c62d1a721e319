package org.btfmu.checker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.btfmu.checker.Description3.Interface;

/**
 * The binaries of an FMI 3.0 FMU (FMI 3.0 §2.5): for each model identifier,
 * {@code binaries/x86_64-linux/<id>.so} (required: the checker runs it) and, when the FMU has
 * the folder, {@code binaries/x86_64-windows/<id>.dll}, read with {@link PeFile}. FMI 3.0 §2.5:
 * "The FMU must implement all API functions declared in fmi3Functions.h, even if they are only
 * needed for interface types or optional capabilities that the FMU does not support", so each
 * binary must export all of {@link #FUNCTIONS}.
 */
final class Fmi3Binaries {

    static final String LINUX = "binaries/x86_64-linux/";
    static final String WINDOWS = "binaries/x86_64-windows/";

    /** The 75 functions of fmi3Functions.h: common, Model Exchange, Co-Simulation, Scheduled Execution. */
    static final List<String> FUNCTIONS = List.of(
            "fmi3GetVersion", "fmi3SetDebugLogging", "fmi3InstantiateModelExchange", "fmi3InstantiateCoSimulation",
            "fmi3InstantiateScheduledExecution", "fmi3FreeInstance", "fmi3EnterInitializationMode",
            "fmi3ExitInitializationMode", "fmi3EnterEventMode", "fmi3Terminate", "fmi3Reset",
            "fmi3GetFloat32", "fmi3GetFloat64", "fmi3GetInt8", "fmi3GetUInt8", "fmi3GetInt16", "fmi3GetUInt16",
            "fmi3GetInt32", "fmi3GetUInt32", "fmi3GetInt64", "fmi3GetUInt64", "fmi3GetBoolean", "fmi3GetString",
            "fmi3GetBinary", "fmi3GetClock", "fmi3SetFloat32", "fmi3SetFloat64", "fmi3SetInt8", "fmi3SetUInt8",
            "fmi3SetInt16", "fmi3SetUInt16", "fmi3SetInt32", "fmi3SetUInt32", "fmi3SetInt64", "fmi3SetUInt64",
            "fmi3SetBoolean", "fmi3SetString", "fmi3SetBinary", "fmi3SetClock",
            "fmi3GetNumberOfVariableDependencies", "fmi3GetVariableDependencies", "fmi3GetFMUState",
            "fmi3SetFMUState", "fmi3FreeFMUState", "fmi3SerializedFMUStateSize", "fmi3SerializeFMUState",
            "fmi3DeserializeFMUState", "fmi3GetDirectionalDerivative", "fmi3GetAdjointDerivative",
            "fmi3EnterConfigurationMode", "fmi3ExitConfigurationMode", "fmi3GetIntervalDecimal",
            "fmi3GetIntervalFraction", "fmi3GetShiftDecimal", "fmi3GetShiftFraction", "fmi3SetIntervalDecimal",
            "fmi3SetIntervalFraction", "fmi3SetShiftDecimal", "fmi3SetShiftFraction", "fmi3EvaluateDiscreteStates",
            "fmi3UpdateDiscreteStates",
            "fmi3EnterContinuousTimeMode", "fmi3CompletedIntegratorStep", "fmi3SetTime", "fmi3SetContinuousStates",
            "fmi3GetContinuousStateDerivatives", "fmi3GetEventIndicators", "fmi3GetContinuousStates",
            "fmi3GetNominalsOfContinuousStates", "fmi3GetNumberOfEventIndicators", "fmi3GetNumberOfContinuousStates",
            "fmi3EnterStepMode", "fmi3GetOutputDerivatives", "fmi3DoStep",
            "fmi3ActivateModelPartition");

    private Fmi3Binaries() {
    }

    /** The model identifiers of the interfaces, each once. */
    static Set<String> identifiers(Description3 d) {
        Set<String> ids = new TreeSet<>();
        for (Interface i : new Interface[] {d.modelExchange, d.coSimulation, d.scheduledExecution}) {
            if (i != null) {
                ids.add(i.modelIdentifier());
            }
        }
        return ids;
    }

    /** The x86_64-windows DLLs; the Linux library is checked when it is loaded ({@link #missingExports}). */
    static List<Finding> checkWindows(Path root, Description3 d) {
        List<Finding> findings = new ArrayList<>();
        if (!Files.isDirectory(root.resolve(WINDOWS))) {
            return findings; // an FMU without Windows binaries is a valid FMU
        }
        for (String id : identifiers(d)) {
            String where = WINDOWS + id + ".dll";
            Path file = root.resolve(where);
            if (!Files.isRegularFile(file)) {
                findings.add(Finding.error(where, "missing: the modelIdentifier '" + id + "' has no DLL in "
                        + WINDOWS + others(root.resolve(WINDOWS), ".dll")));
                continue;
            }
            PeFile pe;
            try {
                pe = PeFile.read(Files.readAllBytes(file));
            } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
                findings.add(Finding.error(where, "not a Windows DLL: " + e.getMessage()));
                continue;
            } catch (IOException e) {
                findings.add(Finding.error(where, "cannot be read: " + e.getMessage()));
                continue;
            }
            if (pe.machine() != PeFile.MACHINE_AMD64 || !pe.dll()) {
                findings.add(Finding.error(where, "not an x86-64 DLL (machine 0x"
                        + Integer.toHexString(pe.machine()) + (pe.dll() ? "" : ", not a DLL") + ")"));
                continue;
            }
            Set<String> missing = new TreeSet<>(FUNCTIONS);
            missing.removeAll(pe.exports());
            if (!missing.isEmpty()) {
                findings.add(Finding.error(where, exportsMessage(missing)));
            }
            List<String> foreign = pe.imports().stream().filter(dll -> !Win64Binaries.isSystemDll(dll)).toList();
            if (!foreign.isEmpty()) {
                findings.add(Finding.note(where, "imports " + String.join(", ", foreign)
                        + ", which Windows does not provide: they must be beside it or on PATH"));
            }
        }
        return findings;
    }

    /** The functions of {@link #FUNCTIONS} the loaded library does not export. */
    static Set<String> missingExports(NativeFmu3 fmu) {
        Set<String> missing = new TreeSet<>();
        for (String function : FUNCTIONS) {
            if (!fmu.exports(function)) {
                missing.add(function);
            }
        }
        return missing;
    }

    static String exportsMessage(Set<String> missing) {
        return "does not export " + String.join(", ", missing) + " (FMI 3.0 §2.5: every function of"
                + " fmi3Functions.h, whatever the interfaces)";
    }

    /** ", which holds a.so, b.so" naming the binaries that are there, or "". */
    static String others(Path folder, String suffix) {
        if (!Files.isDirectory(folder)) {
            return "";
        }
        try (Stream<Path> files = Files.list(folder)) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(suffix))
                    .sorted().toList();
            return names.isEmpty() ? "" : " (it holds " + String.join(", ", names) + ")";
        } catch (IOException e) {
            return "";
        }
    }
}
