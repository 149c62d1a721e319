package org.btfmu.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;

class VariableChartTest {

    @Test
    void labelsTheValueAxisWithTheUnitAndScalesTimeToTheRunsLength() {
        double[] day = {0, 43_200, 86_400};
        JFreeChart chart = VariableChart.chart("solar-day: plant.altitude", "plant.altitude", "m", day,
                new double[] {0, 100, 0});
        assertEquals("solar-day: plant.altitude", chart.getTitle().getText());
        assertEquals("plant.altitude [m]", chart.getXYPlot().getRangeAxis().getLabel());
        assertEquals("time [h]", chart.getXYPlot().getDomainAxis().getLabel());
        assertEquals(24.0, chart.getXYPlot().getDataset().getXValue(0, 2), 1e-12, "86,400 s plotted as 24 h");
    }

    @Test
    void saysSoWhenTheModelDeclaresNoUnit() {
        JFreeChart chart = VariableChart.chart("m: count", "count", null, new double[] {0, 5}, new double[] {1, 2});
        assertEquals("count [no unit declared]", chart.getXYPlot().getRangeAxis().getLabel());
        assertEquals("time [s]", chart.getXYPlot().getDomainAxis().getLabel());
    }
}
