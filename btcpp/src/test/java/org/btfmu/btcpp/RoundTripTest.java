package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** import(export(m)) is the same tree as m (see {@link SameTree}) for every example mission and imported example. */
class RoundTripTest {

    static final Path EXAMPLES = Path.of("..", "examples");

    @TempDir
    Path dir;

    static Stream<Path> missions() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    static Stream<Path> btcppExamples() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES.resolve("btcpp"))) {
            return files.filter(f -> f.toString().endsWith(".xml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("missions")
    void exampleMissionsComeBack(Path mission) throws IOException {
        JsonNode original = new ObjectMapper().readTree(Files.readString(mission));
        String xml = TreeExporter.export(mission);
        Path file = dir.resolve("exported.xml");
        Files.writeString(file, xml);
        ObjectNode back = TreeImporter.importFile(file, null);
        assertEquals(SameTree.canonical(original), SameTree.canonical(back), xml);
    }

    @ParameterizedTest
    @MethodSource("btcppExamples")
    void importedExamplesComeBack(Path xml) throws IOException {
        Path bindings = bindingsOf(xml);
        ObjectNode imported = TreeImporter.importFile(xml, bindings);
        String exported = TreeExporter.export(imported, xml.toString());
        Path file = dir.resolve("exported.xml");
        Files.writeString(file, exported);
        ObjectNode back = TreeImporter.importFile(file, null);
        assertEquals(SameTree.canonical(imported), SameTree.canonical(back), exported);
    }

    /** Nav2's published tree with the library's Throttle, RoundRobin and Memory thenFail comes back too. */
    @Test
    void nav2sPublishedTreeComesBack() throws IOException {
        Path xml = EXAMPLES.resolve("nav2/navigate_to_pose_w_replanning_and_recovery.xml");
        ObjectNode imported = TreeImporter.importFile(xml, EXAMPLES.resolve("nav2/nav2-navigate-to-pose.bindings.json"));
        assertEquals("Throttle", imported.at("/tree/children/0/children/0/children/0/children/0/children/0/type").asText());
        String exported = TreeExporter.export(imported, xml.toString());
        Path file = dir.resolve("exported.xml");
        Files.writeString(file, exported);
        ObjectNode back = TreeImporter.importFile(file, null);
        assertEquals(SameTree.canonical(imported), SameTree.canonical(back), exported);
    }

    @Test
    void theBundledExamplesAreThere() throws IOException {
        assertFalse(missions().toList().isEmpty());
        assertEquals(2, btcppExamples().count(), "examples/btcpp holds the two BT.CPP trees");
    }

    /** The comparison is not blind: a changed name, parameter or child order is a different tree. */
    @Test
    void sameTreeTellsDifferentTreesApart() throws IOException {
        JsonNode m = new ObjectMapper().readTree(Files.readString(EXAMPLES.resolve("traffic-circuit.json")));
        for (String change : List.of("/tree/name", "/tree/children/0/type")) {
            ObjectNode other = m.deepCopy();
            String parent = change.substring(0, change.lastIndexOf('/'));
            ((ObjectNode) other.at(parent)).put(change.substring(change.lastIndexOf('/') + 1), "Other");
            assertNotEquals(SameTree.canonical(m), SameTree.canonical(other), change);
        }
        ObjectNode withNumber = m.deepCopy();
        ((ObjectNode) withNumber.at("/variables/0")).put("start", 0.0);
        ObjectNode plain = m.deepCopy();
        ((ObjectNode) plain.at("/variables/0")).put("start", 0);
        assertEquals(SameTree.canonical(plain), SameTree.canonical(withNumber));
    }

    /** Scripts and script conditions come back as BT.CPP scripts where the script language can hold them. */
    @Test
    void scriptsAreExportedAsBtcppScripts() throws IOException {
        Path xml = EXAMPLES.resolve("btcpp").resolve("navigate-with-replanning.xml");
        String exported = TreeExporter.export(TreeImporter.importFile(xml, bindingsOf(xml)), xml.toString());
        assertTrue(exported.contains("<Script name=\"count_recovery\" code=\"recoveries := recoveries + 1\">"),
                exported);
        String traffic = TreeExporter.export(EXAMPLES.resolve("traffic-circuit.json"));
        assertTrue(traffic.contains("<ScriptCondition name=\"waypoint_reached\" code=\"target_reached\">"), traffic);
        assertTrue(traffic.contains("<btfmu.Condition name=\"altitude_reached\""),
                "a hysteresis has no BT.CPP counterpart: " + traffic);
    }

    /** An imported _onHalted (an OnHalted task) comes back, on a custom leaf and on a standard node. */
    @Test
    void onHaltedComesBack() throws IOException {
        Path xml = dir.resolve("halted.xml");
        Files.writeString(xml, StandardNodesTest.tree("<ReactiveSequence name=\"s\" _onHalted=\"n := n + 1\">"
                + "<Ok name=\"c\"/><A name=\"a\" _onHalted=\"stopped := true\" _onSuccess=\"n := 0\"/>"
                + "</ReactiveSequence>"));
        ObjectNode imported = TreeImporter.importFile(xml, null);
        assertEquals("OnHalted", imported.at("/tree/children/0/type").asText(), imported.toString());
        String exported = TreeExporter.export(imported, xml.toString());
        Path file = dir.resolve("exported.xml");
        Files.writeString(file, exported);
        ObjectNode back = TreeImporter.importFile(file, null);
        assertEquals(SameTree.canonical(imported), SameTree.canonical(back), exported);
        assertTrue(exported.contains("<A name=\"a\" _onHalted=\"stopped := true\">"), "written back as _onHalted: "
                + exported);
        assertTrue(exported.contains("<ReactiveSequence name=\"s\" _onHalted=\"n := n + 1\">"), exported);
    }

    /** An OnHalted that _onHalted cannot give back (not named after its child) stays a btfmu node. */
    @Test
    void anOnHaltedNotNamedAfterItsChildComesBackAsABtfmuNode() throws IOException {
        Path xml = dir.resolve("halted.xml");
        Files.writeString(xml, StandardNodesTest.tree("<Sequence name=\"s\"><Ok name=\"c\"/>"
                + "<A name=\"a\" _onHalted=\"stopped := true\"/></Sequence>"));
        ObjectNode imported = TreeImporter.importFile(xml, null);
        ((ObjectNode) imported.at("/tree/children/0/children/1")).put("name", "cleanup");
        String exported = TreeExporter.export(imported, xml.toString());
        assertTrue(exported.contains("<btfmu.OnHalted name=\"cleanup\""), exported);
        Path file = dir.resolve("exported.xml");
        Files.writeString(file, exported);
        assertEquals(SameTree.canonical(imported), SameTree.canonical(TreeImporter.importFile(file, null)), exported);
    }

    static Path bindingsOf(Path xml) {
        Path b = xml.resolveSibling(xml.getFileName().toString().replace(".xml", ".bindings.json"));
        return Files.exists(b) ? b : null;
    }
}
