package org.btfmu.charts;

import java.awt.Color;
import org.btfmu.core.Status;
import org.btfmu.report.StatusColours;

/**
 * One colour per task status for the PNG charts: the colours of report.html
 * ({@link StatusColours}, the Okabe-Ito palette), so that both read the same.
 */
public final class StatusPalette {

    private StatusPalette() {
    }

    public static Color colour(Status status) {
        return new Color(StatusColours.rgb(status));
    }
}
