package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The published BehaviorTree.CPP and Nav2 trees of ../shared/btcpp-trees (byte for byte as their
 * projects ship them) import: undeclared leaves inferred with one warning per ID, the tree chosen
 * as BT.CPP's code would, TinyXML2's bare '&amp;' read as text, Nav2's controls through
 * {@code --library nav2} and its manifest through {@code --nodes}.
 */
class PublishedTreesTest {

    static final Path TREES = Path.of("..", "..", "shared", "btcpp-trees");

    /** The published trees live beside the repository (../shared); without them, nothing to test. */
    @BeforeAll
    static void treesArePresent() {
        assumeTrue(Files.isDirectory(TREES), TREES + " is absent (the published trees beside the repository)");
    }
    static final Path BTCPP = TREES.resolve("behaviortree-cpp");
    static final Path NAV2 = TREES.resolve("nav2");
    static final ImportOptions NAV2_OPTIONS = new ImportOptions(null, false,
            List.of(NAV2.resolve("nav2_tree_nodes.xml")), List.of("nav2"));

    private static TreeImporter.Imported imported(String file) {
        return TreeImporter.importTree(BTCPP.resolve(file), null, ImportOptions.defaults());
    }

    @ParameterizedTest
    @ValueSource(strings = {"t01_build_your_first_tree.xml", "t02_basic_ports.xml", "t03_generic_ports.xml",
            "t04_reactive_sequence.xml", "t04_reactive_sequence_1.xml", "t05_crossdoor.xml",
            "t06_subtree_port_remapping.xml", "t06_subtree_port_remapping_v3.xml", "t11_groot_howto.xml",
            "t12_default_ports.xml",
            "t14_subtree_model.xml", "t15_nodes_mocking.xml", "t09_scripting.xml"})
    void tutorialTreesImport(String file) {
        assertTrue(Files.isRegularFile(BTCPP.resolve(file)), "the published tree is where the tests expect it");
        TreeImporter.Imported r = imported(file);
        assertTrue(r.mission().at("/tree/children/0").isObject(), file);
    }

    @Test
    void undeclaredLeavesAreInferredWithOneWarningEach() {
        TreeImporter.Imported r = imported("t01_build_your_first_tree.xml");
        List<String> inferred = r.warnings().stream().filter(w -> w.contains("inferred")).toList();
        assertEquals(4, inferred.size(), r.warnings().toString());
        assertTrue(inferred.get(0).contains("t01_build_your_first_tree.xml:5:48:"), inferred.get(0));
        assertTrue(inferred.get(0).contains("inferred 'CheckBattery' as an Action without ports"), inferred.get(0));
        JsonNode mission = r.mission();
        assertEquals("Action", mission.at("/subtrees/CheckBattery/tree/type").asText());
        assertTrue(variable(mission, "CheckBattery.request").isObject(), "the default handshake");
    }

