package org.btfmu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** bt-fmu import, export --btcpp and build tree.xml: results, exit codes, nothing written on bad input. */
class BtcppCommandsTest {

    static final Path EXAMPLES = Path.of("..", "examples", "btcpp");
    static final Path CORPUS = Path.of("..", "btcpp", "src", "test", "resources", "org", "btfmu", "btcpp",
            "malformed");

    @TempDir
    Path dir;

    static Stream<Path> corpus() throws IOException {
        try (Stream<Path> files = Files.list(CORPUS)) {
            return files.sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("corpus")
    void malformedTreesEndInExitTwoWithoutATraceAndWriteNothing(Path xml) {
        Path mission = dir.resolve("mission.json");
        Console c = Console.run("import", xml.toString(), "-o", mission.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, c.exit(), c.err());
        assertFalse(Files.exists(mission), "nothing written");
        assertFalse(c.err().contains("Exception") || c.err().contains("\tat "), c.err());
        assertTrue(c.err().contains(xml.toString() + ":"), "names the file: " + c.err());

        Path fmu = dir.resolve("tree.fmu");
        Console b = Console.run("build", xml.toString(), "-o", fmu.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, b.exit(), b.err());
        assertFalse(Files.exists(fmu), "no FMU written");
    }

    @Test
    void importWritesAValidMissionAndExportWritesXml() throws IOException {
        Path mission = dir.resolve("patrol.json");
        Console c = Console.run("import", EXAMPLES.resolve("reactive-patrol.xml").toString(), "--bindings",
                EXAMPLES.resolve("reactive-patrol.bindings.json").toString(), "-o", mission.toString());
        assertEquals(0, c.exit(), c.err());
        assertEquals("reactive_patrol", MissionLoader.load(mission).name());

        Path xml = dir.resolve("patrol.xml");
        Console e = Console.run("export", "--btcpp", mission.toString(), "-o", xml.toString());
        assertEquals(0, e.exit(), e.err());
        String text = Files.readString(xml);
        assertTrue(text.contains("<root BTCPP_format=\"4\""), text);
        assertTrue(text.contains("<ReactiveFallback name=\"patrol_or_recover\">"), text);
        assertTrue(text.contains("<Action ID=\"GoToAltitude\">"), "TreeNodesModel entry: " + text);
    }

    @Test
    void exportNeedsTheFormatAndAValidMission() throws IOException {
        Path xml = dir.resolve("out.xml");
        Console noFormat = Console.run("export", "../examples/traffic-circuit.json", "-o", xml.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, noFormat.exit());
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"name\": \"x\"}");
        Console bad = Console.run("export", "--btcpp", broken.toString(), "-o", xml.toString());
        assertEquals(BtFmu.EXIT_BAD_INPUT, bad.exit());
        assertTrue(bad.err().contains("missing required key 'tree'"), bad.err());
        assertFalse(Files.exists(xml));
    }

    @Test
    void buildTakesATreeWithBindings() throws IOException {
        Path fmu = dir.resolve("navigate.fmu");
        Console c = Console.run("build", EXAMPLES.resolve("navigate-with-replanning.xml").toString(), "--bindings",
                EXAMPLES.resolve("navigate-with-replanning.bindings.json").toString(), "-o", fmu.toString());
        assertEquals(0, c.exit(), c.err());
        assertTrue(Files.size(fmu) > 0);
        assertTrue(c.out().contains("model identifier navigate_with_replanning"), c.out());
    }
}
