package org.btfmu.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The schema and rule checks on small hand-written model descriptions. */
class ModelDescriptionCheckTest {

    /** u (input), p (parameter), y (output) with exact dependencies; %s is replaced per test. */
    private static final String TEMPLATE = """
            <?xml version="1.0" encoding="UTF-8"?>
            <fmiModelDescription fmiVersion="2.0" modelName="m" guid="{g}">
              <CoSimulation modelIdentifier="m"/>
              <ModelVariables>
                <ScalarVariable name="u" valueReference="0" causality="input"><Real start="0"/></ScalarVariable>
                <ScalarVariable name="p" valueReference="1" causality="parameter" variability="fixed"><Real start="1"/></ScalarVariable>
                <ScalarVariable name="y" valueReference="2" causality="output"><Real/></ScalarVariable>
                %s
              </ModelVariables>
              <ModelStructure>
                <Outputs><Unknown index="3" %s/></Outputs>
                <InitialUnknowns><Unknown index="3" %s/></InitialUnknowns>
              </ModelStructure>
            </fmiModelDescription>
            """;

    private static List<String> check(String extraVariables, String outputs, String initial) {
        String xml = TEMPLATE.formatted(extraVariables, outputs, initial);
        return Checker.checkModelDescription(xml.getBytes(StandardCharsets.UTF_8)).stream()
                .map(Finding::toString).toList();
    }

    private static void assertFinding(List<String> findings, String... words) {
        assertTrue(findings.stream().anyMatch(f -> List.of(words).stream().allMatch(f::contains)),
                String.join(" + ", words) + " in " + findings);
    }

    @Test
    void exactDependenciesPass() {
        assertEquals(List.of(), check("", "dependencies=\"1\" dependenciesKind=\"constant\"",
                "dependencies=\"1 2\" dependenciesKind=\"dependent constant\""));
    }

    @Test
    void dependenciesMustNameKnownsInAscendingOrder() {
        assertFinding(check("", "dependencies=\"2\"", "dependencies=\"\""),
                "note: ModelStructure/Outputs/Unknown index=\"3\" ('y')", "dependency 2 ('p') is a parameter");
        assertFinding(check("", "dependencies=\"3\"", "dependencies=\"\""),
                "error: ModelStructure/Outputs/Unknown index=\"3\" ('y')", "dependency 3 ('y', output)",
                "not a known of Outputs");
        assertFinding(check("", "dependencies=\"\"", "dependencies=\"2 1\""), "not in ascending order");
        assertFinding(check("", "dependencies=\"7\"", "dependencies=\"\""), "dependency 7 is not a variable index");
    }

    @Test
    void dependenciesKindMustMatchInLengthAndList() {
        assertFinding(check("", "dependencies=\"1\" dependenciesKind=\"dependent dependent\"", "dependencies=\"\""),
                "dependenciesKind has 2 entries, dependencies 1");
        assertFinding(check("", "dependencies=\"\"", "dependencies=\"1\" dependenciesKind=\"fixed\""),
                "InitialUnknowns", "dependenciesKind 'fixed' is not allowed in InitialUnknowns");
        assertFinding(check("", "dependenciesKind=\"dependent\"", "dependencies=\"\""),
                "dependenciesKind without dependencies");
    }

    @Test
    void everyOutputMustBeListedAndInitialUnknownsExactly() {
        String extra = "<ScalarVariable name=\"z\" valueReference=\"3\" causality=\"output\""
                + " variability=\"discrete\"><Integer/></ScalarVariable>";
        List<String> findings = check(extra, "", "");
        assertFinding(findings, "ModelStructure/Outputs", "lists [3], but the outputs are [3, 4]");
        assertFinding(findings, "ModelStructure/InitialUnknowns", "lists [3]", "requires [3, 4]");
    }

    @Test
    void variableRulesAreLocatedByIndexAndName() {
        String extra = """
                <ScalarVariable name="u" valueReference="3" causality="input" variability="discrete"><Integer start="0"/></ScalarVariable>
                <ScalarVariable name="q" valueReference="4" causality="parameter" variability="continuous"><Real start="1"/></ScalarVariable>
                <ScalarVariable name="c" valueReference="5" causality="output" initial="calculated"><Real start="2"/></ScalarVariable>
                <ScalarVariable name="i" valueReference="6" causality="input" initial="exact"><Real start="0" min="1"/></ScalarVariable>
                """;
        List<String> findings = check(extra, "", "");
        assertFinding(findings, "variable 4 'u'", "name is used by an earlier variable");
        assertFinding(findings, "variable 5 'q'", "causality parameter with variability continuous");
        assertFinding(findings, "variable 6 'c'", "initial=\"calculated\" must not have a start value");
        assertFinding(findings, "variable 7 'i'", "initial=\"exact\" is not allowed for causality input");
        assertFinding(findings, "variable 7 'i'", "start 0 is outside [1.0, null]");
    }

    @Test
    void schemaViolationsCarryLineAndColumn() {
        List<String> findings = check("<ScalarVariable name=\"bad\"><Real/></ScalarVariable>",
                "dependencies=\"\"", "dependencies=\"\"");
        assertFinding(findings, "error: modelDescription.xml:8:", "XSD:", "valueReference");
    }

    @Test
    void malformedXmlIsOneLocatedError() {
        List<Finding> findings = Checker.checkModelDescription("<fmiModelDescription".getBytes(StandardCharsets.UTF_8));
        assertTrue(findings.stream().allMatch(Finding::isError) && !findings.isEmpty(), findings.toString());
        assertTrue(findings.stream().anyMatch(f -> f.where().startsWith("modelDescription.xml")), findings.toString());
    }
}
