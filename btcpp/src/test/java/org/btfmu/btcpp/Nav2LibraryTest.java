package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.btfmu.core.Status.ABORTED;
import static org.btfmu.core.Status.FINISHED;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.core.ProcessingMode;
import org.btfmu.mission.MissionLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Control templates in the bindings and the shipped Nav2 library: expansion, semantics, refusals. */
class Nav2LibraryTest {

    @TempDir
    Path dir;

    private static final ImportOptions NAV2 = new ImportOptions(null, false, List.of(), List.of("nav2"));

    private ObjectNode importText(String body, String bindings, ImportOptions options) throws IOException {
        Path f = dir.resolve("t.xml");
        Files.writeString(f, "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">" + body + "</BehaviorTree></root>");
        Path b = null;
        if (bindings != null) {
            b = dir.resolve("b.json");
            Files.writeString(b, bindings);
        }
        return TreeImporter.importTree(f, b, options).mission();
    }

    private Run run(ObjectNode mission) {
        Run r = Run.of(MissionLoader.load(TreeImporter.toText(mission), "t"), ProcessingMode.EVENT_DRIVEN);
        return r.start();
    }

    @Test
    void recoveryNodeRunsTheRecoveryAfterEachFailureUntilTheRetriesAreUsedUp() throws IOException {
        ObjectNode m = importText("<RecoveryNode number_of_retries=\"2\"><Main/><Fix/></RecoveryNode>", null, NAV2);
        assertEquals(2, m.at("/tree/children/0/children/0/attempts").asInt(), "number_of_retries runs with recovery");
        Run r = run(m);
        assertEquals(1, r.integer("Main.request"));
        r.answer("Main", Handshake.FAILURE, 1);
        assertEquals(1, r.integer("Fix.request"), "the recovery runs after the failure");
        r.answer("Fix", Handshake.SUCCESS, 2);
        assertEquals(2, r.integer("Main.request"), "then the main child again");
        r.answer("Main", Handshake.FAILURE, 3).answer("Fix", Handshake.SUCCESS, 4);
        assertEquals(3, r.integer("Main.request"));
        r.answer("Main", Handshake.FAILURE, 5);
        assertEquals(ABORTED, r.status("M/RecoveryNode"), "two retries used up");
        assertEquals(2, r.integer("Fix.request"), "no recovery after the last run");
    }

    @Test
    void recoveryNodeSucceedsWhenTheMainChildDoes() throws IOException {
        Run r = run(importText("<RecoveryNode><Main/><Fix/></RecoveryNode>", null, NAV2));
        r.answer("Main", Handshake.FAILURE, 1).answer("Fix", Handshake.SUCCESS, 2).answer("Main", Handshake.SUCCESS, 3);
        assertEquals(FINISHED, r.status("M/RecoveryNode"));
    }

    @Test
    void recoveryNodeNeedsTwoChildrenAndKnowsItsPorts() {
        BtcppException arity = assertThrows(BtcppException.class,
                () -> importText("<RecoveryNode><Main/></RecoveryNode>", null, NAV2));
        assertTrue(arity.getMessage().contains("t.xml:1:59: /root/BehaviorTree[1]/RecoveryNode[1]: RecoveryNode needs"
                + " exactly 2 children, has 1"), arity.getMessage());
        BtcppException port = assertThrows(BtcppException.class,
                () -> importText("<RecoveryNode retries=\"2\"><A/><B/></RecoveryNode>", null, NAV2));
        assertTrue(port.getMessage().contains("RecoveryNode has no port 'retries' (ports: number_of_retries)"),
                port.getMessage());
        BtcppException literal = assertThrows(BtcppException.class,
                () -> importText("<RecoveryNode number_of_retries=\"{n}\"><A/><B/></RecoveryNode>", null, NAV2));
        assertTrue(literal.getMessage().contains("a port of RecoveryNode must be a number here: 'n'"),
                literal.getMessage());
    }

    @Test
    void whatTheLibraryCannotExpressIsRefusedWithItsReason() {
        BtcppException e = assertThrows(BtcppException.class,
                () -> importText("<GoalUpdatedController><A/></GoalUpdatedController>", null, NAV2));
        assertTrue(e.getMessage().contains("GoalUpdatedController has no bt-fmu counterpart: it watches goal messages"),
                e.getMessage());
    }

    @Test
    void goalUpdaterCopiesTheGoalBeforeItsChild() throws IOException {
        ObjectNode m = importText("<GoalUpdater input_goal=\"{goal}\" output_goal=\"{updated}\"><Go g=\"{updated}\"/>"
                + "</GoalUpdater>", null, NAV2);
        assertEquals("goal", m.at("/tree/children/0/children/0/code/updated").asText());
        Run r = run(m);
        assertEquals(1, r.integer("Go.request"));
    }

    @Test
    void eachLibraryNodeSaysHowItDiffersFromNav2() {
        var lib = Bindings.parse(Libraries.text("nav2"), "nav2");
        for (String id : List.of("RecoveryNode", "PipelineSequence", "RoundRobin", "RateController", "GoalUpdater",
                "SingleTrigger", "DistanceController", "SpeedController")) {
            String d = lib.nodes.get(id).path("description").asText();
            assertTrue(d.startsWith("Nav2 " + id + ":") && d.contains("Differs"), id + ": " + d);
        }
    }

    @Test
    void bindingsDefineTheirOwnTemplatesOverChildrenAndPorts() throws IOException {
        String bindings = "{\"nodes\": {\"Twice\": {\"kind\": \"Decorator\", \"children\": \"1\","
                + " \"ports\": {\"times\": \"Integer\"}, \"defaults\": {\"times\": \"2\"},"
                + " \"template\": {\"type\": \"Loop\", \"count\": \"=$times\", \"children\": [\"$child\"]}}}}";
        ObjectNode m = importText("<Twice times=\"3\"><Go/></Twice>", bindings, ImportOptions.defaults());
        assertEquals("Loop", m.at("/tree/children/0/type").asText());
        assertEquals(3, m.at("/tree/children/0/count").asInt());
        assertEquals("Go", m.at("/tree/children/0/children/0/subtree").asText());
        BtcppException e = assertThrows(BtcppException.class, () -> importText("<Twice><Go/></Twice>",
                "{\"nodes\": {\"Twice\": {\"template\": {}, \"colour\": 1}}}", ImportOptions.defaults()));
        assertTrue(e.getMessage().contains("/nodes/Twice/colour: unknown key"), e.getMessage());
    }

    @Test
    void manifestsCanBeNamedBesideANodesObjectThatBindsLeaves() throws IOException {
        Files.writeString(dir.resolve("nodes.xml"), "<root><TreeNodesModel><Action ID=\"Go\">"
                + "<input_port name=\"speed\" type=\"double\" default=\"2\"/></Action></TreeNodesModel></root>");
        ObjectNode m = importText("<Go/>", "{\"manifests\": \"nodes.xml\", \"nodes\": {\"Go\": {\"done\": \"speed > 1\"}}}",
                ImportOptions.defaults());
        assertEquals("Real", m.at("/subtrees/Go/ports/speed").asText(), "declared by the manifest");
        assertEquals("speed > 1", m.at("/subtrees/Go/tree/done").asText(), "bound by the nodes object");
        BtcppException e = assertThrows(BtcppException.class, () -> importText("<Go/>", "{\"manifests\": 3}",
                ImportOptions.defaults()));
        assertTrue(e.getMessage().contains("/manifests: a node manifest file or a list of them"), e.getMessage());
    }

    @Test
    void theBindingsNameManifestsAndLibrariesAsTheCommandLineDoes() throws IOException {
        Files.writeString(dir.resolve("nodes.xml"), "<root><TreeNodesModel><Action ID=\"Go\">"
                + "<input_port name=\"speed\" type=\"double\" default=\"2\"/></Action></TreeNodesModel></root>");
        ObjectNode m = importText("<RecoveryNode><Go/><Go/></RecoveryNode>",
                "{\"nodes\": \"nodes.xml\", \"libraries\": [\"nav2\"]}", ImportOptions.defaults());
        assertEquals("Retry", m.at("/tree/children/0/children/0/type").asText());
        assertEquals("Real", m.at("/subtrees/Go/ports/speed").asText(), "declared by the manifest");
        assertEquals("2", m.at("/tree/children/0/children/1/arguments/speed").asText());
    }
}
