package org.btfmu.btcpp;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads an XML file into {@link XmlElement}s with the JDK's StAX parser, which gives the line
 * and column of every element. DTDs and external entities are refused (a tree file needs
 * neither, and they are how XML parsers are made to read other files or blow up).
 */
final class XmlReader {

    /** Largest accepted XML file, in bytes. */
    static final long MAX_FILE_SIZE = 4L << 20;
    /** Deepest accepted element nesting. */
    static final int MAX_DEPTH = 200;

    private XmlReader() {
    }

    static XmlElement read(Path file, String shownName) {
        return read(file, shownName, new java.util.ArrayList<>());
    }

    /**
     * Reads a regular file (not a FIFO or device: they could block or never end) of at most
     * {@link #MAX_FILE_SIZE} bytes, with TinyXML2's leniency for bare '&amp;' ({@link LenientXml},
     * one warning each into {@code warnings}).
     */
    static XmlElement read(Path file, String shownName, java.util.List<String> warnings) {
        try {
            if (!Files.exists(file)) {
                throw new NoSuchFileException(file.toString());
            }
            if (!Files.isRegularFile(file)) {
                throw new BtcppException(shownName + ": not a regular file (a directory, FIFO or device);"
                        + " give a tree file");
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) MAX_FILE_SIZE + 1);
            }
            if (bytes.length > MAX_FILE_SIZE) {
                throw new BtcppException(shownName + ": the file has more than the " + MAX_FILE_SIZE
                        + " bytes accepted");
            }
            LenientXml text = LenientXml.of(bytes, shownName);
            XmlElement root = parse(new java.io.StringReader(text.xml()), shownName);
            warnings.addAll(text.warnings());
            return root;
        } catch (NoSuchFileException e) {
            throw new BtcppException(shownName + ": no such file");
        } catch (IOException e) {
            throw new BtcppException(shownName + ": cannot read the file: " + e.getMessage());
        }
    }

    static XmlElement parse(InputStream in, String file) {
        return parse(new java.io.InputStreamReader(in, java.nio.charset.StandardCharsets.UTF_8), file);
    }

    static XmlElement parse(java.io.Reader in, String file) {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        XMLStreamReader reader = null;
        Deque<XmlElement> open = new ArrayDeque<>();
        int line = 1;
        int column = 1;
        try {
            reader = factory.createXMLStreamReader(in);
            Deque<Map<String, Integer>> counts = new ArrayDeque<>();
            counts.push(new HashMap<>());
            XmlElement root = null;
            while (reader.hasNext()) {
                int event = reader.next();
                Location at = reader.getLocation();
                line = at.getLineNumber();
                column = at.getColumnNumber();
                switch (event) {
                    case XMLStreamConstants.DTD -> throw fail(file, line, column, open,
                            "a DOCTYPE is not allowed in a tree file");
                    case XMLStreamConstants.ENTITY_REFERENCE -> throw fail(file, line, column, open,
                            "entity references are not allowed in a tree file");
                    case XMLStreamConstants.START_ELEMENT -> {
                        if (open.size() >= MAX_DEPTH) {
                            throw fail(file, line, column, open, "elements nested deeper than " + MAX_DEPTH
                                    + " levels");
                        }
                        String name = reader.getLocalName();
                        Map<String, String> attributes = new LinkedHashMap<>();
                        for (int k = 0; k < reader.getAttributeCount(); k++) {
                            String value = LenientXml.restore(reader.getAttributeValue(k));
                            String problem = LenientXml.attributeProblem(reader.getAttributeLocalName(k), value);
                            if (problem != null) {
                                throw fail(file, line, column, open, "<" + reader.getLocalName() + "> " + problem);
                            }
                            attributes.put(reader.getAttributeLocalName(k), value);
                        }
                        int position = counts.peek().merge(name, 1, Integer::sum);
                        String parentPath = open.isEmpty() ? "" : open.peek().path();
                        XmlElement element = new XmlElement(name, attributes, file, line, column,
                                parentPath + "/" + name + (open.isEmpty() ? "" : "[" + position + "]"));
                        if (open.isEmpty()) {
                            root = element;
                        } else {
                            open.peek().addChild(element);
                        }
                        open.push(element);
                        counts.push(new HashMap<>());
                    }
                    case XMLStreamConstants.END_ELEMENT -> {
                        open.pop();
                        counts.pop();
                    }
                    case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                        if (!open.isEmpty()) {
                            open.peek().appendText(LenientXml.restore(reader.getText()));
                        }
                    }
                    default -> {
                    }
                }
            }
            if (root == null) {
                throw fail(file, line, column, open, "the file has no XML element");
            }
            return root;
        } catch (XMLStreamException e) {
            Location at = e.getLocation();
            boolean known = at != null && at.getLineNumber() > 0;
            throw fail(file, known ? at.getLineNumber() : line, known ? at.getColumnNumber() : column, open,
                    "malformed XML: " + cleanMessage(e));
        } finally {
            if (reader != null) {
                try {
                    reader.close();
                } catch (XMLStreamException e) {
                    // nothing was written; the message of the real problem (if any) is on its way
                }
            }
        }
    }

    /** A problem at a position, with the path of the innermost open element ("/" before the first one). */
    private static BtcppException fail(String file, int line, int column, Deque<XmlElement> open, String message) {
        String path = open.isEmpty() ? "/" : XmlElement.shortPath(open.peek().path());
        return new BtcppException(file + ":" + line + ":" + column + ": " + path + ": " + message);
    }

    /** The parser's message without its "ParseError at [row,col]:" prefix (the location is given already). */
    private static String cleanMessage(XMLStreamException e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        int k = m.indexOf("Message: ");
        return (k >= 0 ? m.substring(k + "Message: ".length()) : m).strip();
    }
}
