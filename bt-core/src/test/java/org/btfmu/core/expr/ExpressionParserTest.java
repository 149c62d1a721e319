package org.btfmu.core.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.btfmu.core.blackboard.SlotType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExpressionParserTest {

    private TestSlots slots;

    @BeforeEach
    void blackboard() {
        slots = new TestSlots()
                .add("altitude", SlotType.REAL, 1200.0)
                .add("speed", SlotType.REAL, 25.0)
                .add("mode", SlotType.INTEGER, 2)
                .add("count", SlotType.INTEGER, 7)
                .add("target_reached", SlotType.BOOLEAN, true)
                .add("armed", SlotType.BOOLEAN, false)
                .add("phase", SlotType.STRING, "cruise")
                .add("wing.left.flap", SlotType.REAL, 0.25);
    }

    private Expression parse(String text) {
        return ExpressionParser.parse(text, slots);
    }

    private double real(String text) {
        Expression e = parse(text);
        assertEquals(SlotType.REAL, e.type(), text);
        return e.evalReal(slots);
    }

    private int integer(String text) {
        Expression e = parse(text);
        assertEquals(SlotType.INTEGER, e.type(), text);
        return e.evalInteger(slots);
    }

    private boolean bool(String text) {
        Expression e = parse(text);
        assertEquals(SlotType.BOOLEAN, e.type(), text);
        return e.evalBoolean(slots);
    }

    @Test
    void literalsAndSlots() {
        assertEquals(42, integer("42"));
        assertEquals(0.5, real("0.5"));
        assertEquals(1500.0, real("1.5e3"));
        assertEquals(2e-3, real("2E-3"));
        assertTrue(bool("true"));
        assertFalse(bool("false"));
        assertEquals("it's", parse("'it\\'s'").evalString(slots));
        assertEquals("say \"hi\"", parse("\"say \\\"hi\\\"\"").evalString(slots));
        assertEquals(1200.0, real("altitude"));
        assertEquals(2, integer("mode"));
        assertTrue(bool("target_reached"));
        assertEquals("cruise", parse("phase").evalString(slots));
        assertEquals(0.25, real("wing.left.flap"));
    }

    @Test
    void arithmeticFollowsPrecedenceAndKeepsIntegers() {
        assertEquals(14, integer("2 + 3 * 4"));
        assertEquals(20, integer("(2 + 3) * 4"));
        assertEquals(-5, integer("2 - 3 - 4"));
        assertEquals(-9, integer("-count - mode"));
        assertEquals(5, integer("--5"));
        assertEquals(3.5, real("7 / 2"), "division is always Real");
        assertEquals(1225.0, real("altitude + speed"));
        assertEquals(1202.0, real("altitude + mode"), "Integer promotes to Real");
        assertEquals(Integer.MIN_VALUE, integer("2147483647 + 1"), "Integer arithmetic wraps like Java int");
    }

    @Test
    void comparisonsOnEveryType() {
        assertTrue(bool("altitude >= 1000"));
        assertFalse(bool("altitude < 1000"));
        assertTrue(bool("mode == 2"));
        assertTrue(bool("mode != 3"));
        assertTrue(bool("mode < altitude"), "Integer vs Real");
        assertTrue(bool("count <= 7"));
        assertTrue(bool("count > mode"));
        assertTrue(bool("target_reached == true"));
        assertTrue(bool("armed != target_reached"));
        assertTrue(bool("phase == 'cruise'"));
        assertFalse(bool("phase != \"cruise\""));
    }

    @Test
    void nanComparesUnequalToEverything() {
        slots.set("altitude", Double.NaN);
        assertFalse(bool("altitude == altitude"));
        assertFalse(bool("altitude < 1"));
        assertFalse(bool("altitude >= 1"));
        assertTrue(bool("altitude != altitude"));
    }

    @Test
    void logicAndConditionals() {
        assertTrue(bool("target_reached and not armed"));
        assertTrue(bool("armed or altitude > 1000"));
        assertFalse(bool("not (armed or target_reached)"));
        assertTrue(bool("true or false and false"), "and binds tighter than or");
        assertTrue(bool("not armed and target_reached"), "not binds tighter than and");
        assertEquals(3, integer("if armed then 1 else if target_reached then 3 else 4"));
        assertEquals(1.5, real("if mode == 2 then 1.5 else 0"), "mixed branches promote to Real");
        assertEquals("up", parse("if altitude > 0 then 'up' else 'down'").evalString(slots));
        assertEquals(11, integer("1 + if armed then 0 else 10"));
    }

    @Test
    void functions() {
        assertEquals(7, integer("abs(-count)"));
        assertEquals(2.5, real("abs(-2.5)"));
        assertEquals(Math.sqrt(2), real("sqrt(2)"));
        assertEquals(Math.exp(1.5), real("exp(1.5)"));
        assertEquals(Math.log(10), real("log(10)"));
        assertEquals(Math.sin(0.3), real("sin(0.3)"));
        assertEquals(Math.cos(0.3), real("cos(0.3)"));
        assertEquals(Math.tan(0.3), real("tan(0.3)"));
        assertEquals(Math.atan2(1, -1), real("atan2(1, -1)"));
        assertEquals(5.0, real("hypot(3, 4)"));
        assertEquals(-3.0, real("floor(-2.5)"));
        assertEquals(-2.0, real("ceil(-2.5)"));
        assertEquals(7, integer("floor(count)"));
        assertEquals(2, integer("min(count, mode, 9)"));
        assertEquals(25.0, real("max(mode, speed)"));
        assertEquals(5, integer("clamp(count, 0, 5)"));
        assertEquals(1000.0, real("clamp(altitude, 0, 1000.0)"));
        assertTrue(Double.isNaN(real("sqrt(-1)")), "domain errors are NaN, not exceptions");
    }

    @Test
    void expectedTypePromotesIntegerToReal() {
        Expression e = ExpressionParser.parse("mode + 1", slots, SlotType.REAL);
        assertEquals(SlotType.REAL, e.type());
        assertEquals(3.0, e.evalReal(slots));
        ExpressionException error = assertThrows(ExpressionException.class,
                () -> ExpressionParser.parse("altitude / 2", slots, SlotType.INTEGER));
        assertEquals("column 1: expected Integer, got Real", error.getMessage());
        error = assertThrows(ExpressionException.class,
                () -> ExpressionParser.parse("altitude", slots, SlotType.BOOLEAN));
        assertEquals("expected Boolean, got Real", error.problem());
    }

    @Test
    void readsAreSortedAndUnique() {
        assertArrayEquals(new int[] {0, 1, 2}, parse("mode + speed * altitude - mode + speed").reads());
        assertArrayEquals(new int[] {4, 5, 6},
                parse("if phase == 'x' then armed else target_reached and armed").reads());
        assertArrayEquals(new int[0], parse("1 + 2").reads());
        int[] reads = parse("speed + altitude").reads();
        reads[0] = 99;
        assertArrayEquals(new int[] {0, 1}, parse("speed + altitude").reads(), "reads() is a copy");
    }

    @Test
    void crossingOfComparisons() {
        Expression crossing = parse("altitude >= 1000").crossing();
        assertEquals(SlotType.REAL, crossing.type());
        assertEquals(200.0, crossing.evalReal(slots));
        assertArrayEquals(new int[] {0}, crossing.reads());
        assertEquals(995.0, parse("mode + 3 < 1000").crossing().evalReal(slots),
                "Integer sides promote; positive while the comparison holds");
        assertEquals(-200.0, parse("altitude <= 1000").crossing().evalReal(slots), "false: negative");
        assertEquals(200.0, parse("not (altitude < 1000)").crossing().evalReal(slots),
                "not negates the crossing: positive while the negation holds");
        assertNull(parse("mode == 2").crossing(), "equality has no switching point");
        assertNull(parse("altitude > 1 and speed > 1").crossing());
        assertNull(parse("altitude").crossing());
    }

    @Test
    void crossingsOfEveryComparisonInside() {
        List<Expression> all = parse("altitude > 1100 and not (speed < 20) or mode == 2"
                + " or (if armed then altitude else speed) >= 50").crossings();
        assertEquals(3, all.size(), "three ordering comparisons; equality has none");
        assertEquals(100.0, all.get(0).evalReal(slots));
        assertEquals(20 - slots.real(1), all.get(1).evalReal(slots), 0.0, "inside not, the comparison's own");
        assertEquals(List.of(), parse("armed and mode == 2").crossings());
        assertEquals(1, parse("altitude >= 1000").crossings().size());
    }

    @Test
    void evaluationDoesNotAllocate() {
        Expression e = parse("if altitude >= 1000 and not armed then clamp(hypot(altitude, speed) / 2, 0, 5000) "
                + "else min(altitude, speed, mode) + abs(-count)");
        Expression b = parse("phase == 'cruise' or mode != count");
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        double sink = 0;
        for (int i = 0; i < 1000; i++) { // warm up
            sink += e.evalReal(slots) + (b.evalBoolean(slots) ? 1 : 0);
        }
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < 100_000; i++) {
            sink += e.evalReal(slots) + (b.evalBoolean(slots) ? 1 : 0);
        }
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertTrue(sink > 0);
        assertTrue(allocated < 4096, "200,000 evaluations allocated " + allocated + " bytes");
    }

    @ParameterizedTest(name = "[{index}] {2}")
    @CsvSource(delimiter = '~', quoteCharacter = '`', value = {
        "`` ~ 1 ~ empty expression",
        "altitude > ~ 11 ~ expected a value, found end of expression",
        "(altitude ~ 10 ~ expected ')', found end of expression",
        "altitude + * 2 ~ 12 ~ expected a value, found '*'",
        "altitude 2 ~ 10 ~ unexpected '2' after the expression",
        "altitude = 2 ~ 10 ~ unexpected '='; write '==' to compare",
        "armed && armed ~ 7 ~ unexpected '&&'; write 'and'",
        "armed || armed ~ 7 ~ unexpected '||'; write 'or'",
        "!armed ~ 1 ~ unexpected '!'; write 'not'",
        "altitude # 2 ~ 10 ~ unexpected character '#'",
        "'open ~ 1 ~ unterminated string",
        "1. ~ 3 ~ expected a digit after '.'",
        "1e+ ~ 4 ~ expected a digit in the exponent",
        "12abc ~ 3 ~ unexpected character 'a' after a number",
        "99999999999 ~ 1 ~ integer literal out of range: 99999999999 (write 99999999999.0 for a Real)",
        "1e999 ~ 1 ~ number out of range: 1e999",
        "wing. ~ 6 ~ expected a name after '.'",
        "altitud > 3 ~ 1 ~ unknown name 'altitud'",
        "foo(1) ~ 1 ~ unknown function 'foo'",
        "sqrt(1, 2) ~ 1 ~ 'sqrt' takes 1 argument, got 2",
        "atan2(1) ~ 1 ~ 'atan2' takes 2 arguments, got 1",
        "clamp(1, 2) ~ 1 ~ 'clamp' takes 3 arguments, got 2",
        "min(1) ~ 1 ~ 'min' takes at least 2 arguments, got 1",
        "sqrt(armed) ~ 6 ~ 'sqrt' needs numbers, got Boolean",
        "max(1, phase) ~ 8 ~ 'max' needs numbers, got String",
        "altitude + armed ~ 10 ~ '+' needs numbers, got Boolean",
        "phase * 2 ~ 7 ~ '*' needs numbers, got String",
        "-armed ~ 1 ~ '-' needs a number, got Boolean",
        "armed and altitude ~ 7 ~ 'and' needs Boolean operands, got Real",
        "mode or armed ~ 6 ~ 'or' needs Boolean operands, got Integer",
        "not speed ~ 1 ~ 'not' needs Boolean operands, got Real",
        "phase < 'z' ~ 7 ~ '<' needs numbers, got String",
        "armed == 1 ~ 7 ~ cannot compare Boolean with Integer",
        "1 < mode < 3 ~ 10 ~ comparisons cannot be chained; combine them with 'and'",
        "if mode then 1 else 2 ~ 1 ~ 'if' condition must be Boolean, got Integer",
        "if armed 1 else 2 ~ 10 ~ expected 'then', found '1'",
        "if armed then 1 ~ 16 ~ expected 'else', found end of expression",
        "if armed then 1 else 'a' ~ 17 ~ 'then' and 'else' have different types: Integer and String",
        "true + if ~ 10 ~ expected a value, found end of expression",
    })
    void errorsNameTheProblemAndColumn(String text, int column, String problem) {
        ExpressionException error = assertThrows(ExpressionException.class, () -> parse(text));
        assertEquals(problem, error.problem());
        assertEquals(column, error.column());
        assertEquals("column " + column + ": " + problem, error.getMessage());
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() {
        String parens = "(".repeat(1000) + "1" + ")".repeat(1000);
        ExpressionException error = assertThrows(ExpressionException.class, () -> parse(parens));
        assertEquals("expression nested too deeply (limit 100 levels)", error.problem());
        assertEquals(101, error.column());
        String nots = "not ".repeat(1000) + "armed";
        assertThrows(ExpressionException.class, () -> parse(nots));
        String minus = "-".repeat(1000) + "1";
        assertThrows(ExpressionException.class, () -> parse(minus));
        String sum = "1" + " + 1".repeat(1000);
        error = assertThrows(ExpressionException.class, () -> parse(sum));
        assertEquals("expression nested too deeply (limit 100 levels)", error.problem());
        String ifs = "if armed then 1 else ".repeat(1000) + "2";
        assertThrows(ExpressionException.class, () -> parse(ifs));
        String calls = "abs(".repeat(1000) + "1" + ")".repeat(1000);
        assertThrows(ExpressionException.class, () -> parse(calls));
        assertEquals(50, integer("1" + " + 1".repeat(49)), "moderate chains are fine");
        assertEquals(1, integer("(".repeat(90) + "1" + ")".repeat(90)));
    }

    @Test
    void tooLongIsAnError() {
        String text = "1" + " + 1".repeat(ExpressionParser.MAX_LENGTH);
        ExpressionException error = assertThrows(ExpressionException.class, () -> parse(text));
        assertEquals("expression too long (" + text.length() + " characters, limit 4096)", error.problem());
    }

    @Test
    void keywordsAreNotNames() {
        TestSlots withKeyword = new TestSlots().add("if", SlotType.BOOLEAN, true);
        assertThrows(ExpressionException.class, () -> ExpressionParser.parse("if", withKeyword));
    }
}
