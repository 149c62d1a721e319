package org.btfmu.btcpp;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one leniency of TinyXML2 (BT.CPP's parser) that published trees rely on: a bare
 * '&amp;' that starts no entity or character reference ({@code code="a && b"}) is read as a
 * literal '&amp;', with one warning (file:line:col) each. Everything else stays strict XML: DTDs
 * and entity references are refused by {@link XmlReader} as before. The file must be UTF-8
 * (or declare US-ASCII/ISO-8859-1); other bytes are a located error, not a parser's stray
 * message on stderr. Also bounds what a script attribute may hold before anything recursive
 * reads it.
 */
record LenientXml(String xml, List<String> warnings) {

    /** Stands for a bare '&amp;' while the strict parser reads the text (a private-use character). */
    private static final char PLACEHOLDER = '\uE000';
    private static final Pattern REFERENCE = Pattern.compile("&(?:[A-Za-z_:][A-Za-z0-9._:-]*|#[0-9]+|#x[0-9A-Fa-f]+);");
    private static final Pattern DECLARED = Pattern.compile("^\\s*<\\?xml[^>]*encoding\\s*=\\s*[\"']([^\"']+)[\"']");
    /** Longest accepted script attribute: a mission expression's own limit (BT.CPP scripts are a line or two). */
    static final int MAX_SCRIPT_LENGTH = 4_096;
    /** Deepest accepted nesting of parentheses in any attribute. */
    static final int MAX_PARENTHESES = 64;
    private static final java.util.Set<String> SCRIPTS = java.util.Set.of("code", "if", "_failureIf", "_successIf",
            "_skipIf", "_while", "_onSuccess", "_onFailure", "_post", "_onHalted");

    static LenientXml of(byte[] bytes, String file) {
        String text = decode(bytes, file);
        if (text.indexOf(PLACEHOLDER) >= 0) {
            return new LenientXml(text, List.of()); // cannot stand in for '&': the parser decides
        }
        List<String> warnings = new ArrayList<>();
        StringBuilder out = new StringBuilder(text.length());
        int line = 1;
        int column = 1;
        int k = 0;
        while (k < text.length()) {
            char c = text.charAt(k);
            String skip = c != '<' ? null : text.startsWith("<!--", k) ? "-->"
                    : text.startsWith("<![CDATA[", k) ? "]]>" : text.startsWith("<?", k) ? "?>" : null;
            int end;
            if (skip != null) {
                int close = text.indexOf(skip, k);
                end = close < 0 ? text.length() : close + skip.length();
                out.append(text, k, end);
            } else if (c == '&' && !REFERENCE.matcher(text).region(k, text.length()).lookingAt()) {
                // One warning for a run such as "&&".
                end = k + 1;
                while (end < text.length() && text.charAt(end) == '&'
                        && !REFERENCE.matcher(text).region(end, text.length()).lookingAt()) {
                    end++;
                }
                warnings.add("warning: " + file + ":" + line + ":" + column + ": bare '" + text.substring(k, end)
                        + "' read as literal text, as TinyXML2 (BT.CPP's parser) does; strict XML writes &amp;");
                out.append(String.valueOf(PLACEHOLDER).repeat(end - k));
            } else {
                out.append(c);
                end = k + 1;
            }
            for (int j = k; j < end; j++) {
                if (text.charAt(j) == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
            }
            k = end;
        }
        return new LenientXml(out.toString(), warnings);
    }

    /** Text as the parser gave it with the bare '&amp;'s back. */
    static String restore(String s) {
        return s.indexOf(PLACEHOLDER) < 0 ? s : s.replace(PLACEHOLDER, '&');
    }

    /** Why an attribute value is refused before anything parses it, or null. */
    static String attributeProblem(String name, String value) {
        if (SCRIPTS.contains(name) && value.length() > MAX_SCRIPT_LENGTH) {
            return "attribute '" + name + "' has " + value.length() + " characters, more than the "
                    + MAX_SCRIPT_LENGTH + " accepted for a script";
        }
        int depth = 0;
        for (int k = 0; k < value.length(); k++) {
            char c = value.charAt(k);
            if (c == '(' && ++depth > MAX_PARENTHESES) {
                return "attribute '" + name + "' nests parentheses deeper than " + MAX_PARENTHESES + " (column "
                        + (k + 1) + " of the value)";
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            }
        }
        return null;
    }

    private static String decode(byte[] bytes, String file) {
        String head = new String(bytes, 0, Math.min(bytes.length, 200), StandardCharsets.ISO_8859_1);
        Matcher declared = DECLARED.matcher(head);
        var charset = StandardCharsets.UTF_8;
        if (declared.find()) {
            String name = declared.group(1).strip().toUpperCase(java.util.Locale.ROOT);
            charset = switch (name) {
                case "UTF-8", "UTF8" -> StandardCharsets.UTF_8;
                case "US-ASCII", "ASCII" -> StandardCharsets.US_ASCII;
                case "ISO-8859-1", "LATIN1", "LATIN-1" -> StandardCharsets.ISO_8859_1;
                default -> throw new BtcppException(file + ":1:1: /: encoding \"" + declared.group(1)
                        + "\" is not supported (UTF-8, US-ASCII or ISO-8859-1)");
            };
        }
        CharsetDecoder decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            String s = decoder.decode(ByteBuffer.wrap(bytes)).toString();
            return s.startsWith("\uFEFF") ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            int bad = firstBad(bytes, charset);
            int line = 1;
            int column = 1;
            for (int k = 0; k < bad; k++) {
                if (bytes[k] == '\n') {
                    line++;
                    column = 1;
                } else if ((bytes[k] & 0xC0) != 0x80) {
                    column++;
                }
            }
            throw new BtcppException(file + ":" + line + ":" + column + ": /: the file is not " + charset.name()
                    + " text (byte " + bad + ")");
        }
    }

    /** The offset of the first byte that does not decode. */
    private static int firstBad(byte[] bytes, java.nio.charset.Charset charset) {
        CharsetDecoder decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : bytes.length;
    }
}
