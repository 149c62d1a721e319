package org.btfmu.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The FMI 3.0 XSD and the rules of FMI 3.0 §2.4 on small hand-written model descriptions: a
 * valid one passes, and each broken one is refused with a message naming where.
 */
class ModelDescription3CheckTest {

    /**
     * time, u (input), p (tunable parameter), y (output), x (state, output) and der(x), z (event
     * indicator); a Model Exchange and Co-Simulation FMU. Each test replaces one piece.
     */
    private static final String VALID = """
            <?xml version="1.0" encoding="UTF-8"?>
            <fmiModelDescription fmiVersion="3.0" modelName="m" instantiationToken="{t}">
              <ModelExchange modelIdentifier="m"/>
              <CoSimulation modelIdentifier="m" hasEventMode="true"/>
              <UnitDefinitions><Unit name="m"><BaseUnit m="1"/><DisplayUnit name="ft" factor="3.28"/></Unit></UnitDefinitions>
              <TypeDefinitions>
                <Float64Type name="Length" unit="m"/>
                <EnumerationType name="E"><Item name="a" value="1"/><Item name="b" value="2"/></EnumerationType>
              </TypeDefinitions>
              <ModelVariables>
                <Float64 name="time" valueReference="0" causality="independent" variability="continuous"/>
                <Float64 name="u" valueReference="1" causality="input" start="0"/>
                <Float64 name="p" valueReference="2" causality="parameter" variability="tunable" start="1" min="0" max="2"/>
                <Float64 name="y" valueReference="3" causality="output" declaredType="Length" displayUnit="ft"/>
                <Float64 name="x" valueReference="4" causality="output" initial="exact" start="0"/>
                <Float64 name="der(x)" valueReference="5" derivative="4"/>
                <Float64 name="z" valueReference="6"/>
                <Enumeration name="e" valueReference="7" causality="output" declaredType="E"/>
                <Float64 name="v" valueReference="8" causality="output"><Dimension start="2"/></Float64>
              </ModelVariables>
              <ModelStructure>
                <Output valueReference="3" dependencies="1 2" dependenciesKind="constant fixed"/>
                <Output valueReference="4" dependencies=""/>
                <Output valueReference="7" dependencies="1" dependenciesKind="dependent"/>
                <Output valueReference="8"/>
                <ContinuousStateDerivative valueReference="5" dependencies="1 4"/>
                <InitialUnknown valueReference="3" dependencies="1 2" dependenciesKind="constant dependent"/>
                <InitialUnknown valueReference="5" dependencies="1 4"/>
                <InitialUnknown valueReference="7"/>
                <InitialUnknown valueReference="8"/>
                <EventIndicator valueReference="6" dependencies="4"/>
              </ModelStructure>
            </fmiModelDescription>
            """;

    private static List<String> check(String xml) {
        return Checker.checkModelDescription(xml.getBytes(StandardCharsets.UTF_8)).stream()
                .map(Finding::toString).toList();
    }

    /** The valid description with {@code from} replaced by {@code to} (which must occur). */
    private static List<String> broken(String from, String to) {
        assertTrue(VALID.contains(from), from);
        return check(VALID.replace(from, to));
    }

    private static void assertError(List<String> findings, String... words) {
        assertTrue(findings.stream().anyMatch(f -> f.startsWith("error: ")
                && List.of(words).stream().allMatch(f::contains)), String.join(" + ", words) + " in " + findings);
    }

    @Test
    void theValidDescriptionPasses() {
        assertEquals(List.of(), check(VALID));
    }

    @Test
    void schemaViolationsCarryLineAndColumn() {
        assertError(broken("<Float64 name=\"z\" valueReference=\"6\"/>", "<Float64 name=\"z\"/>"),
                "modelDescription.xml:17:24:", "XSD:", "valueReference");
    }

    @Test
    void valueReferencesAreUniqueAcrossAllVariables() {
        assertError(broken("<Enumeration name=\"e\" valueReference=\"7\"", "<Enumeration name=\"e\" valueReference=\"6\""),
                "variable 'e' (valueReference 6)", "valueReference 6 is also that of variable 'z'");
    }

    @Test
    void namesAreUnique() {
        assertError(broken("<Float64 name=\"z\"", "<Float64 name=\"u\""), "variable 'u' (valueReference 6)",
                "the name 'u' is used by an earlier variable");
    }

