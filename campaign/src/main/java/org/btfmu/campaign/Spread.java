package org.btfmu.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How one varied quantity (a parameter, or the time of a fault) takes its values:
 * <ul>
 * <li>{@code {"values": [a, b, c]}}: each value, a dimension of the grid;</li>
 * <li>{@code {"range": [a, b], "count": n}}: n evenly spaced values from a to b, a grid dimension;</li>
 * <li>{@code {"uniform": [a, b]}}, {@code {"normal": [mean, sd]}}, {@code {"choice": [a, b, c]}}:
 *     drawn anew for every run;</li>
 * <li>{@code {"latin": [a, b]}}: a Latin hypercube over the samples of each grid point: each of
 *     the {@code samples} equal strata of [a, b] is drawn exactly once.</li>
 * </ul>
 * A plain number is a fixed value.
 */
sealed interface Spread {

    /** Values enumerated in the grid. */
    record Grid(List<Double> values) implements Spread {}

    record Uniform(double low, double high) implements Spread {}

    record Normal(double mean, double sd) implements Spread {}

    record Choice(List<Double> values) implements Spread {}

    record Latin(double low, double high) implements Spread {}

    /** Parses one spread; {@code where} is {@code file: /pointer} for messages. */
    static Spread read(String where, JsonNode node) {
        if (node.isNumber()) {
            return new Grid(List.of(node.asDouble()));
        }
        if (!node.isObject() || node.size() < 1) {
            throw new CampaignException(where + ": expected a number or one of {\"values\": [...]}, {\"range\": [a, b],"
                    + " \"count\": n}, {\"uniform\": [a, b]}, {\"normal\": [mean, sd]}, {\"choice\": [...]},"
                    + " {\"latin\": [a, b]}");
        }
        String kind = node.has("range") ? "range" : node.fieldNames().next();
        if (node.size() > 2 || node.size() == 2 && !(kind.equals("range") && node.has("count"))) {
            throw new CampaignException(where + ": give one of values, range (with count), uniform, normal,"
                    + " choice, latin");
        }
        JsonNode args = node.get(kind);
        String at = where + "/" + kind;
        return switch (kind) {
            case "values" -> new Grid(numbers(at, args, 1));
            case "choice" -> new Choice(numbers(at, args, 1));
            case "range" -> range(where, node);
            case "uniform" -> {
                List<Double> ab = pair(at, args);
                yield new Uniform(ab.get(0), ab.get(1));
            }
            case "latin" -> {
                List<Double> ab = pair(at, args);
                yield new Latin(ab.get(0), ab.get(1));
            }
            case "normal" -> {
                List<Double> ms = numbers(at, args, 2);
                if (ms.size() != 2 || !(ms.get(1) > 0)) {
                    throw new CampaignException(at + ": expected [mean, standard deviation > 0]");
                }
                yield new Normal(ms.get(0), ms.get(1));
            }
            default -> throw new CampaignException(where + "/" + kind + ": unknown spread (expected values, range,"
                    + " uniform, normal, choice or latin)");
        };
    }

    private static Spread range(String where, JsonNode node) {
        List<Double> ab = pair(where + "/range", node.get("range"));
        JsonNode count = node.get("count");
        if (count == null || !count.isIntegralNumber() || count.asInt() < 1) {
            throw new CampaignException(where + "/count: a range needs \"count\", the number of values (1 or more)");
        }
        int n = count.asInt();
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(n == 1 ? ab.get(0) : ab.get(0) + (ab.get(1) - ab.get(0)) * i / (n - 1));
        }
        return new Grid(values);
    }

    private static List<Double> pair(String where, JsonNode node) {
        List<Double> ab = numbers(where, node, 2);
        if (ab.size() != 2 || ab.get(0) > ab.get(1)) {
            throw new CampaignException(where + ": expected [low, high] with low <= high");
        }
        return ab;
    }

    private static List<Double> numbers(String where, JsonNode node, int atLeast) {
        if (node == null || !node.isArray() || node.size() < atLeast) {
            throw new CampaignException(where + ": expected an array of " + atLeast + " or more numbers");
        }
        List<Double> values = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            if (!node.get(i).isNumber() || !Double.isFinite(node.get(i).asDouble())) {
                throw new CampaignException(where + "/" + i + ": expected a finite number");
            }
            values.add(node.get(i).asDouble());
        }
        return values;
    }

    /** The number of grid values; 1 for a spread that is drawn. */
    default int gridSize() {
        return this instanceof Grid grid ? grid.values().size() : 1;
    }

    /**
     * The value for one run: {@code gridIndex} picks a grid value; the others draw from
     * {@code random} (private to this run and quantity) or, for a Latin hypercube, from the
     * stratum {@code stratum} of {@code samples}.
     */
    default double value(int gridIndex, SplittableRandom random, int stratum, int samples) {
        if (this instanceof Grid grid) {
            return grid.values().get(gridIndex);
        } else if (this instanceof Uniform u) {
            return u.low() + (u.high() - u.low()) * random.nextDouble();
        } else if (this instanceof Normal n) {
            return n.mean() + n.sd() * random.nextGaussian();
        } else if (this instanceof Choice c) {
            return c.values().get(random.nextInt(c.values().size()));
        }
        Latin l = (Latin) this;
        return l.low() + (l.high() - l.low()) * (stratum + random.nextDouble()) / samples;
    }
}
