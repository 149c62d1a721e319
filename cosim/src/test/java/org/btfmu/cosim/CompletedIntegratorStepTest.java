package org.btfmu.cosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.testfmus.PlantFmu;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whether the Model Exchange master calls completedIntegratorStep after each integrator step
 * follows what the FMU declares on {@code <ModelExchange>}: FMI 2.0's
 * completedIntegratorStepNotNeeded (default false: the call is needed) and FMI 3.0's
 * needsCompletedIntegratorStep (default false: the call is not needed, fmi3InterfaceType.xsd,
 * FMI 3.0 §3.4). The level-crossing plant (both versions declare the call unneeded) is run with
 * its declaration as built, turned round, and removed.
 */
class CompletedIntegratorStepTest {

    @ParameterizedTest
    @CsvSource({
        "2, completedIntegratorStepNotNeeded, true,   false",
        "2, completedIntegratorStepNotNeeded, false,  true",
        "2, completedIntegratorStepNotNeeded, absent, true",
        "3, needsCompletedIntegratorStep,     false,  false",
        "3, needsCompletedIntegratorStep,     true,   true",
        "3, needsCompletedIntegratorStep,     absent, false",
        "3, needsCompletedIntegratorStep,     1,      true", // xs:boolean
    })
    void isCalledAsTheFmuDeclares(int version, String attribute, String declared, boolean called,
            @TempDir Path dir) throws IOException {
        Path fmu = version == 3 ? PlantFmu.LEVEL_CROSSING.copyFmi3To(dir) : PlantFmu.LEVEL_CROSSING.copyTo(dir);
        declare(fmu, attribute, declared);
        try (CoSimulation sim = CoSimulation.load(List.of(new CoSimulation.FmuSpec("plant", fmu)), m -> { },
                true)) {
            ModelExchangeMaster.Result result = sim.runModelExchange(0, 2, 0.5,
                    ModelExchangeMaster.Tolerances.defaults(), List.of(), List.of(), fraction -> { });
            assertEquals(1, result.stateEvents(), "the crossing at ln 2 is still found: " + result.eventTimes());
            // the instance is bound once the run has instantiated it
            ModelExchangeCalls calls = ModelExchangeCalls.of(sim.fmus().get(0));
            assertEquals(called, calls.completedStepNeeded(), "FMI " + version + " " + attribute + "=" + declared);
        }
    }

    /** Rewrites the attribute on {@code <ModelExchange>} in the FMU's modelDescription.xml (absent: removed). */
    private static void declare(Path fmu, String attribute, String value) throws IOException {
        try (FileSystem zip = FileSystems.newFileSystem(fmu)) {
            Path md = zip.getPath("modelDescription.xml");
            String xml = Files.readString(md, StandardCharsets.UTF_8);
            assertTrue(xml.contains(" " + attribute + "=\""), "the plant declares " + attribute);
            String rewritten = xml.replaceFirst("\\s" + attribute + "=\"[a-z]+\"",
                    value.equals("absent") ? "" : " " + attribute + "=\"" + value + "\"");
            Files.writeString(md, rewritten, StandardCharsets.UTF_8);
        }
    }
}
