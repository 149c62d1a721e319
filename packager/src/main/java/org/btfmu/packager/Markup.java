package org.btfmu.packager;

/**
 * Escaping of user text (mission names, descriptions, units) for XML attributes
 * and HTML text, and the lexical form of numbers in xs:double / xs:int.
 */
final class Markup {

    private Markup() {
    }

    /**
     * Escapes text for a double-quoted XML (or HTML) attribute or element. Line
     * breaks and tabs become character references so attribute normalization
     * keeps them; characters XML 1.0 cannot carry at all become U+FFFD.
     */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                case '\n' -> out.append("&#10;");
                case '\r' -> out.append("&#13;");
                case '\t' -> out.append("&#9;");
                default -> {
                    if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
                        out.append('\uFFFD');
                    } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1))) {
                        out.append(c).append(text.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        out.append('\uFFFD');
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /** A double in xs:double syntax; the shortest form that reads back to the same value. */
    static String real(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "INF" : "-INF";
        }
        return Double.toString(value);
    }
}
