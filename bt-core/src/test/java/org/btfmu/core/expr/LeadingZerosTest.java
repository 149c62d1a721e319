package org.btfmu.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lexer strips an integer literal's leading zeros with a loop; it must do what "^0+(?=.)" did. */
class LeadingZerosTest {

    @Test
    void theLoopStripsWhatTheRegularExpressionStripped() {
        List<String> literals = new ArrayList<>(List.of(""));
        for (int length = 1; length <= 6; length++) {
            List<String> longer = new ArrayList<>();
            for (String l : literals) {
                if (l.length() == length - 1) {
                    longer.add(l + '0');
                    longer.add(l + '7');
                }
            }
            literals.addAll(longer);
        }
        for (String literal : literals) {
            assertEquals(literal.replaceFirst("^0+(?=.)", ""), Lexer.withoutLeadingZeros(literal), literal);
        }
        assertEquals("0", Lexer.withoutLeadingZeros("000"));
        assertEquals("70", Lexer.withoutLeadingZeros("0070"));
    }

    @Test
    void zeroPaddedIntegerLiteralsParseAsBefore() {
        TestSlots slots = new TestSlots();
        assertEquals(7, ExpressionParser.parse("007", slots).evalInteger(slots));
        assertEquals(0, ExpressionParser.parse("0000", slots).evalInteger(slots));
    }
}
