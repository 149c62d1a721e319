package org.btfmu.btcpp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One element of a BehaviorTree.CPP XML file, as read: its name, attributes in file order,
 * child elements, text, and where it is (file, line, column, and its path from the document
 * root such as {@code /root/BehaviorTree[2]/Sequence[1]}), for error messages.
 */
public final class XmlElement {

    private final String name;
    private final Map<String, String> attributes;
    private final List<XmlElement> children = new ArrayList<>();
    private final String file;
    private final int line;
    private final int column;
    private final String path;
    private final StringBuilder text = new StringBuilder();

    XmlElement(String name, Map<String, String> attributes, String file, int line, int column, String path) {
        this.name = name;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        this.file = file;
        this.line = line;
        this.column = column;
        this.path = path;
    }

    public String name() {
        return name;
    }

    /** In file order. */
    public Map<String, String> attributes() {
        return attributes;
    }

    public String attribute(String key) {
        return attributes.get(key);
    }

    public List<XmlElement> children() {
        return Collections.unmodifiableList(children);
    }

    /** The element's text content (character data and CDATA directly inside it). */
    public String text() {
        return text.toString();
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The element's path from the root, with 1-based positions among same-named siblings. */
    public String path() {
        return path;
    }

    /** {@code file:line:col: path}: where this element is, for messages. */
    public String where() {
        return file + ":" + line + ":" + column + ": " + shortPath(path);
    }

    /** Longest path shown in a message; a deeper one keeps its first and last steps around "/...". */
    static final int MAX_SHOWN_PATH = 240;

    /** {@code path} bounded to about {@link #MAX_SHOWN_PATH} characters (its ends kept). */
    static String shortPath(String path) {
        if (path.length() <= MAX_SHOWN_PATH) {
            return path;
        }
        int head = path.indexOf('/', path.indexOf('/', 1) + 1);
        int tail = path.length();
        for (int steps = 0; steps < 3; steps++) {
            tail = path.lastIndexOf('/', tail - 1);
        }
        if (head < 0 || tail <= head || path.length() - tail > MAX_SHOWN_PATH / 2) {
            return path.substring(0, MAX_SHOWN_PATH / 2) + "..." + path.substring(path.length() - MAX_SHOWN_PATH / 2);
        }
        return path.substring(0, head) + "/..." + path.substring(tail);
    }

    void addChild(XmlElement child) {
        children.add(child);
    }

    void appendText(String s) {
        text.append(s);
    }
}
