package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.core.ProcessingMode;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Includes, several trees, script translation, enums, key typing and bindings. */
class ImportFeaturesTest {

    @TempDir
    Path dir;

    @Test
    void includesAreResolvedRelativeToTheIncludingFile() throws IOException {
        Files.createDirectories(dir.resolve("parts/deeper"));
        Files.writeString(dir.resolve("parts/lib.xml"), "<root BTCPP_format=\"4\"><include path=\"deeper/leaf.xml\"/>"
                + "<BehaviorTree ID=\"Lib\"><SubTree ID=\"Leaf\" v=\"{v}\"/></BehaviorTree></root>");
        Files.writeString(dir.resolve("parts/deeper/leaf.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Leaf\">"
                + "<Script code=\"v := 7\"/></BehaviorTree></root>");
        Files.writeString(dir.resolve("main.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">"
                + "<include path=\"parts/lib.xml\"/><BehaviorTree ID=\"Main\"><SubTree ID=\"Lib\" name=\"lib\""
                + " _autoremap=\"true\"/></BehaviorTree><BehaviorTree ID=\"Unused\"><AlwaysFailure/></BehaviorTree></root>");
        ObjectNode mission = TreeImporter.importFile(dir.resolve("main.xml"), null);
        assertEquals("Main", mission.at("/tree/name").asText());
        assertTrue(mission.at("/subtrees/Lib").isObject() && mission.at("/subtrees/Leaf").isObject());
        assertTrue(mission.at("/subtrees/Unused").isMissingNode(), "only trees the main tree uses are imported");
        Run r = Run.of(dir, Files.readString(dir.resolve("main.xml")),
                null, ProcessingMode.EVENT_DRIVEN);
        assertEquals(7.0, r.start().real("v"));
    }

    @Test
    void aNodeModelDeclaredAgainAlikeIsAccepted() throws IOException {
        String model = "<TreeNodesModel><Action ID=\"Go\"><input_port name=\"x\" type=\"double\"/></Action>"
                + "</TreeNodesModel>";
        Files.writeString(dir.resolve("m.xml"), "<root BTCPP_format=\"4\">" + model + "</root>");
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\">" + model
                + "<BehaviorTree ID=\"Main\"><Go x=\"2\"/></BehaviorTree></root>");
        for (List<Path> nodes : List.of(List.of(dir.resolve("m.xml"), dir.resolve("./m.xml")),
                List.of(dir.resolve("t.xml")))) {
            ObjectNode mission = TreeImporter.importTree(dir.resolve("t.xml"), null,
                    new ImportOptions(null, false, nodes, List.of())).mission();
            assertEquals("Real", mission.at("/subtrees/Go/ports/x").asText(), nodes.toString());
        }
    }

    @Test
    void scriptsTranslateOperatorsTernaryEnumsAndHex() throws IOException {
        String xml = "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\"><Sequence name=\"s\">"
                + "<Script name=\"calc\" code=\"a := 0x10; b := -a * 2 + 1; c := a &gt; 3 ? 'big' : 'small';"
                + " d := !(a == 16) || side == RIGHT; g := 8\"/>"
                + "<Script name=\"divide\" code=\"g /= 4\"/>"
                + "<ScriptCondition name=\"check\" code=\"c == 'big' &amp;&amp; !d\"/></Sequence></BehaviorTree></root>";
        Files.writeString(dir.resolve("bindings.json"), "{\"enums\": {\"LEFT\": 0, \"RIGHT\": 1},"
                + " \"variables\": [{\"name\": \"side\", \"causality\": \"input\", \"type\": \"Integer\"}]}");
        Files.writeString(dir.resolve("t.xml"), xml);
        ObjectNode mission = TreeImporter.importFile(dir.resolve("t.xml"), dir.resolve("bindings.json"));
        ObjectNode code = (ObjectNode) mission.at("/tree/children/0/children/0/code");
        assertEquals("16", code.get("a").asText(), "hexadecimal");
        assertEquals("((-a) * 2) + 1", code.get("b").asText());
        assertEquals("if a > 3 then 'big' else 'small'", code.get("c").asText());
        assertEquals("(not (a == 16)) or (side == 1)", code.get("d").asText());
        assertEquals("g / 4", mission.at("/tree/children/0/children/1/code/g").asText());
        assertEquals("(c == 'big') and (not d)", mission.at("/tree/children/0/children/2/predicate").asText());
        Run r = Run.of(dir, xml, Files.readString(dir.resolve("bindings.json")), ProcessingMode.EVENT_DRIVEN);
        r.set("side", 0).start();
        assertEquals(Status.FINISHED, r.status("Main/s"), "a = 16 > 3, d = false");
        assertEquals("big", r.tree.getString(r.mission.tree().blackboard().indexOf("c")));
        assertEquals(2.0, r.real("g"));
    }

    @Test
    void aProblemInAVariableTheBindingsDeclareIsReportedAgainstTheBindingsFile() throws IOException {
        // The mission loader finds it in the imported mission; the user wrote it in the bindings.
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\">"
                + "<ScriptCondition code=\"speed > 1\"/></BehaviorTree></root>");
        Path bindings = Files.writeString(dir.resolve("t.bindings.json"), "{\"variables\": [\n"
                + "  {\"name\": \"mode\", \"causality\": \"input\", \"type\": \"Integer\"},\n"
                + "  {\"name\": \"speed\", \"causality\": \"input\", \"type\": \"Reel\"}]}");
        BtcppException e = assertThrows(BtcppException.class,
                () -> TreeImporter.importFile(dir.resolve("t.xml"), bindings));
        String problem = e.problems().stream().filter(p -> p.contains("Reel")).findFirst().orElseThrow();
        assertTrue(problem.startsWith(bindings + ": /variables/1/type: "), problem);
    }

