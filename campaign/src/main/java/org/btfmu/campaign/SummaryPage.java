package org.btfmu.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The campaign's summary as one HTML page without scripts or external files: the counts, the
 * runs that did not pass, the sensitivity table and an inline SVG of pass/fail over the two most
 * influential quantities.
 */
final class SummaryPage {

    private static final int WIDTH = 480;
    private static final int HEIGHT = 360;
    private static final int MARGIN = 60;

    private SummaryPage() {
    }

    static void write(Summary s, Path file) throws IOException {
        StringBuilder html = new StringBuilder();
        String title = "Campaign " + s.campaign.file().getFileName();
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(escape(title))
                .append("</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
                        + "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                        + "td.text{text-align:left}</style></head><body>\n");
        html.append("<h1>").append(escape(title)).append("</h1>\n");
        html.append(String.format(Locale.ROOT, "<p>%d runs: <b>%d passed</b>, %d failed, %d errors, %d timed out:"
                + " pass rate <b>%.1f %%</b>. Coupling: %s.</p>%n", s.results.size(), s.passed,
                s.count(RunResult.FAILED), s.count(RunResult.ERROR), s.count(RunResult.TIMEOUT), 100 * s.passRate(),
                escape(s.campaign.scenario().ssp() != null ? s.campaign.scenario().ssp().getFileName().toString()
                        : s.campaign.scenario().file().getFileName().toString())));
        plot(s, html);
        sensitivity(s, html);
        failing(s, html);
        html.append("</body></html>\n");
        Files.writeString(file, html);
    }

    private static void plot(Summary s, StringBuilder html) {
        List<Integer> axes = s.mostInfluential();
        if (axes.isEmpty()) {
            return;
        }
        List<String> names = s.campaign.quantities();
        int qx = axes.get(0);
        int qy = axes.size() > 1 ? axes.get(1) : -1;
        html.append("<h2>Pass/fail over ").append(escape(names.get(qx)))
                .append(qy >= 0 ? " and " + escape(names.get(qy)) : "").append("</h2>\n");
        double[] rx = range(s, qx);
        double[] ry = qy >= 0 ? range(s, qy) : new double[] {0, 1};
        html.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH + 2 * MARGIN)
                .append("\" height=\"").append(HEIGHT + 2 * MARGIN).append("\" font-size=\"12\">\n");
        html.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#888\"/>%n", MARGIN, MARGIN, WIDTH, HEIGHT));
        html.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                MARGIN + WIDTH / 2, HEIGHT + 2 * MARGIN - 15, escape(names.get(qx))));
        html.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text><text x=\"%d\" y=\"%d\""
                + " text-anchor=\"end\">%s</text>%n", MARGIN, HEIGHT + MARGIN + 15, Summary.number(rx[0]),
                MARGIN + WIDTH, HEIGHT + MARGIN + 15, Summary.number(rx[1])));
        if (qy >= 0) {
            html.append(String.format(Locale.ROOT, "<text x=\"15\" y=\"%d\" transform=\"rotate(-90 15 %d)\""
                    + " text-anchor=\"middle\">%s</text>%n", MARGIN + HEIGHT / 2, MARGIN + HEIGHT / 2,
                    escape(names.get(qy))));
            html.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>"
                    + "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n", MARGIN - 4, MARGIN + HEIGHT,
                    Summary.number(ry[0]), MARGIN - 4, MARGIN + 10, Summary.number(ry[1])));
        }
        for (RunResult r : s.results) {
            double x = MARGIN + WIDTH * fraction(r.values()[qx], rx);
            double y = MARGIN + HEIGHT * (1 - (qy >= 0 ? fraction(r.values()[qy], ry) : 0.5));
            boolean ok = r.status().equals(RunResult.PASSED);
            html.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\">"
                    + "<title>run %d %s%s</title></circle>%n", x, y, ok ? "#2a9d3a" : "#d62728", r.index(),
                    r.status(), escape(s.parameters(r))));
        }
        html.append("</svg>\n<p>Green: passed; red: failed, error or timeout (hover a point for its run).</p>\n");
    }

    private static double[] range(Summary s, int q) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (RunResult r : s.results) {
            lo = Math.min(lo, r.values()[q]);
            hi = Math.max(hi, r.values()[q]);
        }
        return new double[] {lo, hi};
    }

    /** Where a value lies in [lo, hi], with a margin of 5 % on each side; the middle when all are equal. */
    private static double fraction(double v, double[] range) {
        return range[1] > range[0] ? 0.05 + 0.9 * (v - range[0]) / (range[1] - range[0]) : 0.5;
    }

    private static void sensitivity(Summary s, StringBuilder html) {
        List<String> names = s.campaign.quantities();
        if (names.isEmpty()) {
            return;
        }
        html.append("<h2>Sensitivity (correlation of each kept value with each varied quantity)</h2>\n<table><tr><th></th>");
        names.forEach(n -> html.append("<th>").append(escape(n)).append("</th>"));
        html.append("</tr>\n<tr><td class=\"text\"><b>passed</b></td>");
        for (double r : s.influence) {
            html.append("<td>").append(Summary.number(r)).append("</td>");
        }
        html.append("</tr>\n");
        List<String> kept = s.campaign.keptColumns();
        for (int k = 0; k < kept.size(); k++) {
            html.append("<tr><td class=\"text\">").append(escape(kept.get(k))).append("</td>");
            for (double r : s.sensitivity[k]) {
                html.append("<td>").append(Summary.number(r)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private static void failing(Summary s, StringBuilder html) {
        html.append("<h2>Runs that did not pass, missed by most first (").append(s.failing.size()).append(")</h2>\n");
        if (s.failing.isEmpty()) {
            html.append("<p>None.</p>\n");
            return;
        }
        html.append("<table><tr><th>run</th><th>status</th><th>miss</th>");
        s.campaign.quantities().forEach(n -> html.append("<th>").append(escape(n)).append("</th>"));
        html.append("<th>why</th></tr>\n");
        for (RunResult r : s.failing) {
            html.append("<tr><td>").append(r.index()).append("</td><td class=\"text\">").append(r.status())
                    .append("</td><td>").append(Double.isInfinite(r.miss()) ? "&infin;" : Summary.number(r.miss()))
                    .append("</td>");
            for (double v : r.values()) {
                html.append("<td>").append(Summary.number(v)).append("</td>");
            }
            html.append("<td class=\"text\">").append(escape(Summary.shorten(r.message(), 400))).append("</td></tr>\n");
        }
        html.append("</table>\n<p>Replay one with <code>bt-fmu sweep ").append(escape(s.campaign.file().toString()))
                .append(" --rerun N</code>.</p>\n");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
