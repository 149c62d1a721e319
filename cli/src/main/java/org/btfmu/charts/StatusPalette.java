package org.btfmu.charts;

import java.awt.Color;
import org.btfmu.core.Status;

/**
 * One colour per task status: the eight colours of the Okabe-Ito palette, chosen to stay
 * apart for the common colour-vision deficiencies. The pairs a reader must never confuse
 * differ in hue and lightness: SUCCESS bluish green vs FINISHED dark blue, FAILURE
 * vermillion vs ABORTED black.
 */
public final class StatusPalette {

    private static final Color[] COLOURS = {
        new Color(0x009e73), // SUCCESS: bluish green
        new Color(0xd55e00), // FAILURE: vermillion
        new Color(0xf0e442), // ACCEPT: yellow
        new Color(0xe69f00), // ACTIVATING: orange
        new Color(0x56b4e9), // RUNNING: sky blue
        new Color(0x0072b2), // FINISHED: blue
        new Color(0x000000), // ABORTED: black
        new Color(0xcc79a7), // DEACTIVATING: reddish purple
    };

    private StatusPalette() {
    }

    public static Color colour(Status status) {
        return COLOURS[status.ordinal()];
    }
}
