package org.btfmu.campaign;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What a campaign's results say: the pass rate, the runs that did not pass (those that missed
 * by most first), and how much each kept value and the outcome follow each varied quantity
 * (Pearson's correlation over the runs that ran to the end).
 */
final class Summary {

    final Campaign campaign;
    final List<RunResult> results;
    final long passed;
    /** Not passed, by how far they missed (largest first; errors and timeouts first of all), then by index. */
    final List<RunResult> failing;
    /** [kept column][quantity]: the correlation, NaN where a column does not vary. */
    final double[][] sensitivity;
    /** Per quantity: the correlation of passing (1) or not (0) with it. */
    final double[] influence;

    Summary(Campaign campaign, List<RunResult> results) {
        this.campaign = campaign;
        this.results = results;
        this.passed = results.stream().filter(r -> r.status().equals(RunResult.PASSED)).count();
        this.failing = results.stream().filter(r -> !r.status().equals(RunResult.PASSED))
                .sorted(Comparator.comparingDouble(RunResult::miss).reversed()
                        .thenComparingInt(RunResult::index))
                .toList();
        List<RunResult> ran = results.stream()
                .filter(r -> r.status().equals(RunResult.PASSED) || r.status().equals(RunResult.FAILED)).toList();
        int quantities = campaign.quantities().size();
        int kept = campaign.keptColumns().size();
        sensitivity = new double[kept][quantities];
        for (int k = 0; k < kept; k++) {
            for (int q = 0; q < quantities; q++) {
                int kk = k;
                int qq = q;
                sensitivity[k][q] = correlation(ran.stream().mapToDouble(r -> r.values()[qq]).toArray(),
                        ran.stream().mapToDouble(r -> r.kept()[kk]).toArray());
            }
        }
        influence = new double[quantities];
        for (int q = 0; q < quantities; q++) {
            int qq = q;
            influence[q] = correlation(results.stream().mapToDouble(r -> r.values()[qq]).toArray(),
                    results.stream().mapToDouble(r -> r.status().equals(RunResult.PASSED) ? 1 : 0).toArray());
        }
    }

    double passRate() {
        return results.isEmpty() ? 0 : (double) passed / results.size();
    }

    /**
     * The quantities (indexes) that decide passing most: by |correlation with passing|, then by
     * the largest |sensitivity| of a kept value, then in campaign order; at most two.
     */
    List<Integer> mostInfluential() {
        List<Integer> order = new ArrayList<>();
        for (int q = 0; q < influence.length; q++) {
            order.add(q);
        }
        order.sort(Comparator.comparingDouble((Integer q) -> -magnitude(influence[q]))
                .thenComparingDouble(q -> -largestSensitivity(q))
                .thenComparingInt(q -> q));
        return order.subList(0, Math.min(2, order.size()));
    }

    private double largestSensitivity(int q) {
        double largest = 0;
        for (double[] row : sensitivity) {
            largest = Math.max(largest, magnitude(row[q]));
        }
        return largest;
    }

    private static double magnitude(double r) {
        return Double.isNaN(r) ? -1 : Math.abs(r);
    }

    /** Pearson's correlation over the pairs where both are finite; NaN when either does not vary. */
    static double correlation(double[] x, double[] y) {
        double sx = 0;
        double sy = 0;
        int n = 0;
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                sx += x[i];
                sy += y[i];
                n++;
            }
        }
        if (n < 2) {
            return Double.NaN;
        }
        double mx = sx / n;
        double my = sy / n;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                sxy += (x[i] - mx) * (y[i] - my);
                sxx += (x[i] - mx) * (x[i] - mx);
                syy += (y[i] - my) * (y[i] - my);
            }
        }
        double scale = Math.max(1e-300, Math.abs(mx) + Math.abs(my));
        if (sxx <= 1e-24 * scale * scale * n || syy <= 1e-24 * scale * scale * n) {
            return Double.NaN;
        }
        return sxy / Math.sqrt(sxx * syy);
    }

    /** The console summary. */
    String text(int failingShown) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d runs: %d passed, %d failed, %d errors, %d timed out (pass rate %.1f %%)%n",
                results.size(), passed, count(RunResult.FAILED), count(RunResult.ERROR), count(RunResult.TIMEOUT),
                100 * passRate()));
        if (!failing.isEmpty()) {
            out.append("Runs that did not pass (missed by most first):\n");
            for (RunResult r : failing.subList(0, Math.min(failingShown, failing.size()))) {
                out.append(String.format(Locale.ROOT, "  run %d %s%s: %s%n", r.index(), r.status(),
                        parameters(r), shorten(r.message(), 200)));
            }
            if (failing.size() > failingShown) {
                out.append("  ... ").append(failing.size() - failingShown).append(" more in summary.html\n");
            }
        }
        List<String> names = campaign.quantities();
        if (!names.isEmpty()) {
            out.append("Influence on passing (correlation):");
            for (int q = 0; q < names.size(); q++) {
                out.append(String.format(Locale.ROOT, " %s %s", names.get(q), number(influence[q])));
            }
            out.append('\n');
        }
        return out.toString();
    }

    long count(String status) {
        return results.stream().filter(r -> r.status().equals(status)).count();
    }

    String parameters(RunResult r) {
        List<String> names = campaign.quantities();
        List<String> parts = new ArrayList<>();
        for (int q = 0; q < names.size(); q++) {
            parts.add(names.get(q) + "=" + number(r.values()[q]));
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    static String number(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        return String.format(Locale.ROOT, "%.4g", x);
    }

    static String shorten(String text, int length) {
        if (text == null) {
            return "";
        }
        return text.length() <= length ? text : text.substring(0, length - 3) + "...";
    }
}
