package org.btfmu.checker;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongUnaryOperator;
import org.btfmu.checker.Description3.Variable;

/**
 * The values an FMI 3.0 known is set to by the dependency check, as {@link Perturbation} does
 * for FMI 2.0: a few distinct values inside min/max and the range of the type (floats and
 * integers: near it, zero, its negation, far from it, the bounds; every element of an array
 * alike), the other items (Enumeration), the other value (Boolean), another text (String) or
 * byte string (Binary). Never the current value.
 */
final class Perturbation3 {

    static final int MAX_VALUES = 5;

    private Perturbation3() {
    }

    static List<List<Object>> alternatives(Variable v, List<Object> current, Description3 d) {
        List<List<Object>> values = new ArrayList<>();
        BigDecimal min = bound(d.min(v));
        BigDecimal max = bound(d.max(v));
        if (v.isFloat()) {
            List<DoubleUnaryOperator> moves = new ArrayList<>(List.of(b -> b + 1, b -> b - 1, b -> 0, b -> -b,
                    b -> b + 100, b -> b - 100, b -> 2 * b + 10));
            if (min != null) {
                moves.add(b -> min.doubleValue());
            }
            if (max != null) {
                moves.add(b -> max.doubleValue());
            }
            for (DoubleUnaryOperator move : moves) {
                List<Object> candidate = current.stream().map(x -> (Object) move.applyAsDouble((Double) x)).toList();
                add(values, candidate, current, min, max);
            }
        } else if (v.type().equals("Enumeration")) {
            for (long item : d.types.containsKey(v.declaredType()) ? d.types.get(v.declaredType()).items()
                    : List.<Long>of()) {
                add(values, current.stream().map(x -> (Object) item).toList(), current, min, max);
            }
        } else if (Description3.INTEGERS.contains(v.type())) {
            BigDecimal low = typeMin(v.type());
            BigDecimal high = typeMax(v.type());
            List<LongUnaryOperator> moves = new ArrayList<>(List.of(b -> b + 1, b -> b - 1, b -> b + 2, b -> b + 10,
                    b -> 0, b -> 1));
            if (min != null) {
                moves.add(b -> min.longValue());
            }
            if (max != null) {
                moves.add(b -> max.longValue());
            }
            for (LongUnaryOperator move : moves) {
                List<Object> candidate = current.stream().map(x -> (Object) move.applyAsLong((Long) x)).toList();
                if (candidate.stream().allMatch(x -> inside(BigDecimal.valueOf((Long) x), low, high))) {
                    add(values, candidate, current, min, max);
                }
            }
        } else if (v.type().equals("Boolean")) {
            values.add(current.stream().map(x -> (Object) !(Boolean) x).toList());
        } else if (v.type().equals("String")) {
            values.add(current.stream().map(x -> (Object) (x + "~")).toList());
            if (current.stream().noneMatch(x -> x.toString().isEmpty())) {
                values.add(current.stream().map(x -> (Object) "").toList());
            }
        } else if (v.type().equals("Binary")) {
            values.add(current.stream().map(x -> (Object) (x + "7e")).toList());
        }
        return values;
    }

    private static void add(List<List<Object>> values, List<Object> candidate, List<Object> current, BigDecimal min,
            BigDecimal max) {
        boolean inside = candidate.stream().allMatch(x -> !(x instanceof Double f) || Double.isFinite(f))
                && candidate.stream().allMatch(x -> inside(decimal(x), min, max));
        if (inside && !candidate.equals(current) && !values.contains(candidate) && values.size() < MAX_VALUES) {
            values.add(candidate);
        }
    }

    private static BigDecimal decimal(Object x) {
        return x instanceof Double f ? BigDecimal.valueOf(f) : BigDecimal.valueOf((Long) x);
    }

    private static boolean inside(BigDecimal x, BigDecimal min, BigDecimal max) {
        return (min == null || x.compareTo(min) >= 0) && (max == null || x.compareTo(max) <= 0);
    }

    private static BigDecimal bound(String text) {
        try {
            return text == null ? null : new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The range of an integer type that a Java long holds (UInt64 up to Long.MAX_VALUE). */
    private static BigDecimal typeMin(String type) {
        return switch (type) {
            case "Int8" -> BigDecimal.valueOf(Byte.MIN_VALUE);
            case "Int16" -> BigDecimal.valueOf(Short.MIN_VALUE);
            case "Int32" -> BigDecimal.valueOf(Integer.MIN_VALUE);
            case "Int64" -> BigDecimal.valueOf(Long.MIN_VALUE);
            default -> BigDecimal.ZERO;
        };
    }

    private static BigDecimal typeMax(String type) {
        return switch (type) {
            case "Int8" -> BigDecimal.valueOf(Byte.MAX_VALUE);
            case "UInt8" -> BigDecimal.valueOf(255);
            case "Int16" -> BigDecimal.valueOf(Short.MAX_VALUE);
            case "UInt16" -> BigDecimal.valueOf(65535);
            case "Int32" -> BigDecimal.valueOf(Integer.MAX_VALUE);
            case "UInt32" -> BigDecimal.valueOf(4294967295L);
            default -> BigDecimal.valueOf(Long.MAX_VALUE);
        };
    }
}
