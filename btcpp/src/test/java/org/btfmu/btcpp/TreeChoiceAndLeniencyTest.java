package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which tree is imported, and TinyXML2's leniencies with what stays strict on either side of them. */
class TreeChoiceAndLeniencyTest {

    @TempDir
    Path dir;

    private static final String A = "<BehaviorTree ID=\"A\"><Script code=\"x := 1\"/></BehaviorTree>";
    private static final String B = "<BehaviorTree ID=\"B\"><SubTree ID=\"A\"/></BehaviorTree>";
    private static final String C = "<BehaviorTree ID=\"C\"><Script code=\"x := 3\"/></BehaviorTree>";

    private TreeImporter.Imported importText(String xml, ImportOptions options) throws IOException {
        Path f = dir.resolve("t.xml");
        Files.writeString(f, xml);
        return TreeImporter.importTree(f, null, options);
    }

    private String mainOf(String trees, String requested) throws IOException {
        return importText("<root BTCPP_format=\"4\">" + trees + "</root>",
                new ImportOptions(requested, false, List.of(), List.of())).mission().at("/tree/name").asText();
    }

    @Test
    void theOnlyTreeNoOtherUsesIsTheMain() throws IOException {
        assertEquals("B", mainOf(A + B, null));
    }

    @Test
    void aTreeNamedMainTreeComesBeforeTheUnusedOne() throws IOException {
        assertEquals("MainTree", mainOf(A + B + "<BehaviorTree ID=\"MainTree\"><SubTree ID=\"A\"/></BehaviorTree>",
                null));
    }

    @Test
    void mainTreeToExecuteComesBeforeMainTree() throws IOException {
        String xml = "<root BTCPP_format=\"4\" main_tree_to_execute=\"A\">" + A
                + "<BehaviorTree ID=\"MainTree\"><AlwaysSuccess/></BehaviorTree></root>";
        assertEquals("A", importText(xml, ImportOptions.defaults()).mission().at("/tree/name").asText());
    }

    @Test
    void theTreeAskedForComesFirstAndMustExist() throws IOException {
        assertEquals("A", mainOf(A + B, "A"));
        BtcppException e = assertThrows(BtcppException.class, () -> mainOf(A + B, "Z"));
        assertTrue(e.getMessage().contains("the tree 'Z' asked for is no <BehaviorTree> (defined: A, B)"),
                e.getMessage());
    }

    @Test
    void theBindingsMayNameTheMainTree() throws IOException {
        Path f = dir.resolve("t.xml");
        Files.writeString(f, "<root BTCPP_format=\"4\">" + A + C + "</root>");
        Files.writeString(dir.resolve("b.json"), "{\"mainTree\": \"C\"}");
        ObjectNode m = TreeImporter.importFile(f, dir.resolve("b.json"));
        assertEquals("C", m.at("/tree/name").asText());
    }

    @Test
    void twoUnusedTreesAreAnErrorListingThem() {
        BtcppException e = assertThrows(BtcppException.class, () -> mainOf(A + C, null));
        assertTrue(e.getMessage().contains("t.xml:1:24: /root: several BehaviorTrees (A, C)"), e.getMessage());
        assertTrue(e.getMessage().contains("A, C are used by no other tree; give --tree ID"), e.getMessage());
    }

