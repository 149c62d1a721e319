package org.btfmu.packager;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

class MarkupTest {

    /** What an XML parser reads back from {@code <e a="escaped"/>}. */
    private static String roundTrip(String text) throws Exception {
        String xml = "<e a=\"" + Markup.escape(text) + "\"/>";
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement().getAttribute("a");
    }

    @Test
    void markupCharactersAndWhitespaceSurviveAnAttribute() throws Exception {
        for (String text : new String[] {"a < b && c > \"d\" 'e'", "line 1\nline 2\r\n\tend",
                "\u00fcber \u2192 \uD83D\uDE80", "&amp; stays literal"}) {
            assertEquals(text, roundTrip(text));
        }
    }

    @Test
    void charactersXmlCannotCarryBecomeReplacementCharacters() throws Exception {
        assertEquals("a\uFFFDb\uFFFDc\uFFFD", roundTrip("a\u0001b\uD800c\uFFFF"));
    }

    @Test
    void realsUseTheXsDoubleLexicalForm() {
        assertEquals("INF", Markup.real(Double.POSITIVE_INFINITY));
        assertEquals("-INF", Markup.real(Double.NEGATIVE_INFINITY));
        assertEquals("NaN", Markup.real(Double.NaN));
        for (double value : new double[] {0.0, -0.0, 1e-300, 2.5e-3, 1.0 / 3, 6.02214076e23}) {
            assertEquals(value, Double.parseDouble(Markup.real(value)));
        }
    }
}
