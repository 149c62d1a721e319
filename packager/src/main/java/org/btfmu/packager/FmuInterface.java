package org.btfmu.packager;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The FMI 2.0 interfaces an FMU offers: Model Exchange, Co-Simulation or both, with the
 * same model identifier and the same binary. Named on the command line {@code me} and
 * {@code cs}; in modelDescription.xml by their element names.
 */
public enum FmuInterface {
    MODEL_EXCHANGE("me", "ModelExchange"),
    CO_SIMULATION("cs", "CoSimulation");

    private final String shortName;
    private final String elementName;

    FmuInterface(String shortName, String elementName) {
        this.shortName = shortName;
        this.elementName = elementName;
    }

    /** {@code me} or {@code cs}. */
    public String shortName() {
        return shortName;
    }

    /** The element of modelDescription.xml: {@code ModelExchange} or {@code CoSimulation}. */
    public String elementName() {
        return elementName;
    }

    /**
     * The interfaces of a comma-separated list such as {@code cs,me} (either order, case
     * ignored); IllegalArgumentException naming the list and what is wrong.
     */
    public static Set<FmuInterface> parse(String list) {
        Set<FmuInterface> interfaces = EnumSet.noneOf(FmuInterface.class);
        for (String item : list.split(",", -1)) {
            String name = item.strip().toLowerCase(Locale.ROOT);
            FmuInterface match = null;
            for (FmuInterface candidate : values()) {
                if (candidate.shortName.equals(name)) {
                    match = candidate;
                }
            }
            if (match == null) {
                throw new IllegalArgumentException("interfaces '" + list + "': '" + item.strip()
                        + "' is neither 'cs' (Co-Simulation) nor 'me' (Model Exchange)");
            }
            interfaces.add(match);
        }
        return interfaces;
    }

    /** {@code cs,me} style, in enum order. */
    public static String format(Set<FmuInterface> interfaces) {
        return interfaces.stream().map(FmuInterface::shortName).collect(Collectors.joining(","));
    }
}
