package org.btfmu.report;

import org.btfmu.core.Status;

/**
 * One colour per task status, shared by report.html and the PNG charts: the eight colours of
 * the Okabe-Ito palette, chosen to stay apart for the common colour-vision deficiencies. The
 * pairs a reader must never confuse differ in hue and lightness: SUCCESS bluish green vs
 * FINISHED blue, FAILURE vermillion vs ABORTED black.
 */
public final class StatusColours {

    private static final int[] RGB = {
        0x009e73, // SUCCESS: bluish green
        0xd55e00, // FAILURE: vermillion
        0xf0e442, // ACCEPT: yellow
        0xe69f00, // ACTIVATING: orange
        0x56b4e9, // RUNNING: sky blue
        0x0072b2, // FINISHED: blue
        0x000000, // ABORTED: black
        0xcc79a7, // DEACTIVATING: reddish purple
    };

    private StatusColours() {
    }

    /** 0xRRGGBB. */
    public static int rgb(Status status) {
        return RGB[status.ordinal()];
    }

    /** "#rrggbb", as CSS and SVG write it. */
    public static String hex(Status status) {
        return String.format("#%06x", rgb(status));
    }
}
