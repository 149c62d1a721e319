package org.btfmu.btcpp;

import java.util.List;

/**
 * Bad input to the import or export: each problem says where (file:line:col and the XML path,
 * or the mission's JSON pointer) and what.
 */
public final class BtcppException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public BtcppException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public BtcppException(String problem) {
        this(List.of(problem));
    }

    /** {@code where: what} for an element. */
    static BtcppException at(XmlElement element, String message) {
        return new BtcppException(element.where() + ": " + message);
    }

    /** One line per problem. */
    public List<String> problems() {
        return problems;
    }
}
