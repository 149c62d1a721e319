package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.Set;
import java.util.stream.Collectors;
import org.btfmu.checker.Checker;
import org.btfmu.checker.Finding;
import org.btfmu.checker.Report;
import org.btfmu.fmu.ModelVariables;
import org.btfmu.mission.Causality;
import org.btfmu.mission.Variable;
import org.btfmu.mission.Mission;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every mission in examples/ becomes an FMU whose description is valid FMI 2.0. */
class ExamplesTest {

    @TempDir
    Path dir;

    static List<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("..", "examples"))) {
            List<Path> missions = files
                    .filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".json"))
                    .sorted().toList();
            assertFalse(missions.isEmpty(), "no examples found in ../examples");
            return missions;
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void exampleBuildsToAValidFmu(Path example) throws Exception {
        Mission mission = MissionLoader.load(example);
        Path fmu = dir.resolve(mission.name() + ".fmu");
        FmuPackager.BuiltFmu built = new FmuPackager().build(mission,
                new FmuPackager.Options(null, false), fmu);

        byte[] description = FmuPackagerTest.read(fmu, "modelDescription.xml");
        assertEquals(List.of(), Checker.checkModelDescription(description), example.toString());
        assertEquals(ModelVariables.of(mission).size(), FmiRules.parse(description)
                .getElementsByTagName("ScalarVariable").getLength());
        assertEquals(built.guid(), FmuPackagerTest.text(fmu, "resources/guid.txt"));
        assertEquals(Files.readString(example), FmuPackagerTest.text(fmu, "resources/mission.json"));
    }

    /**
     * bt-fmu check finds nothing wrong, and the declared dependencies match what it observes:
     * no output changes with an undeclared known (an error), and every declared input
     * dependency shows. Parameters declared under InitialUnknowns reach an output through
     * the tree's statuses; not every one flips a status from the start values, so those
     * may stay unobserved (notes).
     */
    @ParameterizedTest
    @MethodSource("examples")
    void exampleFmuPassesTheCheck(Path example) throws Exception {
        Mission mission = MissionLoader.load(example);
        Path fmu = dir.resolve(mission.name() + ".fmu");
        new FmuPackager().build(mission, new FmuPackager.Options(null, false), fmu);
        Report report = Checker.check(fmu);
        assertEquals(List.of(), report.errors(), example.toString());
        Set<String> parameters = mission.variables().stream()
                .filter(v -> v.causality() == Causality.PARAMETER).map(Variable::name)
                .collect(Collectors.toSet());
        report.unobserved(Report.STEP_MODE).forEach((output, knowns) -> fail(output + " <- " + knowns));
        report.unobserved(Report.INITIALIZATION_MODE).forEach((output, knowns) ->
                assertTrue(parameters.containsAll(knowns), output + " <- " + knowns));
        for (Finding note : report.notes()) {
            assertTrue(note.where().startsWith(Report.INITIALIZATION_MODE + ", ")
                    && parameters.contains(note.where().substring(Report.INITIALIZATION_MODE.length() + 2)),
                    note.toString());
        }
    }
}
