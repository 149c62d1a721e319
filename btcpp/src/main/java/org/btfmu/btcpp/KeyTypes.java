package org.btfmu.btcpp;

import java.util.HashMap;
import java.util.Map;

/**
 * The types of blackboard entries, found while importing: entries connected by remapping or
 * by a copy ({@code a := b}) share one type (union-find), and the first hint of a group wins
 * (a port type, a script literal, how a comparison uses it); a declared type overrides hints.
 * Entries are named "g:&lt;variable&gt;" (a mission variable) or "p:&lt;tree&gt;:&lt;port&gt;" (a
 * sub-tree port). Without any hint an entry is Real.
 */
final class KeyTypes {

    private final Map<String, String> parent = new HashMap<>();
    private final Map<String, String> hints = new HashMap<>();

    private String find(String slot) {
        String p = parent.getOrDefault(slot, slot);
        if (p.equals(slot)) {
            return slot;
        }
        String root = find(p);
        parent.put(slot, root);
        return root;
    }

    /** The two entries have one type. */
    void union(String a, String b) {
        String ra = find(a);
        String rb = find(b);
        if (!ra.equals(rb)) {
            parent.put(rb, ra);
            String hb = hints.remove(rb);
            if (hb != null) {
                hints.putIfAbsent(ra, hb);
            }
        }
    }

    /** A hint, kept unless the entry's group has one already. */
    void hint(String slot, String type) {
        hints.putIfAbsent(find(slot), type);
    }

    /** A declared type: overrides every hint of the group. */
    void declare(String slot, String type) {
        hints.put(find(slot), type);
    }

    String typeOf(String slot) {
        return hints.getOrDefault(find(slot), "Real");
    }

    /** The type a BT.CPP port text suggests: true/false Boolean, a number Real, else String. */
    static String literalType(String raw) {
        String v = raw.strip();
        if (v.equals("true") || v.equals("false")) {
            return "Boolean";
        }
        try {
            Double.parseDouble(v);
            return "Real";
        } catch (NumberFormatException x) {
            return "String";
        }
    }

    /** A BT.CPP port's text as an expression of the given type; IllegalArgumentException if it is none. */
    static String literalOf(String raw, String type) {
        String v = raw.strip();
        switch (type) {
            case "Real", "Integer" -> {
                try {
                    if (type.equals("Integer")) {
                        Integer.parseInt(v);
                    } else {
                        Double.parseDouble(v);
                    }
                } catch (NumberFormatException x) {
                    throw new IllegalArgumentException("'" + raw + "' is not " + (type.equals("Integer")
                            ? "an integer" : "a number") + " (the port is " + type + ")");
                }
                return v;
            }
            case "Boolean" -> {
                if (!v.equals("true") && !v.equals("false")) {
                    throw new IllegalArgumentException("'" + raw + "' is not true or false (the port is Boolean)");
                }
                return v;
            }
            default -> {
                return "'" + raw.replace("\\", "\\\\").replace("'", "\\'") + "'";
            }
        }
    }
}