    @Test
    void aPortGivenOnlyKeysIsInoutAndTypedFromThemPerInstance() {
        // t03: CalculateGoal goal="{GoalPosition}", PrintTarget target="{GoalPosition}" then "{OtherGoal}",
        // OtherGoal a String by its Script, GoalPosition untyped (Real): two PrintTargets, one per type.
        TreeImporter.Imported r = imported("t03_generic_ports.xml");
        JsonNode mission = r.mission();
        assertEquals("Real", mission.at("/subtrees/PrintTarget/ports/target").asText());
        assertEquals("String", mission.at("/subtrees/PrintTarget_2/ports/target").asText());
        assertEquals("PrintTarget_2", mission.at("/tree/children/0/children/3/subtree").asText());
        assertEquals("output", variable(mission, "PrintTarget.target").path("causality").asText());
        assertEquals("input", variable(mission, "PrintTarget.target_out").path("causality").asText());
        assertEquals("String", variable(mission, "PrintTarget_2.target_out").path("type").asText());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("'PrintTarget' as an Action with ports target"
                + " (inout)")), r.warnings().toString());
        assertTrue(r.warnings().stream().anyMatch(w -> w.contains("'PrintTarget' is given keys of different types at"
                + " [target]; imported as PrintTarget, PrintTarget_2")), r.warnings().toString());
    }

    @Test
    void keysOfSeveralTypesAtOnePortGiveOneSubTreePerType() {
        // t09: SaySomething message="{A}" (Real), "{B}" (Real), "{msg}" (String), "{color}" (Real).
        JsonNode mission = imported("t09_scripting.xml").mission();
        assertEquals("Real", mission.at("/subtrees/SaySomething/ports/message").asText());
        assertEquals("String", mission.at("/subtrees/SaySomething_2/ports/message").asText());
        assertTrue(mission.at("/subtrees/SaySomething_3").isMissingNode(), "color is Real like A and B");
    }

    @Test
    void aPortGivenALiteralAnywhereIsAnInput() {
        // t02: SaySomething2 message="this works too" and message="{the_answer}".
        JsonNode mission = imported("t02_basic_ports.xml").mission();
        assertEquals("output", variable(mission, "SaySomething2.message").path("causality").asText());
        assertTrue(variable(mission, "SaySomething2.message_out").isMissingNode());
        assertEquals("String", mission.at("/subtrees/SaySomething2/ports/message").asText());
    }

    @Test
    void severalTreesWithoutMainTreeToExecuteTakeMainTree() {
        JsonNode mission = imported("t05_crossdoor.xml").mission();
        assertEquals("MainTree", mission.at("/tree/name").asText());
        assertTrue(mission.at("/subtrees/DoorClosed").isObject());
    }

    @Test
    void aSingleTreeWithoutIdIsTheMainTree() {
        JsonNode mission = imported("t12_default_ports.xml").mission();
        assertEquals("MainTree", mission.at("/tree/name").asText());
        assertEquals("'-1,-2'", mission.at("/tree/children/0/arguments/input").asText());
    }

    @Test
    void bareAmpersandsAreReadAsTextWithOneLocatedWarning() {
        TreeImporter.Imported r = imported("t14_subtree_model.xml");
        List<String> amp = r.warnings().stream().filter(w -> w.contains("bare '&&'")).toList();
        assertEquals(1, amp.size(), r.warnings().toString());
        assertTrue(amp.get(0).contains("t14_subtree_model.xml:14:47:"), amp.get(0));
        String predicate = r.mission().at("/tree/children/0/children/0/predicate").asText();
        assertTrue(predicate.contains(" and "), "the && is BT.CPP's and: " + predicate);
    }

    @Test
    void strictRefusesWhatWouldBeInferred() {
        BtcppException e = assertThrows(BtcppException.class, () -> TreeImporter.importTree(
                BTCPP.resolve("t01_build_your_first_tree.xml"), null,
                new ImportOptions(null, true, List.of(), List.of())));
        assertTrue(e.getMessage().contains("t01_build_your_first_tree.xml:5:48:"), e.getMessage());
        assertTrue(e.getMessage().contains("--strict: undeclared node 'CheckBattery'"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"navigate_to_pose_w_replanning_and_recovery.xml",
            "navigate_through_poses_w_replanning_and_recovery.xml"})
    void nav2NavigatorTreesImportWithTheLibraryAndTheManifest(String file) {
        TreeImporter.Imported r = TreeImporter.importTree(NAV2.resolve(file), null, NAV2_OPTIONS);
        JsonNode top = r.mission().at("/tree/children/0");
        assertEquals("MemorySelector", top.path("type").asText(), "RecoveryNode number_of_retries=6");
        assertEquals(6, top.at("/children/0/attempts").asInt());
        assertTrue(top.path("description").asText().contains("Differs"), top.toString());
        assertFalse(r.warnings().stream().anyMatch(w -> w.contains("inferred")),
                "every Nav2 node is in the manifest: " + r.warnings());
        // A PoseStamped is an opaque Integer handle (the library's "types").
        assertEquals("Integer", variable(r.mission(), (file.contains("through") ? "ComputePathThroughPoses"
                : "ComputePathToPose") + ".path").path("type").asText());
    }

    @Test
    void nav2TreesWithoutTheLibraryAreRefusedSayingWhy() {
        BtcppException e = assertThrows(BtcppException.class, () -> TreeImporter.importTree(
                NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml"), null,
                new ImportOptions(null, false, List.of(NAV2.resolve("nav2_tree_nodes.xml")), List.of())));
        assertTrue(e.getMessage().contains("navigate_to_pose_w_replanning_and_recovery.xml:8:65: /root/BehaviorTree[1]"
                + "/RecoveryNode[1]: custom node 'RecoveryNode' has children"), e.getMessage());
    }

    @Test
    void anEnumOfTheCppCodeReadButNeverWrittenIsNamedWithWhereItBelongs() {
        // t09's RED is registered by the C++ code (registerScriptingEnums): the warning says how to declare it.
        TreeImporter.Imported r = imported("t09_scripting.xml");
        List<String> red = r.warnings().stream().filter(w -> w.contains("blackboard key 'RED'")).toList();
        assertEquals(1, red.size(), r.warnings().toString());
        assertTrue(red.get(0).endsWith("it keeps its start value; a constant the C++ code registers belongs in the"
                + " bindings' \"enums\", a value the plant gives in their \"variables\""), red.get(0));
    }

    @Test
    void theManifestGivenTwiceIsReadOnce() {
        Path tree = NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml");
        Path manifest = NAV2.resolve("nav2_tree_nodes.xml");
        ImportOptions twice = new ImportOptions(null, false, List.of(manifest, manifest.toAbsolutePath()),
                List.of("nav2"));
        assertEquals(TreeImporter.importTree(tree, null, NAV2_OPTIONS).mission(),
                TreeImporter.importTree(tree, null, twice).mission());
    }

    @Test
    void theManifestImportedAsATreeSaysItHasNone() {
        // The user's slip: build nav2_tree_nodes.xml --nodes nav2_tree_nodes.xml (was 81 "declared twice").
        BtcppException e = assertThrows(BtcppException.class, () -> TreeImporter.importTree(
                NAV2.resolve("nav2_tree_nodes.xml"), null, NAV2_OPTIONS));
        assertEquals(1, e.problems().size(), e.getMessage());
        assertTrue(e.getMessage().contains("nav2_tree_nodes.xml:7:24: /root: the file defines no <BehaviorTree>"),
                e.getMessage());
    }

    @Test
    void aNodeATemplateImportsSeveralTimesWarnsOnce() {
        // TruncatePathLocal sits under two nested RecoveryNodes whose templates import their children twice.
        TreeImporter.Imported r = TreeImporter.importTree(
                NAV2.resolve("navigate_through_poses_w_replanning_and_recovery.xml"), null, NAV2_OPTIONS);
        List<String> unset = r.warnings().stream().filter(w -> w.contains("'max_robot_pose_search_dist'")).toList();
        assertEquals(1, unset.size(), r.warnings().toString());
        assertTrue(unset.get(0).contains("navigate_through_poses_w_replanning_and_recovery.xml:23:135:"), unset.get(0));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void nav2TreesWithoutTheLibrarySayWhichLibraryDefinesTheNode(boolean manifest) {
        BtcppException e = assertThrows(BtcppException.class, () -> TreeImporter.importTree(
                NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml"), null, new ImportOptions(null, false,
                        manifest ? List.of(NAV2.resolve("nav2_tree_nodes.xml")) : List.of(), List.of())));
        assertTrue(e.getMessage().contains("/root/BehaviorTree[1]/RecoveryNode[1]: "
                + (manifest ? "custom node 'RecoveryNode' has children" : "unknown node ID 'RecoveryNode'")),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("; the library nav2 defines it: give --library nav2"), e.getMessage());
    }

    @Test
    void theManifestIsReadWithItsBidirectionalPorts() {
        TreeFiles files = TreeFiles.read(BTCPP.resolve("t01_build_your_first_tree.xml"), new java.util.ArrayList<>(),
                List.of(NAV2.resolve("nav2_tree_nodes.xml")));
        TreeFiles.NodeModel pause = files.models.get("PersistentSequence");
        assertTrue(pause.ports().stream().anyMatch(p -> p.name().equals("current_child_idx")
                && p.direction().equals("inout")), pause.ports().toString());
    }

    static JsonNode variable(JsonNode mission, String name) {
        for (JsonNode v : mission.path("variables")) {
            if (v.path("name").asText().equals(name)) {
                return v;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
}
