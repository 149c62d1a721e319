package org.btfmu.packager;

import java.util.Map;

/**
 * The SI {@code <BaseUnit>} of common unit names (FMI 2.0 §2.2.2), so that an
 * importer can check that connected variables have the same dimension and
 * convert between, say, km/h and m/s. A unit not listed here is declared
 * without a BaseUnit, which FMI allows (the importer then connects it as is).
 */
final class BaseUnits {

    private static final String DEGREE = "0.017453292519943295"; // pi / 180

    /** Unit name → attributes of its BaseUnit element. */
    private static final Map<String, String> ATTRIBUTES = Map.ofEntries(
            Map.entry("1", ""),
            Map.entry("%", "factor=\"0.01\""),
            Map.entry("m", "m=\"1\""),
            Map.entry("km", "m=\"1\" factor=\"1000\""),
            Map.entry("s", "s=\"1\""),
            Map.entry("min", "s=\"1\" factor=\"60\""),
            Map.entry("h", "s=\"1\" factor=\"3600\""),
            Map.entry("1/s", "s=\"-1\""),
            Map.entry("kg", "kg=\"1\""),
            Map.entry("A", "A=\"1\""),
            Map.entry("K", "K=\"1\""),
            Map.entry("mol", "mol=\"1\""),
            Map.entry("cd", "cd=\"1\""),
            Map.entry("rad", "rad=\"1\""),
            Map.entry("deg", "rad=\"1\" factor=\"" + DEGREE + "\""),
            Map.entry("rad/s", "rad=\"1\" s=\"-1\""),
            Map.entry("deg/s", "rad=\"1\" s=\"-1\" factor=\"" + DEGREE + "\""),
            Map.entry("m/s", "m=\"1\" s=\"-1\""),
            Map.entry("km/h", "m=\"1\" s=\"-1\" factor=\"0.2777777777777778\""),
            Map.entry("m/s2", "m=\"1\" s=\"-2\""),
            Map.entry("N", "kg=\"1\" m=\"1\" s=\"-2\""),
            Map.entry("Pa", "kg=\"1\" m=\"-1\" s=\"-2\""),
            Map.entry("J", "kg=\"1\" m=\"2\" s=\"-2\""),
            Map.entry("Wh", "kg=\"1\" m=\"2\" s=\"-2\" factor=\"3600\""),
            Map.entry("kWh", "kg=\"1\" m=\"2\" s=\"-2\" factor=\"3600000\""),
            Map.entry("W", "kg=\"1\" m=\"2\" s=\"-3\""),
            Map.entry("kW", "kg=\"1\" m=\"2\" s=\"-3\" factor=\"1000\""),
            Map.entry("V", "kg=\"1\" m=\"2\" s=\"-3\" A=\"-1\""),
            Map.entry("W/m2", "kg=\"1\" s=\"-3\""));

    private BaseUnits() {
    }

    /** The {@code <BaseUnit …/>} element of a unit, or null if the unit is not in the table. */
    static String element(String unit) {
        String attributes = ATTRIBUTES.get(unit);
        if (attributes == null) {
            return null;
        }
        return attributes.isEmpty() ? "<BaseUnit/>" : "<BaseUnit " + attributes + "/>";
    }
}