    @Test
    void anAmpersandStartingAReferenceIsStillAReference() throws IOException {
        TreeImporter.Imported r = importText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">"
                + "<ScriptCondition code=\"a &gt; 1 &amp;&amp; b &lt; 2 &#38;&#x26; c\"/></BehaviorTree></root>",
                ImportOptions.defaults());
        assertEquals("((a > 1) and (b < 2)) and c", r.mission().at("/tree/children/0/predicate").asText());
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("bare")), "strict XML: no leniency: " + r.warnings());
    }

    @Test
    void aBareAmpersandIsTextInAttributesAndWarnsWithItsPosition() throws IOException {
        TreeImporter.Imported r = importText("<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"M\">\n"
                + "  <ScriptCondition code=\"a && b\"/></BehaviorTree></root>", ImportOptions.defaults());
        assertEquals("a and b", r.mission().at("/tree/children/0/predicate").asText());
        assertEquals(List.of("warning: " + dir.resolve("t.xml") + ":3:28: bare '&&' read as literal text, as"
                + " TinyXML2 (BT.CPP's parser) does; strict XML writes &amp;"),
                r.warnings().stream().filter(w -> w.contains("bare")).toList());
    }

    @Test
    void anUndeclaredEntityAndADoctypeStayErrors() {
        BtcppException e = assertThrows(BtcppException.class, () -> importText("<root BTCPP_format=\"4\">"
                + "<BehaviorTree ID=\"M\"><Script code=\"a := 1 &nbsp; 2\"/></BehaviorTree></root>",
                ImportOptions.defaults()));
        assertTrue(e.getMessage().contains("t.xml:1:"), e.getMessage());
        BtcppException d = assertThrows(BtcppException.class, () -> importText("<!DOCTYPE root [<!ENTITY x \"y\">]>"
                + "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><AlwaysSuccess/></BehaviorTree></root>",
                ImportOptions.defaults()));
        assertTrue(d.getMessage().contains("DOCTYPE"), d.getMessage());
    }

    @Test
    void aTreeWithoutIdIsAcceptedOnlyWhenItIsTheOnlyOne() throws IOException {
        assertEquals("MainTree", mainOf("<BehaviorTree><AlwaysSuccess/></BehaviorTree>", null));
        BtcppException e = assertThrows(BtcppException.class,
                () -> mainOf("<BehaviorTree><AlwaysSuccess/></BehaviorTree>" + A, null));
        assertTrue(e.getMessage().contains("<BehaviorTree> needs an ID (only a file's single tree may go without)"),
                e.getMessage());
    }

    @Test
    void unknownElementsInAModelEntryAreIgnoredWithANoteAndBidirectionalIsInout() throws IOException {
        TreeImporter.Imported r = importText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Go v=\"{x}\"/>"
                + "</BehaviorTree><TreeNodesModel><Action ID=\"Go\"><bidirectional_port name=\"v\" type=\"double\"/>"
                + "<MetadataFields><Metadata subcategory=\"Motion\"/></MetadataFields></Action></TreeNodesModel></root>",
                ImportOptions.defaults());
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(0).contains("note: <MetadataFields> in the model of 'Go' is not a port; ignored"),
                r.warnings().get(0));
        assertEquals("input", PublishedTreesTest.variable(r.mission(), "Go.v_out").path("causality").asText(),
                "inout: the plant's answer");
        assertEquals("output", PublishedTreesTest.variable(r.mission(), "Go.v").path("causality").asText());
    }

    @Test
    void declaredNodesKeepTheirDeclarationBesideInferredOnes() throws IOException {
        TreeImporter.Imported r = importText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Sequence>"
                + "<Go v=\"{x}\"/><Look at=\"3\"/><Condition ID=\"Seen\"/></Sequence></BehaviorTree><TreeNodesModel>"
                + "<Action ID=\"Go\"><input_port name=\"v\" type=\"int\"/></Action></TreeNodesModel></root>",
                ImportOptions.defaults());
        ObjectNode m = r.mission();
        assertEquals("Integer", m.at("/subtrees/Go/ports/v").asText(), "declared");
        assertTrue(PublishedTreesTest.variable(m, "Go.v_out").isMissingNode(), "a declared input stays an input");
        assertEquals("Real", m.at("/subtrees/Look/ports/at").asText(), "inferred from the literal");
        assertEquals("Condition", m.at("/subtrees/Seen/tree/type").asText(), "written as a Condition");
        assertEquals(2, r.warnings().stream().filter(w -> w.contains("inferred")).count(), r.warnings().toString());
    }

    @Test
    void preconditionIsTheChildWithANegatedFailureIf() throws IOException {
        ObjectNode m = importText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Precondition if=\"a &gt; 1\""
                + " else=\"FAILURE\"><Script code=\"b := 1\"/></Precondition></BehaviorTree></root>",
                ImportOptions.defaults()).mission();
        assertEquals("IfThenElse", m.at("/tree/children/0/type").asText());
        assertEquals("not (a > 1)", m.at("/tree/children/0/children/0/predicate").asText());
        assertEquals("false", m.at("/tree/children/0/children/1/predicate").asText(), "then FAILURE");
    }
}