    @Test
    void causalityVariabilityAndInitialFollowTheTables() {
        assertError(broken("causality=\"parameter\" variability=\"tunable\"", "causality=\"parameter\" variability=\"continuous\""),
                "variable 'p' (valueReference 2)", "causality parameter with variability continuous is not allowed");
        assertError(broken("causality=\"input\" start=\"0\"", "causality=\"input\" initial=\"calculated\" start=\"0\""),
                "variable 'u'", "initial=\"calculated\" is not allowed for causality input", "[exact]");
        assertError(broken("<Enumeration name=\"e\" valueReference=\"7\" causality=\"output\"",
                "<Enumeration name=\"e\" valueReference=\"7\" causality=\"output\" variability=\"continuous\""),
                "variable 'e'", "a Enumeration variable cannot be continuous");
    }

    @Test
    void startValuesAreRequiredForbiddenAndInRange() {
        assertError(broken("causality=\"input\" start=\"0\"", "causality=\"input\""), "variable 'u'",
                "an input needs a start value");
        assertError(broken("<Float64 name=\"z\" valueReference=\"6\"/>",
                "<Float64 name=\"z\" valueReference=\"6\" start=\"1\"/>"), "variable 'z'",
                "initial=\"calculated\" must not have a start value");
        assertError(broken("start=\"1\" min=\"0\" max=\"2\"", "start=\"3\" min=\"0\" max=\"2\""), "variable 'p'",
                "start 3 is outside [0, 2]");
        assertError(broken("<Dimension start=\"2\"/></Float64>", "<Dimension start=\"2\"/></Float64>"
                + "<Float64 name=\"w\" valueReference=\"9\" start=\"1 2 3\"><Dimension start=\"2\"/></Float64>"),
                "variable 'w'", "3 start values for 2 elements");
    }

    @Test
    void exactlyOneIndependentVariableWithoutStart() {
        assertError(broken("causality=\"independent\" variability=\"continuous\"/>",
                "causality=\"local\" variability=\"continuous\"/>"), "ModelVariables",
                "0 variables are independent; exactly one must be");
        assertError(broken("causality=\"independent\" variability=\"continuous\"/>",
                "causality=\"independent\" variability=\"continuous\" start=\"0\"/>"), "variable 'time'",
                "the independent variable must not have a start value");
    }

    @Test
    void typesAndUnitsMustBeDefined() {
        assertError(broken("declaredType=\"Length\"", "declaredType=\"Width\""), "variable 'y'",
                "declaredType 'Width' is not defined");
        assertError(broken("<Enumeration name=\"e\" valueReference=\"7\" causality=\"output\" declaredType=\"E\"",
                "<Enumeration name=\"e\" valueReference=\"7\" causality=\"output\" declaredType=\"Length\""),
                "variable 'e'", "declaredType 'Length' is a Float64Type, not a EnumerationType");
        assertError(broken("<Float64Type name=\"Length\" unit=\"m\"/>", "<Float64Type name=\"Length\" unit=\"km\"/>"),
                "TypeDefinitions/Float64Type 'Length'", "unit 'km' is not defined in <UnitDefinitions>");
        assertError(broken("displayUnit=\"ft\"", "displayUnit=\"yd\""), "variable 'y'",
                "displayUnit 'yd' is no <DisplayUnit> of unit 'm'");
        assertError(broken("<Float64 name=\"z\" valueReference=\"6\"/>",
                "<Float64 name=\"z\" valueReference=\"6\" unit=\"s\"/>"), "variable 'z'", "unit 's' is not defined");
    }

    @Test
    void dimensionsNameUInt64SizesOnly() {
        assertError(broken("<Dimension start=\"2\"/>", "<Dimension valueReference=\"2\"/>"), "variable 'v'",
                "<Dimension valueReference=\"2\"> is not a UInt64 constant or structural parameter");
    }

    @Test
    void everyOutputIsListedOnce() {
        assertError(broken("<Output valueReference=\"4\" dependencies=\"\"/>", ""), "ModelStructure/Output",
                "lists the value references [3, 7, 8], but the variables with causality output are [3, 4, 7, 8]");
    }

    @Test
    void continuousStateDerivativesAreDerivativesAndAllListed() {
        assertError(broken("<ContinuousStateDerivative valueReference=\"5\"", "<ContinuousStateDerivative valueReference=\"6\""),
                "ModelStructure/ContinuousStateDerivative valueReference=\"6\"", "'z' is no continuous Float32 or"
                        + " Float64 variable with a derivative attribute");
        assertError(broken("<ContinuousStateDerivative valueReference=\"5\" dependencies=\"1 4\"/>", ""),
                "ModelStructure", "no <ContinuousStateDerivative> for 'der(x)'", "Model Exchange FMU must list every one");
    }

    @Test
    void clockedStatesNeedPreviousAndClocks() {
        assertError(broken("<EventIndicator", "<ClockedState valueReference=\"7\"/><EventIndicator"),
                "ModelStructure/ClockedState valueReference=\"7\"", "'e' is no clocked state");
    }

