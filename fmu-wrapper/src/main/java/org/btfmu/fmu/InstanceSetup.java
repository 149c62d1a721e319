package org.btfmu.fmu;

import java.nio.file.Path;
import java.util.TreeSet;
import org.btfmu.core.ProcessingMode;

/**
 * What a new instance is made of once its instantiate function's own arguments passed: the
 * FMU's resources (checked to be this FMU's and to offer the interface asked for) and how its
 * tree is processed. One place for fmi2Instantiate and the fmi3Instantiate functions.
 */
record InstanceSetup(FmuResources resources, ProcessingMode processing) {

    /**
     * System property overriding, when set and not blank, how instances created
     * afterwards process the tree, whatever their missions say: {@code event-driven}
     * or {@code ticked:<period in s>} (every task at the grid points only, inputs
     * sampled there). For comparisons such as the 2014 paper's Table 1; read at
     * fmi2Instantiate.
     */
    static final String PROCESSING_PROPERTY = "btfmu.processing";

    /**
     * @param directory the resources directory from the importer's argument
     * @param token the importer's fmuGUID or instantiationToken, called {@code tokenName} in messages
     * @param refusal how the message for an interface the FMU lacks begins ("" or "fmuType is …, but ")
     * @throws IllegalArgumentException with the problem, for the importer's log
     */
    static InstanceSetup of(Path directory, String token, String tokenName, boolean modelExchange,
            String refusal) {
        FmuResources resources = FmuResources.matching(directory.normalize(), token, tokenName);
        String wanted = modelExchange ? FmuResources.MODEL_EXCHANGE : FmuResources.CO_SIMULATION;
        if (!resources.interfaces().contains(wanted)) {
            throw new IllegalArgumentException(refusal + "this FMU was built without <" + wanted
                    + "> (it offers " + String.join(", ", new TreeSet<>(resources.interfaces())) + ")");
        }
        return new InstanceSetup(resources, processingMode(System.getProperty(PROCESSING_PROPERTY),
                resources.mission().processing()));
    }

    /** The mission's processing, unless the {@link #PROCESSING_PROPERTY} value is set (not null or blank). */
    static ProcessingMode processingMode(String property, ProcessingMode mission) {
        return property == null || property.isBlank() ? mission : processingMode(property);
    }

    /** Parses the {@link #PROCESSING_PROPERTY} value; null means event-driven. */
    static ProcessingMode processingMode(String value) {
        if (value == null || value.isBlank() || value.strip().equals("event-driven")) {
            return ProcessingMode.EVENT_DRIVEN;
        }
        String v = value.strip();
        if (v.startsWith("ticked:")) {
            try {
                return ProcessingMode.ticked(Double.parseDouble(v.substring("ticked:".length())));
            } catch (IllegalArgumentException e) {
                // fall through to the message below
            }
        }
        throw new IllegalArgumentException("system property " + PROCESSING_PROPERTY + " is '" + value
                + "'; expected 'event-driven' or 'ticked:<period in s>' with a positive period");
    }
}
