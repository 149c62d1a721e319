package org.btfmu.core.expr;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.Test;

/**
 * Seeded random inputs: the parser either compiles an expression that then
 * evaluates without throwing, or reports an {@link ExpressionException} with a
 * column inside the text (or just past its end); nothing else, whatever the input.
 */
class ExpressionFuzzTest {

    private static final String[] TOKENS = {
        "altitude", "mode", "armed", "phase", "1", "2.5", "1e3", "0", "'s'", "\"t\"", "true", "false",
        "+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!=", "and", "or", "not", "if", "then", "else",
        "(", ")", ",", "abs", "min", "max", "sqrt", "exp", "log", "sin", "cos", "tan", "atan2", "hypot",
        "floor", "ceil", "clamp", "=", "!", "&", "#", ".", "wing.", "99999999999", " ",
    };

    private final TestSlots slots = new TestSlots()
            .add("altitude", SlotType.REAL, 1200.0)
            .add("mode", SlotType.INTEGER, 2)
            .add("armed", SlotType.BOOLEAN, false)
            .add("phase", SlotType.STRING, "cruise");

    private void check(String text) {
        try {
            Expression e = ExpressionParser.parse(text, slots);
            switch (e.type()) {
                case REAL -> e.evalReal(slots);
                case INTEGER -> e.evalInteger(slots);
                case BOOLEAN -> e.evalBoolean(slots);
                default -> e.evalString(slots);
            }
            if (e.crossing() != null) {
                e.crossing().evalReal(slots);
            }
        } catch (ExpressionException error) {
            assertTrue(error.column() >= 1 && error.column() <= text.length() + 1,
                    "column " + error.column() + " outside of '" + text + "'");
        } catch (RuntimeException | StackOverflowError other) {
            fail("'" + text + "' threw " + other, other);
        }
    }

    @Test
    void randomTokenSequences() {
        Random random = new Random(20_150_101);
        for (int i = 0; i < 10_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = 1 + random.nextInt(12);
            for (int t = 0; t < length; t++) {
                text.append(TOKENS[random.nextInt(TOKENS.length)]).append(random.nextBoolean() ? " " : "");
            }
            check(text.toString());
        }
    }

    @Test
    void randomCharacters() {
        Random random = new Random(2013);
        String alphabet = "abmodeltu_.0123456789+-*/<>=!() ,'\"\\&|#e";
        for (int i = 0; i < 10_000; i++) {
            char[] text = new char[1 + random.nextInt(20)];
            for (int c = 0; c < text.length; c++) {
                text[c] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            check(new String(text));
        }
    }
}
