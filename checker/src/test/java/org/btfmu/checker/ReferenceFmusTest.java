package org.btfmu.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * bt-fmu check on third-party FMUs: the Modelica Association's Reference FMUs 2.0
 * (v0.0.39) in ../shared; skipped when that folder is absent.
 */
class ReferenceFmusTest {

    private static final Path FOLDER = Path.of("..", "..", "shared", "reference-fmus", "2.0");

    private static Report check(String model) throws Exception {
        Path fmu = FOLDER.resolve(model + ".fmu");
        assumeTrue(Files.isRegularFile(fmu), fmu + " is absent");
        return Checker.check(fmu);
    }

    @ParameterizedTest
    @ValueSource(strings = {"BouncingBall", "Dahlquist", "Resource", "Stair", "VanDerPol"})
    void passesWithoutErrors(String model) throws Exception {
        Report report = check(model);
        assertEquals(List.of(), report.errors());
        assertTrue(report.observed().containsKey(Report.STEP_MODE), "the dependency check ran");
        assertTrue(report.observed().containsKey(Report.CONTINUOUS_TIME_MODE), "the Model Exchange check ran");
        assertTrue(report.findings().stream().noneMatch(f -> f.where().startsWith("Model Exchange")),
                report.findings().toString());
    }

    /** Their derivatives read the states they declare (an output that is a state is a known there). */
    @Test
    void modelExchangeSeesTheDeclaredDerivatives() throws Exception {
        assertEquals(Map.of("der(h)", Set.of("v"), "der(v)", Set.of()),
                check("BouncingBall").observed(Report.CONTINUOUS_TIME_MODE));
        assertEquals(Map.of("der(x)", Set.of("x")), check("Dahlquist").observed(Report.CONTINUOUS_TIME_MODE));
        assertEquals(Map.of("der(x0)", Set.of("x1"), "der(x1)", Set.of("x0", "x1")),
                check("VanDerPol").observed(Report.CONTINUOUS_TIME_MODE));
    }

    /** Its model description gives Integer, Boolean, String outputs dependenciesKind="constant" (Real only). */
    @ParameterizedTest
    @ValueSource(strings = {"Feedthrough"})
    void feedthroughBreaksTheDependenciesKindRulesButFeedsThroughAsDeclared(String model) throws Exception {
        Report report = check(model);
        assertEquals(10, report.errors().size(), report.errors().toString());
        assertTrue(report.errors().stream().allMatch(e -> e.message().contains("dependenciesKind")),
                report.errors().toString());
        assertEquals(Set.of("Float64_continuous_input"),
                report.observed(Report.STEP_MODE).get("Float64_continuous_output"));
        assertEquals(Set.of("Int32_input"), report.observed(Report.STEP_MODE).get("Int32_output"));
        assertEquals(Set.of("Float64_continuous_input"),
                report.observed(Report.CONTINUOUS_TIME_MODE).get("Float64_continuous_output"), "Model Exchange");
    }
}
