package org.btfmu.btcpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile files end in a located, bounded error (or a warning), quickly and without a stack overflow. */
class HostileTreeTest {

    @TempDir
    Path dir;

    private Path write(String name, String xml) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, xml);
        return f;
    }

    private static String script(String code) {
        return "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Script code=\"" + code + "\"/></BehaviorTree></root>";
    }

    private static BtcppException refused(Path f) {
        return assertThrows(BtcppException.class, () -> TreeImporter.importFile(f, null));
    }

    @Test
    void aHugeScriptIsRefusedBeforeItIsParsed() throws IOException {
        // 1.7 million terms, 3.4 MB: BT.CPP's parser would recurse once per term.
        BtcppException e = refused(write("t.xml", script("a := " + "1+".repeat(1_700_000) + "1")));
        assertEquals(1, e.problems().size());
        assertTrue(e.getMessage().matches("(?s).*t\\.xml:1:\\d+: /root/BehaviorTree\\[1\\]: <Script> attribute 'code'"
                + " has 3400006 characters, more than the 4096 accepted for a script"), e.getMessage());
    }

    @Test
    void deepParenthesesAreRefusedWithoutAStackOverflow() throws IOException {
        BtcppException e = refused(write("t.xml", script("a := " + "(".repeat(100_000) + "1" + ")".repeat(100_000))));
        assertTrue(e.getMessage().contains("attribute 'code' has 200006 characters"), e.getMessage());
        BtcppException p = refused(write("t.xml", script("a := " + "(".repeat(1_000) + "1" + ")".repeat(1_000))));
        assertTrue(p.getMessage().contains("attribute 'code' nests parentheses deeper than 64 (column 70 of the"
                + " value)"), p.getMessage());
        assertTrue(p.getMessage().length() < 400, "bounded: " + p.getMessage().length());
    }

    @Test
    void theLongestFlatScriptWithinTheBoundIsALocatedErrorNotAStackOverflow() throws IOException {
        // 2,044 terms: the longest sum the length bound lets through; the mission's own limits refuse it.
        BtcppException e = refused(write("t.xml", script("a := " + "1+".repeat(2_044) + "1")));
        assertTrue(e.getMessage().contains("t.xml:1:4156: /root/BehaviorTree[1]/Script[1]: expression column 4097:"
                + " expression too long"), e.getMessage());
    }

    @Test
    void aMainFileThatIsAFifoIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("tree.xml");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, p.waitFor());
        BtcppException e = refused(fifo);
        assertEquals(fifo + ": not a regular file (a directory, FIFO or device); give a tree file", e.getMessage());
    }

    @Test
    void anIncludeThatIsAFifoOrALinkToADeviceSaysSo() throws Exception {
        Path fifo = dir.resolve("part.xml");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path main = write("t.xml", "<root BTCPP_format=\"4\"><include path=\"part.xml\"/>"
                + "<BehaviorTree ID=\"M\"><AlwaysSuccess/></BehaviorTree></root>");
        BtcppException e = refused(main);
        assertTrue(e.getMessage().contains("is not a regular file (a directory, FIFO or device)"), e.getMessage());
        Files.delete(fifo);
        Files.createSymbolicLink(fifo, Path.of("/dev/zero"));
        BtcppException z = refused(main);
        assertTrue(z.getMessage().contains("<include path=\"part.xml\"> escapes the directory"), z.getMessage());
    }

    @Test
    void aSymlinkedIncludePointingOutsideTheDirectoryIsRefused() throws IOException {
        Path inside = dir.resolve("trees");
        Files.createDirectories(inside);
        Path outside = write("secret.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"S\"><AlwaysSuccess/>"
                + "</BehaviorTree></root>");
        Files.createSymbolicLink(inside.resolve("lib.xml"), outside);
        Files.writeString(inside.resolve("t.xml"), "<root BTCPP_format=\"4\"><include path=\"lib.xml\"/>"
                + "<BehaviorTree ID=\"M\"><SubTree ID=\"S\"/></BehaviorTree></root>");
        BtcppException e = refused(inside.resolve("t.xml"));
        assertTrue(e.getMessage().contains("t.xml:1:49: /root/include[1]: <include path=\"lib.xml\"> escapes the"
                + " directory of t.xml"), e.getMessage());
    }

    @Test
    void aSubTreeBombIsBoundedByTheInstanceCount() throws IOException {
        StringBuilder xml = new StringBuilder("<root BTCPP_format=\"4\" main_tree_to_execute=\"T0\">");
        for (int k = 0; k < 8; k++) {
            xml.append("<BehaviorTree ID=\"T").append(k).append("\"><Sequence>")
                    .append(("<SubTree ID=\"T" + (k + 1) + "\"/>").repeat(10)).append("</Sequence></BehaviorTree>");
        }
        xml.append("<BehaviorTree ID=\"T8\"><AlwaysSuccess/></BehaviorTree></root>");
        BtcppException e = refused(write("t.xml", xml.toString()));
        assertTrue(e.getMessage().contains("/root/BehaviorTree[1]: the tree 'T0' expands to more than 100000 node"
                + " instances"), e.getMessage());
    }

    @Test
    void manySiblingScriptsImportInLinearTime() throws IOException {
        long small = importTime(1_000);
        long large = importTime(10_000);
        // Ten times the siblings: linear takes about 10 times as long; quadratic (the old unique names) 100.
        assertTrue(large < 40 * Math.max(small, 20), "1,000: " + small + " ms, 10,000: " + large + " ms");
    }

    private long importTime(int n) throws IOException {
        Path f = write("s" + n + ".xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Sequence>"
                + "<Script code=\"a := 1\"/>".repeat(n) + "</Sequence></BehaviorTree></root>");
        long t0 = System.nanoTime();
        var m = TreeImporter.importFile(f, null);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals("Script_" + n, m.at("/tree/children/0/children/" + (n - 1) + "/name").asText());
        return ms;
    }

    @Test
    void duplicateModelIdsAreAnErrorNamingBoth() throws IOException {
        BtcppException e = refused(write("t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Go/></BehaviorTree>"
                + "<TreeNodesModel><Action ID=\"Go\"/>\n<Condition ID=\"Go\"/></TreeNodesModel></root>"));
        assertTrue(e.getMessage().contains("t.xml:2:21: /root/TreeNodesModel[1]/Condition[1]: TreeNodesModel ID 'Go'"
                + " is declared twice (first at " + dir.resolve("t.xml") + ":1)"), e.getMessage());
    }

    @Test
    void nonUtf8InputIsALocatedErrorWithNothingOnStandardError() throws IOException {
        Path f = dir.resolve("t.xml");
        Files.write(f, "<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"M\"><Script code=\"a := \u0000\"/></BehaviorTree></root>"
                .replace("\u0000", "X").getBytes(StandardCharsets.UTF_8));
        byte[] bytes = Files.readAllBytes(f);
        bytes[bytes.length - 30] = (byte) 0xFF;
        Files.write(f, bytes);
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        BtcppException e;
        try {
            e = refused(f);
        } finally {
            System.setErr(saved);
        }
        assertEquals("", err.toString(StandardCharsets.UTF_8), "no stray [Fatal Error] line");
        assertTrue(e.getMessage().matches(".*t\\.xml:2:\\d+: /: the file is not UTF-8 text \\(byte \\d+\\)"),
                e.getMessage());
    }

    @Test
    void aDeepErrorPathIsBounded() throws IOException {
        String open = "<Inverter>".repeat(150);
        BtcppException e = refused(write("t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">" + open
                + "<Bogus><A/></Bogus>" + "</Inverter>".repeat(150) + "</BehaviorTree></root>"));
        assertTrue(e.getMessage().contains("/root/BehaviorTree[1]/.../Inverter[1]/Inverter[1]/Bogus[1]: unknown node ID"
                + " 'Bogus'"), e.getMessage());
        assertTrue(e.getMessage().length() < 500, e.getMessage().length() + ": " + e.getMessage());
    }

    @Test
    void aRemappingToAKeyNobodyWritesWarns() throws IOException {
        Path f = write("t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Sequence>"
                + "<Script code=\"done := 1\"/><SubTree ID=\"S\" v=\"{speeed}\" out=\"{done2}\"/></Sequence>"
                + "</BehaviorTree><BehaviorTree ID=\"S\"><Script code=\"out := v + 1\"/></BehaviorTree></root>");
        List<String> warnings = TreeImporter.importTree(f, null, ImportOptions.defaults()).warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("blackboard key 'speeed' is read but nothing writes it"), warnings.get(0));
        assertFalse(warnings.get(0).contains("done2"), "written by the sub-tree's port");
    }
}
