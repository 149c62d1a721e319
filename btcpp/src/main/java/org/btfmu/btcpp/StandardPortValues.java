package org.btfmu.btcpp;

/** The literal values of standard nodes' ports (durations, flags, counts), checked where they are written. */
final class StandardPortValues {

    private StandardPortValues() {
    }

    /** A duration port in milliseconds (a literal: bt-fmu durations are fixed at import). */
    static double milliseconds(XmlElement e, String attr, String value) {
        if (BlackboardKeys.isKeyReference(value)) {
            throw BtcppException.at(e, "port '" + attr + "' must be a number of milliseconds; a blackboard key"
                    + " cannot set a duration in bt-fmu");
        }
        try {
            double ms = Double.parseDouble(value);
            if (!(ms >= 0) || Double.isInfinite(ms)) {
                throw new NumberFormatException();
            }
            return ms;
        } catch (NumberFormatException x) {
            throw BtcppException.at(e, "port '" + attr + "' must be a number of milliseconds >= 0, got '" + value + "'");
        }
    }

    /** A Boolean port. */
    static boolean bool(XmlElement e, String attr, String value) {
        if (value.equals("true") || value.equals("false")) {
            return value.equals("true");
        }
        throw BtcppException.at(e, "port '" + attr + "' must be true or false, got '" + value + "'");
    }

    /** A count port; BT.CPP's negative thresholds count from the number of children (-1: all). */
    static int count(XmlElement e, String attr, String value, int children) {
        int v;
        try {
            v = Integer.parseInt(value);
        } catch (NumberFormatException x) {
            throw BtcppException.at(e, "port '" + attr + "' must be an integer, got '" + value + "'");
        }
        if (v < -1 && (attr.endsWith("_count") || attr.endsWith("_threshold") || attr.equals("max_failures"))) {
            int all = children + v + 1;
            if (all < 1) {
                throw BtcppException.at(e, "port '" + attr + "' = " + v + " leaves no child to count");
            }
            return all;
        }
        return v;
    }
}
