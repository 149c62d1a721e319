package org.btfmu.btcpp;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * BT.CPP's {@code <Precondition if="script" else="FAILURE|SUCCESS|SKIPPED">} decorator is the
 * same as its child with the pre-condition attribute {@code _failureIf}, {@code _successIf} or
 * {@code _skipIf} set to the negated script, which the importer already translates; an existing
 * attribute of that name on the child is or-ed after it (the decorator is checked first).
 * {@code else="RUNNING"} has no counterpart and is refused.
 */
final class Precondition {

    private Precondition() {
    }

    static XmlElement asChildCondition(XmlElement e) {
        if (e.children().size() != 1) {
            throw BtcppException.at(e, "Precondition needs exactly one child, has " + e.children().size());
        }
        String script = e.attribute("if");
        if (script == null || script.isBlank()) {
            throw BtcppException.at(e, "Precondition needs the port 'if'");
        }
        String otherwise = e.attribute("else") == null ? "FAILURE" : e.attribute("else").strip();
        String attr = switch (otherwise) {
            case "FAILURE" -> "_failureIf";
            case "SUCCESS" -> "_successIf";
            case "SKIPPED" -> "_skipIf";
            default -> throw BtcppException.at(e, "Precondition else=\"" + otherwise + "\": only FAILURE, SUCCESS"
                    + " or SKIPPED have a bt-fmu counterpart");
        };
        for (String a : e.attributes().keySet()) {
            if (!a.equals("if") && !a.equals("else") && !a.equals("name") && !a.equals("ID")) {
                throw BtcppException.at(e, "Precondition has no port '" + a + "' here (ports: if, else)");
            }
        }
        XmlElement child = e.children().get(0);
        Map<String, String> attributes = new LinkedHashMap<>(child.attributes());
        String negated = "!(" + script + ")";
        attributes.merge(attr, negated, (old, added) -> added + " || (" + old + ")");
        XmlElement out = new XmlElement(child.name(), attributes, child.file(), child.line(), child.column(),
                child.path());
        child.children().forEach(out::addChild);
        return out;
    }
}
