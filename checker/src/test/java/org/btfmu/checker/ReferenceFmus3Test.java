package org.btfmu.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * bt-fmu check on the Modelica Association's Reference FMUs 3.0 (v0.0.39, CS + ME, and Clocks
 * with Scheduled Execution only) in ../shared, and on copies edited to break one thing;
 * skipped when that folder is absent.
 */
class ReferenceFmus3Test {

    private static final Path FOLDER = Path.of("..", "..", "shared", "reference-fmus", "3.0");

    @TempDir
    Path dir;

    private static Path fmu(String model) {
        Path fmu = FOLDER.resolve(model + ".fmu");
        assumeTrue(Files.isRegularFile(fmu), fmu + " is absent");
        return fmu;
    }

    @ParameterizedTest
    @ValueSource(strings = {"BouncingBall", "Dahlquist", "Resource", "Stair", "StateSpace", "VanDerPol"})
    void passesWithoutErrors(String model) throws Exception {
        Report report = Checker.check(fmu(model));
        assertEquals(List.of(), report.errors());
        assertTrue(report.observed().containsKey(Report.INITIALIZATION_MODE), "the Co-Simulation dependency check ran");
        assertTrue(report.observed().containsKey(Report.STEP_MODE), "the Co-Simulation dependency check ran");
        assertTrue(report.observed().containsKey(Report.CONTINUOUS_TIME_MODE), "the Model Exchange check ran");
    }

    /** The derivatives read the states they declare; StateSpace's arrays feed through as y = C x + D u. */
    @Test
    void theDependenciesShowAsDeclared() throws Exception {
        assertEquals(Map.of("der(h)", Set.of("v"), "der(v)", Set.of()),
                Checker.check(fmu("BouncingBall")).observed(Report.CONTINUOUS_TIME_MODE));
        assertEquals(Map.of("der(x0)", Set.of("x1"), "der(x1)", Set.of("x0", "x1")),
                Checker.check(fmu("VanDerPol")).observed(Report.CONTINUOUS_TIME_MODE));
        Report stateSpace = Checker.check(fmu("StateSpace"));
        assertEquals(Map.of("y", Set.of("C", "D", "u")), stateSpace.observed(Report.STEP_MODE));
        assertEquals(Set.of("u", "x"), stateSpace.observed(Report.CONTINUOUS_TIME_MODE).get("der(x)"));
    }

    /**
     * The run with Event Mode and early return goes to stopTime = 3 s: every bounce of the ball
     * returns early from fmi3DoStep and is handled in Event Mode (the first at about 0.45 s).
     */
    @Test
    void bouncingBallReturnsEarlyAtEachBounceAndTheEventsAreHandled() throws Exception {
        Report report = Checker.check(fmu("BouncingBall"));
        Finding run = report.notes().stream().filter(n -> n.where().equals(CoSimulation3Sequence.EVENTS_CONTEXT
                + ", Step Mode")).findFirst().orElseThrow(() -> new AssertionError(report.findings().toString()));
        Matcher counts = Pattern.compile("steps of 0.01 to t = 3.0: (\\d+) early returns, (\\d+) events handled"
                + " in Event Mode").matcher(run.message());
        assertTrue(counts.find(), run.message());
        assertTrue(Integer.parseInt(counts.group(1)) >= 3, run.message());
        assertEquals(counts.group(1), counts.group(2), run.message());
    }

    /**
     * The calls the state machine does not allow, on new instances: the Reference FMUs refuse
     * fmi3DoStep and fmi3EnterContinuousTimeMode in Initialization Mode and fmi3CompletedIntegratorStep
     * in Event Mode, but accept fmi3EnterEventMode and fmi3UpdateDiscreteStates outside Event Mode:
     * notes (FMI 3.0 asks for fmi3Error only "when detecting" such a call).
     */
    @Test
    void theCallsTheStateMachineDoesNotAllowAreTried() throws Exception {
        List<String> accepted = Checker.check(fmu("Dahlquist")).notes().stream()
                .filter(n -> n.where().startsWith(ForbiddenCalls3.CONTEXT))
                .map(n -> n.where() + ": " + n.message().substring(0, n.message().indexOf(':'))).toList();
        assertEquals(List.of(
                "FMI 3.0 state machine, Co-Simulation, Step Mode (eventModeUsed = false): fmi3EnterEventMode returned fmi3OK",
                "FMI 3.0 state machine, Co-Simulation, Step Mode (eventModeUsed = false): fmi3UpdateDiscreteStates"
                        + " returned fmi3OK",
                "FMI 3.0 state machine, Model Exchange, Continuous-Time Mode: fmi3UpdateDiscreteStates returned fmi3OK"),
                accepted);
    }

