package org.btfmu.demo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** A PNG of the ground track (north over east) with the waypoints marked, on equal axis scales. */
public final class TrajectoryChart {

    private TrajectoryChart() {
    }

    public static void write(Path png, String title, double[] x, double[] y, double[] waypointsX, double[] waypointsY)
            throws IOException {
        XYSeries track = new XYSeries("track", false, true);
        double minX = Double.MAX_VALUE, maxX = -Double.MAX_VALUE, minY = Double.MAX_VALUE, maxY = -Double.MAX_VALUE;
        for (int i = 0; i < x.length; i++) {
            track.add(x[i], y[i], false);
            minX = Math.min(minX, x[i]);
            maxX = Math.max(maxX, x[i]);
            minY = Math.min(minY, y[i]);
            maxY = Math.max(maxY, y[i]);
        }
        XYSeries waypoints = new XYSeries("waypoints", false, true);
        for (int i = 0; i < waypointsX.length; i++) {
            waypoints.add(waypointsX[i], waypointsY[i]);
            minX = Math.min(minX, waypointsX[i]);
            maxX = Math.max(maxX, waypointsX[i]);
            minY = Math.min(minY, waypointsY[i]);
            maxY = Math.max(maxY, waypointsY[i]);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(track);
        data.addSeries(waypoints);

        // Equal scales: both axes span the larger of the two extents.
        double span = Math.max(maxX - minX, maxY - minY) * 1.1 + 1;
        double cx = (minX + maxX) / 2;
        double cy = (minY + maxY) / 2;
        NumberAxis east = new NumberAxis("east x [m]");
        east.setRange(cx - span / 2, cx + span / 2);
        NumberAxis north = new NumberAxis("north y [m]");
        north.setRange(cy - span / 2, cy + span / 2);

        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
        renderer.setSeriesLinesVisible(0, true);
        renderer.setSeriesShapesVisible(0, false);
        renderer.setSeriesPaint(0, new Color(0x1f77b4));
        renderer.setSeriesStroke(0, new BasicStroke(1.2f));
        renderer.setSeriesLinesVisible(1, false);
        renderer.setSeriesShapesVisible(1, true);
        renderer.setSeriesShape(1, new Ellipse2D.Double(-6, -6, 12, 12));
        renderer.setSeriesPaint(1, new Color(0xd62728));

        XYPlot plot = new XYPlot(data, east, north, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 800, 800);
    }
}