    @Test
    void keysAreTypedFromPortsScriptsAndComparisons() throws IOException {
        String xml = "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\"><Sequence>"
                + "<Script code=\"name := 'x'; on := true\"/><Count n=\"{count}\"/>"
                + "<ScriptCondition code=\"flag == false\"/></Sequence></BehaviorTree>"
                + "<TreeNodesModel><Action ID=\"Count\"><output_port name=\"n\" type=\"int\"/></Action></TreeNodesModel>"
                + "</root>";
        Files.writeString(dir.resolve("t.xml"), xml);
        ObjectNode mission = TreeImporter.importFile(dir.resolve("t.xml"), null);
        StringBuilder types = new StringBuilder();
        mission.get("variables").forEach(v -> types.append(v.get("name").asText()).append(':')
                .append(v.get("type").asText()).append(' '));
        String t = types.toString();
        assertTrue(t.contains("name:String") && t.contains("on:Boolean") && t.contains("count:Integer")
                && t.contains("flag:Boolean") && t.contains("Count.n:Integer"), t);
    }

    @Test
    void badBindingsAreLocatedToo() throws IOException {
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\"><AlwaysSuccess/>"
                + "</BehaviorTree></root>");
        Files.writeString(dir.resolve("b.json"), "{\"nodes\": {\"X\": {\"predicate\": \"a\", \"done\": \"b\"}}}");
        BtcppException e = assertThrows(BtcppException.class,
                () -> TreeImporter.importFile(dir.resolve("t.xml"), dir.resolve("b.json")));
        assertTrue(e.getMessage().contains("b.json: /nodes/X/done"), e.getMessage());
        Files.writeString(dir.resolve("b.json"), "{\"nodes\": [}");
        e = assertThrows(BtcppException.class,
                () -> TreeImporter.importFile(dir.resolve("t.xml"), dir.resolve("b.json")));
        assertTrue(e.getMessage().matches("(?s).*b\\.json:1:\\d+: not valid JSON.*"), e.getMessage());
    }
}
