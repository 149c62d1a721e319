package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildCommandTest {

    @TempDir
    Path dir;

    private Path mission(String json) throws IOException {
        Path file = dir.resolve("mission.json");
        Files.writeString(file, json);
        return file;
    }

    @Test
    void buildsAnFmuNamedAfterTheMission() throws Exception {
        Path fmu = dir.resolve("climb.fmu");
        Console console = Console.run("build", mission(Missions.VALID).toString(), "-o", fmu.toString());
        assertEquals(0, console.exit(), console.err());
        assertEquals("", console.err());
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            assertNotNull(zip.getEntry("binaries/linux64/climb.so"));
            String guid = new String(zip.getInputStream(zip.getEntry("resources/guid.txt")).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertTrue(console.out().contains("GUID " + guid), console.out());
            String description = new String(zip.getInputStream(zip.getEntry("modelDescription.xml"))
                    .readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(description.contains("modelIdentifier=\"climb\""), description);
        }
    }

    @Test
    void interfacesOptionChoosesTheElementsAndTheSlavesFmuTypes() throws Exception {
        Path both = dir.resolve("both.fmu");
        Console console = Console.run("build", mission(Missions.VALID).toString(), "-o", both.toString());
        assertEquals(0, console.exit(), console.err());
        assertTrue(console.out().contains("cs,me") || console.out().contains("me,cs"), console.out());
        assertTrue(entry(both, "modelDescription.xml").contains("<ModelExchange"));
        assertTrue(entry(both, "modelDescription.xml").contains("<CoSimulation"));
        assertEquals("ModelExchange\nCoSimulation\n", entry(both, "resources/interfaces.txt"));

        Path me = dir.resolve("me.fmu");
        assertEquals(0, Console.run("build", mission(Missions.VALID).toString(), "-o", me.toString(),
                "--interfaces", "me").exit());
        assertFalse(entry(me, "modelDescription.xml").contains("<CoSimulation"));
        assertEquals("ModelExchange\n", entry(me, "resources/interfaces.txt"));

        Path bad = dir.resolve("bad.fmu");
        Console rejected = Console.run("build", mission(Missions.VALID).toString(), "-o", bad.toString(),
                "--interfaces", "cs,fmu3");
        assertEquals(BtFmu.EXIT_BAD_INPUT, rejected.exit());
        assertTrue(rejected.err().contains("'fmu3'"), rejected.err());
        assertFalse(Files.exists(bad));
    }

    private static String entry(Path fmu, String name) throws IOException {
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            return new String(zip.getInputStream(zip.getEntry(name)).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void modelIdentifierOptionNamesTheLibrary() throws Exception {
        Path fmu = dir.resolve("x.fmu");
        Console console = Console.run("build", mission(Missions.VALID).toString(), "-o", fmu.toString(),
                "--model-identifier", "Climb_v2");
        assertEquals(0, console.exit(), console.err());
        try (ZipFile zip = new ZipFile(fmu.toFile())) {
            assertNotNull(zip.getEntry("binaries/linux64/Climb_v2.so"));
        }
    }

    @Test
    void missionProblemsAreListedAsValidateListsThem() throws Exception {
        Path file = mission(Missions.VALID.replace("\"altitude > limit\"", "\"altitude > nowhere\"")
                .replace("\"type\": \"Integer\", \"min\": 0", "\"type\": \"Integr\", \"min\": 0"));
        Path fmu = dir.resolve("climb.fmu");
        Console build = Console.run("build", file.toString(), "-o", fmu.toString());
        Console validate = Console.run("validate", file.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, build.exit());
        assertEquals(validate.err(), build.err());
        assertTrue(build.err().contains("'Integr'") && build.err().contains("'nowhere'"), build.err());
        assertFalse(Files.exists(fmu));
    }

    @Test
    void badModelIdentifierIsBadInput() throws Exception {
        Path fmu = dir.resolve("climb.fmu");
        Console console = Console.run("build", mission(Missions.VALID).toString(), "-o", fmu.toString(),
                "--model-identifier", "9lives");
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.err().contains("'9lives' is not a C identifier"), console.err());
        assertEquals(List.of(dir.resolve("mission.json")), list());
    }

    @Test
    void outputMustBeAnFmuInAnExistingDirectory() throws Exception {
        Path file = mission(Missions.VALID);
        Console zip = Console.run("build", file.toString(), "-o", dir.resolve("climb.zip").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, zip.exit());
        assertTrue(zip.err().contains(".fmu"), zip.err());
        Console missing = Console.run("build", file.toString(), "-o",
                dir.resolve("nowhere/climb.fmu").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, missing.exit());
        assertTrue(missing.err().contains("does not exist"), missing.err());
        assertEquals(List.of(file), list());
    }

    @Test
    void missingMissionFileIsBadInput() {
        Console console = Console.run("build", dir.resolve("absent.json").toString(), "-o",
                dir.resolve("a.fmu").toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, console.exit());
        assertTrue(console.err().contains("absent.json"), console.err());
    }

    private List<Path> list() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
