package org.btfmu.demo;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Polygon;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A PNG of the ground track (north over east) on equal axis scales: the start marked, the
 * waypoints marked and labelled WP1, WP2, ... in the order they are flown.
 */
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
        XYSeries start = new XYSeries("start", false, true);
        if (x.length > 0) {
            start.add(x[0], y[0]);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(track);
        data.addSeries(waypoints);
        data.addSeries(start);

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
        renderer.setSeriesPaint(0, new Color(0x0072b2));
        renderer.setSeriesStroke(0, new BasicStroke(1.2f));
        renderer.setSeriesLinesVisible(1, false);
        renderer.setSeriesShapesVisible(1, true);
        renderer.setSeriesShape(1, new Ellipse2D.Double(-6, -6, 12, 12));
        renderer.setSeriesPaint(1, new Color(0xd55e00));
        renderer.setSeriesLinesVisible(2, false);
        renderer.setSeriesShapesVisible(2, true);
        renderer.setSeriesShape(2, new Polygon(new int[] {-11, 11, 0}, new int[] {9, 9, -12}, 3));
        renderer.setSeriesPaint(2, new Color(0x009e73));

        XYPlot plot = new XYPlot(data, east, north, renderer);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD); // the start marker on top of a waypoint
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        Font labelFont = new Font(Font.SANS_SERIF, Font.BOLD, 14);
        for (int i = 0; i < waypointsX.length; i++) {
            XYTextAnnotation label = new XYTextAnnotation("WP" + (i + 1), waypointsX[i], waypointsY[i]);
            label.setFont(labelFont);
            label.setTextAnchor(TextAnchor.BOTTOM_LEFT);
            plot.addAnnotation(label);
        }
        if (x.length > 0) {
            XYTextAnnotation label = new XYTextAnnotation("start", x[0], y[0]);
            label.setFont(labelFont);
            label.setPaint(new Color(0x009e73));
            label.setTextAnchor(TextAnchor.TOP_RIGHT);
            plot.addAnnotation(label);
        }
        JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, 800, 800);
    }
}
