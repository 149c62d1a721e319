package org.btfmu.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** A PNG line plot of one variable over time. */
public final class VariableChart {

    private VariableChart() {
    }

    public static void write(Path png, String name, double[] times, double[] values) throws IOException {
        XYSeries series = new XYSeries(name, false, true);
        for (int i = 0; i < times.length; i++) {
            series.add(times[i], values[i], false);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(name, "time [s]", name,
                new XYSeriesCollection(series), PlotOrientation.VERTICAL, false, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.getRenderer().setSeriesPaint(0, new Color(0x1f77b4));
        plot.getRenderer().setSeriesStroke(0, new BasicStroke(1.5f));
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 1000, 500);
    }
}
