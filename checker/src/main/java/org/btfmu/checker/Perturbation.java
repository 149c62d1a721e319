package org.btfmu.checker;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.btfmu.checker.Description.Variable;

/**
 * The values a known is set to by the dependency check: a few distinct values inside
 * its min/max (Real: near it, zero, its negation, far from it; Integer likewise), the other items (Enumeration), the other value
 * (Boolean), another text (String). Never the current value.
 */
final class Perturbation {

    static final int MAX_VALUES = 5;

    private Perturbation() {
    }

    static List<Object> alternatives(Variable v, Object current, Description d) {
        List<Object> values = new ArrayList<>();
        switch (v.type()) {
            case "Real" -> {
                double b = (Double) current;
                for (double x : new double[] {b + 1, b - 1, 0, -b, b + 100, b - 100, 2 * b + 10, lower(v), upper(v)}) {
                    if (Double.isFinite(x) && x != b && inside(v, x) && !values.contains(x)
                            && values.size() < MAX_VALUES) {
                        values.add(x);
                    }
                }
            }
            case "Boolean" -> values.add(!(Boolean) current);
            case "String" -> {
                values.add(current + "~");
                if (!current.toString().isEmpty()) {
                    values.add("");
                }
            }
            case "Enumeration" -> {
                for (int item : d.enumerationItems.getOrDefault(v.declaredType(), List.of())) {
                    if (item != (Integer) current && inside(v, item) && values.size() < MAX_VALUES) {
                        values.add(item);
                    }
                }
            }
            default -> {
                int b = (Integer) current;
                Set<Integer> candidates = new LinkedHashSet<>(List.of(b + 1, b - 1, b + 2, b + 10, 0, 1));
                if (v.min() != null) {
                    candidates.add((int) Math.ceil(v.min()));
                }
                if (v.max() != null) {
                    candidates.add((int) Math.floor(v.max()));
                }
                for (int x : candidates) {
                    if (x != b && inside(v, x) && values.size() < MAX_VALUES) {
                        values.add(x);
                    }
                }
            }
        }
        return values;
    }

    private static boolean inside(Variable v, double x) {
        return (v.min() == null || x >= v.min()) && (v.max() == null || x <= v.max());
    }

    private static double lower(Variable v) {
        return v.min() == null ? Double.NaN : v.min();
    }

    private static double upper(Variable v) {
        return v.max() == null ? Double.NaN : v.max();
    }
}
