package org.btfmu.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateMojoTest {

    @TempDir
    Path project;

    private final CapturingLog log = new CapturingLog();

    private ValidateMojo mojo(Path missions) {
        ValidateMojo mojo = new ValidateMojo();
        mojo.missionsDirectory = missions.toFile();
        mojo.setLog(log);
        return mojo;
    }

    @Test
    void validMissionsPass() throws Exception {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION,
                Projects.EXAMPLES.resolve("traffic-circuit.json"));
        mojo(missions).execute();
        assertEquals(List.of(), log.errors);
        assertTrue(log.infos.get(0).startsWith("bt-fmu: 2 missions valid"), log.infos.toString());
    }

    @Test
    void everyProblemOfEveryFileIsAnErrorWithFileLineColumnAndPointer() {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION);
        Path bad = Projects.write(missions.resolve("bad.json"), """
                {
                  "name": "bad",
                  "variables": [
                    {"name": "x", "causality": "input", "type": "Real"},
                    {"name": "x", "causality": "output", "type": "Integer"}
                  ],
                  "tree": {"type": "Root", "name": "root", "children": [
                    {"type": "Condition", "name": "c", "predicate": "y > 1"}
                  ]}
                }
                """);
        Path broken = Projects.write(missions.resolve("nested/broken.json"), "{\"name\": \"broken\",\n  \"tree\": [}\n");

        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo(missions).execute());

        assertTrue(log.errors.size() >= 3, log.errors.toString());
        String badPrefix = bad.toAbsolutePath() + ":[";
        assertTrue(log.errors.stream().anyMatch(l -> l.startsWith(badPrefix) && l.contains("/variables/1")
                && l.contains("x")), log.errors.toString());
        assertTrue(log.errors.stream().anyMatch(l -> l.startsWith(badPrefix) && l.contains("/tree/children/0")
                && l.contains("y")), log.errors.toString());
        assertTrue(log.errors.stream().anyMatch(l -> l.startsWith(broken.toAbsolutePath() + ":[2,")),
                log.errors.toString());
        assertTrue(e.getMessage().matches("bt-fmu: \\d+ problems in 2 of 3 mission files \\(listed above\\)"),
                e.getMessage());
    }

    @Test
    void behaviorTreeCppTreesAreMissionsWithTheirBindingsBeside() throws Exception {
        Path missions = Projects.withMissions(project, Projects.EXAMPLES.resolve("btcpp/reactive-patrol.xml"),
                Projects.EXAMPLES.resolve("btcpp/reactive-patrol.bindings.json"));
        mojo(missions).execute();
        assertEquals(List.of(), log.errors);
        assertTrue(log.infos.get(0).startsWith("bt-fmu: 1 mission valid"), log.infos.toString());

        Path broken = Projects.write(missions.resolve("broken.xml"),
                "<root BTCPP_format=\"4\">\n  <BehaviorTree ID=\"Main\">\n    <Sequence>\n"
                + "      <NoSuchNode><AlwaysSuccess/></NoSuchNode>\n"
                + "    </Sequence>\n  </BehaviorTree>\n</root>\n");
        log.infos.clear();
        MojoFailureException e = assertThrows(MojoFailureException.class, () -> mojo(missions).execute());
        assertTrue(e.getMessage().matches("bt-fmu: \\d+ problems? in 1 of 2 mission files \\(listed above\\)"),
                e.getMessage());
        assertTrue(log.errors.stream().anyMatch(l -> l.startsWith(broken.toString() + ":[4,")
                && l.contains("NoSuchNode")), log.errors.toString());
    }

    @Test
    void twoMissionsWithOneNameAreAProblem() {
        Path missions = Projects.withMissions(project, Projects.TEMPLATE_MISSION);
        Projects.write(missions.resolve("again.json"), readTemplate());

        assertThrows(MojoFailureException.class, () -> mojo(missions).execute());

        assertEquals(1, log.errors.size(), log.errors.toString());
        assertTrue(log.errors.get(0).contains("the mission name climb_and_fly is also the name of")
                && log.errors.get(0).contains("/name"), log.errors.get(0));
    }

    @Test
    void aProjectWithoutAMissionsFolderIsSkippedNotFailed() throws Exception {
        // A parent POM declaring the plugin for its modules has no missions of its own.
        Path missing = project.resolve("src/main/missions");
        mojo(missing).execute();
        assertEquals(List.of("bt-fmu: no missions folder " + missing + " in this project: no missions here"), log.infos);
        assertEquals(List.of(), log.errors);
    }

    @Test
    void theValidatorsWarningsAreMavenWarnings() throws Exception {
        Path missions = Projects.withMissions(project);
        Path file = Projects.write(missions.resolve("climb.json"), readTemplate()
                .replace("\"altitude >= safe_altitude\"", "\"altitude / safe_altitude >= 1\""));
        mojo(missions).execute();
        assertEquals(1, log.warnings.size(), log.warnings.toString());
        assertTrue(log.warnings.get(0).startsWith(file.toAbsolutePath() + ":[18,74]"), log.warnings.get(0));
        assertTrue(log.warnings.get(0).contains("/tree/children/0/children/0/children/0/predicate: warning: "),
                log.warnings.get(0));
        assertTrue(log.warnings.get(0).contains("the divisor can be 0"), log.warnings.get(0));
    }

    @Test
    void aProblemOfABindingsFileIsReportedAgainstItWithLineAndPointer() throws Exception {
        Path missions = Projects.withMissions(project, Projects.EXAMPLES.resolve("btcpp/reactive-patrol.xml"));
        Path bindings = Projects.write(missions.resolve("reactive-patrol.bindings.json"), """
                {"name": "patrol",
                 "variables": [
                   {"name": "soc", "causality": "input", "type": "Real"},
                   {"causality": "input", "type": "Real"}
                 ]}
                """);
        assertThrows(MojoFailureException.class, () -> mojo(missions).execute());
        assertEquals(List.of(bindings.toAbsolutePath() + ":[4,4] /variables/1: a variable needs a \"name\""),
                log.errors);
    }

    @Test
    void aVariableOfTheBindingsThatTheMissionLoaderRefusesIsReportedAgainstTheBindingsFile() throws Exception {
        Path missions = Projects.withMissions(project, Projects.EXAMPLES.resolve("btcpp/reactive-patrol.xml"));
        String example = Files.readString(Projects.EXAMPLES.resolve("btcpp/reactive-patrol.bindings.json"));
        assertTrue(example.contains("\"type\": \"Real\""), "the example declares a Real variable");
        Path bindings = Projects.write(missions.resolve("reactive-patrol.bindings.json"),
                example.replaceFirst("\"type\": \"Real\"", "\"type\": \"Reel\""));
        assertThrows(MojoFailureException.class, () -> mojo(missions).execute());
        // (a follow-on error names the variable the tree then cannot read: that one is the tree's)
        List<String> reel = log.errors.stream().filter(e -> e.contains("'Reel'")).toList();
        assertEquals(1, reel.size(), log.errors.toString());
        List<String> lines = Files.readAllLines(bindings);
        int line = 0;
        while (!lines.get(line).contains("\"Reel\"")) {
            line++;
        }
        String at = ":[" + (line + 1) + "," + (lines.get(line).indexOf("\"Reel\"") + 1) + "]";
        assertTrue(reel.get(0).startsWith(bindings.toAbsolutePath() + at + " /variables/0/type: "), reel.get(0));
    }

    @Test
    void skipDoesNothing() throws Exception {
        ValidateMojo mojo = mojo(project.resolve("nowhere"));
        mojo.skip = true;
        mojo.execute();
        assertEquals(List.of("bt-fmu: validation skipped"), log.infos);
    }

    private static String readTemplate() {
        try {
            return java.nio.file.Files.readString(Projects.TEMPLATE_MISSION);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
