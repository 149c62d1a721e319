package org.btfmu.charts;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.btfmu.core.Status;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * The status of every task over time, one row per task and one colour per status
 * (what 2013 Fig. 8 shows), from the Integer {@code status.*} outputs of a mission
 * FMU (value = {@link Status} ordinal + 1). Values outside 1..8 are left blank.
 */
public final class StatusTimelineChart {

    private StatusTimelineChart() {
    }

    /**
     * {@code statuses.get(row)[i]} is the status value of task {@code tasks.get(row)} at {@code times[i]};
     * {@code title} names the mission (and scenario).
     */
    public static void write(Path png, String title, List<String> tasks, double[] times, List<double[]> statuses) throws IOException {
        int rows = tasks.size();
        ChartUtils.saveChartAsPNG(png.toFile(), chart(title, tasks, times, statuses), 1200, 140 + 26 * Math.max(rows, 2));
    }

    /**
     * Draws a small chart into memory and encodes it, for nothing: loads and initialises JFreeChart,
     * Java2D, the fonts and the PNG encoder (a third of a second and more), so that a caller can do
     * it on another thread while the simulation runs and {@link #write} finds them ready.
     */
    public static void warmUp() {
        try {
            ChartUtils.writeChartAsPNG(java.io.OutputStream.nullOutputStream(), chart("warm-up", List.of("a", "b"),
                    new double[] {0, 1, 2}, List.of(new double[] {1, 2, 3}, new double[] {4, 5, 6})), 300, 200);
        } catch (IOException | RuntimeException e) {
            // only a head start: write() does the same work again and reports what fails
        }
    }

    private static JFreeChart chart(String title, List<String> tasks, double[] times, List<double[]> statuses) {
        Status[] all = Status.values();
        TimeScale scale = TimeScale.forTimes(times);
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        XYIntervalSeries[] series = new XYIntervalSeries[all.length];
        for (int s = 0; s < all.length; s++) {
            series[s] = new XYIntervalSeries(all[s].name());
            data.addSeries(series[s]);
        }
        int rows = tasks.size();
        for (int row = 0; row < rows; row++) {
            double y = rows - 1 - row; // first task on top
            double[] values = statuses.get(row);
            int begin = 0;
            for (int i = 1; i <= times.length; i++) {
                if (i == times.length || values[i] != values[begin]) {
                    int s = (int) values[begin] - 1;
                    double end = i == times.length ? times[times.length - 1] : times[i];
                    if (s >= 0 && s < all.length && end >= times[begin]) {
                        series[s].add(scale.scale(times[begin]), scale.scale(times[begin]), scale.scale(end), y, y - 0.35, y + 0.35);
                    }
                    begin = i;
                }
            }
        }
        String[] labels = new String[rows];
        for (int row = 0; row < rows; row++) {
            labels[rows - 1 - row] = tasks.get(row);
        }
        SymbolAxis taskAxis = new SymbolAxis(null, labels);
        taskAxis.setGridBandsVisible(false);
        XYBarRenderer renderer = new XYBarRenderer();
        renderer.setUseYInterval(true);
        renderer.setShadowVisible(false);
        renderer.setBarPainter(new StandardXYBarPainter());
        for (int s = 0; s < all.length; s++) {
            renderer.setSeriesPaint(s, StatusPalette.colour(all[s]));
        }
        XYPlot plot = new XYPlot(data, new NumberAxis(scale.axisLabel()), taskAxis, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        LegendTitle legend = new LegendTitle(plot);
        legend.setPosition(RectangleEdge.BOTTOM);
        chart.addLegend(legend);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }
}
