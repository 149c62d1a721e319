package org.btfmu.campaign;

import java.io.Serializable;
import java.util.List;

/** One run of a campaign: its index and the value of every varied quantity, in the campaign's order. */
record RunSpec(int index, List<String> names, double[] values) implements Serializable {

    double value(String name) {
        return values[names.indexOf(name)];
    }
}