    /** Its model description gives non-float outputs dependenciesKind="constant" (FMI 3.0: floats only). */
    @Test
    void feedthroughBreaksTheDependenciesKindRuleButFeedsThroughAsDeclared() throws Exception {
        Report report = Checker.check(fmu("Feedthrough"));
        assertEquals(24, report.errors().size(), report.errors().toString());
        assertTrue(report.errors().stream().allMatch(e -> e.message().contains("dependenciesKind 'constant' is only"
                + " for Float32 and Float64 unknowns")), report.errors().toString());
        Map<String, Set<String>> step = report.observed(Report.STEP_MODE);
        assertEquals(Set.of("Float64_continuous_input"), step.get("Float64_continuous_output"));
        assertEquals(Set.of("UInt64_input"), step.get("UInt64_output"));
        assertEquals(Set.of("Binary_input"), step.get("Binary_output"));
        assertEquals(Set.of("String_input"), step.get("String_output"));
        assertEquals(Set.of("Enumeration_input"), step.get("Enumeration_output"));
        assertEquals(Set.of("Float64_continuous_input"),
                report.observed(Report.CONTINUOUS_TIME_MODE).get("Float64_continuous_output"));
    }

    @Test
    void scheduledExecutionOnlyGetsTheDescriptionChecks() throws Exception {
        Report report = Checker.check(fmu("Clocks"));
        assertEquals(List.of(), report.errors());
        assertTrue(report.notes().stream().anyMatch(n -> n.message().startsWith("Scheduled Execution only")),
                report.notes().toString());
    }

    /** Clocks declared as Co-Simulation too: bt-fmu check does not drive clocks, and says so instead of failing. */
    @Test
    void anFmuWithClocksIsNotRun() throws Exception {
        Report report = Checker.check(edited("Clocks", xml -> xml.replace("<ScheduledExecution modelIdentifier=\"Clocks\"/>",
                "<CoSimulation modelIdentifier=\"Clocks\" hasEventMode=\"true\"/>")));
        assertEquals(List.of(), report.errors());
        assertTrue(report.notes().stream().anyMatch(n -> n.where().equals("ModelVariables")
                && n.message().startsWith("the FMU has clocks, which bt-fmu check does not drive")), report.notes().toString());
    }

    /** A copy of the FMU with its model description edited. */
    private Path edited(String model, UnaryOperator<String> edit) throws IOException {
        Path copy = dir.resolve(model + "-edited.fmu");
        try (ZipFile zip = new ZipFile(fmu(model).toFile());
                OutputStream file = Files.newOutputStream(copy); ZipOutputStream out = new ZipOutputStream(file)) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                byte[] bytes = zip.getInputStream(entry).readAllBytes();
                if (entry.getName().equals("modelDescription.xml")) {
                    bytes = edit.apply(new String(bytes, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
                }
                out.putNextEntry(new ZipEntry(entry.getName()));
                out.write(bytes);
                out.closeEntry();
            }
        }
        return copy;
    }

    @Test
    void aModelIdentifierWithoutItsBinaryIsNamed() throws Exception {
        Report report = Checker.check(edited("Dahlquist", xml -> xml.replace("modelIdentifier=\"Dahlquist\"",
                "modelIdentifier=\"Other\"")));
        assertEquals(1, report.errors().size(), report.errors().toString());
        Finding error = report.errors().get(0);
        assertEquals("binaries/x86_64-linux/Other.so", error.where());
        assertTrue(error.message().contains("the modelIdentifier 'Other' has no binary for Linux x86-64 (it holds"
                + " Dahlquist.so)"), error.message());
    }

    @Test
    void aWrongInstantiationTokenIsRefusedByTheBinary() throws Exception {
        Report report = Checker.check(edited("Dahlquist", xml -> xml.replaceFirst("instantiationToken=\"[^\"]*\"",
                "instantiationToken=\"{00000000-0000-0000-0000-000000000000}\"")));
        assertTrue(report.errors().stream().anyMatch(e -> e.where().equals(CoSimulation3Sequence.CONTEXT)
                && e.message().startsWith("fmi3InstantiateCoSimulation returned NULL")), report.errors().toString());
        assertTrue(report.errors().stream().anyMatch(e -> e.where().equals(ModelExchange3Sequence.CONTEXT)
                && e.message().startsWith("fmi3InstantiateModelExchange returned NULL")), report.errors().toString());
    }

    /** Without mightReturnEarlyFromDoStep an importer may assume every step completes: the bounces break that. */
    @Test
    void anEarlyReturnThatTheFmuDoesNotDeclareIsAnError() throws Exception {
        Report report = Checker.check(edited("BouncingBall", xml -> xml.replace("mightReturnEarlyFromDoStep=\"true\"",
                "")));
        assertTrue(report.errors().stream().anyMatch(e -> e.where().equals(CoSimulation3Sequence.EVENTS_CONTEXT
                + ", Step Mode") && e.message().contains("returned early at lastSuccessfulTime = ")
                && e.message().contains("does not declare mightReturnEarlyFromDoStep")), report.findings().toString());
    }

    /** An undeclared feedthrough is caught empirically: Dahlquist's der(x) = -k x, declared without x. */
    @Test
    void anUndeclaredDependencyIsAnError() throws Exception {
        Report report = Checker.check(edited("Dahlquist", xml -> xml.replaceFirst(
                "<ContinuousStateDerivative valueReference=\"2\"[^/]*/>",
                "<ContinuousStateDerivative valueReference=\"2\" dependencies=\"3\"/>")));
        assertTrue(report.errors().stream().anyMatch(e -> e.where().equals("Model Exchange, Continuous-Time Mode,"
                + " der(x) <- x") && e.message().contains("do not list x")), report.findings().toString());
    }
}
