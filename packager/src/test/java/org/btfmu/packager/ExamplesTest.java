package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.btfmu.fmu.ModelVariables;
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
        FmiRules.validateSchema(description);
        assertEquals(List.of(), FmiRules.violations(description), example.toString());
        assertEquals(ModelVariables.of(mission).size(), FmiRules.parse(description)
                .getElementsByTagName("ScalarVariable").getLength());
        assertEquals(built.guid(), FmuPackagerTest.text(fmu, "resources/guid.txt"));
        assertEquals(Files.readString(example), FmuPackagerTest.text(fmu, "resources/mission.json"));
    }
}