    @Test
    void initialUnknownsAreExactlyThoseOfTheSpecification() {
        assertError(broken("<InitialUnknown valueReference=\"7\"/>", ""), "ModelStructure/InitialUnknown",
                "misses 'e' (valueReference 7, output, initial calculated)");
        assertError(broken("<InitialUnknown valueReference=\"7\"/>", "<InitialUnknown valueReference=\"7\"/>"
                + "<InitialUnknown valueReference=\"6\"/>"), "ModelStructure/InitialUnknown valueReference=\"6\"",
                "'z' is no initial unknown", "an event indicator must not be listed");
        assertError(broken("<InitialUnknown valueReference=\"7\"/>", "<InitialUnknown valueReference=\"7\"/>"
                + "<InitialUnknown valueReference=\"7\"/>"), "'e' is listed twice");
    }

    @Test
    void eventIndicatorsAreContinuousFloats() {
        assertError(broken("<EventIndicator valueReference=\"6\" dependencies=\"4\"/>",
                "<EventIndicator valueReference=\"7\"/>"), "ModelStructure/EventIndicator valueReference=\"7\"",
                "'e' is no event indicator");
    }

    @Test
    void dependenciesNameKnownsAndTheirKindsFitTheList() {
        assertError(broken("<Output valueReference=\"3\" dependencies=\"1 2\"", "<Output valueReference=\"3\" dependencies=\"1 7\""),
                "ModelStructure/Output valueReference=\"3\" ('y')", "dependency 7 ('e', output) is not a known of Output");
        assertError(broken("<InitialUnknown valueReference=\"7\"/>", "<InitialUnknown valueReference=\"7\" dependencies=\"3\"/>"),
                "ModelStructure/InitialUnknown valueReference=\"7\" ('e')", "dependency 3 ('y', output) is not a known of InitialUnknown");
        assertError(broken("dependencies=\"1 2\" dependenciesKind=\"constant dependent\"", "dependencies=\"1 2\" dependenciesKind=\"constant fixed\""),
                "ModelStructure/InitialUnknown valueReference=\"3\"", "dependenciesKind 'fixed' is not allowed in InitialUnknown");
        assertError(broken("dependencies=\"1\" dependenciesKind=\"dependent\"", "dependencies=\"1\" dependenciesKind=\"constant\""),
                "ModelStructure/Output valueReference=\"7\" ('e')", "dependenciesKind 'constant' is only for Float32 and Float64 unknowns, not Enumeration");
        assertError(broken("dependencies=\"1\" dependenciesKind=\"dependent\"", "dependencies=\"1\" dependenciesKind=\"dependent dependent\""),
                "dependenciesKind has 2 entries, dependencies 1");
        assertError(broken("<EventIndicator valueReference=\"6\" dependencies=\"4\"/>",
                "<EventIndicator valueReference=\"6\" dependencies=\"99\"/>"), "ModelStructure/EventIndicator valueReference=\"6\" ('z')",
                "dependency 99 is the value reference of no variable");
    }

    @Test
    void theInstantiationTokenAndModelIdentifierAreChecked() {
        assertError(broken("instantiationToken=\"{t}\"", "instantiationToken=\" \""), "fmiModelDescription",
                "instantiationToken is empty");
        assertError(broken("<CoSimulation modelIdentifier=\"m\"", "<CoSimulation modelIdentifier=\"m-1\""),
                "<CoSimulation>", "modelIdentifier 'm-1' is no C name");
        assertError(broken("hasEventMode=\"true\"", "hasEventMode=\"true\" canReturnEarlyAfterIntermediateUpdate=\"true\""),
                "<CoSimulation>", "canReturnEarlyAfterIntermediateUpdate=\"true\" without providesIntermediateUpdate");
    }

    @Test
    void anFmi2DescriptionStillGetsTheFmi2Rules() {
        String fmi2 = """
                <?xml version="1.0" encoding="UTF-8"?>
                <fmiModelDescription fmiVersion="2.0" modelName="m" guid="{g}">
                  <CoSimulation modelIdentifier="m"/>
                  <ModelVariables>
                    <ScalarVariable name="y" valueReference="0" causality="output"><Real/></ScalarVariable>
                  </ModelVariables>
                  <ModelStructure><Outputs/><InitialUnknowns><Unknown index="1"/></InitialUnknowns></ModelStructure>
                </fmiModelDescription>
                """;
        assertError(check(fmi2), "ModelStructure/Outputs", "lists [], but the outputs are [1]");
    }
}
