package org.btfmu.charts;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import org.btfmu.core.Status;
import org.junit.jupiter.api.Test;

/**
 * Every two statuses stay apart for normal vision and under simulated protanopia and
 * deuteranopia (the linear-RGB matrices of Machado, Oliveira and Fernandes 2009, severity 1).
 */
class StatusPaletteTest {

    private static final double[][] NORMAL = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    private static final double[][] PROTANOPIA = {
        {0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}};
    private static final double[][] DEUTERANOPIA = {
        {0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}};

    /** Euclidean distance in 8-bit sRGB below which two bar colours are easily confused. */
    private static final double MIN_DISTANCE = 45;

    @Test
    void allEightStatusesStayDistinctForCommonColourBlindness() {
        Status[] all = Status.values();
        for (double[][] vision : new double[][][] {NORMAL, PROTANOPIA, DEUTERANOPIA}) {
            for (int a = 0; a < all.length; a++) {
                for (int b = a + 1; b < all.length; b++) {
                    double d = distance(seen(StatusPalette.colour(all[a]), vision),
                            seen(StatusPalette.colour(all[b]), vision));
                    assertTrue(d >= MIN_DISTANCE, all[a] + " and " + all[b] + " too close: " + d);
                }
            }
        }
    }

    private static double[] seen(Color colour, double[][] vision) {
        double[] linear = {linear(colour.getRed()), linear(colour.getGreen()), linear(colour.getBlue())};
        double[] result = new double[3];
        for (int i = 0; i < 3; i++) {
            double c = vision[i][0] * linear[0] + vision[i][1] * linear[1] + vision[i][2] * linear[2];
            c = Math.min(1, Math.max(0, c));
            result[i] = 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);
        }
        return result;
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static double distance(double[] a, double[] b) {
        return Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
    }
}
