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

/** A PNG line plot of one variable over time, its axis labelled with the declared unit. */
public final class VariableChart {

    private VariableChart() {
    }

    /**
     * @param title the chart's title (the variable, with the mission or scenario it ran in)
     * @param unit the variable's unit from the model description, or null when it declares none
     */
    public static void write(Path png, String title, String name, String unit, double[] times, double[] values)
            throws IOException {
        ChartUtils.saveChartAsPNG(png.toFile(), chart(title, name, unit, times, values), 1000, 500);
    }

    static JFreeChart chart(String title, String name, String unit, double[] times, double[] values) {
        TimeScale scale = TimeScale.forTimes(times);
        XYSeries series = new XYSeries(name, false, true);
        for (int i = 0; i < times.length; i++) {
            series.add(scale.scale(times[i]), values[i], false);
        }
        String valueLabel = unit == null || unit.isEmpty() ? name + " [no unit declared]" : name + " [" + unit + "]";
        JFreeChart chart = ChartFactory.createXYLineChart(title, scale.axisLabel(), valueLabel,
                new XYSeriesCollection(series), PlotOrientation.VERTICAL, false, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.getRenderer().setSeriesPaint(0, new Color(0x0072b2));
        plot.getRenderer().setSeriesStroke(0, new BasicStroke(1.5f));
        return chart;
    }
}
