package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Exports that BehaviorTree.CPP 4.10 loads, and scripts it can read. BT.CPP's XML check looks at a
 * ReactiveSequence's children by their element name, which must be a registered node (a built-in
 * or an ID of the file's TreeNodesModel): {@code <Action ID="btfmu.X">} under a ReactiveSequence is
 * refused there (issue 19 item 6), so btfmu nodes are written in the compact form.
 */
class ExportLoadsInBtcppTest {

    @TempDir
    Path dir;

    /** Element names BT.CPP 4 registers itself (the standard nodes, their BT.CPP 3 names, SubTree). */
    private static Set<String> builtIns() {
        Set<String> names = new HashSet<>(List.of("SubTree", "SubTreePlus"));
        StandardNode.ALL.forEach(n -> names.add(n.btcpp()));
        names.addAll(StandardNode.ALIASES.keySet());
        return names;
    }

    @ParameterizedTest
    @ValueSource(strings = {"solar-day.json", "square-waypoints.json", "traffic-circuit.json"})
    void everyChildOfAReactiveSequenceIsARegisteredElementName(String example) throws Exception {
        String xml = TreeExporter.export(RoundTripTest.EXAMPLES.resolve(example));
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        Set<String> registered = builtIns();
        List<Element> models = elements(root, "TreeNodesModel");
        for (Element m : models) {
            for (Element entry : children(m)) {
                registered.add(entry.getAttribute("ID"));
            }
        }
        int checked = 0;
        for (Element sequence : elements(root, "ReactiveSequence")) {
            for (Element child : children(sequence)) {
                assertTrue(registered.contains(child.getTagName()), example + ": <" + child.getTagName() + " ID=\""
                        + child.getAttribute("ID") + "\"> under a ReactiveSequence; BT.CPP 4.10 refuses it:\n" + xml);
                checked++;
            }
        }
        assertTrue(checked > 0, example + " has ReactiveSequence children to check");
        assertFalse(xml.matches("(?s).*<(Action|Decorator|Control|Condition) ID=\"btfmu\\.[^\"]*\" name=.*"),
                "no btfmu node in the category form inside the trees: " + xml);
    }

    @Test
    void anIfThenElseExpressionIsExportedAsTheTernaryOperator() throws IOException {
        ObjectNode mission = (ObjectNode) new ObjectMapper().readTree("{\"name\": \"m\", \"description\": \"d\","
                + " \"variables\": ["
                + "{\"name\": \"a\", \"causality\": \"input\", \"type\": \"Real\"},"
                + "{\"name\": \"x\", \"causality\": \"output\", \"type\": \"Real\"}],"
                + "\"tree\": {\"type\": \"Root\", \"name\": \"main\", \"children\": [{\"type\": \"MemorySequence\","
                + " \"name\": \"s\", \"children\": [{\"type\": \"Script\", \"name\": \"pick\","
                + " \"code\": {\"x\": \"if a > 1 then 10 else 20\"}},"
                + "{\"type\": \"Condition\", \"name\": \"check\", \"predicate\": \"if a > 1 then x > 5 else x > 15\"}]}]}}");
        String xml = TreeExporter.export(mission, "m.json");
        assertTrue(xml.contains("<Script name=\"pick\" code=\"x := a &gt; 1 ? 10 : 20\""), xml);
        assertTrue(xml.contains("<ScriptCondition name=\"check\" code=\"a &gt; 1 ? x &gt; 5 : x &gt; 15\""), xml);
        assertSameTreeAfterImport(mission, xml);
    }

    @Test
    void aKeyLocalToASubTreeIsExportedAsAPlainKey() throws IOException {
        Path file = dir.resolve("local.xml");
        Files.writeString(file, "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\"><BehaviorTree ID=\"Main\">"
                + "<Sequence name=\"s\"><Script name=\"init\" code=\"out := 0\"/><SubTree ID=\"Count\" name=\"count\""
                + " result=\"{out}\"/></Sequence></BehaviorTree><BehaviorTree ID=\"Count\"><Sequence name=\"body\">"
                + "<Script name=\"local\" code=\"tmp := 2\"/><ScriptCondition name=\"check\" code=\"tmp == 2\"/>"
                + "<Script name=\"copy\" code=\"result := tmp + 1\"/></Sequence></BehaviorTree></root>");
        ObjectNode imported = TreeImporter.importFile(file, null);
        assertTrue(imported.toString().contains("Count.tmp"), "the sub-tree's own key: " + imported);
        String xml = TreeExporter.export(imported, file.toString());
        assertTrue(xml.contains("<Script name=\"local\" code=\"tmp := 2\""), xml);
        assertTrue(xml.contains("<ScriptCondition name=\"check\" code=\"tmp == 2\""), xml);
        assertTrue(xml.contains("<Script name=\"copy\" code=\"result := tmp + 1\""), xml);
        assertFalse(xml.contains("btfmu.Script"), xml);
        assertSameTreeAfterImport(imported, xml);
        Run run = Run.of(dir, xml, null, Run.modes()[0]).start();
        assertEquals(3.0, run.real("out"), "the exported tree still runs");
    }

    private void assertSameTreeAfterImport(ObjectNode mission, String xml) throws IOException {
        Path file = dir.resolve("exported.xml");
        Files.writeString(file, xml);
        assertEquals(SameTree.canonical(mission), SameTree.canonical(TreeImporter.importFile(file, null)), xml);
    }

    private static List<Element> elements(Element root, String name) {
        List<Element> out = new ArrayList<>();
        var list = root.getElementsByTagName(name);
        for (int k = 0; k < list.getLength(); k++) {
            out.add((Element) list.item(k));
        }
        return out;
    }

    private static List<Element> children(Element e) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                out.add(c);
            }
        }
        return out;
    }
}
