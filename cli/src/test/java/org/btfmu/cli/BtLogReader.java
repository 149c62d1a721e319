package org.btfmu.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Reads a BehaviorTree.CPP FileLogger2 log (.btlog), written here from the format's description
 * (bt_file_logger_v2.h), independently of the writer: a 4-byte little-endian length N, N bytes of
 * XML, an 8-byte little-endian first timestamp in microseconds, then 8-byte little-endian records
 * holding the microseconds since the first timestamp in bits 0-44, the node UID in bits 45-60 and
 * the status in bits 61-63.
 */
record BtLogReader(Document xml, long firstTimestamp, List<Transition> transitions) {

    record Transition(long usec, int uid, int status) {
    }

    /** A node of the logged tree: its element name, name attribute, UID and children. */
    record LoggedNode(String tag, String name, int uid, List<LoggedNode> children) {
    }

    static BtLogReader read(Path file) throws Exception {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int length = in.getInt();
        byte[] xml = new byte[length];
        in.get(xml);
        long first = in.getLong();
        if (in.remaining() % 8 != 0) {
            throw new IOException(file + ": " + in.remaining() + " bytes of transitions, not a multiple of 8");
        }
        List<Transition> transitions = new ArrayList<>();
        while (in.hasRemaining()) {
            long r = in.getLong();
            transitions.add(new Transition(r & ((1L << 45) - 1), (int) ((r >>> 45) & 0xffff), (int) (r >>> 61)));
        }
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml));
        return new BtLogReader(document, first, transitions);
    }

    /** The nodes under the (first) BehaviorTree element: those with a _uid. */
    List<LoggedNode> tree() {
        Element behaviorTree = (Element) xml.getElementsByTagName("BehaviorTree").item(0);
        return nodes(behaviorTree);
    }

    private static List<LoggedNode> nodes(Element parent) {
        List<LoggedNode> result = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                List<LoggedNode> children = nodes(e);
                if (e.hasAttribute("_uid")) {
                    result.add(new LoggedNode(e.getTagName(), e.getAttribute("name"),
                            Integer.parseInt(e.getAttribute("_uid")), children));
                } else {
                    result.addAll(children); // a grouping element without a UID
                }
            }
        }
        return result;
    }
}
